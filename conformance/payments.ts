/** Payment initiation: validation, PAYMENT_FAILED, idempotency, ownership (spec "Behaviour notes / Payments"). */
import { randomUUID } from 'node:crypto';
import { PaymentStatusResponseSchema } from '../src/contract/index.js';
import { ensure, ensureEqual } from '../src/kit/failure.js';
import { scenario } from '../src/kit/scenario.js';
import { createdPayment, expectError, initiatePayment, paymentBody, UUID_V4 } from './steps.js';

export const paymentScenarios = [
  scenario({
    id: 'PIS-INIT-001',
    title: 'Initiation answers 201 RCVD with paymentId, authorisationId and an scaRedirect carrying a UUID v4 state',
    spec: 'PaymentInitiationResponse; Authorisation hand-over 1-2; Behaviour notes / Payments 2',
    area: 'payments',
    expect: { transactionStatus: 'RCVD' },
    async run(ctx, expect) {
      for (const product of ['sepa-credit-transfers', 'instant-sepa-credit-transfers']) {
        const created = createdPayment(await initiatePayment(ctx, paymentBody(ctx), { product }));
        ensureEqual(created.transactionStatus, expect.transactionStatus, `transactionStatus on creation (${product})`);
        const state = new URL(created._links.scaRedirect.href).searchParams.get('state');
        ensure(state && UUID_V4.test(state), `scaRedirect carries ?state=<uuid v4>, got ${created._links.scaRedirect.href}`);
      }
    },
  }),
  scenario({
    id: 'PIS-INIT-002',
    title: 'A malformed creditor IBAN is FORMAT_ERROR with path creditorAccount.iban',
    spec: 'Behaviour notes / Payments 3 and 5; TppMessages (path: dot-notated, e.g. a creditor IBAN field)',
    area: 'payments',
    expect: { code: 'FORMAT_ERROR', path: 'creditorAccount.iban' },
    async run(ctx, expect) {
      const reply = await initiatePayment(ctx, paymentBody(ctx, { creditorAccount: { iban: 'DE00123456780000000000' } }));
      expectError(ctx, reply, expect);
    },
  }),
  scenario({
    id: 'PIS-INIT-003',
    title: 'An amount of "0" matches the pattern and is still FORMAT_ERROR on instructedAmount.amount',
    spec: 'Amount (must be greater than zero); Errors / Codes FORMAT_ERROR',
    area: 'payments',
    expect: { code: 'FORMAT_ERROR', path: 'instructedAmount.amount' },
    async run(ctx, expect) {
      expectError(ctx, await initiatePayment(ctx, paymentBody(ctx, { instructedAmount: { currency: 'EUR', amount: '0' } })), expect);
    },
  }),
  scenario({
    id: 'PIS-INIT-004',
    title: 'A non-EUR instructed amount is PRODUCT_INVALID',
    spec: 'Amount (currency); Behaviour notes / Payments 5',
    area: 'payments',
    expect: { code: 'PRODUCT_INVALID' },
    async run(ctx, expect) {
      expectError(ctx, await initiatePayment(ctx, paymentBody(ctx, { instructedAmount: { currency: 'USD', amount: '10.00' } })), expect);
    },
  }),
  scenario({
    id: 'PIS-FAILED-001',
    title: 'PAYMENT_FAILED is byte-identical for insufficient funds and for a debtor account the bank does not hold',
    spec: 'Behaviour notes / Payments 4; Errors rule 1; Design rule',
    area: 'payments',
    expect: { code: 'PAYMENT_FAILED' },
    async run(ctx, expect) {
      const poor = await initiatePayment(ctx, paymentBody(ctx, { instructedAmount: { currency: 'EUR', amount: ctx.fixtures.amounts.beyondBalance } }));
      const unknown = await initiatePayment(ctx, paymentBody(ctx, { debtorAccount: { iban: ctx.fixtures.ibans.notHeld }, creditorAccount: { iban: ctx.fixtures.ibans.main } }));
      expectError(ctx, poor, expect);
      expectError(ctx, unknown, expect);
      ensureEqual(poor.status, unknown.status, 'status of both PAYMENT_FAILED causes');
      ensureEqual(poor.text, unknown.text, 'body of both PAYMENT_FAILED causes');
    },
  }),
  scenario({
    id: 'PIS-IDEM-001',
    title: 'The same X-Request-ID with the same body returns the first payment',
    spec: 'Behaviour notes / Payments 6 (same key, same body)',
    area: 'payments',
    expect: {},
    async run(ctx) {
      const key = randomUUID();
      const first = createdPayment(await initiatePayment(ctx, paymentBody(ctx), { requestId: key }));
      const again = await initiatePayment(ctx, paymentBody(ctx), { requestId: key });
      ctx.observe('status of an idempotent replay (not stated)', again.status);
      ensureEqual((again.json as { paymentId?: string }).paymentId, first.paymentId, 'paymentId of the replay');
    },
  }),
  scenario({
    id: 'PIS-IDEM-002',
    title: 'The same X-Request-ID with a different body is 409 REQUEST_ID_REUSED',
    spec: 'Behaviour notes / Payments 6 (same key, different body); Errors / Status classes 409',
    area: 'payments',
    expect: { status: 409, code: 'REQUEST_ID_REUSED' },
    async run(ctx, expect) {
      const key = randomUUID();
      createdPayment(await initiatePayment(ctx, paymentBody(ctx), { requestId: key }));
      const other = await initiatePayment(ctx, paymentBody(ctx, { instructedAmount: { currency: 'EUR', amount: '2.50' } }), { requestId: key });
      expectError(ctx, other, expect);
    },
  }),
  scenario({
    id: 'PIS-IDEM-003',
    title: 'The key is global: the same key and body on the other product resolves to the first payment',
    spec: 'Behaviour notes / Payments 6 (scope: global across products and providers)',
    area: 'payments',
    expect: {},
    async run(ctx) {
      const key = randomUUID();
      const first = createdPayment(await initiatePayment(ctx, paymentBody(ctx), { requestId: key }));
      const other = await initiatePayment(ctx, paymentBody(ctx), { requestId: key, product: 'instant-sepa-credit-transfers' });
      ensureEqual((other.json as { paymentId?: string }).paymentId, first.paymentId, 'paymentId on the other product');
    },
  }),
  scenario({
    id: 'PIS-FOREIGN-001',
    title: 'Another provider’s payment answers 404 on read, status, authorisations and DELETE',
    spec: 'Behaviour notes / Payments 7 and 8',
    area: 'payments',
    needs: ['second-provider'],
    expect: { status: 404 },
    async run(ctx, expect) {
      const created = createdPayment(await initiatePayment(ctx, paymentBody(ctx)));
      const base = `/v1/payments/sepa-credit-transfers/${created.paymentId}`;
      for (const [method, path] of [['GET', base], ['GET', `${base}/status`], ['GET', `${base}/authorisations`], ['DELETE', base]] as const) {
        ensureEqual((await ctx.secondApi().call({ method, path })).status, expect.status, `${method} ${path.replace(created.paymentId, '{foreign}')}`);
      }
      const own = await ctx.api.call({ path: `${base}/status`, schema: PaymentStatusResponseSchema });
      ensureEqual((own.json as { transactionStatus: string }).transactionStatus, 'RCVD', 'the payment is untouched for its initiator');
    },
  }),
  scenario({
    id: 'PIS-SCA-001',
    title: 'After the customer authorises, the payment leaves RCVD and is not rejected',
    spec: 'States: Payment (RCVD → ACSP on authorisation); Behaviour notes / Payments 1',
    area: 'payments',
    approvals: 1,
    expect: { notIn: ['RCVD', 'RJCT', 'CANC'] },
    async run(ctx, expect) {
      const created = createdPayment(await initiatePayment(ctx, paymentBody(ctx)));
      const status = async () => ((await ctx.api.call({ path: `/v1/payments/sepa-credit-transfers/${created.paymentId}/status` })).json as { transactionStatus: string }).transactionStatus;
      const outcome = await ctx.authorise(created._links.scaRedirect.href, { status });
      if (outcome.location !== null) ensureEqual(new URL(outcome.location).searchParams.get('state'), new URL(created._links.scaRedirect.href).searchParams.get('state'), 'state on the return');
      const after = await status();
      ensure(!expect.notIn.includes(after), `status after authorisation is ${after}`);
      ctx.observe('transactionStatus right after authorisation', after);
    },
  }),
];
