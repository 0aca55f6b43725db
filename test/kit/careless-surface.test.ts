/**
 * Careless implementations of the interface's surface (identity, IBAN format, account data, errors),
 * each played by the sandbox behind a proxy that changes one rule (`test/helpers/careless-bank.ts`):
 * the owner of a consent checked on the account list only, account reads that take an IBAN for the
 * account id, the consent's state judged on the account list only, an account list of the customer's
 * accounts, an error helper that names a path on every refusal, check digits judged by their
 * range, an instant endpoint that checks IBANs by the pattern alone, a bank that serves a seal
 * certificate presented as the QWAC (ID-DETAIL-017, in `identity-details.ts`). For each, the scenario of
 * `conformance/almost-right-surface.ts` written for it fails, naming what it saw, while the older
 * scenarios of its rules pass; through a proxy that changes nothing, the new scenarios pass.
 */
import { X509Certificate } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IBAN_LENGTHS, IBAN_PATTERN, ibanProblem, makeIban } from '../../src/contract/index.js';
import { deadIbanLike } from '../../conformance/steps.js';
import { headerOf, refusal, type Behaviour, type ProxiedRequest } from '../helpers/careless-bank.js';
import {
  olderOfTheRules,
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

/** The scenarios of `conformance/almost-right-surface.ts`. */
const NEW = ['AIS-DATA-018', 'AIS-DATA-019', 'AIS-DATA-020', 'AIS-DATA-021', 'ERR-001', 'IBAN-001', 'IBAN-002'];

const isConsentCreation = (request: ProxiedRequest) =>
  request.method === 'POST' &&
  (request.path === '/v1/consents' || request.path === '/v1/consents/confirmation-of-funds');

/**
 * The owner of a consent checked where the account list is served, not on the reads of one account:
 * such a read under another provider's consent is answered as its owner would be answered.
 */
function ownerCheckedOnTheListOnly(): Behaviour {
  const owners = new Map<string, string>();
  return async (request, forward) => {
    if (isConsentCreation(request)) {
      const answer = await forward(request);
      const created = parsed(answer.text) as { consentId?: string } | undefined;
      if (answer.status === 201 && created?.consentId) owners.set(created.consentId, request.provider);
      return answer;
    }
    const owner = owners.get(headerOf(request, 'Consent-ID') ?? '');
    if (request.method === 'GET' && /^\/v1\/accounts\/[^/]+/.test(request.path) && owner)
      return forward({ ...request, provider: owner });
    return forward(request);
  };
}

/** Balances and transactions whose account lookup takes the resourceId or the IBAN (the account read takes only the first). */
function ibanTakenForTheAccountId(): Behaviour {
  const resourceIds = new Map<string, string>();
  return async (request, forward) => {
    const data = /^\/v1\/accounts\/([^/]+)\/(balances|transactions)$/.exec(request.path);
    const byIban = data ? resourceIds.get(data[1]!) : undefined;
    const answer = await forward(byIban ? { ...request, path: `/v1/accounts/${byIban}/${data![2]}` } : request);
    if (request.method === 'GET' && request.path === '/v1/accounts' && answer.status === 200) {
      const list = parsed(answer.text) as { accounts?: { iban: string; resourceId: string }[] } | undefined;
      for (const account of list?.accounts ?? []) resourceIds.set(account.iban, account.resourceId);
    }
    return answer;
  };
}

/**
 * The consent's state judged where the account list is served, the reads of one account looking at the
 * grant alone: the proxy keeps a `DELETE` of a valid consent to itself (204; reads of the consent then
 * show `terminatedByTpp`, the account list is refused with CONSENT_INVALID), so the sandbox still
 * serves the reads of one account under it.
 */
function stateCheckedOnTheListOnly(): Behaviour {
  const terminated = new Set<string>();
  return async (request, forward) => {
    const consent = /^\/v1\/consents\/([^/]+)(\/status)?$/.exec(request.path);
    const id = consent && consent[1] !== 'confirmation-of-funds' ? consent[1]! : undefined;
    const requestId = headerOf(request, 'X-Request-ID');
    if (request.method === 'DELETE' && id && !consent![2]) {
      const status = await forward({ ...request, method: 'GET', path: `/v1/consents/${id}/status` });
      if ((parsed(status.text) as { consentStatus?: string } | undefined)?.consentStatus !== 'valid')
        return forward(request);
      terminated.add(id);
      return { status: 204, headers: requestId ? { 'x-request-id': requestId } : {}, text: '' };
    }
    if (request.method === 'GET' && id && terminated.has(id)) {
      const answer = await forward(request);
      const body = parsed(answer.text) as Record<string, unknown> | undefined;
      return answer.status === 200 && body
        ? { ...answer, text: JSON.stringify({ ...body, consentStatus: 'terminatedByTpp' }) }
        : answer;
    }
    if (
      request.method === 'GET' &&
      request.path === '/v1/accounts' &&
      terminated.has(headerOf(request, 'Consent-ID') ?? '')
    )
      return refusal(401, 'CONSENT_INVALID', requestId);
    return forward(request);
  };
}

/** The account list filtered by the customer who authorised, not by the grant: every account of the customer seen so far is listed. */
function listOfTheCustomer(): Behaviour {
  const seen = new Map<string, unknown>();
  return async (request, forward) => {
    const answer = await forward(request);
    if (request.method !== 'GET' || request.path !== '/v1/accounts' || answer.status !== 200) return answer;
    const list = parsed(answer.text) as { accounts?: { iban: string }[] } | undefined;
    if (!Array.isArray(list?.accounts)) return answer;
    for (const account of list.accounts) seen.set(account.iban, account);
    const listed = new Set(list.accounts.map((account) => account.iban));
    const accounts = [
      ...list.accounts,
      ...[...seen].filter(([iban]) => !listed.has(iban)).map(([, account]) => account),
    ];
    return { ...answer, text: JSON.stringify({ ...list, accounts }) };
  };
}

/**
 * An error helper that names a `path` on every refusal: the field at fault where the sandbox names one,
 * the request's URL path where it names none.
 */
function pathOnEveryRefusal(): Behaviour {
  return async (request, forward) => {
    const answer = await forward(request);
    const body = parsed(answer.text) as { tppMessages?: { path?: string }[] } | undefined;
    if (answer.status < 400 || answer.status >= 500 || !Array.isArray(body?.tppMessages)) return answer;
    const tppMessages = body.tppMessages.map((message) => ({ ...message, path: message.path ?? request.path }));
    return { ...answer, text: JSON.stringify({ ...body, tppMessages }) };
  };
}

/** Every `iban` member of a JSON value, rewritten by `change`. */
function withIbans(value: unknown, change: (iban: string, member: string) => string, member = ''): unknown {
  if (Array.isArray(value)) return value.map((item) => withIbans(item, change, member));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([name, inner]) => [
      name,
      name === 'iban' && typeof inner === 'string' ? change(inner, member) : withIbans(inner, change, name),
    ]),
  );
}

