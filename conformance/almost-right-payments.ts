/**
 * Scenarios written, as those of `almost-right.ts`, by listing the variables each rule names and
 * asking of the one no scenario varied "what would a careless implementation get almost right?":
 * here for payment states, cancellation and payment failures (`PIS-STATE-*`, `PIS-CANCEL-*`, `PIS-INIT-9` … `PIS-INIT-15`).
 * [Rule variables](../docs/rule-variables.md) keeps the analysis.
 */
import { randomUUID } from 'node:crypto';
import { BalanceResponseSchema, toCents, TransactionsResponseSchema } from '../src/contract/index.js';
import type { ScenarioContext } from '../src/kit/context.js';
import { ensure, ensureEqual, ensureSchema } from '../src/kit/failure.js';
import type { Scenario } from '../src/kit/scenario.js';
import { scenario } from '../src/kit/scenario.js';
import { expectRefusal } from './refusal.js';
import {
  authorisedPayment,
  createPayment,
  deadIbanLike,
  initiatePayment,
  INSTANT,
  paymentBody,
  paymentIdOf,
  paymentStatus,
  readData,
  resourceIdOf,
  SHARED_READ,
  sharedReadConsent,
  STANDARD,
} from './steps.js';

/** A payment to a payee the bank holds, named otherwise than its holder: the usual way into PDNG (spec TransactionStatus PDNG). */
const payeeCheckBody = (ctx: ScenarioContext) =>
  paymentBody(ctx, { creditorAccount: { iban: ctx.fixtures.ibans.second }, creditorName: 'Not The Account Holder' });

/** An authorised payment waiting in PDNG, or undefined when the target does not put it there (how is not shown). */
async function paymentInPdng(ctx: ScenarioContext, pending: string) {
  const payment = await authorisedPayment(ctx, payeeCheckBody(ctx));
  if (payment.status === pending) return payment;
  ctx.unchecked(
    'the rule for a payment in PDNG',
    `the payment to a named payee who is not the holder is ${payment.status}, not PDNG (how a payment gets there is not shown)`,
  );
  return undefined;
}

/** The same IBAN with check digits 00, which no valid IBAN has: well shaped, its checksum wrong. */
const badChecksum = (iban: string) => `${iban.slice(0, 2)}00${iban.slice(4)}`;

/** The customer answers a payment's payee check through the control API; a target that refuses the answer is observed. */
async function answerPayeeLate(ctx: ScenarioContext, paymentId: string, what: string): Promise<void> {
  try {
    await ctx.control().answerPayee(paymentId, true);
    ctx.observe(`the customer's late confirmation of the payee of ${what}`, 'taken');
  } catch {
    // Only that it was refused: the refusal names the payment, which differs from run to run.
    ctx.observe(`the customer's late confirmation of the payee of ${what}`, 'refused');
  }
}

interface Ledger {
  interimAvailable: number;
  /** The pending rows carrying the scenario's own remittance. */
  pending: number;
}

/** What the account shows of money set aside: interimAvailable, and the pending rows carrying `remittance` (every page). */
async function ledgerOf(ctx: ScenarioContext, consentId: string, accountId: string, remittance: string) {
  const balances = await readData(ctx, consentId, `/v1/accounts/${accountId}/balances`);
  ensureEqual(balances.status, 200, 'status of GET balances');
  const body = ensureSchema(BalanceResponseSchema, balances.json, 'BalanceResponse');
  const interim = body.balances.find((balance) => balance.balanceType === 'interimAvailable');
  ensure(interim, 'the balances carry interimAvailable', { actual: body.balances });
  let pending = 0;
  let next: string | undefined = `/v1/accounts/${accountId}/transactions?bookingStatus=pending`;
  for (let pages = 0; next !== undefined; pages += 1) {
    ensure(pages < 20, 'the pending transactions end within 20 pages');
    const reply = await readData(ctx, consentId, next);
    ensureEqual(reply.status, 200, 'status of GET transactions (pending)');
    const { transactions } = ensureSchema(TransactionsResponseSchema, reply.json, 'TransactionsResponse');
    pending += (transactions.pending ?? []).filter(
      (row) => (row as { remittanceInformationUnstructured?: string }).remittanceInformationUnstructured === remittance,
    ).length;
    next = transactions._links?.next?.href;
  }
  return { interimAvailable: toCents(interim.balanceAmount.amount), pending } satisfies Ledger;
}

