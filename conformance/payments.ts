/** Payment initiation: validation, PAYMENT_FAILED, idempotency, ownership (spec "Behaviour notes / Payments"). */
import { randomUUID } from 'node:crypto';
import { formatCents, toCents } from '../src/contract/index.js';
import type { ScenarioContext } from '../src/kit/context.js';
import { ensure, ensureEqual } from '../src/kit/failure.js';
import { scenario } from '../src/kit/scenario.js';
import { expectRefusal } from './refusal.js';
import {
  answerOf,
  authorisedPayment,
  authorisePayment,
  codeOf,
  createdPayment,
  createPayment,
  deadIbanLike,
  expectPlausible,
  expectReturn,
  initiatePayment,
  INSTANT,
  membersOf,
  paymentBody,
  paymentIdOf,
  paymentStatus,
  readPayment,
  requestConsent,
  STANDARD,
  UUID_V4,
} from './steps.js';

/** A provider's cancellation (spec "States: Payment", DELETE row). */
const cancel = (ctx: ScenarioContext, paymentId: string, product = STANDARD) =>
  ctx.api.cancelPayment({ paymentId, product });

/**
 * A payment to a payee the service holds, under a name that is not the holder's: the usual way a
 * payment waits in PDNG for the customer to confirm the payee (spec TransactionStatus PDNG). How a
 * payment reaches PDNG is not stated, so scenarios that need one observe when a target does not.
 */
const payeeCheckBody = (ctx: ScenarioContext) =>
  paymentBody(ctx, { creditorAccount: { iban: ctx.fixtures.ibans.second }, creditorName: 'Not The Account Holder' });

/** An authorised payment waiting in PDNG, or undefined (observed) when the target does not put it there. */
async function paymentInPdng(ctx: ScenarioContext, pending: string) {
  const payment = await authorisedPayment(ctx, payeeCheckBody(ctx));
  if (payment.status === pending) return payment;
  ctx.observe(
    'status after authorising a payment to a named payee who is not the holder (PDNG not reached)',
    payment.status,
  );
  return undefined;
}