/** A body whose IBANs `change` rewrites, forwarded; any other request forwarded as it is. */
function ibansRewritten(
  applies: (request: ProxiedRequest) => boolean,
  change: (iban: string, member: string) => string,
): Behaviour {
  return (request, forward) => {
    const body = request.method === 'POST' && applies(request) ? parsed(request.text) : undefined;
    return forward(body === undefined ? request : { ...request, text: JSON.stringify(withIbans(body, change)) });
  };
}

/**
 * Check digits judged by their range (02 to 98), not computed: an IBAN of the right shape, country
 * and length whose check digits are in range is taken as valid (here: sent on with the check digits
 * its account number really has).
 */
const checkDigitsByRange = () =>
  ibansRewritten(
    () => true,
    (iban) => {
      const check = Number(iban.slice(2, 4));
      return ibanProblem(iban) === 'checksum' && check >= 2 && check <= 98
        ? makeIban(iban.slice(0, 2), iban.slice(4))
        : iban;
    },
  );

/**
 * An instant endpoint whose own IBAN check is the pattern alone: an IBAN of the pattern that fails its
 * country, its length or its checksum goes to routing, which finds no account behind it (here: sent on
 * as a well-formed IBAN of the bank with no live account behind it: PAYMENT_FAILED).
 */
const instantChecksThePatternOnly = () =>
  ibansRewritten(
    (request) => request.path === '/v1/payments/instant-sepa-credit-transfers',
    (iban) =>
      IBAN_PATTERN.test(iban) && ibanProblem(iban) !== undefined ? deadIbanLike(harness.sim.fixtures.ibans.main) : iban,
  );

