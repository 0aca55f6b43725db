/**
 * Consent and payment request implementations that get a rule almost right, each played by the
 * sandbox behind a proxy that changes that rule alone (`test/helpers/careless-bank.ts`): a refused
 * kind of access keyed on one value, a DELETE that answers 204 for an id it never issued, IBANs of
 * the bank's own code looked up at creation, a consent's state judged on the account list only, a
 * consent read the revocation and the DELETE do not touch, an instant endpoint that names a field
 * inside a missing member, the funds judged before the currency, a payment read that loses the name
 * and the reference once executed. For each, the scenario written for it
 * (`conformance/almost-right-consents.ts`) fails, naming what it saw, while the older scenarios of
 * the same rules pass; through a proxy that changes nothing, the new scenarios pass.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headerOf, refusal, type Behaviour, type ProxiedAnswer } from '../helpers/careless-bank.js';
import {
  startCarelessHarness,
  statusOf,
  type CarelessHarness,
  expectCaught,
  parsed,
} from '../helpers/careless-harness.js';

let harness: CarelessHarness;

beforeAll(async () => {
  harness = await startCarelessHarness();
}, 60_000);
afterAll(async () => {
  await harness?.close();
});

/** The scenarios written for careless consent and payment request implementations. */
const NEW = [
  'AIS-CONSENT-040',
  'AIS-CONSENT-041',
  'AIS-CONSENT-042',
  'CONSENT-DETAIL-016',
  'CONSENT-DETAIL-017',
  'PIS-INIT-015',
  'PIS-INIT-016',
  'PIS-INIT-017',
];

const CONSENT_CREATION = /^\/v1\/consents(?:\/confirmation-of-funds)?$/;
const INITIATION = /^\/v1\/payments\/([^/]+)$/;
const ONE_ACCOUNT = /^\/v1\/accounts\/[^/]+(?:\/balances|\/transactions)?$/;

/** The refusal of a kind of access keyed on the value "allAccounts": any other value is dropped, the lists granted. */
function refusedKindsByValue(): Behaviour {
  return async (request, forward) => {
    if (request.method !== 'POST' || request.path !== '/v1/consents') return forward(request);
    const body = parsed(request.text) as { access?: Record<string, unknown> } | undefined;
    const access = body?.access;
    if (!access || typeof access !== 'object') return forward(request);
    const kept = Object.fromEntries(
      Object.entries(access).filter(
        ([kind, value]) =>
          !['availableAccounts', 'availableAccountsWithBalance', 'allPsd2'].includes(kind) || value === 'allAccounts',
      ),
    );
    return forward({ ...request, text: JSON.stringify({ ...body, access: kept }) });
  };
}

/** A DELETE written as idempotent: 204 for a consent id the bank never issued. */
function idempotentDelete(): Behaviour {
  const issued = new Set<string>();
  return async (request, forward) => {
    const deleted = request.method === 'DELETE' ? /^\/v1\/consents\/([^/]+)$/.exec(request.path) : null;
    if (deleted && deleted[1] !== 'confirmation-of-funds' && !issued.has(deleted[1]!)) {
      const requestId = headerOf(request, 'X-Request-ID');
      return { status: 204, headers: requestId ? { 'x-request-id': requestId } : {}, text: '' };
    }
    const answer = await forward(request);
    if (request.method === 'POST' && CONSENT_CREATION.test(request.path) && answer.status === 201) {
      const id = (parsed(answer.text) as { consentId?: string } | undefined)?.consentId;
      if (id) issued.add(id);
    }
    return answer;
  };
}

/**
 * IBANs under the bank's own code looked up at creation, once the format check passed: a consent
 * naming one of them that the bank does not hold (the accounts of the sandbox's fixtures) is refused.
 */
function ownCodeLookedUp(): Behaviour {
  const { main, second, closed, held } = harness.sim.fixtures.ibans;
  const accounts = new Set([main, second, closed, held]);
  const bank = main.slice(0, 2) + main.slice(4, 12);
  return async (request, forward) => {
    const answer = await forward(request);
    if (request.method !== 'POST' || request.path !== '/v1/consents' || answer.status !== 201) return answer;
    const access = (parsed(request.text) as { access?: Record<string, unknown> } | undefined)?.access ?? {};
    const named = Object.values(access).flatMap((list) =>
      Array.isArray(list) ? list.map((ref) => (ref as { iban?: unknown } | null)?.iban) : [],
    );
    const unknown = named.some(
      (iban) => typeof iban === 'string' && iban.slice(0, 2) + iban.slice(4, 12) === bank && !accounts.has(iban),
    );
    return unknown ? refusal(400, 'FORMAT_ERROR', headerOf(request, 'X-Request-ID')) : answer;
  };
}

