/** Transport and identity: the certificate is the credential (spec "Authentication"), errors carry the envelope. */
import { bodyLimitBytes, TppMessagesSchema } from '../src/contract/index.js';
import { ensure, ensureEqual, ensureSchema } from '../src/kit/failure.js';
import { scenario } from '../src/kit/scenario.js';
import type { Reply } from '../src/kit/client.js';
import type { ScenarioContext } from '../src/kit/context.js';
import { expectRefusal } from './refusal.js';
import {
  aisAccess,
  ATTENDED,
  codeOf,
  completeConsentBody,
  createConsent,
  createdPayment,
  createPayment,
  expectPlausible,
  initiatePayment,
  INSTANT,
  paymentBody,
  requestCofConsent,
  requestConsent,
  SHARED_COF,
  sharedCofConsent,
} from './steps.js';

/**
 * The role identifiers for AIS and PIS are not shown (Authentication 4), so a provider whose
 * certificate lacks PSP_IC may or may not be served; a refusal for its role must still be the
 * spec's: ROLE_INVALID in the envelope (its exact status is not shown, Errors rule 5).
 */
function servedOrRoleInvalid(ctx: ScenarioContext, reply: Reply, what: string, success: number): void {
  ctx.observe(
    `${what} by a provider without PSP_IC`,
    reply.status === success ? reply.status : `${reply.status} ${String(codeOf(reply))}`,
  );
  if (reply.status !== success) expectRefusal(ctx, reply, { code: 'ROLE_INVALID' });
}

