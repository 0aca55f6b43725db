/**
 * Payments through their lives: what each end leaves behind in the account's transactions, the
 * 24-hour payee window counted from its start, the 48-hour idempotency memory at both sides of its
 * boundary, and the links of an initiation (spec "States: Payment", "Behaviour notes: Payments",
 * "TransactionsResponse" 2-3, "Limits").
 */
import { randomUUID } from 'node:crypto';
import {
  PaymentResponseSchema,
  PaymentStatusResponseSchema,
  ScaStatusResponseSchema,
  TransactionsResponseSchema,
} from '../src/contract/index.js';
import type { ScenarioContext } from '../src/kit/context.js';
import { ensure, ensureEqual, ensureSchema } from '../src/kit/failure.js';
import { scenario } from '../src/kit/scenario.js';
import { expectRefusal } from './refusal.js';
import {
  authorisedPayment,
  codeOf,
  createPayment,
  follow,
  initiatePayment,
  INSTANT,
  paymentBody,
  paymentIdOf,
  paymentStatus,
  resourceIdOf,
  SHARED_READ,
  sharedReadConsent,
  underConsent,
} from './steps.js';

/** A payment to a payee the bank holds, named otherwise than its holder: it waits in PDNG for the customer (spec TransactionStatus PDNG). */
const payeeCheckBody = (ctx: ScenarioContext, amount: string) =>
  paymentBody(ctx, {
    creditorAccount: { iban: ctx.fixtures.ibans.second },
    creditorName: 'Not The Account Holder',
    instructedAmount: { currency: 'EUR', amount },
  });

interface Row {
  transactionAmount: { amount: string };
  creditorName?: string;
}

/** Every transaction (booked and pending) of the customer's main account, read attended under the shared consent. */
async function transactions(ctx: ScenarioContext): Promise<Row[]> {
  const { consentId } = await sharedReadConsent(ctx);
  const accountId = await resourceIdOf(ctx, consentId, ctx.fixtures.ibans.main);
  const headers = underConsent(consentId);
  const first = await ctx.api.getTransactionList({ accountId, headers, query: { bookingStatus: 'both' } });
  let { transactions: page } = first.success('GET transactions');
  const rows: Row[] = [...(page.booked ?? []), ...(page.pending ?? [])];
  for (let pages = 1; page._links?.next && pages < 20; pages += 1) {
    const reply = await ctx.api.call({ path: page._links.next.href, headers });
    ensureEqual(reply.status, 200, 'status of GET transactions (next page)');
    ({ transactions: page } = ensureSchema(TransactionsResponseSchema, reply.json, 'TransactionsResponse'));
    rows.push(...(page.booked ?? []), ...(page.pending ?? []));
  }
  return rows;
}

/** An amount no movement to the payee has yet, so the payment's own movements can be told apart. */
async function freshAmount(ctx: ScenarioContext, payee: string): Promise<string> {
  const rows = await transactions(ctx);
  for (;;) {
    const amount = `3.${String(10 + Math.floor(Math.random() * 90))}`;
    if (movementsOf(rows, amount, payee).length === 0) return amount;
  }
}

const movementsOf = (rows: Row[], amount: string, payee: string) =>
  rows.filter((row) => row.transactionAmount.amount.replace(/^-/, '') === amount && row.creditorName === payee);