describe('the surface scenarios written for careless implementations', () => {
  it('pass against the sandbox behind a proxy that changes nothing', async () => {
    const summary = await harness.runBehind((request, forward) => forward(request), NEW);
    expect(statusOf(summary)).toEqual(Object.fromEntries(NEW.map((id) => [id, 'passed'])));
  }, 60_000);

  it('are played on IBANs the helpers can change', () => {
    // The careless check digits need a country the contract knows, and the fixtures' IBANs are valid.
    const { main, creditor } = harness.sim.fixtures.ibans;
    for (const iban of [main, creditor]) {
      expect(IBAN_LENGTHS[iban.slice(0, 2)]).toBe(iban.length);
      expect(ibanProblem(iban)).toBeUndefined();
    }
  });

  it.each([
    {
      careless: 'the owner of a consent checked on the account list only',
      id: 'AIS-DATA-018',
      behave: ownerCheckedOnTheListOnly,
      message:
        /GET \/v1\/accounts\/\{account\} by another provider under the consent: expected a refusal \(4xx CONSENT_UNKNOWN\), got 200/,
    },
    {
      careless: 'balances and transactions that take an IBAN for the account id',
      id: 'AIS-DATA-019',
      behave: ibanTakenForTheAccountId,
      message: /GET \/v1\/accounts\/\{iban\}\/balances: expected a refusal \(4xx\), got 200/,
    },
    {
      careless: 'the consent’s state judged on the account list only',
      id: 'AIS-DATA-020',
      behave: stateCheckedOnTheListOnly,
      message: /GET \/v1\/accounts\/\{account\} after DELETE: expected a refusal \(4xx CONSENT_INVALID\), got 200/,
    },
    {
      careless: 'an account list of the customer’s accounts, not the consent’s',
      id: 'AIS-DATA-021',
      behave: listOfTheCustomer,
      message:
        /the accounts listed under a consent naming [A-Z0-9]+ alone: expected \["[A-Z0-9]+"\], got \["[A-Z0-9]+","[A-Z0-9]+"\]/,
    },
    {
      careless: 'a path on every refusal, the URL path where no field is at fault',
      id: 'ERR-001',
      behave: pathOnEveryRefusal,
      message: /an unknown consent read: no body field is at fault, yet path "\/v1\/consents\/[0-9a-f-]+" is sent/,
    },
    {
      careless: 'check digits judged by their range, not computed',
      id: 'IBAN-001',
      behave: checkDigitsByRange,
      message:
        /an IBAN with two neighbouring digits swapped \([A-Z0-9]+\) in access\.accounts of a consent: expected a refusal \(4xx FORMAT_ERROR\), got 201/,
    },
    {
      careless: 'an instant endpoint that checks IBANs by the pattern alone',
      id: 'IBAN-002',
      behave: instantChecksThePatternOnly,
      message:
        /an instant payment whose creditorAccount\.iban has a country without an IBAN format: expected code FORMAT_ERROR, got PAYMENT_FAILED/,
    },
  ])(
    'catch $careless with $id, which the older scenarios of its rules missed',
    async ({ id, behave, message }) => {
      await expectCaught(harness, behave(), id, message, NEW);
    },
    120_000,
  );

  it('catch a bank that reads the roles and the chain of a client certificate, not its kind, with ID-DETAIL-017, which the older scenarios of AUTH-8 missed', async () => {
    // The proxy accepts the seal certificate and lets the sandbox serve its request as the default
    // provider's, whom it names: what a bank does that never reads the QcType.
    const fingerprint = (pem: string) => new X509Certificate(pem).fingerprint256;
    const seal = fingerprint(harness.sim.refusedCertificates!.seal!.cert);
    const provider = fingerprint(harness.sim.provider.cert);
    const sealServed: Behaviour = (request, forward) =>
      forward(request.provider === seal ? { ...request, provider } : request);
    const id = 'ID-DETAIL-017';
    const older = olderOfTheRules(id, [...NEW, id]);
    expect(older).toEqual(expect.arrayContaining(['ID-DETAIL-007', 'ID-DETAIL-008', 'ID-DETAIL-010']));
    const summary = await harness.runBehind(sealServed, [id, ...older]);
    const result = summary.results.find((item) => item.id === id)!;
    expect(result.status).toBe('failed');
    expect(result.failure?.message).toMatch(
      /answer to POST \/v1\/consents \(AIS\) with a seal certificate \(QSealC, QcType eseal\).*: 201 is none of the answers the interface leaves open/,
    );
    expect(Object.entries(statusOf(summary)).filter(([other, status]) => other !== id && status !== 'passed')).toEqual(
      [],
    );
  }, 120_000);
});