/**
 * The consent's state judged where the account list is served: a read of one account under a
 * received or revoked consent is answered as the sandbox answers it under the provider's latest
 * consent that served account data (its grant checked, the state of the consent named not).
 */
function stateJudgedOnTheListOnly(): Behaviour {
  const serving = new Map<string, string>();
  return async (request, forward) => {
    const consentId = headerOf(request, 'Consent-ID');
    if (request.method !== 'GET' || !request.path.startsWith('/v1/accounts') || !consentId) return forward(request);
    const answer = await forward(request);
    if (answer.status === 200) {
      serving.set(request.provider, consentId);
      return answer;
    }
    if (!ONE_ACCOUNT.test(request.path)) return answer;
    const other = serving.get(request.provider);
    if (!other || other === consentId) return answer;
    const status = await forward({
      ...request,
      path: `/v1/consents/${consentId}/status`,
      query: new URLSearchParams(),
      headers: { ...request.headers, 'x-request-id': randomUUID() },
    });
    const state = (parsed(status.text) as { consentStatus?: string } | undefined)?.consentStatus;
    if (state !== 'received' && state !== 'revokedByPsu') return answer;
    return forward({ ...request, headers: { ...request.headers, 'consent-id': other } });
  };
}

/** A consent read built from a record written at creation and approval: a revoked or terminated consent reads valid. */
function consentReadFromTheApproval(): Behaviour {
  return async (request, forward) => {
    const answer = await forward(request);
    const read = request.method === 'GET' ? /^\/v1\/consents\/([^/]+)$/.exec(request.path) : null;
    if (!read || read[1] === 'confirmation-of-funds' || answer.status !== 200) return answer;
    const body = parsed(answer.text) as { consentStatus?: string } | undefined;
    if (body?.consentStatus !== 'revokedByPsu' && body?.consentStatus !== 'terminatedByTpp') return answer;
    return { ...answer, text: JSON.stringify({ ...body, consentStatus: 'valid' }) };
  };
}

/** An instant endpoint whose validation reaches into a member before asking whether it is there. */
function instantReachesIntoMembers(): Behaviour {
  const inside = { debtorAccount: 'iban', instructedAmount: 'amount', creditorAccount: 'iban' } as const;
  return async (request, forward) => {
    if (request.method !== 'POST' || request.path !== '/v1/payments/instant-sepa-credit-transfers')
      return forward(request);
    const body = parsed(request.text) as Record<string, unknown> | undefined;
    const missing = (Object.keys(inside) as (keyof typeof inside)[]).find(
      (field) => body && typeof body === 'object' && (body[field] === undefined || body[field] === null),
    );
    if (!missing) return forward(request);
    return refusal(400, 'FORMAT_ERROR', headerOf(request, 'X-Request-ID'), {}, `${missing}.${inside[missing]}`);
  };
}

/**
 * The debtor, the funds and the route judged before the currency: a non-EUR payment is first tried
 * as the same payment in EUR (under a key of its own); its PAYMENT_FAILED is the answer, and a
 * payment that try created is cancelled before the sandbox's own answer is given.
 */
function fundsBeforeCurrency(): Behaviour {
  return async (request, forward) => {
    const product = request.method === 'POST' ? INITIATION.exec(request.path)?.[1] : undefined;
    const body = product
      ? (parsed(request.text) as { instructedAmount?: { currency?: unknown } } | undefined)
      : undefined;
    const amount = body?.instructedAmount;
    if (!product || !amount || typeof amount !== 'object' || amount.currency === 'EUR') return forward(request);
    const inEuro = await forward({
      ...request,
      headers: { ...request.headers, 'x-request-id': randomUUID() },
      text: JSON.stringify({ ...body, instructedAmount: { ...amount, currency: 'EUR' } }),
    });
    const code = (parsed(inEuro.text) as { tppMessages?: { code?: string }[] } | undefined)?.tppMessages?.[0]?.code;
    if (code === 'PAYMENT_FAILED') return refusal(inEuro.status, code, headerOf(request, 'X-Request-ID'));
    const created = inEuro.status === 201 ? (parsed(inEuro.text) as { paymentId?: string } | undefined) : undefined;
    if (created?.paymentId)
      await forward({
        ...request,
        method: 'DELETE',
        path: `/v1/payments/${product}/${created.paymentId}`,
        headers: { ...request.headers, 'x-request-id': randomUUID() },
        text: '',
      });
    return forward(request);
  };
}