export const paymentScenarios = [
  scenario({
    id: 'PIS-INIT-001',
    title: 'Initiation answers 201 RCVD with paymentId, authorisationId and an scaRedirect carrying a UUID v4 state',
    rules: ['PIS-INIT-4', 'PIS-INIT-8', 'SCA-7', 'PIS-STATE-1', 'SCOPE-1'],
    spec: 'PaymentInitiationResponse; Authorisation hand-over 1-2; Behaviour notes / Payments 2',
    area: 'payments',
    expect: { transactionStatus: 'RCVD' },
    async run(ctx, expect) {
      for (const product of [STANDARD, INSTANT]) {
        const created = await createPayment(ctx, paymentBody(ctx), { product });
        ensureEqual(created.transactionStatus, expect.transactionStatus, `transactionStatus on creation (${product})`);
        const state = new URL(created._links.scaRedirect.href).searchParams.get('state');
        ensure(
          state && UUID_V4.test(state),
          `scaRedirect carries ?state=<uuid v4>, got ${created._links.scaRedirect.href}`,
        );
      }
    },
  }),
  scenario({
    id: 'PIS-FAILED-001',
    title: 'PAYMENT_FAILED is byte-identical for insufficient funds and for a debtor account the bank does not hold',
    rules: ['PIS-INIT-11', 'PIS-INIT-12', 'ERR-3'],
    spec: 'Behaviour notes / Payments 4; Errors rule 1; Design rule',
    area: 'payments',
    expect: { code: 'PAYMENT_FAILED' },
    async run(ctx, expect) {
      const poor = await initiatePayment(
        ctx,
        paymentBody(ctx, { instructedAmount: { currency: 'EUR', amount: ctx.fixtures.amounts.beyondBalance } }),
      );
      const unknown = await initiatePayment(
        ctx,
        paymentBody(ctx, {
          debtorAccount: { iban: ctx.fixtures.ibans.notHeld },
          creditorAccount: { iban: ctx.fixtures.ibans.main },
        }),
      );
      expectRefusal(ctx, poor, expect);
      expectRefusal(ctx, unknown, expect);
      ensureEqual(poor.status, unknown.status, 'status of both PAYMENT_FAILED causes');
      ensureEqual(poor.text, unknown.text, 'body of both PAYMENT_FAILED causes');
    },
  }),
  scenario({
    id: 'PIS-IDEM-001',
    title: 'The same X-Request-ID with the same body returns the first payment',
    rules: ['PIS-IDEM-1'],
    spec: 'Behaviour notes / Payments 6 (same key, same body)',
    area: 'payments',
    expect: {},
    async run(ctx) {
      const key = randomUUID();
      const first = await createPayment(ctx, paymentBody(ctx), { requestId: key });
      const again = await initiatePayment(ctx, paymentBody(ctx), { requestId: key });
      ctx.observe('status of an idempotent replay (not stated)', again.status);
      ensureEqual(paymentIdOf(again), first.paymentId, 'paymentId of the replay');
      // The control: without it a target answering one paymentId to everything would pass.
      const other = await createPayment(ctx, paymentBody(ctx), { requestId: randomUUID() });
      ensure(other.paymentId !== first.paymentId, 'the same body under another X-Request-ID creates another payment', {
        actual: other.paymentId,
      });
    },
  }),
  scenario({
    id: 'PIS-IDEM-009',
    title:
      'The same X-Request-ID written in upper case with the same body: answered as a replay or as a new payment (observed), and a fresh key beside it still creates another payment; so for a non-UUID key holding UUIDs, where one is taken',
    rules: ['PIS-IDEM-1', 'OPEN-20', 'OPEN-15'],
    spec: 'Behaviour notes / Payments 6 (X-Request-ID is the idempotency key); Endpoints / Request headers (X-Request-ID: UUID)',
    area: 'payments',
    expect: {},
    async run(ctx) {
      const key = randomUUID();
      const first = await createPayment(ctx, paymentBody(ctx), { requestId: key });
      const upper = await initiatePayment(ctx, paymentBody(ctx), { requestId: key.toUpperCase() });
      // A UUID is the same whatever the case of its hex digits; whether the bank's key store agrees is its own choice.
      ensure(
        [200, 201].includes(upper.status),
        'the same body under the X-Request-ID in upper case is served (a replay or a new payment)',
        { actual: answerOf(upper) },
      );
      const paymentId = paymentIdOf(upper);
      ensure(typeof paymentId === 'string', 'the answer under the upper-case X-Request-ID carries a paymentId', {
        actual: upper.json,
      });
      ctx.observe(
        'the same body under the X-Request-ID in upper case',
        paymentId === first.paymentId ? 'the first payment (the same key)' : 'another payment (another key)',
      );
      const other = await createPayment(ctx, paymentBody(ctx), { requestId: randomUUID() });
      ensure(
        other.paymentId !== first.paymentId && other.paymentId !== paymentId,
        'the same body under a fresh X-Request-ID creates another payment',
        { actual: other.paymentId },
      );
      // A key that is no UUID but starts and ends with one (two UUIDs joined): where a bank takes
      // non-UUID ids at all (OPEN-15), whether their case is part of the key is its own choice too.
      const joined = `${randomUUID()}-${randomUUID()}`;
      const plausible = [{ status: 201 }, { status: 400, code: 'FORMAT_ERROR' }] as const;
      const upperJoined = await initiatePayment(ctx, paymentBody(ctx), { requestId: joined.toUpperCase() });
      expectPlausible(ctx, 'a payment under an X-Request-ID of two UUIDs joined (not a UUID)', upperJoined, plausible);
      if (upperJoined.status !== 201) return;
      const lowerJoined = await initiatePayment(ctx, paymentBody(ctx), { requestId: joined });
      ensure(
        [200, 201].includes(lowerJoined.status),
        'the same body under that X-Request-ID in lower case is served (a replay or a new payment)',
        { actual: answerOf(lowerJoined) },
      );
      const joinedId = paymentIdOf(lowerJoined);
      ensure(typeof joinedId === 'string', 'the answer under the lower-case X-Request-ID carries a paymentId', {
        actual: lowerJoined.json,
      });
      ctx.observe(
        'the same body under an X-Request-ID of two UUIDs joined, in the other case',
        joinedId === paymentIdOf(upperJoined) ? 'the first payment (the same key)' : 'another payment (another key)',
      );
    },
  }),
  scenario({
    id: 'PIS-IDEM-002',
    title: 'The same X-Request-ID with a different body is 409 REQUEST_ID_REUSED',
    rules: ['PIS-IDEM-2'],
    spec: 'Behaviour notes / Payments 6 (same key, different body); Errors / Status classes 409',
    area: 'payments',
    expect: { status: 409, code: 'REQUEST_ID_REUSED' },
    async run(ctx, expect) {
      const key = randomUUID();
      await createPayment(ctx, paymentBody(ctx), { requestId: key });
      const other = await initiatePayment(
        ctx,
        paymentBody(ctx, { instructedAmount: { currency: 'EUR', amount: '2.50' } }),
        { requestId: key },
      );
      expectRefusal(ctx, other, expect);
    },
  }),
  scenario({
    id: 'PIS-IDEM-003',
    title: 'The key is global: the same key and body on the other product resolves to the first payment',
    rules: ['PIS-IDEM-5'],
    spec: 'Behaviour notes / Payments 6 (scope: global across products and providers)',
    area: 'payments',
    expect: {},
    async run(ctx) {
      const key = randomUUID();
      const first = await createPayment(ctx, paymentBody(ctx), { requestId: key });
      const other = await initiatePayment(ctx, paymentBody(ctx), { requestId: key, product: INSTANT });
      ensureEqual(paymentIdOf(other), first.paymentId, 'paymentId on the other product');
      const fresh = createdPayment(
        await initiatePayment(ctx, paymentBody(ctx), {
          requestId: randomUUID(),
          product: INSTANT,
        }),
      );
      ensure(
        fresh.paymentId !== first.paymentId,
        'the same body under another X-Request-ID on the other product creates another payment',
        { actual: fresh.paymentId },
      );
    },
  }),
  scenario({
    id: 'PIS-FOREIGN-001',
    title: 'Another provider’s payment answers 404 on read, status, authorisations and DELETE',
    rules: ['PIS-CANCEL-1', 'PIS-CANCEL-4'],
    spec: 'Behaviour notes / Payments 7 and 8',
    area: 'payments',
    needs: ['second-provider'],
    expect: { status: 404 },
    async run(ctx, expect) {
      const created = await createPayment(ctx, paymentBody(ctx));
      const theirs = ctx.secondApi();
      for (const [what, call] of [
        ['GET {foreign}', () => theirs.getPaymentInformation(created)],
        ['GET {foreign}/status', () => theirs.getPaymentInitiationStatus(created)],
        ['GET {foreign}/authorisations', () => theirs.getPaymentInitiationAuthorisations(created)],
        ['DELETE {foreign}', () => theirs.cancelPayment(created)],
      ] as const) {
        ensureEqual(
          (await call()).status,
          expect.status,
          `${what.split(' ')[0]} /v1/payments/sepa-credit-transfers/${what.split(' ')[1]}`,
        );
      }
      ensureEqual(await paymentStatus(ctx, created.paymentId), 'RCVD', 'the payment is untouched for its initiator');
    },
  }),
  scenario({
    id: 'PIS-SCA-001',
    title:
      'The customer’s authorisation moves a standard payment from RCVD to ACSP, and the customer returns with the state',
    rules: ['PIS-STATE-3', 'SCA-9'],
    spec: 'States: Payment (RCVD → ACSP on authorisation); Authorisation hand-over 2',
    area: 'payments',
    approvals: 1,
    expect: { before: 'RCVD', after: 'ACSP' },
    async run(ctx, expect) {
      const created = await createPayment(ctx, paymentBody(ctx));
      const status = () => paymentStatus(ctx, created.paymentId);
      ensureEqual(await status(), expect.before, 'transactionStatus before the customer acts');
      const outcome = await authorisePayment(ctx, created);
      expectReturn(ctx, outcome, ctx.fixtures.redirectUri, created._links.scaRedirect.href, 'approval');
      // A standard transfer settles at 06:00 UTC of the next business day at the earliest: right after
      // the approval it is accepted and settling.
      ensureEqual(await status(), expect.after, 'transactionStatus right after authorisation');
    },
  }),
  scenario({
    id: 'PIS-SCA-002',
    title:
      'A payment leaving out creditorName, to an account the bank itself holds, is moved from RCVD to ACSP by the customer’s authorisation like any other',
    rules: ['PIS-INIT-2', 'PIS-STATE-3'],
    spec: 'PaymentInitiationRequest (creditorName optional); States: Payment (RCVD → ACSP on authorisation)',
    area: 'payments',
    approvals: 1,
    expect: { before: 'RCVD', after: 'ACSP' },
    async run(ctx, expect) {
      // Berlin Group 1.3.12 makes creditorName mandatory; this interface does not, and this scenario needs it absent.
      // A bank that checks the payee's name against its own holder has nothing to compare here; an
      // implementation that compares anyway fails on the missing name instead of accepting the payment.
      const { creditorName: _left, ...body } = paymentBody(ctx, {
        creditorAccount: { iban: ctx.fixtures.ibans.second },
      });
      const created = await createPayment(ctx, body);
      const status = () => paymentStatus(ctx, created.paymentId);
      ensureEqual(await status(), expect.before, 'transactionStatus before the customer acts');
      await authorisePayment(ctx, created);
      ensureEqual(
        await status(),
        expect.after,
        'transactionStatus right after authorising a payment without creditorName to an account of the bank',
      );
    },
  }),
  scenario({
    id: 'PIS-IDEM-004',
    title:
      'Body conflicts are remembered 48 hours; afterwards the key still resolves to the original payment, never a new one',
    rules: ['PIS-IDEM-3', 'PIS-IDEM-4'],
    spec: 'Behaviour notes / Payments 6 (key memory: 48 hours for body-conflict detection; the payment keeps its key permanently); Limits (idempotency key memory)',
    area: 'payments',
    needs: ['clock'],
    expect: { within: 'PT47H', beyond: 'PT2H', conflict: { status: 409, code: 'REQUEST_ID_REUSED' } },
    async run(ctx, expect) {
      const key = randomUUID();
      const first = await createPayment(ctx, paymentBody(ctx), { requestId: key });
      const changed = paymentBody(ctx, { instructedAmount: { currency: 'EUR', amount: '2.75' } });
      await ctx.clock().advance(expect.within);
      expectRefusal(ctx, await initiatePayment(ctx, changed, { requestId: key }), expect.conflict);
      await ctx.clock().advance(expect.beyond);
      const replay = await initiatePayment(ctx, paymentBody(ctx), { requestId: key });
      ensureEqual(paymentIdOf(replay), first.paymentId, 'paymentId of a same-body replay after 48 hours');
      const late = await initiatePayment(ctx, changed, { requestId: key });
      ctx.observe(
        'answer to a different body after 48 hours (not stated beyond the binding)',
        `${late.status} ${String(paymentIdOf(late) === first.paymentId ? 'the original payment' : (codeOf(late) ?? 'another payment'))}`,
      );
      ensure(
        late.status >= 400 || paymentIdOf(late) === first.paymentId,
        'a different body after 48 hours makes no new payment under the bound key',
        { actual: late.json },
      );
    },
  }),
  scenario({
    id: 'PIS-IDEM-005',
    title: 'The key is global: the same key with a different body on the other product is 409 REQUEST_ID_REUSED',
    rules: ['PIS-IDEM-5', 'PIS-IDEM-2'],
    spec: 'Behaviour notes / Payments 6 (scope: global across products; same key, different body)',
    area: 'payments',
    expect: { status: 409, code: 'REQUEST_ID_REUSED' },
    async run(ctx, expect) {
      const key = randomUUID();
      await createPayment(ctx, paymentBody(ctx), { requestId: key });
      const other = await initiatePayment(
        ctx,
        paymentBody(ctx, { instructedAmount: { currency: 'EUR', amount: '3.10' } }),
        { requestId: key, product: INSTANT },
      );
      expectRefusal(ctx, other, expect);
    },
  }),
  scenario({
    id: 'PIS-IDEM-006',
    title:
      'The key is global across providers: another provider’s same key and body resolves to the first payment, which it still cannot address',
    rules: ['PIS-IDEM-6'],
    spec: 'Behaviour notes / Payments 6 (one key binds to one payment across all products and providers) and 7-8',
    area: 'payments',
    needs: ['second-provider'],
    expect: { foreignRead: 404 },
    async run(ctx, expect) {
      const key = randomUUID();
      const first = await createPayment(ctx, paymentBody(ctx), { requestId: key });
      const theirs = await initiatePayment(ctx, paymentBody(ctx), { requestId: key, client: ctx.secondApi() });
      ctx.observe('status of the other provider’s replay', theirs.status);
      ensureEqual(paymentIdOf(theirs), first.paymentId, 'paymentId of the other provider’s replay');
      const fresh = createdPayment(
        await initiatePayment(ctx, paymentBody(ctx), { requestId: randomUUID(), client: ctx.secondApi() }),
      );
      ensure(
        fresh.paymentId !== first.paymentId,
        'the other provider’s same body under another X-Request-ID creates another payment',
        { actual: fresh.paymentId },
      );
      ensureEqual(
        (await ctx.secondApi().getPaymentInformation(first)).status,
        expect.foreignRead,
        'the other provider’s read of the payment',
      );
    },
  }),
  scenario({
    id: 'PIS-IDEM-007',
    title: 'Elsewhere X-Request-ID is only a correlation id: two consent creations with one id make two consents',
    rules: ['PIS-IDEM-7'],
    spec: 'Behaviour notes / Payments 6 (other endpoints: correlation id only); Endpoints / Request headers',
    area: 'payments',
    expect: { status: 201 },
    async run(ctx, expect) {
      const key = randomUUID();
      const body = { access: { balances: [{ iban: ctx.fixtures.ibans.main }] } };
      const replies = [];
      for (let i = 0; i < 2; i += 1) replies.push(await requestConsent(ctx, body, { requestId: key }));
      ensureEqual(
        replies.map((reply) => reply.status),
        [expect.status, expect.status],
        'statuses of both creations',
      );
      const [a, b] = replies.map((reply) => reply.success('consent creation').consentId);
      ensure(a !== b, 'two distinct consents', { actual: [a, b] });
    },
  }),
  scenario({
    id: 'PIS-CANCEL-001',
    title:
      'Cancelling a payment that is not yet authorised: 200 with CANC, or 405 CANCELLATION_INVALID; a cancelled payment cannot be cancelled again',
    rules: ['PIS-CANCEL-3', 'HDR-11'],
    spec: 'States: Payment (DELETE: CANC, immediate, response carries the new status; otherwise CANCELLATION_INVALID); Behaviour notes / Payments 7; Errors / Status classes 405',
    area: 'payments',
    expect: { cancelled: 'CANC', refused: { status: 405, code: 'CANCELLATION_INVALID' } },
    async run(ctx, expect) {
      const created = await createPayment(ctx, paymentBody(ctx));
      const first = await cancel(ctx, created.paymentId);
      ctx.observe('answer to cancelling a RCVD payment (cancellable in the portal: not stated)', first.status);
      if (first.status !== 200) return expectRefusal(ctx, first, expect.refused);
      ensureEqual(first.body?.transactionStatus, expect.cancelled, 'transactionStatus in the DELETE answer');
      ensureEqual(await paymentStatus(ctx, created.paymentId), expect.cancelled, 'status read after the cancellation');
      expectRefusal(ctx, await cancel(ctx, created.paymentId), expect.refused);
    },
  }),
  scenario({
    id: 'PIS-CANCEL-002',
    title: 'A payment waiting in PDNG is cancelled by its provider at once, without the customer: 200 CANC',
    rules: ['PIS-STATE-7', 'PIS-CANCEL-2'],
    spec: 'TransactionStatus PDNG (may still be cancelled by the provider); States: Payment (any cancellable state, including PDNG → CANC, immediate, no customer authorisation)',
    area: 'payments',
    approvals: 1,
    expect: { pending: 'PDNG', cancelled: 'CANC' },
    async run(ctx, expect) {
      const payment = await paymentInPdng(ctx, expect.pending);
      if (!payment)
        return ctx.unchecked(
          'the rule for a payment in PDNG',
          'the target did not put the payment in PDNG (how a payment gets there is not shown)',
        );
      const reply = await cancel(ctx, payment.paymentId);
      ensureEqual(reply.status, 200, 'status of DELETE on a PDNG payment');
      ensureEqual(reply.body?.transactionStatus, expect.cancelled, 'transactionStatus in the DELETE answer');
      ensureEqual(
        Object.keys(membersOf(reply.json)),
        ['transactionStatus'],
        'members of the DELETE answer (no links, no authorisation)',
      );
      ensureEqual(await paymentStatus(ctx, payment.paymentId), expect.cancelled, 'status read after the cancellation');
    },
  }),
  scenario({
    id: 'PIS-PDNG-001',
    title: 'A payment left in PDNG is CANC once the customer has not returned for 24 hours',
    rules: ['PIS-STATE-6'],
    spec: 'TransactionStatus PDNG (CANC if the customer does not return within 24 hours); States: Payment; Limits (pending payment)',
    area: 'payments',
    approvals: 1,
    needs: ['clock'],
    expect: { pending: 'PDNG', after: 'PT24H1M', cancelled: 'CANC' },
    async run(ctx, expect) {
      const payment = await paymentInPdng(ctx, expect.pending);
      if (!payment)
        return ctx.unchecked(
          'the rule for a payment in PDNG',
          'the target did not put the payment in PDNG (how a payment gets there is not shown)',
        );
      await ctx.clock().advance('PT23H');
      ensureEqual(await paymentStatus(ctx, payment.paymentId), expect.pending, 'status 23 hours later');
      await ctx.clock().advance('PT1H1M');
      ensureEqual(await paymentStatus(ctx, payment.paymentId), expect.cancelled, 'status 24 hours later');
    },
  }),
  scenario({
    id: 'PIS-FAILED-002',
    title:
      'Unroutable creditors (the bank’s own code without a live account, outside SEPA) answer the very same PAYMENT_FAILED as insufficient funds',
    rules: ['PIS-INIT-10', 'PIS-INIT-12'],
    spec: 'Behaviour notes / Payments 3-4 (any other unroutable creditor IBAN: PAYMENT_FAILED, one fixed sentence); Errors rule 1; Design rule',
    area: 'payments',
    expect: { code: 'PAYMENT_FAILED', outsideSepa: 'SA0380000000608010167519' },
    async run(ctx, expect) {
      const poor = await initiatePayment(
        ctx,
        paymentBody(ctx, { instructedAmount: { currency: 'EUR', amount: ctx.fixtures.amounts.beyondBalance } }),
      );
      expectRefusal(ctx, poor, { code: expect.code });
      for (const iban of [deadIbanLike(ctx.fixtures.ibans.main), expect.outsideSepa]) {
        const reply = await initiatePayment(ctx, paymentBody(ctx, { creditorAccount: { iban } }));
        expectRefusal(ctx, reply, { code: expect.code });
        ensureEqual(
          [reply.status, reply.text],
          [poor.status, poor.text],
          `status and body for creditor ${iban} against insufficient funds`,
        );
      }
    },
  }),
  scenario({
    id: 'PIS-READ-001',
    title: 'A payment reads back what was initiated: debtor, creditor, amount, creditorName and remittance',
    rules: ['PIS-INIT-5'],
    spec: 'PaymentResponse; Endpoints (GET /v1/payments/{payment_product}/{payment_id})',
    area: 'payments',
    expect: {},
    async run(ctx) {
      const body = paymentBody(ctx);
      const created = await createPayment(ctx, body, { product: INSTANT });
      const payment = await readPayment(ctx, created.paymentId, INSTANT);
      ensureEqual(payment.debtorAccount.iban, body.debtorAccount.iban, 'debtorAccount.iban');
      ensureEqual(payment.creditorAccount.iban, body.creditorAccount.iban, 'creditorAccount.iban');
      const amount = payment.instructedAmount;
      ensureEqual(
        [amount.currency, toCents(amount.amount)],
        [body.instructedAmount.currency, toCents(body.instructedAmount.amount)],
        'instructedAmount',
      );
      ensureEqual(payment.creditorName, body.creditorName, 'creditorName');
      ensureEqual(
        payment.remittanceInformationUnstructured,
        body.remittanceInformationUnstructured,
        'remittanceInformationUnstructured',
      );
    },
  }),
  scenario({
    id: 'PIS-PDNG-002',
    title: 'A payment in PDNG whose payee the customer confirms moves on to ACSP',
    rules: ['PIS-STATE-4'],
    spec: 'States: Payment (PDNG → ACSP when the customer confirms the payee); TransactionStatus PDNG',
    area: 'payments',
    approvals: 1,
    needs: ['control'],
    // Moves beyond ACSP are not shown (States: Payment), so a target that has already settled passes too.
    expect: { pending: 'PDNG', accepted: ['ACSP', 'ACSC'] },
    async run(ctx, expect) {
      const payment = await paymentInPdng(ctx, expect.pending);
      if (!payment)
        return ctx.unchecked(
          'the rule for a payment in PDNG',
          'the target did not put the payment in PDNG (how a payment gets there is not shown)',
        );
      await ctx.control().answerPayee(payment.paymentId, true);
      const status = await paymentStatus(ctx, payment.paymentId);
      ensure(
        expect.accepted.includes(status ?? ''),
        `status after the customer confirmed the payee: expected ACSP, got ${status}`,
        { expected: 'ACSP', actual: status },
      );
    },
  }),
  scenario({
    id: 'PIS-PDNG-003',
    title: 'A payment in PDNG whose payee the customer refuses is RJCT and can no longer be cancelled',
    rules: ['PIS-STATE-5', 'PIS-CANCEL-3'],
    spec: 'States: Payment (PDNG → RJCT when the customer refuses); Behaviour notes / Payments 7 (405 CANCELLATION_INVALID once not cancellable)',
    area: 'payments',
    approvals: 1,
    needs: ['control'],
    expect: { pending: 'PDNG', rejected: 'RJCT', refused: { status: 405, code: 'CANCELLATION_INVALID' } },
    async run(ctx, expect) {
      const payment = await paymentInPdng(ctx, expect.pending);
      if (!payment)
        return ctx.unchecked(
          'the rule for a payment in PDNG',
          'the target did not put the payment in PDNG (how a payment gets there is not shown)',
        );
      await ctx.control().answerPayee(payment.paymentId, false);
      ensureEqual(
        await paymentStatus(ctx, payment.paymentId),
        expect.rejected,
        'status after the customer refused the payee',
      );
      expectRefusal(ctx, await cancel(ctx, payment.paymentId), expect.refused);
    },
  }),
  scenario({
    id: 'PIS-LIMIT-001',
    title:
      'The answer to a very large payment (999,999,999.99 EUR) is observed: refused, or RCVD waiting for the customer',
    rules: ['OPEN-17'],
    spec: 'Limits (payment amount maximum and daily payment limits: not shown); Behaviour notes / Payments 4 (a limit is PAYMENT_FAILED)',
    area: 'payments',
    expect: { amount: '999999999.99' },
    async run(ctx, expect) {
      const reply = await initiatePayment(
        ctx,
        paymentBody(ctx, { instructedAmount: { currency: 'EUR', amount: expect.amount } }),
      );
      // Refused as a limit (PAYMENT_FAILED) or waiting for the customer: nothing else is a choice.
      expectPlausible(ctx, `answer to a payment of ${expect.amount} EUR (maximum not shown)`, reply, [
        { status: 201 },
        { status: 400, code: 'PAYMENT_FAILED' },
      ]);
      if (reply.status === 201)
        ensureEqual(reply.body?.transactionStatus, 'RCVD', 'transactionStatus of the accepted initiation');
    },
  }),
  scenario({
    id: 'PIS-LIMIT-002',
    title:
      'The payment maximum and the daily limit are observed: amounts just at and just over each plausible bound, on a funded account',
    rules: ['OPEN-17'],
    spec: 'Limits (payment amount maximum and daily payment limits: not shown); Behaviour notes / Payments 4 (a limit is PAYMENT_FAILED)',
    area: 'payments',
    needs: ['control'],
    // Enough for the largest probe; taken off again at the end, so the account's balance is as before.
    expect: { funding: '101000.00', daily: ['10000.00', '25000.00', '50000.00'] },
    async run(ctx, expect) {
      const iban = ctx.fixtures.ibans.second;
      const open: string[] = [];
      const pay = async (amount: string) => {
        const reply = await initiatePayment(
          ctx,
          paymentBody(ctx, { debtorAccount: { iban }, instructedAmount: { currency: 'EUR', amount } }),
        );
        expectPlausible(ctx, `a payment of ${amount} EUR from a funded account`, reply, [
          { status: 201 },
          { status: 400, code: 'PAYMENT_FAILED' },
        ]);
        if (reply.status === 201) open.push(createdPayment(reply).paymentId);
        return reply.status === 201;
      };
      // A cancelled payment counts towards no limit: each probe of the maximum starts from an empty day.
      const cancelOpen = async () => {
        for (const paymentId of open.splice(0)) await cancel(ctx, paymentId);
      };
      const cents = toCents;
      const euros = formatCents;
      await ctx.control().bookTransaction(iban, expect.funding);
      try {
        // The smallest plausible maximum first: every plausible daily limit allows one payment of it.
        if (!(await pay('1000.00')))
          return ctx.observe('payment maximum', 'below 1000.00 EUR: none of the values the sandbox plays');
        const overSmallest = await pay('1000.01');
        await cancelOpen();
        // The daily limit: payments of 1000.00 (within any plausible maximum) summed to each plausible bound, then one cent more.
        let sum = 0;
        let daily: string | undefined;
        for (const bound of expect.daily) {
          while (sum < cents(bound)) {
            if (!(await pay('1000.00')))
              return ctx.observe(
                'daily payment limit',
                `a payment refused with ${euros(sum)} EUR initiated today: none of the values the sandbox plays`,
              );
            sum += 100_000;
          }
          if (!(await pay('0.01'))) {
            daily = bound;
            break;
          }
          sum += 1;
        }
        await cancelOpen();
        // 50,000.01 EUR in one day accepted is taken as no daily limit.
        if (daily === '50000.00')
          ctx.observe('daily payment limit', '50000.00 EUR: none of the values the sandbox plays');
        else ctx.observeSetting('payment.dailyLimit', daily ?? 'none');
        // The maximum: at and one cent over each plausible bound the daily limit lets through.
        if (!overSmallest) return ctx.observeSetting('payment.maximum', '1000.00');
        const limit = daily === undefined ? Infinity : cents(daily);
        for (const bound of ['15000.00', '100000.00']) {
          if (cents(bound) + 1 > limit)
            return ctx.observe('payment maximum', 'above 1000.00 EUR; the daily limit hides which');
          if (!(await pay(bound)))
            return ctx.observe(
              'payment maximum',
              `below ${bound} EUR and above 1000.00: none of the values the sandbox plays`,
            );
          const over = await pay(euros(cents(bound) + 1));
          await cancelOpen();
          if (!over) return ctx.observeSetting('payment.maximum', bound);
        }
        ctx.observe('payment maximum', 'above 100000.00 EUR');
      } finally {
        await cancelOpen();
        await ctx.control().bookTransaction(iban, `-${expect.funding}`);
      }
    },
  }),
];
