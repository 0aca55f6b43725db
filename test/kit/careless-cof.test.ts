/**
 * Confirmation-of-funds implementations that get a rule almost right, each played by the sandbox
 * behind a proxy that changes that rule alone (`test/helpers/careless-bank.ts`): a currency check that
 * trims and upper-cases, or takes a missing currency for EUR; the consent's state judged before its
 * kind; a strict comparison with the balance; the account compared as the whole reference; a card mask
 * written for 16 digits; an asked validUntil capped at creation. For each, the scenario written for it
 * (`conformance/almost-right-cof.ts`) fails, naming what it saw, while the older scenarios of the same
 * rules pass; through a proxy that changes nothing, the new scenarios pass.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCents, toCents } from '../../src/contract/index.js';
import { dateAfter } from '../../conformance/steps.js';
import { headerOf, refusal, type Behaviour, type ProxiedAnswer } from '../helpers/careless-bank.js';
import { startCarelessHarness, statusOf, type CarelessHarness, expectCaught } from '../helpers/careless-harness.js';

let harness: CarelessHarness;

beforeAll(async () => {
  harness = await startCarelessHarness();
}, 60_000);
afterAll(async () => {
  await harness?.close();
});

/** The scenarios written for careless confirmation-of-funds implementations. */
const NEW = ['COF-031', 'COF-032', 'COF-033', 'COF-034', 'COF-035', 'COF-036'];

const FUNDS = '/v1/funds-confirmations';
const COF_CONSENTS = '/v1/consents/confirmation-of-funds';
const COF_CONSENT = /^\/v1\/consents\/confirmation-of-funds\/([^/]+)(\/status)?$/;
const DAY_MS = 24 * 3_600_000;

type Json = Record<string, any>;

function parsed(text: string): Json | undefined {
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' ? (value as Json) : undefined;
  } catch {
    return undefined;
  }
}

/** A funds confirmation sent on with its body changed by `change` (which returns nothing to leave it as it is). */
function fundsBodyChanged(change: (body: Json) => Json | undefined): Behaviour {
  return async (request, forward) => {
    const body = request.method === 'POST' && request.path === FUNDS ? parsed(request.text) : undefined;
    const changed = body ? change(body) : undefined;
    return forward(changed ? { ...request, text: JSON.stringify(changed) } : request);
  };
}

/** The currency compared after trimming and upper-casing it. */
const currencyNormalised = () =>
  fundsBodyChanged((body) => {
    const currency: unknown = body.instructedAmount?.currency;
    if (typeof currency !== 'string' || currency.trim().toUpperCase() !== 'EUR') return undefined;
    return { ...body, instructedAmount: { ...body.instructedAmount, currency: 'EUR' } };
  });

/** A currency left out (or null) taken for EUR. */
const missingCurrencyIsEur = () =>
  fundsBodyChanged((body) =>
    body.instructedAmount && typeof body.instructedAmount === 'object' && body.instructedAmount.currency == null
      ? { ...body, instructedAmount: { ...body.instructedAmount, currency: 'EUR' } }
      : undefined,
  );

/** A strict comparison (balance > amount): the sandbox is asked about one cent more than was sent. */
const strictComparison = () =>
  fundsBodyChanged((body) => {
    const amount: unknown = body.instructedAmount?.amount;
    if (typeof amount !== 'string' || !/^[0-9]+(\.[0-9]{1,2})?$/.test(amount) || toCents(amount) < 1) return undefined;
    return { ...body, instructedAmount: { ...body.instructedAmount, amount: formatCents(toCents(amount) + 1) } };
  });

/** Each CoF consent created through the proxy, by provider and id, with the body it was asked with. */
function cofConsentsCreated() {
  const created = new Map<string, { body: Json; at: number }>();
  const track: Behaviour = async (request, forward) => {
    const answer = await forward(request);
    const consentId = parsed(answer.text)?.consentId;
    if (request.method === 'POST' && request.path === COF_CONSENTS && answer.status === 201 && consentId)
      created.set(`${request.provider}|${String(consentId)}`, {
        body: parsed(request.text) ?? {},
        at: (await harness.sim.clock!.now()).getTime(),
      });
    return answer;
  };
  return { created, track };
}

/** The consent's state judged before its kind: an account-information consent that is not valid is CONSENT_INVALID on funds confirmations. */
function stateBeforeKind(): Behaviour {
  const ais = new Set<string>();
  return async (request, forward) => {
    const consentId = headerOf(request, 'Consent-ID');
    if (
      request.method === 'POST' &&
      request.path === FUNDS &&
      consentId &&
      ais.has(`${request.provider}|${consentId}`)
    ) {
      const status = await forward({
        ...request,
        method: 'GET',
        path: `/v1/consents/${consentId}/status`,
        query: new URLSearchParams(),
        text: '',
      });
      if (parsed(status.text)?.consentStatus !== 'valid')
        return refusal(401, 'CONSENT_INVALID', headerOf(request, 'X-Request-ID'));
      return forward(request);
    }
    const answer = await forward(request);
    const created = parsed(answer.text)?.consentId;
    if (request.method === 'POST' && request.path === '/v1/consents' && answer.status === 201 && created)
      ais.add(`${request.provider}|${String(created)}`);
    return answer;
  };
}

