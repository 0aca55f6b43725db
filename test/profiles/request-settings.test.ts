/**
 * Bank-profile settings of the request edge, on the wire: the status of each code whose status
 * the spec leaves open, X-Request-ID missing or not a UUID, TPP-Redirect-URI missing, the body
 * limit. Each against a sandbox serving the default profile.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ERROR_CATALOG, type Sandbox } from '../../src/index.js';
import {
  allAccess,
  codeOf,
  consent,
  ibanOf,
  rawRequest,
  REDIRECT,
  refusal,
  servingEachProfile,
  SECOND,
} from '../helpers/profiles.js';
import { certificateFolder } from '../helpers/sandbox.js';

let plain: Sandbox;
let second: Sandbox;
let third: Sandbox;

beforeAll(async () => {
  const certsDir = await certificateFolder();
  [plain, second, third] = await servingEachProfile(certsDir);
});
afterAll(() => Promise.all([plain, second, third].map((sandbox) => sandbox.close())));
beforeEach(() => Promise.all([plain, second, third].map((sandbox) => sandbox.reset())));

const OTHER_BANK_IBAN = 'DE89370400440532013000';
const transfer = (sandbox: Sandbox, over: Record<string, unknown> = {}) =>
  JSON.stringify({
    debtorAccount: { iban: ibanOf(sandbox) },
    instructedAmount: { currency: 'EUR', amount: '12.30' },
    creditorAccount: { iban: OTHER_BANK_IBAN },
    creditorName: 'Merchant GmbH',
    ...over,
  });
const pay = (sandbox: Sandbox, body: string, headers: Record<string, string> = {}) =>
  sandbox.fetch('/v1/payments/sepa-credit-transfers', {
    method: 'POST',
    headers: { 'TPP-Redirect-URI': REDIRECT, ...headers },
    body,
  });

/** One request that the sandbox refuses with the code. */
const TRIGGERS: Record<string, (sandbox: Sandbox) => Promise<[number, string | undefined]>> = {
  CERTIFICATE_MISSING: async (sandbox) => {
    const answer = await rawRequest(sandbox, '/v1/accounts', {
      certificate: false,
      headers: { 'X-Request-ID': randomUUID() },
    });
    return [answer.status, codeOf(answer.json)];
  },
  ROLE_INVALID: async (sandbox) => {
    const fundsOnly = await sandbox.provider('Funds Only', { roles: ['PSP_IC'] });
    return refusal(await fundsOnly.fetch('/v1/accounts', { headers: { 'Consent-ID': randomUUID() } }));
  },
  CONSENT_INVALID: async (sandbox) => {
    const { consentId } = await consent(sandbox, allAccess(ibanOf(sandbox)), false);
    return refusal(await sandbox.fetch('/v1/accounts', { headers: { 'Consent-ID': consentId } }));
  },
  CONSENT_EXPIRED: async (sandbox) => {
    const { consentId } = await consent(sandbox, allAccess(ibanOf(sandbox), { validUntil: '2026-03-03' }));
    await sandbox.clock.advance('P3D');
    return refusal(await sandbox.fetch('/v1/accounts', { headers: { 'Consent-ID': consentId } }));
  },
  PAYMENT_FAILED: async (sandbox) =>
    refusal(await pay(sandbox, transfer(sandbox, { creditorAccount: { iban: 'BR1800360305000010009795493C1' } }))),
  SERVICE_INVALID: async (sandbox) =>
    refusal(
      await sandbox.fetch('/v1/consents', {
        method: 'POST',
        headers: { 'TPP-Redirect-URI': REDIRECT },
        body: JSON.stringify(allAccess(ibanOf(sandbox), { combinedServiceIndicator: true })),
      }),
    ),
  PRODUCT_INVALID: async (sandbox) =>
    refusal(await pay(sandbox, transfer(sandbox, { instructedAmount: { currency: 'USD', amount: '12.30' } }))),
};

