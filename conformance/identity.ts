/** Transport and identity: the certificate is the credential (spec "Authentication"), errors carry the envelope. */
import { TppMessagesSchema } from '../src/contract/index.js';
import { ensure, ensureEqual, ensureSchema } from '../src/kit/failure.js';
import { scenario } from '../src/kit/scenario.js';
import { expectError, paymentBody } from './steps.js';

export const identityScenarios = [
  scenario({
    id: 'ID-CERT-001',
    title: 'A request without a client certificate is refused with CERTIFICATE_MISSING and its X-Request-ID echoed',
    spec: 'Authentication 2; Errors / Envelope',
    area: 'identity',
    expect: { code: 'CERTIFICATE_MISSING' },
    async run(ctx, expect) {
      const reply = await ctx.anonymous.call({ path: '/v1/accounts', headers: { 'Consent-ID': 'any' } });
      expectError(ctx, reply, expect);
    },
  }),
  scenario({
    id: 'ID-CERT-002',
    title: 'CERTIFICATE_MISSING wins whatever else the request contains (a malformed payment body)',
    spec: 'Authentication 2 ("whatever else it contains")',
    area: 'identity',
    expect: { code: 'CERTIFICATE_MISSING' },
    async run(ctx, expect) {
      const reply = await ctx.anonymous.call({ method: 'POST', path: '/v1/payments/sepa-credit-transfers', rawBody: '{"debtorAccount":', headers: { 'TPP-Redirect-URI': ctx.fixtures.redirectUri } });
      expectError(ctx, reply, expect);
    },
  }),
  scenario({
    id: 'ID-CERT-003',
    title: 'Every operation needs the certificate: the revocation-callback endpoint refuses without one too',
    spec: 'Authentication 2 ("no unauthenticated path and no per-operation exception")',
    area: 'identity',
    expect: { code: 'CERTIFICATE_MISSING' },
    async run(ctx, expect) {
      expectError(ctx, await ctx.anonymous.call({ path: '/v1/revocation-callback' }), expect);
      expectError(ctx, await ctx.anonymous.call({ path: '/v1/consents/unknown-consent/status' }), expect);
    },
  }),
  scenario({
    id: 'ID-ECHO-001',
    title: 'X-Request-ID is echoed on a success and on a 404',
    spec: 'Endpoints / Request headers (X-Request-ID: echoed on every response); Errors / Envelope',
    area: 'identity',
    expect: { notFoundStatus: 404 },
    async run(ctx, expect) {
      const ok = await ctx.api.call({ method: 'POST', path: '/v1/payments/sepa-credit-transfers', headers: { 'TPP-Redirect-URI': ctx.fixtures.redirectUri }, body: paymentBody(ctx) });
      ensureEqual(ok.status, 201, 'status of a valid initiation');
      ensureEqual(ok.header('x-request-id'), ok.requestId, 'X-Request-ID echoed on 201');
      const missing = await ctx.api.call({ path: '/v1/payments/sepa-credit-transfers/no-such-payment-0000' });
      ensureEqual(missing.status, expect.notFoundStatus, 'status of an unknown payment read');
      ensureEqual(missing.header('x-request-id'), missing.requestId, 'X-Request-ID echoed on 404');
    },
  }),
  scenario({
    id: 'ID-ENVELOPE-001',
    title: 'An error body is the TppMessages envelope with category ERROR and a catalogued code',
    spec: 'Resources / TppMessages; Errors / Envelope',
    area: 'identity',
    expect: { status: 404 },
    async run(ctx, expect) {
      const reply = await ctx.api.call({ path: '/v1/payments/instant-sepa-credit-transfers/no-such-payment-0000/status' });
      ensureEqual(reply.status, expect.status, 'status of an unknown payment status read');
      const body = ensureSchema(TppMessagesSchema, reply.json, '404 body');
      ensure(body.tppMessages.every((message) => message.category === 'ERROR'), 'every message of a refusal has category ERROR', { actual: body });
      ctx.observe('code of a 404 (the spec gives the status only)', body.tppMessages[0]?.code);
    },
  }),
  scenario({
    id: 'ID-ROLE-001',
    title: 'A provider without PSP_IC is refused funds confirmation with ROLE_INVALID',
    spec: 'Authentication 4; Behaviour notes / Funds confirmation 2',
    area: 'identity',
    needs: ['provider-without-cof'],
    expect: { code: 'ROLE_INVALID' },
    async run(ctx, expect) {
      const reply = await ctx.apiWithoutCof().call({
        method: 'POST',
        path: '/v1/funds-confirmations',
        headers: { 'Consent-ID': 'any-consent' },
        body: { account: { iban: ctx.fixtures.ibans.main }, instructedAmount: { currency: 'EUR', amount: '1.00' } },
      });
      expectError(ctx, reply, expect);
    },
  }),
];