export const identityScenarios = [
  scenario({
    id: 'ID-CERT-001',
    title: 'A request without a client certificate is refused with CERTIFICATE_MISSING and its X-Request-ID echoed',
    rules: ['AUTH-2', 'HDR-2', 'ERR-1', 'OPEN-14'],
    spec: 'Authentication 2; Errors / Envelope',
    area: 'identity',
    expect: { code: 'CERTIFICATE_MISSING' },
    async run(ctx, expect) {
      expectRefusal(ctx, await ctx.anonymous.getAccountList({ headers: { 'Consent-ID': 'any' } }), expect);
    },
  }),
  scenario({
    id: 'ID-CERT-002',
    title: 'CERTIFICATE_MISSING wins whatever else the request contains (a malformed payment body)',
    rules: ['AUTH-2'],
    spec: 'Authentication 2 ("whatever else it contains")',
    area: 'identity',
    expect: { code: 'CERTIFICATE_MISSING' },
    async run(ctx, expect) {
      const reply = await ctx.anonymous.call({
        method: 'POST',
        path: '/v1/payments/sepa-credit-transfers',
        rawBody: '{"debtorAccount":',
        headers: { 'TPP-Redirect-URI': ctx.fixtures.redirectUri },
      });
      expectRefusal(ctx, reply, expect);
    },
  }),
  scenario({
    id: 'ID-CERT-003',
    title: 'Every operation needs the certificate: the revocation-callback endpoint refuses without one too',
    rules: ['AUTH-2'],
    spec: 'Authentication 2 ("no unauthenticated path and no per-operation exception")',
    area: 'identity',
    needs: ['callback-endpoint'],
    expect: { code: 'CERTIFICATE_MISSING' },
    async run(ctx, expect) {
      expectRefusal(ctx, await ctx.anonymous.getRevocationCallback(), expect);
      expectRefusal(ctx, await ctx.anonymous.getConsentStatus({ consentId: 'unknown-consent' }), expect);
    },
  }),
  scenario({
    id: 'ID-ECHO-001',
    title: 'X-Request-ID is echoed on a success and on a 404',
    rules: ['HDR-1', 'HDR-2'],
    spec: 'Endpoints / Request headers (X-Request-ID: echoed on every response); Errors / Envelope',
    area: 'identity',
    expect: { notFoundStatus: 404 },
    async run(ctx, expect) {
      const ok = await initiatePayment(ctx, paymentBody(ctx));
      createdPayment(ok);
      ensureEqual(ok.header('x-request-id'), ok.requestId, 'X-Request-ID echoed on 201');
      const missing = await ctx.api.getPaymentInformation({ paymentId: 'no-such-payment-0000' });
      ensureEqual(missing.status, expect.notFoundStatus, 'status of an unknown payment read');
      ensureEqual(missing.header('x-request-id'), missing.requestId, 'X-Request-ID echoed on 404');
    },
  }),
  scenario({
    id: 'ID-ENVELOPE-001',
    title: 'An error body is the TppMessages envelope with category ERROR and a catalogued code',
    rules: ['ERR-1', 'ERR-3', 'PIS-CANCEL-4'],
    spec: 'Resources / TppMessages; Errors / Envelope',
    area: 'identity',
    expect: { status: 404 },
    async run(ctx, expect) {
      const reply = await ctx.api.getPaymentInitiationStatus({ paymentId: 'no-such-payment-0000', product: INSTANT });
      ensureEqual(reply.status, expect.status, 'status of an unknown payment status read');
      const body = ensureSchema(TppMessagesSchema, reply.json, '404 body');
      ensure(
        body.tppMessages.every((message) => message.category === 'ERROR'),
        'every message of a refusal has category ERROR',
        { actual: body },
      );
      ctx.observe('code of a 404 (the spec gives the status only)', body.tppMessages[0]?.code);
    },
  }),
  scenario({
    id: 'ID-ROLE-001',
    title:
      'A provider without PSP_IC is refused funds confirmation with ROLE_INVALID, attended or not, naming an unknown consent or a valid one',
    rules: ['AUTH-3', 'OPEN-14'],
    spec: 'Authentication 4; Behaviour notes / Funds confirmation 2',
    area: 'identity',
    needs: ['provider-without-cof'],
    shares: [SHARED_COF],
    expect: { code: 'ROLE_INVALID' },
    async run(ctx, expect) {
      // The role is judged before the consent: a valid CoF consent (the default provider's) changes nothing.
      const valid = await sharedCofConsent(ctx);
      for (const [which, consentId] of [
        ['an unknown consent', 'any-consent'],
        ['a valid CoF consent', valid],
      ])
        for (const attended of [false, true]) {
          const reply = await ctx.apiWithoutCof().checkAvailabilityOfFunds({
            headers: { 'Consent-ID': consentId!, ...(attended ? ATTENDED : {}) },
            body: {
              account: { iban: ctx.fixtures.ibans.main },
              instructedAmount: { currency: 'EUR', amount: '1.00' },
            },
          });
          expectRefusal(ctx, reply, expect, `${attended ? 'attended' : 'unattended'}, naming ${which}`);
        }
    },
  }),
  scenario({
    id: 'ID-ROLE-002',
    title:
      'AIS family: a provider without PSP_IC is either served a consent or refused with ROLE_INVALID (AIS role not shown)',
    rules: ['OPEN-11'],
    spec: 'Authentication 4 (role identifiers for AIS and PIS: not shown); Errors / Codes ROLE_INVALID',
    area: 'identity',
    needs: ['provider-without-cof'],
    expect: { success: 201 },
    async run(ctx, expect) {
      const reply = await requestConsent(
        ctx,
        { access: aisAccess([ctx.fixtures.ibans.main], ['balances']) },
        { client: ctx.apiWithoutCof() },
      );
      servedOrRoleInvalid(ctx, reply, 'POST /v1/consents', expect.success);
    },
  }),
  scenario({
    id: 'ID-ROLE-003',
    title:
      'PIS family: a provider without PSP_IC is either served a payment initiation or refused with ROLE_INVALID (PIS role not shown)',
    rules: ['OPEN-11'],
    spec: 'Authentication 4 (role identifiers for AIS and PIS: not shown); Behaviour notes / Payments 7 (403 means role or registration does not permit)',
    area: 'identity',
    needs: ['provider-without-cof'],
    expect: { success: 201 },
    async run(ctx, expect) {
      const reply = await initiatePayment(ctx, paymentBody(ctx), { client: ctx.apiWithoutCof() });
      servedOrRoleInvalid(ctx, reply, 'POST /v1/payments/sepa-credit-transfers', expect.success);
    },
  }),
  scenario({
    id: 'ID-ROLE-004',
    title:
      'CoF family: a provider without PSP_IC asking for a CoF consent is served or refused with ROLE_INVALID, never otherwise',
    rules: ['OPEN-11'],
    spec: 'Authentication 4 (the CoF service requires PSP_IC; without it ROLE_INVALID); Behaviour notes / Funds confirmation 2',
    area: 'identity',
    needs: ['provider-without-cof'],
    expect: { success: 201 },
    async run(ctx, expect) {
      const reply = await requestCofConsent(ctx, {}, { client: ctx.apiWithoutCof() });
      servedOrRoleInvalid(ctx, reply, 'POST /v1/consents/confirmation-of-funds', expect.success);
    },
  }),
  scenario({
    id: 'ID-ROLE-005',
    title: 'The revocation-callback operations serve a provider whatever roles its certificate carries',
    rules: ['CB-9'],
    spec: 'Authentication 5; Revocation callback endpoints 4',
    area: 'identity',
    needs: ['provider-without-cof', 'callback-endpoint'],
    expect: { put: 200, get: 200, delete: 204 },
    async run(ctx, expect) {
      const api = ctx.apiWithoutCof();
      const put = await api.putRevocationCallback({ body: { url: 'https://tpp.example/xs2a/revocations' } });
      ensureEqual(put.status, expect.put, 'status of PUT');
      ensureEqual((await api.getRevocationCallback()).status, expect.get, 'status of GET');
      ensureEqual((await api.deleteRevocationCallback()).status, expect.delete, 'status of DELETE');
    },
  }),
  scenario({
    id: 'ID-WITHDRAWN-001',
    title:
      'When the regulator withdraws a provider’s authorisation its access stops (403); restored, it is served again',
    rules: ['SCOPE-7', 'SCOPE-6', 'OPEN-10'],
    spec: 'Access and registration 2 (if the home regulator withdraws the authorisation, access stops); Authentication 3; Errors / Status classes 403 (registration does not permit)',
    area: 'identity',
    needs: ['control', 'second-provider'],
    expect: { status: 403, servedAgain: 201 },
    async run(ctx, expect) {
      const api = ctx.secondApi();
      const organizationIdentifier = ctx.secondProviderId();
      const body = { access: aisAccess([ctx.fixtures.ibans.main], ['balances']) };
      const create = () => requestConsent(ctx, body, { client: api });
      await createConsent(ctx, body, { client: api });
      await ctx.control().setAuthorised(organizationIdentifier, false);
      try {
        const refused = await create();
        ensureEqual(refused.status, expect.status, 'status of a withdrawn provider’s request');
        const body = ensureSchema(TppMessagesSchema, refused.json, '403 body');
        ensureEqual(refused.header('x-request-id'), refused.requestId, 'X-Request-ID echoed on the refusal');
        ctx.observe('code for a withdrawn provider (not stated)', body.tppMessages[0]?.code);
        const payment = await initiatePayment(ctx, paymentBody(ctx), { client: api });
        ensureEqual(payment.status, expect.status, 'status of a withdrawn provider’s payment initiation');
      } finally {
        await ctx.control().setAuthorised(organizationIdentifier, true);
      }
      ensureEqual((await create()).status, expect.servedAgain, 'status once the authorisation is restored');
    },
  }),
  scenario({
    id: 'ID-ECHO-002',
    title: 'X-Request-ID is echoed on 201, 204, 400 and 403 answers alike',
    rules: ['HDR-1', 'HDR-2', 'HDR-11'],
    spec: 'Endpoints / Request headers (X-Request-ID: echoed on every response, including errors); Errors / Envelope',
    area: 'identity',
    needs: ['callback-endpoint'],
    expect: {},
    async run(ctx) {
      const replies = [
        await requestConsent(ctx, { access: aisAccess([ctx.fixtures.ibans.main], ['balances']) }),
        await ctx.api
          .putRevocationCallback({ body: { url: 'https://tpp.example/xs2a/revocations' } })
          .then(() => ctx.api.deleteRevocationCallback()),
        await ctx.api.putRevocationCallback({ body: { url: 'http://tpp.example/xs2a/revocations' } }),
        await ctx.api.getConsentStatus({ consentId: 'no-such-consent-0000' }),
      ];
      ensureEqual(
        replies.map((reply) => reply.status),
        [201, 204, 400, 403],
        'statuses of the four calls',
      );
      for (const reply of replies)
        ensureEqual(reply.header('x-request-id'), reply.requestId, `X-Request-ID echoed on ${reply.status}`);
    },
  }),
  scenario({
    id: 'ID-REQID-001',
    title:
      'The answer to a request without X-Request-ID, or with one that is not a UUID, is observed (a 4xx carries the envelope)',
    rules: ['OPEN-15'],
    spec: 'Errors rule 6 (answer when X-Request-ID is missing or not a UUID: not shown); Errors / Envelope',
    area: 'identity',
    expect: {},
    async run(ctx) {
      // The client holds any 4xx to the envelope; which answer comes is the target's choice.
      // A payment status read: the answer with a valid X-Request-ID is known (200), so any other is the target's choice.
      const { paymentId } = await createPayment(ctx, paymentBody(ctx));
      const plausible = [{ status: 200 }, { status: 400, code: 'FORMAT_ERROR' }] as const;
      const missing = await ctx.api.getPaymentInitiationStatus({ paymentId, requestId: false });
      expectPlausible(ctx, 'answer without X-Request-ID (Errors rule 6: not shown)', missing, plausible);
      // Served: the bank stands in an id of its own; refused: FORMAT_ERROR.
      ctx.observeSetting('requestId.missing', missing.status === 200 ? 'generate' : 'refuse');
      if (missing.status === 200)
        ctx.observe('X-Request-ID the bank answered when none was sent', missing.header('x-request-id') ?? null);
      const notUuid = await ctx.api.getPaymentInitiationStatus({ paymentId, requestId: 'not-a-uuid' });
      expectPlausible(ctx, 'answer with X-Request-ID "not-a-uuid" (Errors rule 6: not shown)', notUuid, plausible);
      ctx.observeSetting('requestId.notUuid', notUuid.status === 200 ? 'accept' : 'refuse');
      ctx.observe('X-Request-ID "not-a-uuid" echoed', notUuid.header('x-request-id') ?? null);
    },
  }),
  scenario({
    id: 'ID-BODY-001',
    title: 'The answer to a 1 MiB request body is observed (a 4xx carries the envelope)',
    rules: ['OPEN-18'],
    spec: 'Limits (request body size: not shown); Errors / Envelope',
    area: 'identity',
    expect: { bytes: 1024 * 1024 },
    async run(ctx, expect) {
      // A consent request padded to exactly `size` bytes (an unknown member is ignored when served).
      const sized = (size: number) => {
        const base = JSON.stringify({
          ...completeConsentBody({ access: { balances: [{ iban: ctx.fixtures.ibans.notHeld }] } }),
          padding: '',
        });
        return base.replace('"padding":""', `"padding":"${'x'.repeat(size - base.length)}"`);
      };
      const send = (size: number) =>
        ctx.api.call({
          method: 'POST',
          path: '/v1/consents',
          headers: { 'TPP-Redirect-URI': ctx.fixtures.redirectUri, ...ATTENDED },
          rawBody: sized(size),
        });
      // Served (the padding ignored) or refused as too large: a 5xx or a dropped connection is no choice.
      const plausible = [{ status: 201 }, { status: 400 }, { status: 413 }] as const;
      const largest = await send(expect.bytes);
      expectPlausible(ctx, 'answer to a consent request of 1 MiB (body size limit: not shown)', largest, plausible);
      // The limit among the plausible ones: the size served whose one byte more is refused.
      for (const value of ['16KiB', '64KiB', '1MiB'] as const) {
        const bytes = bodyLimitBytes(value);
        const at = await send(bytes);
        const over = await send(bytes + 1);
        expectPlausible(ctx, `answer to a body of ${bytes} bytes`, at, plausible);
        expectPlausible(ctx, `answer to a body of ${bytes + 1} bytes`, over, plausible);
        if (at.status !== 201) break;
        if (over.status !== 201) {
          ctx.observeSetting('request.bodyLimit', value);
          return;
        }
      }
      ctx.observe(
        'largest body served: none of 16 KiB, 64 KiB, 1 MiB exactly',
        largest.status === 201 ? 'more than 1 MiB' : 'another size',
      );
    },
  }),
];
