/**
 * The identity rules on every operation, not on a sample: no operation answers without a client
 * certificate, X-Request-ID is echoed on every class of answer, and a withdrawn provider is refused
 * everywhere (spec "Authentication" 2-3, "Request headers", "Access and registration" 2).
 */
import { randomUUID } from 'node:crypto';
import { ENDPOINTS } from '../src/contract/endpoints.js';
import type { Reply } from '../src/kit/client.js';
import { ensureEqual } from '../src/kit/failure.js';
import { scenario } from '../src/kit/scenario.js';
import { expectRefusal } from './refusal.js';
import {
  aisAccess,
  createPayment,
  initiatePayment,
  INSTANT,
  paymentBody,
  requestConsent,
  underConsent,
  validConsent,
} from './steps.js';

/** Every row of the spec's endpoint table, with placeholder ids (the certificate is judged first). */
function everyOperation(): { method: string; path: string }[] {
  const fill: Record<string, string> = {
    consent_id: 'c-0000',
    authorisation_id: 'a-0000',
    account_id: 'r-0000',
    payment_id: 'p-0000',
    payment_product: 'sepa-credit-transfers',
  };
  return ENDPOINTS.filter((entry) => !entry.addition).map((entry) => ({
    method: entry.method.toUpperCase(),
    path: entry.path.replace(/\{(\w+)\}/g, (_, name: string) => fill[name] ?? name),
  }));
}

const BODIES: Record<string, unknown> = { POST: {}, PUT: { url: 'https://tpp.example/xs2a/revocations' } };

export const identityEverywhereScenarios = [
  scenario({
    id: 'ID-CERT-004',
    title:
      'No operation of the endpoint table answers without a client certificate: CERTIFICATE_MISSING on every one, X-Request-ID echoed',
    spec: 'Authentication 2 (every operation requires it; no unauthenticated path and no per-operation exception); Environments (a client certificate on every request, including ones that fail)',
    rules: ['AUTH-2', 'HDR-2'],
    area: 'identity',
    expect: { code: 'CERTIFICATE_MISSING' },
    async run(ctx, expect) {
      const statuses = new Set<number>();
      for (const { method, path } of everyOperation()) {
        const reply = await ctx.anonymous.call({
          method,
          path,
          headers: { 'Consent-ID': 'c-0000', 'TPP-Redirect-URI': ctx.fixtures.redirectUri },
          ...(BODIES[method] === undefined ? {} : { body: BODIES[method] }),
        });
        expectRefusal(ctx, reply, expect);
        statuses.add(reply.status);
      }
      ensureEqual(statuses.size, 1, 'one status for CERTIFICATE_MISSING across the operations');
    },
  }),
  scenario({
    id: 'ID-ECHO-003',
    title: 'X-Request-ID is echoed on 200, 404, 405, 409 and 429 answers too',
    spec: 'Request headers (X-Request-ID: echoed on every response, including errors); Errors / Envelope',
    rules: ['HDR-1', 'HDR-2'],
    area: 'identity',
    approvals: 1,
    expect: { statuses: [200, 404, 405, 409, 429] },
    async run(ctx, expect) {
      const seen: Reply[] = [];
      const payment = await createPayment(ctx, paymentBody(ctx));
      seen.push(await ctx.api.getPaymentInitiationStatus(payment));
      seen.push(await ctx.api.getPaymentInformation({ paymentId: randomUUID() }));
      await ctx.api.cancelPayment(payment);
      seen.push(await ctx.api.cancelPayment(payment));
      const key = randomUUID();
      await createPayment(ctx, paymentBody(ctx), { requestId: key });
      seen.push(
        await initiatePayment(ctx, paymentBody(ctx, { remittanceInformationUnstructured: 'another body' }), {
          requestId: key,
        }),
      );
      const consent = await validConsent(ctx, { types: ['accounts'] });
      let last: Reply | undefined;
      for (let i = 0; i < 5; i += 1)
        last = await ctx.api.getAccountList({ headers: underConsent(consent.consentId, { attended: false }) });
      seen.push(last!);
      ensureEqual(
        seen.map((reply) => reply.status),
        expect.statuses,
        'statuses of the five calls',
      );
      for (const reply of seen)
        ensureEqual(reply.header('x-request-id'), reply.requestId, `X-Request-ID echoed on ${reply.status}`);
    },
  }),
  scenario({
    id: 'ID-WITHDRAWN-002',
    title:
      'A withdrawn provider is refused on every family of operations (consents, account data, payments, confirmation of funds) with 403',
    spec: 'Access and registration 2 (if the home regulator withdraws the authorisation, access stops); Errors / Status classes 403 (registration does not permit)',
    rules: ['SCOPE-7', 'OPEN-10'],
    area: 'identity',
    approvals: 1,
    needs: ['control', 'second-provider'],
    expect: { status: 403 },
    async run(ctx, expect) {
      const api = ctx.secondApi();
      const consent = await validConsent(ctx, { client: api, types: ['accounts'] });
      const id = ctx.secondProviderId();
      await ctx.control().setAuthorised(id, false);
      try {
        const calls: [string, () => Promise<Reply>][] = [
          [
            'POST /v1/consents',
            () => requestConsent(ctx, { access: aisAccess([ctx.fixtures.ibans.main], ['balances']) }, { client: api }),
          ],
          ['GET /v1/consents/{id}', () => api.getConsent(consent)],
          [
            'GET /v1/accounts',
            () => api.getAccountList({ headers: underConsent(consent.consentId, { attended: false }) }),
          ],
          [
            'POST /v1/payments/{product}',
            () => initiatePayment(ctx, paymentBody(ctx), { client: api, product: INSTANT }),
          ],
          [
            'POST /v1/funds-confirmations',
            () =>
              api.checkAvailabilityOfFunds({
                headers: { 'Consent-ID': consent.consentId },
                body: {
                  account: { iban: ctx.fixtures.ibans.main },
                  instructedAmount: { currency: 'EUR', amount: '1.00' },
                },
              }),
          ],
        ];
        for (const [what, call] of calls) {
          const reply = await call();
          ensureEqual(reply.status, expect.status, `status of ${what} for a withdrawn provider`);
          ensureEqual(reply.header('x-request-id'), reply.requestId, `X-Request-ID echoed on the refusal of ${what}`);
        }
      } finally {
        await ctx.control().setAuthorised(id, true);
      }
    },
  }),
];