export const paymentLifecycleScenarios = [
  scenario({
    id: 'PIS-PDNG-004',
    title:
      'The 24 hours of PDNG count from its start, not from the initiation: still PDNG a day after the initiation, CANC a day after the authorisation',
    spec: 'TransactionStatus PDNG (resolves to CANC if the customer does not return within 24 hours); Limits (pending payment)',
    rules: ['PIS-STATE-6'],
    area: 'payments',
    approvals: 1,
    needs: ['clock'],
    expect: { pending: 'PDNG', cancelled: 'CANC' },
    async run(ctx, expect) {
      const payment = await authorisedPayment(ctx, payeeCheckBody(ctx, '1.11'), {
        before: () => ctx.clock().advance('PT10M'),
      });
      if (payment.status !== expect.pending)
        return ctx.unchecked(
          'the 24 hours of PDNG',
          `the payment to a named payee who is not the holder is ${payment.status}, not PDNG (how a payment gets there is not shown)`,
        );
      await ctx.clock().advance('PT23H51M');
      ensureEqual(
        await paymentStatus(ctx, payment.paymentId),
        expect.pending,
        'status 24 hours and 1 minute after the initiation (23 h 51 min after PDNG began)',
      );
      await ctx.clock().advance('PT10M');
      ensureEqual(
        await paymentStatus(ctx, payment.paymentId),
        expect.cancelled,
        'status 24 hours and 1 minute after PDNG began',
      );
    },
  }),
  scenario({
    id: 'PIS-CONTENT-001',
    title:
      'A cancelled and a refused payment leave no transaction behind: their amount appears in neither booked nor pending',
    spec: 'TransactionsResponse 3 (a rejected or cancelled payment appears in neither array); States: Payment (PDNG → CANC by DELETE, PDNG → RJCT when refused)',
    rules: ['AIS-DATA-9'],
    area: 'payments',
    approvals: 2,
    shares: [SHARED_READ],
    needs: ['control'],
    expect: { payee: 'Not The Account Holder' },
    async run(ctx, expect) {
      for (const end of ['cancel', 'refuse'] as const) {
        const amount = await freshAmount(ctx, expect.payee);
        const payment = await authorisedPayment(ctx, payeeCheckBody(ctx, amount));
        if (payment.status !== 'PDNG')
          return ctx.unchecked(
            `what a ${end === 'cancel' ? 'cancelled' : 'refused'} payment leaves behind`,
            `the payment to a named payee who is not the holder is ${payment.status}, not PDNG (how a payment gets there is not shown)`,
          );
        ctx.observe(
          `movements of a payment waiting in PDNG, before its ${end === 'cancel' ? 'cancellation' : 'refusal'}`,
          movementsOf(await transactions(ctx), amount, expect.payee).length,
        );
        if (end === 'cancel')
          ensureEqual((await ctx.api.cancelPayment(payment)).status, 200, 'status of cancelling the PDNG payment');
        else await ctx.control().answerPayee(payment.paymentId, false);
        ensureEqual(
          await paymentStatus(ctx, payment.paymentId),
          end === 'cancel' ? 'CANC' : 'RJCT',
          `status after the ${end}`,
        );
        ensureEqual(
          movementsOf(await transactions(ctx), amount, expect.payee),
          [],
          `transactions of ${amount} EUR to ${expect.payee} after the ${end}`,
        );
      }
    },
  }),
  scenario({
    id: 'PIS-IDEM-008',
    title:
      'Body conflicts are detected up to 48 hours after the key was bound (409 a minute before) and not after (a minute after: the original payment, never a new one)',
    spec: 'Behaviour notes / Payments 6 (key memory: 48 hours for body-conflict detection; the payment keeps its key permanently); Limits (idempotency key memory)',
    rules: ['PIS-IDEM-3', 'PIS-IDEM-4'],
    area: 'payments',
    needs: ['clock'],
    expect: { conflict: { status: 409, code: 'REQUEST_ID_REUSED' } },
    async run(ctx, expect) {
      const key = randomUUID();
      const first = await createPayment(ctx, paymentBody(ctx), { requestId: key });
      await ctx.clock().advance('PT47H59M');
      expectRefusal(
        ctx,
        await initiatePayment(ctx, paymentBody(ctx, { remittanceInformationUnstructured: 'changed 47:59' }), {
          requestId: key,
        }),
        expect.conflict,
      );
      await ctx.clock().advance('PT2M');
      const late = await initiatePayment(
        ctx,
        paymentBody(ctx, { remittanceInformationUnstructured: 'changed 48:01' }),
        { requestId: key },
      );
      const lateId = paymentIdOf(late);
      ensure(
        late.status !== 409,
        `a different body 48 hours and 1 minute after the binding is no longer a conflict, got 409`,
        { actual: late.json },
      );
      ensure(
        lateId === undefined || lateId === first.paymentId,
        'a different body after 48 hours makes no new payment under the bound key',
        { expected: first.paymentId, actual: late.json },
      );
      ctx.observe(
        'answer to a different body 48 hours and 1 minute after the binding',
        lateId === first.paymentId
          ? { status: late.status, paymentId: 'the original' }
          : { status: late.status, code: codeOf(late) },
      );
      const replay = await initiatePayment(ctx, paymentBody(ctx), { requestId: key });
      ensureEqual(paymentIdOf(replay), first.paymentId, 'paymentId of a same-body replay after 48 hours');
    },
  }),
  scenario({
    id: 'PIS-INIT-008',
    title:
      'The links of an initiation lead where their names say: status to its transactionStatus, scaStatus to its scaStatus, self to the payment',
    spec: 'PaymentInitiationResponse (_links: scaRedirect, status); Links (each member an object with href); PaymentResponse',
    rules: ['LINK-1', 'LINK-2', 'OPEN-2'],
    area: 'payments',
    expect: {},
    async run(ctx) {
      const created = await createPayment(ctx, paymentBody(ctx), { product: INSTANT });
      const links = created._links;
      const status = await follow(ctx, links.status.href);
      ensureEqual(
        ensureSchema(PaymentStatusResponseSchema, status.json, 'the answer at status').transactionStatus,
        'RCVD',
        'transactionStatus at the status link',
      );
      // The interface promises scaRedirect and status; self and scaStatus are followed where the target sends them.
      if (links.scaStatus)
        ensureSchema(
          ScaStatusResponseSchema,
          (await follow(ctx, links.scaStatus.href)).json,
          'the answer at scaStatus',
        );
      else ctx.unchecked('where scaStatus of an initiation leads', 'the initiation answer carries no scaStatus link');
      if (links.self)
        ensureSchema(PaymentResponseSchema, (await follow(ctx, links.self.href)).json, 'the payment at self');
      else ctx.unchecked('where self of an initiation leads', 'the initiation answer carries no self link');
    },
  }),
  scenario({
    id: 'PIS-CANCEL-003',
    title:
      'A payment that has settled (ACSC) can no longer be cancelled: 405 CANCELLATION_INVALID, and it stays settled',
    spec: 'Behaviour notes / Payments 7 (cancellable only while the customer could still cancel it; afterwards 405 CANCELLATION_INVALID); Errors / Status classes 405',
    rules: ['PIS-CANCEL-3', 'OPEN-7'],
    area: 'payments',
    approvals: 1,
    needs: ['clock'],
    expect: { refused: { status: 405, code: 'CANCELLATION_INVALID' } },
    async run(ctx, expect) {
      const payment = await authorisedPayment(ctx, paymentBody(ctx), { product: INSTANT });
      await ctx.clock().advance('P3D');
      const status = await paymentStatus(ctx, payment.paymentId, payment.product);
      if (status !== 'ACSC')
        return ctx.unchecked(
          'the refusal to cancel a settled payment',
          `the instant payment is ${status}, not ACSC, three days after authorisation (settlement timing is not shown)`,
        );
      expectRefusal(ctx, await ctx.api.cancelPayment(payment), expect.refused);
      ensureEqual(
        await paymentStatus(ctx, payment.paymentId, payment.product),
        'ACSC',
        'status after the refused cancellation',
      );
    },
  }),
];