export const almostRightPaymentScenarios: Scenario[] = [
  scenario({
    id: 'PIS-FAILED-003',
    title:
      'On the instant product every PAYMENT_FAILED cause (insufficient funds, a debtor the bank does not hold, the bank’s own code without a live account, a creditor outside SEPA) is the very answer the standard product gives, while the same instant payment from the customer’s account is accepted',
    spec: 'Behaviour notes / Payments 3-4 (any other unroutable creditor IBAN, every other initiation failure: PAYMENT_FAILED, one fixed sentence); Errors rule 1; Design rule; Path parameters (payment_product)',
    // Careless: the instant product's own failure path, with its own sentence or status (or its own routing check);
    // every earlier scenario of these rules met PAYMENT_FAILED on the standard product only.
    rules: ['PIS-INIT-10', 'PIS-INIT-11', 'PIS-INIT-12'],
    area: 'payments',
    expect: { code: 'PAYMENT_FAILED', outsideSepa: 'SA0380000000608010167519', created: 'RCVD' },
    async run(ctx, expect) {
      const { main, notHeld } = ctx.fixtures.ibans;
      const beyond = { currency: 'EUR', amount: ctx.fixtures.amounts.beyondBalance };
      const reference = await initiatePayment(ctx, paymentBody(ctx, { instructedAmount: beyond }));
      expectRefusal(ctx, reference, { code: expect.code }, 'the standard payment beyond the balance');
      const causes: [string, Record<string, unknown>][] = [
        ['beyond the balance', { instructedAmount: beyond }],
        ['from a debtor the bank does not hold', { debtorAccount: { iban: notHeld }, creditorAccount: { iban: main } }],
        ['to the bank’s own code without a live account', { creditorAccount: { iban: deadIbanLike(main) } }],
        ['to a creditor outside SEPA', { creditorAccount: { iban: expect.outsideSepa } }],
      ];
      for (const [what, overrides] of causes) {
        const reply = await initiatePayment(ctx, paymentBody(ctx, overrides), { product: INSTANT });
        expectRefusal(ctx, reply, { code: expect.code }, `the instant payment ${what}`);
        ensureEqual(
          [reply.status, reply.text],
          [reference.status, reference.text],
          `the instant payment ${what} against the standard product’s PAYMENT_FAILED`,
        );
      }
      // The control: the instant product takes the default payment (then cancelled: it is not what this checks).
      const control = await createPayment(ctx, paymentBody(ctx), { product: INSTANT });
      ensureEqual(control.transactionStatus, expect.created, 'transactionStatus of the instant payment from main');
      await ctx.api.cancelPayment({ paymentId: control.paymentId, product: INSTANT });
    },
  }),
  scenario({
    id: 'PIS-FAILED-004',
    title:
      'Malformed input beside a cause of PAYMENT_FAILED is still FORMAT_ERROR naming the field: a creditor IBAN with a wrong checksum or an amount "1,00" from a debtor the bank does not hold, a bad creditor or debtor IBAN with an amount beyond the balance; without the malformed field each is PAYMENT_FAILED',
    spec: 'Behaviour notes / Payments 3-5 (malformed creditor IBAN: FORMAT_ERROR; malformed input says what is wrong); Errors / Codes (PAYMENT_FAILED: any failure other than malformed input; FORMAT_ERROR carries path)',
    // Careless: the debtor account and the funds judged before the format, so a body that is both
    // malformed and unpayable is hidden behind PAYMENT_FAILED; every earlier malformed body came from
    // the customer's funded account.
    rules: ['PIS-INIT-13', 'PIS-INIT-9'],
    area: 'payments',
    expect: { malformed: { status: 400, code: 'FORMAT_ERROR' }, failed: { code: 'PAYMENT_FAILED' } },
    async run(ctx, expect) {
      const { main, notHeld, creditor } = ctx.fixtures.ibans;
      const beyond = { currency: 'EUR', amount: ctx.fixtures.amounts.beyondBalance };
      const cases: { what: string; sent: Record<string, unknown>; fixed: Record<string, unknown>; path: string }[] = [
        {
          what: 'a malformed creditor IBAN from a debtor the bank does not hold',
          sent: { debtorAccount: { iban: notHeld }, creditorAccount: { iban: badChecksum(main) } },
          fixed: { debtorAccount: { iban: notHeld }, creditorAccount: { iban: main } },
          path: 'creditorAccount.iban',
        },
        {
          what: 'a malformed amount from a debtor the bank does not hold',
          sent: {
            debtorAccount: { iban: notHeld },
            creditorAccount: { iban: main },
            instructedAmount: { currency: 'EUR', amount: '1,00' },
          },
          fixed: { debtorAccount: { iban: notHeld }, creditorAccount: { iban: main } },
          path: 'instructedAmount.amount',
        },
        {
          what: 'a malformed creditor IBAN with an amount beyond the balance',
          sent: { instructedAmount: beyond, creditorAccount: { iban: badChecksum(creditor) } },
          fixed: { instructedAmount: beyond },
          path: 'creditorAccount.iban',
        },
        {
          what: 'a malformed debtor IBAN with an amount beyond the balance',
          sent: { instructedAmount: beyond, debtorAccount: { iban: badChecksum(main) } },
          fixed: { instructedAmount: beyond },
          path: 'debtorAccount.iban',
        },
      ];
      for (const { what, sent, fixed, path } of cases) {
        expectRefusal(ctx, await initiatePayment(ctx, paymentBody(ctx, sent)), { ...expect.malformed, path }, what);
        // The control: without the malformed field the same payment does fail, so the order is what was judged.
        expectRefusal(
          ctx,
          await initiatePayment(ctx, paymentBody(ctx, fixed)),
          expect.failed,
          `${what}, the field put right`,
        );
      }
    },
  }),
  scenario({
    id: 'PIS-CANCEL-005',
    title:
      'Another provider’s DELETE on a payment past cancellation (cancelled by its initiator, or refused it) answers 404, never 405 CANCELLATION_INVALID, on both products, and the payment is unchanged for its initiator',
    spec: 'Behaviour notes / Payments 7 (only the initiating provider can address a payment; another provider’s payment answers 404); Errors / Status classes 404 and 405',
    // Careless: whether the payment can still be cancelled judged before whose it is, so a stranger
    // learns of a payment past cancellation from the 405; the earlier scenario sent its DELETE to a
    // payment that could still be cancelled.
    rules: ['PIS-CANCEL-1', 'PIS-CANCEL-4'],
    area: 'payments',
    needs: ['second-provider'],
    expect: { foreign: 404, cancelled: 'CANC', refused: { status: 405, code: 'CANCELLATION_INVALID' } },
    async run(ctx, expect) {
      for (const product of [STANDARD, INSTANT]) {
        const created = await createPayment(ctx, paymentBody(ctx), { product });
        const own = await ctx.api.cancelPayment({ paymentId: created.paymentId, product });
        ctx.observe(`the initiator's cancellation of a RCVD payment (${product})`, own.status);
        if (own.status === 200) {
          ensureEqual(
            own.body?.transactionStatus,
            expect.cancelled,
            `transactionStatus in the DELETE answer (${product})`,
          );
          // Now past cancellation: the initiator's own second DELETE is refused.
          expectRefusal(
            ctx,
            await ctx.api.cancelPayment({ paymentId: created.paymentId, product }),
            expect.refused,
            `the initiator's second DELETE (${product})`,
          );
        } else expectRefusal(ctx, own, expect.refused, `the initiator's DELETE (${product})`);
        const before = await paymentStatus(ctx, created.paymentId, product);
        ensureEqual(
          (await ctx.secondApi().cancelPayment({ paymentId: created.paymentId, product })).status,
          expect.foreign,
          `status of another provider's DELETE on a ${before} payment past cancellation (${product})`,
        );
        ensureEqual(
          await paymentStatus(ctx, created.paymentId, product),
          before,
          `status for its initiator after another provider's DELETE (${product})`,
        );
      }
    },
  }),
  scenario({
    id: 'PIS-CANCEL-006',
    title:
      'A payment ended by time alone is past cancellation like one ended by an event: left in PDNG 24 hours (CANC), DELETE is 405 CANCELLATION_INVALID and it stays CANC; one whose authorisation ran out is observed, and refused too once it reads RJCT or CANC',
    spec: 'States: Payment (PDNG → CANC when the customer does not return within 24 hours; DELETE only while cancellable, otherwise CANCELLATION_INVALID); Behaviour notes / Payments 7; States: Authorisation (15 minutes)',
    // Careless: cancellability judged on the state last written by an event (PDNG, RCVD), not on the
    // one time has moved the payment to since; every earlier refused DELETE met a payment an event had ended.
    rules: ['PIS-CANCEL-3', 'PIS-STATE-6'],
    area: 'payments',
    approvals: 1,
    needs: ['clock'],
    expect: {
      pending: 'PDNG',
      lapse: 'PT24H1M',
      cancelled: 'CANC',
      expiry: 'PT16M',
      ended: ['RJCT', 'CANC'],
      refused: { status: 405, code: 'CANCELLATION_INVALID' },
    },
    async run(ctx, expect) {
      const unauthorised = await createPayment(ctx, paymentBody(ctx));
      const pdng = await paymentInPdng(ctx, expect.pending);
      await ctx.clock().advance(expect.expiry);
      const expired = await paymentStatus(ctx, unauthorised.paymentId);
      ctx.observe('status of a payment whose authorisation ran out unused', expired);
      if (expect.ended.includes(expired)) {
        expectRefusal(
          ctx,
          await ctx.api.cancelPayment({ paymentId: unauthorised.paymentId, product: STANDARD }),
          expect.refused,
          `DELETE on the payment whose authorisation ran out (${expired})`,
        );
        ensureEqual(
          await paymentStatus(ctx, unauthorised.paymentId),
          expired,
          'status of the payment whose authorisation ran out, after the refused DELETE',
        );
      }
      if (!pdng) return;
      await ctx.clock().advance(expect.lapse);
      ensureEqual(
        await paymentStatus(ctx, pdng.paymentId),
        expect.cancelled,
        'status of the payment left in PDNG 24 hours',
      );
      expectRefusal(
        ctx,
        await ctx.api.cancelPayment({ paymentId: pdng.paymentId, product: STANDARD }),
        expect.refused,
        'DELETE on the payment its 24 hours in PDNG cancelled',
      );
      ensureEqual(
        await paymentStatus(ctx, pdng.paymentId),
        expect.cancelled,
        'status of the payment its 24 hours cancelled, after the refused DELETE',
      );
    },
  }),
  scenario({
    id: 'PIS-PDNG-005',
    title:
      'The 24 hours of PDNG end only a payment still waiting: a payee confirmed after 23 hours stays accepted and a payee refused stays RJCT when the 24 hours are past, never CANC',
    spec: 'States: Payment (PDNG → ACSP on confirmation, → RJCT on refusal, → CANC only if the customer does not return within 24 hours); TransactionStatus PDNG; Limits (pending payment)',
    // Careless: the 24-hour sweep cancels every payment that entered PDNG a day ago, whatever its
    // state now; the earlier scenarios answered at once or never.
    rules: ['PIS-STATE-6', 'PIS-STATE-4', 'PIS-STATE-5'],
    area: 'payments',
    approvals: 2,
    needs: ['control', 'clock'],
    // Moves beyond ACSP are not shown (States: Payment), so a confirmed payment that has settled passes too.
    expect: { pending: 'PDNG', answerAfter: 'PT23H', past: 'PT1H1M', accepted: ['ACSP', 'ACSC'], rejected: 'RJCT' },
    async run(ctx, expect) {
      const confirmed = await paymentInPdng(ctx, expect.pending);
      if (!confirmed) return;
      const refused = await paymentInPdng(ctx, expect.pending);
      if (!refused) return;
      await ctx.clock().advance(expect.answerAfter);
      await ctx.control().answerPayee(confirmed.paymentId, true);
      await ctx.control().answerPayee(refused.paymentId, false);
      const accepted = (status: string, when: string) =>
        ensure(
          expect.accepted.includes(status),
          `status of the payment whose payee was confirmed after 23 hours, ${when}: expected ACSP, got ${status}`,
          { expected: 'ACSP', actual: status },
        );
      accepted(await paymentStatus(ctx, confirmed.paymentId), 'at once');
      ensureEqual(
        await paymentStatus(ctx, refused.paymentId),
        expect.rejected,
        'status of the payment whose payee was refused after 23 hours, at once',
      );
      await ctx.clock().advance(expect.past);
      accepted(await paymentStatus(ctx, confirmed.paymentId), 'past the 24 hours');
      ensureEqual(
        await paymentStatus(ctx, refused.paymentId),
        expect.rejected,
        'status of the payment whose payee was refused after 23 hours, past the 24 hours',
      );
    },
  }),
  scenario({
    id: 'PIS-PDNG-006',
    title:
      'A payment that left PDNG for CANC (its provider’s DELETE, the 24 hours run out) stays CANC when the customer confirms the payee afterwards',
    spec: 'States: Payment (PDNG → ACSP on confirmation: from PDNG only; DELETE → CANC; no return within 24 hours → CANC); Behaviour notes / Payments 7',
    // Careless: the payee confirmation that does not ask whether the payment still waits, reviving a
    // cancelled payment; every earlier confirmation came while the payment was in PDNG.
    rules: ['PIS-STATE-7', 'PIS-STATE-6', 'PIS-STATE-4'],
    area: 'payments',
    approvals: 2,
    needs: ['control', 'clock'],
    expect: { pending: 'PDNG', cancelled: 'CANC', lapse: 'PT24H1M' },
    async run(ctx, expect) {
      const deleted = await paymentInPdng(ctx, expect.pending);
      if (!deleted) return;
      const lapsed = await paymentInPdng(ctx, expect.pending);
      if (!lapsed) return;
      const reply = await ctx.api.cancelPayment({ paymentId: deleted.paymentId, product: STANDARD });
      ensureEqual(reply.status, 200, 'status of DELETE on a PDNG payment');
      await ctx.clock().advance(expect.lapse);
      ensureEqual(
        await paymentStatus(ctx, lapsed.paymentId),
        expect.cancelled,
        'status of the payment left in PDNG 24 hours',
      );
      await answerPayeeLate(ctx, deleted.paymentId, 'the payment its provider cancelled');
      await answerPayeeLate(ctx, lapsed.paymentId, 'the payment whose 24 hours ran out');
      ensureEqual(
        await paymentStatus(ctx, deleted.paymentId),
        expect.cancelled,
        'status of the payment its provider cancelled in PDNG, after the customer confirmed the payee',
      );
      ensureEqual(
        await paymentStatus(ctx, lapsed.paymentId),
        expect.cancelled,
        'status of the payment cancelled by its 24 hours, after the customer confirmed the payee',
      );
    },
  }),
  scenario({
    id: 'PIS-INIT-014',
    title:
      'A payment of one cent still needs the ceremony, on both products and to the customer’s own account: 201 RCVD with an scaRedirect, and it is still RCVD when read',
    spec: 'Behaviour notes / Payments 2 (no low-value, trusted-beneficiary or risk-analysis exemptions); PaymentInitiationResponse; States: Payment (nothing moves until the customer authorises)',
    // Careless: a low-value exemption below the amounts the kit pays (one euro and more): the
    // earlier scenario of the rule initiated the default amount only.
    rules: ['PIS-INIT-8', 'PIS-STATE-2'],
    area: 'payments',
    expect: { amount: '0.01', waiting: 'RCVD' },
    async run(ctx, expect) {
      const cent = { instructedAmount: { currency: 'EUR', amount: expect.amount } };
      const payments: [string, string, Record<string, unknown>][] = [
        [STANDARD, 'to the payee', cent],
        [INSTANT, 'to the payee', cent],
        [STANDARD, 'to the customer’s own account', { ...cent, creditorAccount: { iban: ctx.fixtures.ibans.second } }],
      ];
      for (const [product, whom, overrides] of payments) {
        const what = `a payment of ${expect.amount} ${whom} (${product})`;
        const reply = await initiatePayment(ctx, paymentBody(ctx, overrides), { product });
        ensureEqual(reply.status, 201, `status of the initiation of ${what}`);
        const paymentId = paymentIdOf(reply);
        try {
          // The contract holds transactionStatus RCVD on the answer itself.
          const created = reply.success(`the initiation of ${what}`);
          ensure(created._links.scaRedirect?.href, `the initiation of ${what} carries an scaRedirect`, {
            actual: created._links,
          });
          ensureEqual(await paymentStatus(ctx, created.paymentId, product), expect.waiting, `status read of ${what}`);
        } finally {
          if (paymentId !== undefined) await ctx.api.cancelPayment({ paymentId, product });
        }
      }
    },
  }),
  scenario({
    id: 'PIS-SCA-003',
    title:
      'A payment awaiting the customer sets no money aside: after its initiation interimAvailable is unchanged and no pending row carries it, and it is still RCVD',
    spec: 'States: Payment (RCVD: nothing moves until the customer authorises); TransactionsResponse 2 (a pending item is authorised but not booked); BalanceResponse',
    // Careless: the amount reserved at initiation (and released on decline): the earlier scenarios
    // of the rule read only the status of a payment awaiting the customer.
    rules: ['PIS-STATE-2'],
    area: 'payments',
    shares: [SHARED_READ],
    expect: { waiting: 'RCVD' },
    async run(ctx, expect) {
      const { consentId } = await sharedReadConsent(ctx);
      const accountId = await resourceIdOf(ctx, consentId, ctx.fixtures.ibans.main);
      const remittance = `PIS-SCA-003 ${randomUUID()}`;
      const amount = `4.${String(10 + Math.floor(Math.random() * 90))}`;
      const before = await ledgerOf(ctx, consentId, accountId, remittance);
      const created = await createPayment(
        ctx,
        paymentBody(ctx, {
          instructedAmount: { currency: 'EUR', amount },
          remittanceInformationUnstructured: remittance,
        }),
      );
      try {
        const after = await ledgerOf(ctx, consentId, accountId, remittance);
        ensureEqual(after.pending, 0, 'pending rows of a payment awaiting the customer');
        ensureEqual(
          after.interimAvailable - before.interimAvailable,
          0,
          `change of interimAvailable (in cents) once a payment of ${amount} awaits the customer`,
        );
        ensureEqual(await paymentStatus(ctx, created.paymentId), expect.waiting, 'status of the payment');
      } finally {
        await ctx.api.cancelPayment({ paymentId: created.paymentId, product: STANDARD });
      }
    },
  }),
];