/** A payment read built, once the payment is no longer RCVD, from the booking: no creditorName, no remittance. */
function readFromTheBooking(): Behaviour {
  return async (request, forward) => {
    const answer = await forward(request);
    if (request.method !== 'GET' || !/^\/v1\/payments\/[^/]+\/[^/]+$/.test(request.path) || answer.status !== 200)
      return answer;
    const body = parsed(answer.text) as Record<string, unknown> | undefined;
    if (!body || body.transactionStatus === 'RCVD') return answer;
    const { creditorName: _name, remittanceInformationUnstructured: _reference, ...booked } = body;
    return { ...answer, text: JSON.stringify(booked) } satisfies ProxiedAnswer;
  };
}

describe('the scenarios written for careless consent and payment request implementations', () => {
  it('pass against the sandbox behind a proxy that changes nothing', async () => {
    const summary = await harness.runBehind((request, forward) => forward(request), NEW);
    expect(statusOf(summary)).toEqual(Object.fromEntries(NEW.map((id) => [id, 'passed'])));
  }, 120_000);

  it.each([
    {
      careless: 'a refused kind of access keyed on the value allAccounts',
      id: 'AIS-CONSENT-040',
      behave: refusedKindsByValue,
      message:
        /access\.availableAccounts "allAccountsWithOwnerName" beside balances: expected a refusal \(4xx SERVICE_INVALID\), got 201/,
    },
    {
      careless: 'a DELETE that answers 204 for a consent id never issued',
      id: 'AIS-CONSENT-041',
      behave: idempotentDelete,
      message:
        /DELETE \/v1\/consents\/\{id\} of a consent id never issued: expected a refusal \(4xx CONSENT_UNKNOWN\), got 204/,
    },
    {
      careless: 'IBANs of the bank’s own code looked up at creation',
      id: 'AIS-CONSENT-042',
      behave: ownCodeLookedUp,
      message:
        /status of a consent naming the bank’s own code without an account \(DE\d{2}12345678\d{10}\) in accounts: expected 201, got 400/,
    },
    {
      careless: 'a consent’s state judged on the account list only',
      id: 'CONSENT-DETAIL-016',
      behave: stateJudgedOnTheListOnly,
      message:
        /GET \/v1\/accounts\/\{account\} under a received consent: expected a refusal \(4xx CONSENT_INVALID or CONSENT_EXPIRED\), got 200/,
    },
    {
      careless: 'a consent read the revocation does not touch',
      id: 'CONSENT-DETAIL-017',
      behave: consentReadFromTheApproval,
      message: /consentStatus of the consent read after the customer revoked: expected "revokedByPsu", got "valid"/,
    },
    {
      careless: 'an instant endpoint that names a field inside a missing member',
      id: 'PIS-INIT-015',
      behave: instantReachesIntoMembers,
      message:
        /an instant payment with debtorAccount left out: path of FORMAT_ERROR must name the field at fault: expected "debtorAccount", got "debtorAccount\.iban"/,
    },
    {
      careless: 'the funds, the debtor and the route judged before the currency',
      id: 'PIS-INIT-016',
      behave: fundsBeforeCurrency,
      message:
        /a payment in USD from a debtor the bank does not hold \(sepa-credit-transfers\): expected code PRODUCT_INVALID, got PAYMENT_FAILED/,
    },
    {
      careless: 'a payment read that loses the name and the reference once executed',
      id: 'PIS-INIT-017',
      behave: readFromTheBooking,
      message:
        /creditorName read back once authorised \(sepa-credit-transfers\): expected "Conformance Payee", got undefined/,
    },
  ])(
    'catch $careless with $id, which the older scenarios of its rules missed',
    async ({ id, behave, message }) => {
      await expectCaught(harness, behave(), id, message, NEW);
    },
    240_000,
  );
});