describe('status.<CODE>', () => {
  it.each(Object.keys(TRIGGERS))('answers %s with the status the profile serves, the code unchanged', async (code) => {
    const trigger = TRIGGERS[code]!;
    expect(await trigger(plain)).toEqual([ERROR_CATALOG[code as keyof typeof ERROR_CATALOG].status, code]);
    expect(await trigger(second)).toEqual([SECOND[`status.${code}`], code]);
  });

  it('leaves the control API’s own answers alone', async () => {
    const unknown = await fetch(`${second.controlUrl}/consents/${randomUUID()}/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect([unknown.status, codeOf(await unknown.json())]).toEqual([404, 'RESOURCE_UNKNOWN']);
  });
});

describe('requestId.missing', () => {
  const create = (sandbox: Sandbox) =>
    rawRequest(sandbox, '/v1/consents', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'TPP-Redirect-URI': REDIRECT },
      body: JSON.stringify(allAccess(ibanOf(sandbox))),
    });

  it('refuse: 400 FORMAT_ERROR, nothing echoed', async () => {
    const answer = await create(plain);
    expect([answer.status, codeOf(answer.json), answer.headers['x-request-id']]).toEqual([
      400,
      'FORMAT_ERROR',
      undefined,
    ]);
  });

  it('generate: served as if a fresh UUID had been sent, and that UUID echoed', async () => {
    const answer = await create(second);
    expect(answer.status).toBe(201);
    expect(answer.headers['x-request-id']).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect((await create(second)).headers['x-request-id']).not.toBe(answer.headers['x-request-id']);
  });
});

describe('requestId.notUuid', () => {
  it('refuse: a non-UUID is 400 FORMAT_ERROR and creates nothing', async () => {
    const answer = await pay(plain, transfer(plain), { 'X-Request-ID': 'order-42' });
    expect(await refusal(answer)).toEqual([400, 'FORMAT_ERROR']);
    expect(answer.headers.get('x-request-id')).toBe('order-42');
  });

  it('accept: served and echoed, and the idempotency key exactly as sent', async () => {
    const first = await pay(second, transfer(second), { 'X-Request-ID': 'order-42' });
    expect(first.status).toBe(201);
    expect(first.headers.get('x-request-id')).toBe('order-42');
    const { paymentId } = (await first.json()) as { paymentId: string };
    const replay = await pay(second, transfer(second), { 'X-Request-ID': 'order-42' });
    expect(((await replay.json()) as { paymentId: string }).paymentId).toBe(paymentId);
    const conflict = await pay(second, transfer(second, { instructedAmount: { currency: 'EUR', amount: '1.00' } }), {
      'X-Request-ID': 'order-42',
    });
    expect(await refusal(conflict)).toEqual([409, 'REQUEST_ID_REUSED']);
    const otherCase = await pay(second, transfer(second), { 'X-Request-ID': 'ORDER-42' });
    expect(((await otherCase.json()) as { paymentId: string }).paymentId).not.toBe(paymentId);
  });

  it('accept still refuses an empty value and a repeated header', async () => {
    const empty = await rawRequest(second, '/v1/revocation-callback', { headers: { 'X-Request-ID': '' } });
    expect([empty.status, codeOf(empty.json)]).toEqual([400, 'FORMAT_ERROR']);
    const twice = await rawRequest(second, '/v1/revocation-callback', {
      headers: { 'X-Request-ID': ['order-1', 'order-2'] as unknown as string },
    });
    expect([twice.status, codeOf(twice.json)]).toEqual([400, 'FORMAT_ERROR']);
    const once = await rawRequest(second, '/v1/revocation-callback', { headers: { 'X-Request-ID': 'order-1' } });
    expect([once.status, codeOf(once.json), once.headers['x-request-id']]).toEqual([
      404,
      'RESOURCE_UNKNOWN',
      'order-1',
    ]);
  });
});

describe('redirectUri.missing', () => {
  const creations = (sandbox: Sandbox, headers: Record<string, string>) => [
    sandbox.fetch('/v1/consents', { method: 'POST', headers, body: JSON.stringify(allAccess(ibanOf(sandbox))) }),
    sandbox.fetch('/v1/consents/confirmation-of-funds', {
      method: 'POST',
      headers,
      body: JSON.stringify({ account: { iban: ibanOf(sandbox) } }),
    }),
    sandbox.fetch('/v1/payments/sepa-credit-transfers', { method: 'POST', headers, body: transfer(sandbox) }),
  ];

  it('answers an absent TPP-Redirect-URI with the profile’s code on consent, CoF consent and payment creation', async () => {
    for (const answer of await Promise.all(creations(plain, {})))
      expect(await refusal(answer)).toEqual([400, 'FORMAT_ERROR']);
    for (const answer of await Promise.all(creations(second, {})))
      expect(await refusal(answer)).toEqual([SECOND['status.SERVICE_INVALID'], 'SERVICE_INVALID']);
  });

  it('keeps FORMAT_ERROR for a present but malformed one', async () => {
    for (const answer of await Promise.all(creations(second, { 'TPP-Redirect-URI': 'http://tpp.example/cb' })))
      expect(await refusal(answer)).toEqual([400, 'FORMAT_ERROR']);
  });
});

describe('request.bodyLimit', () => {
  /** A consent body padded to about `kib` KiB. */
  const padded = (sandbox: Sandbox, kib: number) =>
    JSON.stringify(allAccess(ibanOf(sandbox), { pad: 'x'.repeat(kib * 1024) }));
  /** 'served', or the refusal's text. */
  const textOf = async (answer: Response) =>
    answer.status === 201
      ? 'served'
      : ((await answer.json()) as { tppMessages: { text: string }[] }).tppMessages[0]!.text;
  const post = (sandbox: Sandbox, body: string) =>
    sandbox.fetch('/v1/consents', { method: 'POST', headers: { 'TPP-Redirect-URI': REDIRECT }, body });

  it('refuses a body over the served limit with FORMAT_ERROR naming it, and reads one under it', async () => {
    expect(await textOf(await post(second, padded(second, 20)))).toBe('The body is larger than 16 KiB.');
    expect(await textOf(await post(plain, padded(plain, 20)))).toBe('served');
    expect(await textOf(await post(plain, padded(plain, 100)))).toBe('The body is larger than 64 KiB.');
    expect(await textOf(await post(third, padded(third, 100)))).toBe('served');
    expect(await textOf(await post(third, padded(third, 1100)))).toBe('The body is larger than 1 MiB.');
  });
});