/** The account compared as the whole reference: the consent's IBAN with a currency on one side only is another account. */
function wholeReference(): Behaviour {
  const { created, track } = cofConsentsCreated();
  return async (request, forward) => {
    const consent = created.get(`${request.provider}|${headerOf(request, 'Consent-ID') ?? ''}`);
    const sent = request.method === 'POST' && request.path === FUNDS ? parsed(request.text)?.account : undefined;
    const asked = consent?.body.account as Json | undefined;
    if (sent && asked && (sent.iban !== asked.iban || sent.currency !== asked.currency))
      return refusal(401, 'CONSENT_INVALID', headerOf(request, 'X-Request-ID'), {}, 'account');
    return track(request, forward);
  };
}

/** The card shown on the consent's read through a mask written for 16 digits in one run. */
function maskForSixteenDigits(): Behaviour {
  const { created, track } = cofConsentsCreated();
  return async (request, forward) => {
    const read = request.method === 'GET' ? COF_CONSENT.exec(request.path) : null;
    const answer = await track(request, forward);
    const card: unknown = read && !read[2] ? created.get(`${request.provider}|${read[1]}`)?.body.cardNumber : undefined;
    const body = parsed(answer.text);
    if (typeof card !== 'string' || answer.status !== 200 || !body) return answer;
    return {
      ...answer,
      text: JSON.stringify({ ...body, cardNumber: card.replace(/^\d{12}(\d{4})$/, '************$1') }),
    };
  };
}

/** An asked validUntil capped at creation: a consent asked beyond 180 days ends 180 days after it was created. */
function capAtCreation(): Behaviour {
  const { created, track } = cofConsentsCreated();
  return async (request, forward) => {
    const target = COF_CONSENT.exec(request.path);
    const consentId = request.path === FUNDS ? headerOf(request, 'Consent-ID') : target?.[1];
    const consent = consentId ? created.get(`${request.provider}|${consentId}`) : undefined;
    const asked: unknown = consent?.body.validUntil;
    const now = (await harness.sim.clock!.now()).getTime();
    const capped =
      consent &&
      typeof asked === 'string' &&
      asked > dateAfter(new Date(consent.at), 180) &&
      now >= consent.at + 180 * DAY_MS;
    if (!capped) return track(request, forward);
    if (request.method === 'POST' && request.path === FUNDS)
      return refusal(401, 'CONSENT_EXPIRED', headerOf(request, 'X-Request-ID'));
    if (request.method === 'GET' && target?.[2]) {
      const answer: ProxiedAnswer = await forward(request);
      return answer.status === 200 ? { ...answer, text: JSON.stringify({ consentStatus: 'expired' }) } : answer;
    }
    return forward(request);
  };
}

describe('the scenarios written for careless confirmation-of-funds implementations', () => {
  it('pass against the sandbox behind a proxy that changes nothing', async () => {
    const summary = await harness.runBehind((request, forward) => forward(request), NEW);
    expect(statusOf(summary)).toEqual(Object.fromEntries(NEW.map((id) => [id, 'passed'])));
  }, 120_000);

  it.each([
    {
      careless: 'a currency check that trims and upper-cases before comparing',
      id: 'COF-031',
      behave: currencyNormalised,
      message: /a funds confirmation with instructedAmount\.currency "eur": expected a refusal \(4xx\), got 200/,
    },
    {
      careless: 'a currency left out taken for EUR',
      id: 'COF-031',
      behave: missingCurrencyIsEur,
      message: /a funds confirmation with instructedAmount\.currency null: expected a refusal \(4xx\), got 200/,
    },
    {
      careless: 'the consent’s state judged before its kind',
      id: 'COF-032',
      behave: stateBeforeKind,
      message:
        /a funds confirmation under a received account-information consent: expected code CONSENT_UNKNOWN, got CONSENT_INVALID/,
    },
    {
      careless: 'a strict comparison with the balance',
      id: 'COF-033',
      behave: strictComparison,
      message: /fundsAvailable for exactly the balance \(\d+\.\d\d\): expected true, got false/,
    },
    {
      careless: 'the account compared as the whole reference',
      id: 'COF-034',
      behave: wholeReference,
      message:
        /status of a funds confirmation naming the IBAN with currency EUR under the CoF consent asked without a currency: expected 200, got 401/,
    },
    {
      careless: 'a card mask written for 16 digits in one run',
      id: 'COF-035',
      behave: maskForSixteenDigits,
      message:
        /the read of a CoF consent asked with the card "378282246310005" \(15 digits\) shows the card digits \d{5} beyond the last four/,
    },
    {
      careless: 'an asked validUntil capped at creation',
      id: 'COF-036',
      behave: capAtCreation,
      message:
        /status of the CoF consent asked for 400 days, 7 minutes before 180 days after the authentication .*: expected "valid", got "expired"/,
    },
  ])(
    'catch $careless with $id, which the older scenarios of its rules missed',
    async ({ id, behave, message }) => {
      await expectCaught(harness, behave(), id, message, NEW);
    },
    240_000,
  );
});
