/**
 * Payment outcomes: what each check of an initiation decides (scenarios added while measuring the
 * catalogue by mutation testing). Where the interface leaves the answer open — the payment maximum
 * and daily limits (Limits: not shown), which creditor countries are reachable, which balance funds
 * a payment, how two bodies are compared for idempotency, lengths and formats of optional fields —
 * the answers are observed at both sides of the line the target draws, never failed, while each
 * scenario holds a control the interface does state (an unknown debtor or an unroutable creditor is
 * PAYMENT_FAILED, one fixed answer for every cause; a new key makes a new payment; a missing member
 * is a FORMAT_ERROR naming it).
 */
import { randomUUID } from 'node:crypto';
import { formatCents, IBAN_LENGTHS, makeIban, toCents } from '../src/contract/index.js';
import type { Reply } from '../src/kit/client.js';
import type { ScenarioContext } from '../src/kit/context.js';
import { ensure, ensureEqual, Inconclusive } from '../src/kit/failure.js';
import type { Answer } from '../src/kit/operations.js';
import { scenario } from '../src/kit/scenario.js';
import { expectRefusal } from './refusal.js';
import {
  answerOf,
  ATTENDED,
  authorisedPayment,
  codeOf,
  createdPayment,
  createPayment,
  dateAfter,
  deadIbanLike,
  expectPlausible,
  initiatePayment,
  paymentBody,
  paymentIdOf,
  type PaymentCreation,
  resourceIdOf,
  SHARED_READ,
  sharedReadConsent,
  STANDARD,
  underConsent,
} from './steps.js';
import { advanceToTimeOfDay } from './time.js';

type Body = Record<string, unknown>;

const PAYMENT_FAILED = { status: '4xx', code: 'PAYMENT_FAILED' } as const;
const ACCEPTED = { status: 201 } as const;

/** An amount of whole cents as the interface writes it. */
const euros = formatCents;
const centsOf = toCents;

const withAmount = (ctx: ScenarioContext, amount: string, overrides: Body = {}) =>
  paymentBody(ctx, { instructedAmount: { currency: 'EUR', amount }, ...overrides });

/**
 * The refusal every PAYMENT_FAILED must equal (spec "Behaviour notes: Payments" 4, Errors rule 1): a
 * debtor account the service does not hold. A target that refuses nothing fails here.
 */
async function referenceFailure(ctx: ScenarioContext): Promise<Answer<PaymentCreation>> {
  const reply = await initiatePayment(
    ctx,
    paymentBody(ctx, {
      debtorAccount: { iban: ctx.fixtures.ibans.notHeld },
      creditorAccount: { iban: ctx.fixtures.ibans.main },
    }),
  );
  expectRefusal(ctx, reply, { code: 'PAYMENT_FAILED' });
  ensureEqual(
    reply.messages?.map((item) => item.path),
    [undefined],
    'PAYMENT_FAILED carries one message and no path',
  );
  return reply;
}

/** Payments a scenario created, cancelled at its end so no later scenario meets them in a daily sum. */
class Created {
  private readonly ids: { paymentId: string; product: string }[] = [];
  add(paymentId: string, product = STANDARD): void {
    this.ids.push({ paymentId, product });
  }
  /** Best effort: a payment the target no longer lets go of is left as it is. */
  async cancelAll(ctx: ScenarioContext): Promise<void> {
    for (const { paymentId, product } of this.ids.splice(0)) {
      try {
        await ctx.api.cancelPayment({ paymentId, product });
      } catch {
        // cleaning up only
      }
    }
  }
}

/**
 * An initiation the interface lets a target accept or refuse as PAYMENT_FAILED (a limit, funds, a
 * creditor's reach): observed; an acceptance is RCVD, a refusal is byte for byte the reference one.
 */
async function outcome(
  ctx: ScenarioContext,
  point: string,
  reply: Answer<PaymentCreation>,
  reference: Reply,
  created: Created,
  product = STANDARD,
): Promise<'accepted' | 'refused'> {
  expectPlausible(ctx, point, reply, [ACCEPTED, PAYMENT_FAILED]);
  if (reply.status === 201) {
    const payment = createdPayment(reply);
    ensureEqual(payment.transactionStatus, 'RCVD', `${point}: transactionStatus of the accepted initiation`);
    created.add(payment.paymentId, product);
    return 'accepted';
  }
  ensureEqual(
    [reply.status, reply.text],
    [reference.status, reference.text],
    `${point}: status and body against the reference PAYMENT_FAILED (one fixed answer for every cause)`,
  );
  return 'refused';
}

/** An optional fixture IBAN of the target (`ibans.closed`, `ibans.held`), which the scenario declares it needs. */
function fixtureIban(ctx: ScenarioContext, name: 'closed' | 'held'): string {
  const iban = ctx.fixtures.ibans[name];
  if (iban === undefined) throw new Inconclusive(`the target declares ${name}-account but gives no ibans.${name}`);
  return iban;
}

/**
 * Each payment is refused byte for byte as the reference PAYMENT_FAILED; the control, the default
 * payment from the customer's live account, is accepted (and cancelled), so a target that refuses
 * everything cannot pass.
 */
async function expectRefusedLikeReference(
  ctx: ScenarioContext,
  payments: [string, Body][],
  accepted: string,
): Promise<void> {
  const reference = await referenceFailure(ctx);
  for (const [what, body] of payments) {
    const reply = await initiatePayment(ctx, body);
    expectRefusal(ctx, reply, { code: 'PAYMENT_FAILED' });
    ensureEqual(
      [reply.status, reply.text],
      [reference.status, reference.text],
      `${what} against the reference PAYMENT_FAILED`,
    );
  }
  const created = new Created();
  try {
    const control = await createPayment(ctx, paymentBody(ctx));
    created.add(control.paymentId);
    ensureEqual(
      control.transactionStatus,
      accepted,
      'transactionStatus of the same payment from the customer’s account',
    );
  } finally {
    await created.cancelAll(ctx);
  }
}

/** A refusal's answer (status, code, path; the text is free wording): what the target chose, observed. */
function observeRefusal(ctx: ScenarioContext, point: string, reply: Reply): void {
  ctx.observe(point, answerOf(reply));
}

/** A payment initiation sent as these exact bytes (key order, white space), headers as `initiatePayment` sends them. */
function initiateRaw(ctx: ScenarioContext, raw: string, requestId: string): Promise<Reply> {
  return ctx.api.call({
    method: 'POST',
    path: '/v1/payments/sepa-credit-transfers',
    headers: { 'TPP-Redirect-URI': ctx.fixtures.redirectUri, ...ATTENDED },
    rawBody: raw,
    requestId,
  });
}

/**
 * A second initiation under a key already bound, with a body the interface lets a target call the
 * same or different: the first payment again, or 409 REQUEST_ID_REUSED — never a new payment.
 */
function expectSameOrConflict(ctx: ScenarioContext, point: string, reply: Reply, firstId: string): void {
  expectPlausible(ctx, point, reply, [ACCEPTED, { status: 409, code: 'REQUEST_ID_REUSED' }]);
  if (reply.status === 201)
    ensureEqual(paymentIdOf(reply), firstId, `${point}: a key bound to a payment answers that payment`);
  ctx.observe(`${point}: what the key resolved to`, reply.status === 201 ? 'the first payment' : codeOf(reply));
}

/**
 * Example accounts of every SEPA scheme country (EU, EEA, CH, GB, MC, SM, AD, VA) and Gibraltar, in
 * each country's own BBAN format; the check digits are computed, so each IBAN is well-formed.
 */
const SEPA_BBANS: Readonly<Record<string, string>> = {
  AT: '1904300234573201',
  BE: '539007547034',
  BG: 'BNBG96611020345678',
  CY: '002001280000001200527600',
  CZ: '08000000192000145399',
  DE: '370400440532013000',
  DK: '00400440116243',
  EE: '2200221020145685',
  ES: '21000418450200051332',
  FI: '12345600000785',
  FR: '20041010050500013M02606',
  GR: '01101250000000012300695',
  HR: '10010051863000160',
  HU: '117730161111101800000000',
  IE: 'AIBK93115212345678',
  IT: 'X0542811101000000123456',
  LT: '1000011101001000',
  LU: '0019400644750000',
  LV: 'BANK0000435195001',
  MT: 'MALT011000012345MTLCAST001S',
  NL: 'ABNA0417164300',
  PL: '109010140000071219812874',
  PT: '000201231234567890154',
  RO: 'AAAA1B31007593840000',
  SE: '50000000058398257466',
  SI: '263300012039086',
  SK: '12000000198742637541',
  IS: '0159260076545510730339',
  LI: '088100002324013AA',
  NO: '86011117947',
  CH: '00762011623852957',
  GB: 'NWBK60161331926819',
  MC: '11222000010123456789030',
  SM: 'U0322509800000000270100',
  AD: '00012030200359100100',
  VA: '001123000012345678',
  GI: 'NWBK000000007099453',
};

/** Countries with an IBAN format of their own at the edge of SEPA (candidates, territories, neighbours). */
const EDGE_BBANS: Readonly<Record<string, string>> = {
  AL: '212110090000000235698741',
  ME: '505000012345678951',
  MD: 'AG000225100013104168',
  MK: '250120000058984',
  FO: '64600001631634',
  GL: '64710001000206',
};

function exampleIban(country: string, bban: string): string {
  const iban = makeIban(country, bban);
  ensureEqual(iban.length, IBAN_LENGTHS[country], `length of the kit's example IBAN for ${country}`);
  return iban;
}

/**
 * A well-formed IBAN of another country whose BBAN starts with the customer's bank code: an account
 * at some other bank that only shares those characters with the service's own IBANs.
 */
function foreignTwinOf(iban: string): string {
  const country = iban.startsWith('AT') ? 'BE' : 'AT';
  const length = IBAN_LENGTHS[country] ?? 20;
  const code = iban.slice(4, 12);
  return makeIban(country, `${code}${'0'.repeat(length - 4 - code.length - 1)}7`);
}

/** Moves the clock to the start of the next UTC day, so no payment initiated earlier counts towards a daily sum. */
async function freshDay(ctx: ScenarioContext): Promise<void> {
  await advanceToTimeOfDay(ctx, '00:00:10');
}

/** Funds the customer's main account for the duration of `steps`, and takes the money back after. */
async function withFunds(ctx: ScenarioContext, amount: string, steps: () => Promise<void>): Promise<void> {
  await ctx.control().bookTransaction(ctx.fixtures.ibans.main, amount);
  try {
    await steps();
  } finally {
    await ctx.control().bookTransaction(ctx.fixtures.ibans.main, `-${amount}`);
  }
}

export const paymentOutcomeScenarios = [
  scenario({
    id: 'PIS-OUTCOME-001',
    title:
      'The payment maximum and the daily limit are observed a cent either side of where the target draws them, on a funded account, each refusal the one PAYMENT_FAILED',
    rules: ['OPEN-17', 'PIS-INIT-11', 'PIS-INIT-12'],
    spec: 'Limits (payment amount maximum and daily payment limits: not shown); Behaviour notes / Payments 4 (a limit is PAYMENT_FAILED, one fixed sentence)',
    area: 'payments',
    needs: ['control', 'clock'],
    // The sandbox's lines (docs/interpretations.md): 15,000.00 a payment, 25,000.00 a debtor account a UTC day.
    expect: {
      funding: '40000.00',
      overMaximum: '15000.01',
      maximum: '15000.00',
      overRest: '10000.01',
      rest: '10000.00',
      cent: '0.01',
    },
    async run(ctx, expect) {
      const reference = await referenceFailure(ctx);
      await freshDay(ctx);
      const created = new Created();
      await withFunds(ctx, expect.funding, async () => {
        try {
          const pay = async (amount: string, what: string, debtor = ctx.fixtures.ibans.main) =>
            outcome(
              ctx,
              `payment of ${amount} EUR ${what} (limits not shown)`,
              await initiatePayment(ctx, withAmount(ctx, amount, { debtorAccount: { iban: debtor } })),
              reference,
              created,
            );
          const overMaximum = await pay(expect.overMaximum, 'as the first payment of the day');
          const maximum = await pay(expect.maximum, 'as the first payment of the day');
          ensure(
            !(overMaximum === 'accepted' && maximum === 'refused'),
            `${expect.overMaximum} EUR was accepted where ${expect.maximum} EUR was refused: no maximum lies between them`,
          );
          await pay(expect.overRest, `after ${expect.maximum} EUR initiated today`);
          await pay(expect.rest, `after ${expect.maximum} EUR initiated today`);
          await pay(expect.cent, `after ${expect.maximum} and ${expect.rest} EUR initiated today`);
          // The daily sum is the debtor account's: the customer's other account is not touched by it.
          await pay(
            expect.cent,
            `from the customer's other account while the first one has initiated ${expect.maximum} and ${expect.rest} EUR today`,
            ctx.fixtures.ibans.second,
          );
        } finally {
          await created.cancelAll(ctx);
        }
      });
    },
  }),
  scenario({
    id: 'PIS-OUTCOME-002',
    title:
      'A cancelled and a rejected payment are observed against the daily limit: what a target sums once payments end',
    rules: ['OPEN-17', 'PIS-INIT-12'],
    spec: 'Limits (daily payment limits: not shown); States: Payment (DELETE → CANC; the customer declines → the payment fails); Behaviour notes / Payments 4',
    area: 'payments',
    needs: ['control', 'clock'],
    approvals: 1,
    // The sandbox sums the payments initiated that day that are not RJCT or CANC (docs/interpretations.md).
    // A target whose maximum for one payment is below `large` gets `smaller` instead (the maximum is not shown either).
    expect: {
      funding: '40000.00',
      large: '15000.00',
      smaller: '1000.00',
      rest: '10000.00',
      cent: '0.01',
      cancelled: 'CANC',
    },
    async run(ctx, expect) {
      const reference = await referenceFailure(ctx);
      await freshDay(ctx);
      const created = new Created();
      await withFunds(ctx, expect.funding, async () => {
        try {
          const pay = async (amount: string, what: string) => {
            const reply = await initiatePayment(ctx, withAmount(ctx, amount));
            await outcome(ctx, `payment of ${amount} EUR ${what} (daily limit not shown)`, reply, reference, created);
            return paymentIdOf(reply);
          };
          let large = expect.large;
          let first = await pay(large, 'as the first payment of the day');
          if (!first) {
            large = expect.smaller;
            first = await pay(large, `as the first payment of the day, ${expect.large} EUR refused`);
          }
          await pay(expect.rest, `after ${large} EUR today`);
          await pay(expect.cent, `after ${large} and ${expect.rest} EUR today`);
          if (!first)
            return ctx.unchecked(
              'what a cancelled payment leaves of the daily sum',
              `the target refused ${expect.large} and ${expect.smaller} EUR as a first payment`,
            );
          const cancel = async (paymentId: string, what: string) => {
            const cancelled = await ctx.api.cancelPayment({ paymentId });
            ctx.observe(`answer to cancelling ${what} (cancellable in the portal: not stated)`, cancelled.status);
            if (cancelled.status === 200)
              ensureEqual(
                cancelled.body?.transactionStatus,
                expect.cancelled,
                'transactionStatus in the DELETE answer',
              );
          };
          await cancel(first, `the first RCVD payment of ${large} EUR`);
          const again = await pay(large, `after ${large} EUR cancelled and ${expect.rest} EUR initiated today`);
          if (!again)
            return ctx.unchecked(
              'what a declined payment leaves of the daily sum',
              `the target refused ${large} EUR after the first one was cancelled`,
            );
          await cancel(again, `the second RCVD payment of ${large} EUR`);
          // The customer declines a payment of the same size: it ends without being executed.
          const declined = await authorisedPayment(ctx, withAmount(ctx, large), { decision: 'decline' });
          created.add(declined.paymentId);
          ctx.observe('status of a payment the customer declined', declined.status);
          await pay(
            large,
            `after two payments of ${large} EUR cancelled, one of ${large} EUR declined and ${expect.rest} EUR initiated today`,
          );
          // The control: what is still alive keeps counting.
          await pay(expect.cent, `after ${large} and ${expect.rest} EUR alive, others ended, today`);
        } finally {
          await created.cancelAll(ctx);
        }
      });
    },
  }),
  scenario({
    id: 'PIS-OUTCOME-003',
    title:
      'A payment of exactly the available balance, and of one cent more, is observed against the balance the account reports',
    rules: ['PIS-INIT-11', 'PIS-INIT-12'],
    spec: 'Behaviour notes / Payments 4 (insufficient funds: PAYMENT_FAILED); BalanceResponse (closingBooked, interimAvailable)',
    area: 'payments',
    shares: [SHARED_READ],
    expect: { balanceType: 'interimAvailable' },
    async run(ctx, expect) {
      const reference = await referenceFailure(ctx);
      const { consentId } = await sharedReadConsent(ctx);
      const accountId = await resourceIdOf(ctx, consentId, ctx.fixtures.ibans.main);
      const read = await ctx.api.getBalances({ accountId, headers: underConsent(consentId) });
      const { balances } = read.success('GET balances');
      const balance =
        balances.find((item) => item.balanceType === expect.balanceType) ??
        balances.find((item) => item.balanceType === 'closingBooked');
      ensure(balance, 'the balances carry interimAvailable or closingBooked');
      ctx.observe('balance a payment is held against here', balance.balanceType);
      const available = centsOf(balance.balanceAmount.amount);
      if (available <= 1)
        return ctx.unchecked(
          'a payment of the whole available balance',
          `the account holds ${balance.balanceAmount.amount} EUR`,
        );
      const created = new Created();
      try {
        for (const [cents, what] of [
          [available, 'exactly the available balance'],
          [available + 1, 'one cent more than the available balance'],
        ] as const) {
          await outcome(
            ctx,
            `payment of ${what} (which balance funds a payment: not shown)`,
            await initiatePayment(ctx, withAmount(ctx, euros(cents))),
            reference,
            created,
          );
        }
      } finally {
        await created.cancelAll(ctx);
      }
    },
  }),
  scenario({
    id: 'PIS-OUTCOME-004',
    title:
      'A payment from an account to itself is observed (accepted, or the one PAYMENT_FAILED), while a payment to the customer’s other account is accepted',
    rules: ['PIS-INIT-10', 'PIS-INIT-12', 'PIS-INIT-4'],
    spec: 'PaymentInitiationRequest (the creditor IBAN must be routable); Behaviour notes / Payments 3-4',
    area: 'payments',
    expect: { transactionStatus: 'RCVD' },
    async run(ctx, expect) {
      const reference = await referenceFailure(ctx);
      const created = new Created();
      try {
        const { main, second } = ctx.fixtures.ibans;
        await outcome(
          ctx,
          'payment whose creditor is its own debtor account',
          await initiatePayment(ctx, paymentBody(ctx, { creditorAccount: { iban: main } })),
          reference,
          created,
        );
        // The control: an account the service holds and keeps live is a routable creditor.
        const other = createdPayment(
          await initiatePayment(ctx, paymentBody(ctx, { creditorAccount: { iban: second } })),
        );
        created.add(other.paymentId);
        ensureEqual(
          other.transactionStatus,
          expect.transactionStatus,
          'transactionStatus of a payment to the customer’s other account',
        );
      } finally {
        await created.cancelAll(ctx);
      }
    },
  }),
  scenario({
    id: 'PIS-OUTCOME-005',
    title:
      'Creditors in every SEPA country, at the edge of SEPA, and abroad under the service’s bank code are observed, while the service’s own IBAN without an account is PAYMENT_FAILED',
    rules: ['PIS-INIT-10', 'PIS-INIT-12'],
    spec: 'What the service does (single SEPA credit transfers); PaymentInitiationRequest (the IBAN must be routable); Behaviour notes / Payments 3',
    area: 'payments',
    expect: {},
    async run(ctx) {
      const reference = await referenceFailure(ctx);
      const created = new Created();
      try {
        const dead = await initiatePayment(
          ctx,
          paymentBody(ctx, { creditorAccount: { iban: deadIbanLike(ctx.fixtures.ibans.main) } }),
        );
        expectRefusal(ctx, dead, { code: 'PAYMENT_FAILED' });
        ensureEqual(
          [dead.status, dead.text],
          [reference.status, reference.text],
          'a service IBAN without an account against the reference PAYMENT_FAILED',
        );
        const reached: Record<string, string> = {};
        for (const [group, bbans] of [
          ['SEPA', SEPA_BBANS],
          ['edge', EDGE_BBANS],
        ] as const) {
          for (const [country, bban] of Object.entries(bbans)) {
            const iban = exampleIban(country, bban);
            const reply = await initiatePayment(ctx, paymentBody(ctx, { creditorAccount: { iban } }));
            reached[`${group} ${country}`] = await outcome(
              ctx,
              `creditor in ${country} (${group})`,
              reply,
              reference,
              created,
            );
          }
        }
        ctx.observe(
          'creditor countries refused',
          Object.entries(reached)
            .filter(([, result]) => result === 'refused')
            .map(([where]) => where),
        );
        const twin = foreignTwinOf(ctx.fixtures.ibans.main);
        await outcome(
          ctx,
          'creditor abroad whose BBAN starts with the service’s bank code',
          await initiatePayment(ctx, paymentBody(ctx, { creditorAccount: { iban: twin } })),
          reference,
          created,
        );
      } finally {
        await created.cancelAll(ctx);
      }
    },
  }),
  scenario({
    id: 'PIS-OUTCOME-006',
    title:
      'Idempotency compares bodies as the target chooses (key order and white space, 12.5 against 12.50, null, arrays, the key’s letter case): observed, never a second payment under a bound key',
    rules: ['PIS-IDEM-1', 'PIS-IDEM-2'],
    spec: 'Behaviour notes / Payments 6 (same key, same body: the first payment; same key, different body: 409 REQUEST_ID_REUSED); Request headers (X-Request-ID: UUID)',
    area: 'payments',
    expect: {},
    async run(ctx) {
      const created = new Created();
      try {
        // Key order and white space: the same JSON object written another way.
        const key = randomUUID();
        const body = paymentBody(ctx);
        const first = await createPayment(ctx, body, { requestId: key });
        created.add(first.paymentId);
        const reordered = Object.fromEntries(
          Object.entries(body)
            .reverse()
            .map(([name, value]) => [
              name,
              value && typeof value === 'object' ? Object.fromEntries(Object.entries(value).reverse()) : value,
            ]),
        );
        expectSameOrConflict(
          ctx,
          'the same body with its keys in reverse order and other white space',
          await initiateRaw(ctx, JSON.stringify(reordered, null, 2), key),
          first.paymentId,
        );
        // The control: the same body under a new key is a new payment.
        const fresh = await createPayment(ctx, body, { requestId: randomUUID() });
        created.add(fresh.paymentId);
        ensure(
          fresh.paymentId !== first.paymentId,
          'the same body under another X-Request-ID creates another payment',
          { actual: fresh.paymentId },
        );

        // The same amount in another spelling.
        const amountKey = randomUUID();
        const short = await createPayment(ctx, withAmount(ctx, '12.5'), { requestId: amountKey });
        created.add(short.paymentId);
        expectSameOrConflict(
          ctx,
          'amount "12.50" under the key bound with amount "12.5"',
          await initiatePayment(ctx, withAmount(ctx, '12.50'), { requestId: amountKey }),
          short.paymentId,
        );

        // A member the interface does not define, null: accepted or refused; if accepted, a replay is the same payment.
        const nullKey = randomUUID();
        const withNull = { ...paymentBody(ctx), xs2aKitNote: null };
        const nulled = await initiatePayment(ctx, withNull, { requestId: nullKey });
        expectPlausible(ctx, 'a body with an undefined member set to null', nulled, [
          ACCEPTED,
          { status: 400, code: 'FORMAT_ERROR' },
        ]);
        if (nulled.status === 201) {
          const id = createdPayment(nulled).paymentId;
          created.add(id);
          const again = await initiatePayment(ctx, withNull, { requestId: nullKey });
          ensureEqual(
            [again.status, paymentIdOf(again)],
            [201, id],
            'status and paymentId of the same body with a null member sent again under its key',
          );
        }

        // An undefined member holding an array, then an object with the same positions, then another array.
        const arrayKey = randomUUID();
        const listed = await initiatePayment(
          ctx,
          { ...paymentBody(ctx), xs2aKitNote: ['a', 'b'] },
          { requestId: arrayKey },
        );
        expectPlausible(ctx, 'a body with an undefined member holding an array', listed, [
          ACCEPTED,
          { status: 400, code: 'FORMAT_ERROR' },
        ]);
        if (listed.status === 201) {
          const id = createdPayment(listed).paymentId;
          created.add(id);
          for (const [what, note] of [
            ['an object with the array’s positions as keys', { 0: 'a', 1: 'b' }],
            ['the array in another order', ['b', 'a']],
            ['another array', ['c']],
          ] as const) {
            expectSameOrConflict(
              ctx,
              `the undefined member as ${what} under the key bound with an array`,
              await initiatePayment(ctx, { ...paymentBody(ctx), xs2aKitNote: note }, { requestId: arrayKey }),
              id,
            );
          }
        }

        // Two arrays of numbers whose digits run together: [1, 2] and [12] are different bodies.
        const digitsKey = randomUUID();
        const pair = await initiatePayment(ctx, { ...paymentBody(ctx), xs2aKitNote: [1, 2] }, { requestId: digitsKey });
        expectPlausible(ctx, 'a body with an undefined member holding [1, 2]', pair, [
          ACCEPTED,
          { status: 400, code: 'FORMAT_ERROR' },
        ]);
        if (pair.status === 201) {
          const id = createdPayment(pair).paymentId;
          created.add(id);
          expectSameOrConflict(
            ctx,
            'the undefined member as [12] under the key bound with [1, 2]',
            await initiatePayment(ctx, { ...paymentBody(ctx), xs2aKitNote: [12] }, { requestId: digitsKey }),
            id,
          );
        }

        // The key's letter case: a UUID is one value whichever case its hex digits take (RFC 9562).
        const caseKey = randomUUID();
        const lower = await createPayment(ctx, paymentBody(ctx), { requestId: caseKey });
        created.add(lower.paymentId);
        const upper = await initiatePayment(ctx, paymentBody(ctx), { requestId: caseKey.toUpperCase() });
        ensure(
          upper.status === 201 || upper.status === 409 || upper.status === 400,
          `the same body under the key in capitals answered ${upper.status}`,
          { actual: upper.json ?? upper.text },
        );
        if (upper.status === 201 && paymentIdOf(upper) !== lower.paymentId) created.add(String(paymentIdOf(upper)));
        ctx.observe(
          'the same body under its key written in capitals',
          upper.status === 201
            ? paymentIdOf(upper) === lower.paymentId
              ? 'the first payment'
              : 'another payment'
            : answerOf(upper),
        );
      } finally {
        await created.cancelAll(ctx);
      }
    },
  }),
  scenario({
    id: 'PIS-OUTCOME-007',
    title:
      'A null debtorAccount, instructedAmount or creditorAccount is FORMAT_ERROR naming it; a missing body, a body that is no JSON object, and a currency that is an array, are refused with 400 as observed',
    rules: ['PIS-INIT-1', 'PIS-INIT-13', 'ERR-2', 'AMOUNT-3'],
    spec: 'PaymentInitiationRequest (debtorAccount, instructedAmount, creditorAccount required); Behaviour notes / Payments 5 (malformed input says what is wrong); TppMessages (path)',
    area: 'payments',
    expect: { missing: { status: 400, code: 'FORMAT_ERROR' }, product: 'PRODUCT_INVALID' },
    async run(ctx, expect) {
      const created = new Created();
      try {
        const key = randomUUID();
        for (const field of ['debtorAccount', 'instructedAmount', 'creditorAccount'] as const) {
          expectRefusal(ctx, await initiatePayment(ctx, paymentBody(ctx, { [field]: null }), { requestId: key }), {
            ...expect.missing,
            path: field,
          });
        }
        for (const [what, body] of [
          ['an empty JSON array', []],
          ['a JSON array holding a valid payment', [paymentBody(ctx)]],
        ] as const) {
          const reply = await initiatePayment(ctx, body, { requestId: key });
          ensureEqual(reply.status, 400, `status of a payment initiation whose body is ${what}`);
          observeRefusal(ctx, `a payment initiation whose body is ${what}`, reply);
        }
        for (const [what, raw] of [
          ['JSON null', 'null'],
          ['a JSON string', '"sepa"'],
        ] as const) {
          const reply = await initiateRaw(ctx, raw, key);
          ensureEqual(reply.status, 400, `status of a payment initiation whose body is ${what}`);
          observeRefusal(ctx, `a payment initiation whose body is ${what}`, reply);
        }
        // No body at all: nothing to read a payment from.
        const bodiless = await ctx.api.call({
          method: 'POST',
          path: '/v1/payments/sepa-credit-transfers',
          headers: { 'TPP-Redirect-URI': ctx.fixtures.redirectUri, ...ATTENDED },
          requestId: key,
        });
        ensureEqual(bodiless.status, 400, 'status of a payment initiation without a body');
        observeRefusal(ctx, 'a payment initiation without a body', bodiless);
        const listed = await initiatePayment(
          ctx,
          paymentBody(ctx, { instructedAmount: { currency: ['USD'], amount: ctx.fixtures.amounts.small } }),
          { requestId: key },
        );
        expectPlausible(ctx, 'instructedAmount.currency ["USD"] (an array, not a code)', listed, [
          { status: 400, code: 'FORMAT_ERROR' },
          { status: '4xx', code: expect.product },
        ]);
        const usd = await initiatePayment(
          ctx,
          paymentBody(ctx, { instructedAmount: { currency: 'USD', amount: ctx.fixtures.amounts.small } }),
          { requestId: key },
        );
        expectRefusal(ctx, usd, { code: expect.product, path: 'instructedAmount.currency' });
        observeRefusal(ctx, 'instructedAmount.currency "USD": the refusal', usd);
        // The control, under the same key: the refusals bound nothing, and the request without the change is served.
        created.add((await createPayment(ctx, paymentBody(ctx), { requestId: key })).paymentId);
      } finally {
        await created.cancelAll(ctx);
      }
    },
  }),
  scenario({
    id: 'PIS-OUTCOME-008',
    title:
      'A requestedExecutionDate of yesterday and of today is observed, tomorrow is accepted, and a date that is no date is refused with 400',
    rules: ['PIS-INIT-2', 'PIS-INIT-13'],
    spec: 'PaymentInitiationRequest (requestedExecutionDate: string, date; accepted; future-dating follows the customer portal)',
    area: 'payments',
    needs: ['clock'],
    expect: { transactionStatus: 'RCVD', notADate: '2026-02-30' },
    async run(ctx, expect) {
      const created = new Created();
      try {
        const now = await ctx.clock().now();
        for (const [what, days] of [
          ['yesterday', -1],
          ['today', 0],
        ] as const) {
          const reply = await initiatePayment(ctx, paymentBody(ctx, { requestedExecutionDate: dateAfter(now, days) }));
          expectPlausible(ctx, `requestedExecutionDate ${what} (not stated)`, reply, [
            ACCEPTED,
            { status: 400, code: 'FORMAT_ERROR' },
          ]);
          if (reply.status === 201) created.add(createdPayment(reply).paymentId);
          else {
            ensureEqual(
              answerOf(reply).path,
              'requestedExecutionDate',
              `path of the refusal of requestedExecutionDate ${what}`,
            );
          }
        }
        const tomorrow = createdPayment(
          await initiatePayment(ctx, paymentBody(ctx, { requestedExecutionDate: dateAfter(now, 1) })),
        );
        created.add(tomorrow.paymentId);
        ensureEqual(
          tomorrow.transactionStatus,
          expect.transactionStatus,
          'transactionStatus with requestedExecutionDate tomorrow',
        );
        const invalid = await initiatePayment(ctx, paymentBody(ctx, { requestedExecutionDate: expect.notADate }));
        ensureEqual(invalid.status, 400, `status with requestedExecutionDate ${expect.notADate} (no such day)`);
        ctx.observe(`requestedExecutionDate ${expect.notADate}: the refusal`, answerOf(invalid));
      } finally {
        await created.cancelAll(ctx);
      }
    },
  }),
  scenario({
    id: 'PIS-OUTCOME-009',
    title:
      'A BIC of 8 and of 11 characters is never a format error, malformed BICs and a blank creditorName are observed, and a BIC never makes an unroutable creditor routable',
    rules: ['PIS-INIT-2', 'PIS-INIT-10', 'OPEN-3'],
    spec: 'PaymentInitiationRequest (creditorAccount: AccountReference plus bic, optional, resolved where the service can; the IBAN must be routable); TppMessages (lengths: not shown)',
    area: 'payments',
    expect: {
      bics: ['COBADEFF', 'COBADEFFXXX'],
      malformed: ['XCOBADEFF', 'COBADEFF1', 'COBADEFF12', 'cobadeff'],
      blank: ['   ', ''],
    },
    async run(ctx, expect) {
      const reference = await referenceFailure(ctx);
      const created = new Created();
      const withBic = (bic: string, iban = ctx.fixtures.ibans.creditor) =>
        paymentBody(ctx, { creditorAccount: { iban, bic } });
      try {
        for (const bic of expect.bics)
          await outcome(
            ctx,
            `creditorAccount.bic ${bic}`,
            await initiatePayment(ctx, withBic(bic)),
            reference,
            created,
          );
        for (const bic of expect.malformed) {
          const reply = await initiatePayment(ctx, withBic(bic));
          expectPlausible(ctx, `creditorAccount.bic ${JSON.stringify(bic)} (${bic.length} characters)`, reply, [
            ACCEPTED,
            { status: 400, code: 'FORMAT_ERROR' },
          ]);
          if (reply.status === 201) created.add(createdPayment(reply).paymentId);
          else {
            ensureEqual(answerOf(reply).path, 'creditorAccount.bic', `path of the refusal of bic ${bic}`);
          }
        }
        for (const name of expect.blank) {
          const reply = await initiatePayment(ctx, paymentBody(ctx, { creditorName: name }));
          expectPlausible(ctx, `creditorName ${JSON.stringify(name)}`, reply, [
            ACCEPTED,
            { status: 400, code: 'FORMAT_ERROR' },
          ]);
          if (reply.status === 201) created.add(createdPayment(reply).paymentId);
          else {
            ensureEqual(
              answerOf(reply).path,
              'creditorName',
              `path of the refusal of creditorName ${JSON.stringify(name)}`,
            );
          }
        }
        // The control: a well-formed BIC beside the service's own IBAN with no account behind it.
        const dead = await initiatePayment(
          ctx,
          withBic(expect.bics[0] ?? 'COBADEFF', deadIbanLike(ctx.fixtures.ibans.main)),
        );
        expectRefusal(ctx, dead, { code: 'PAYMENT_FAILED' });
        ensureEqual(
          [dead.status, dead.text],
          [reference.status, reference.text],
          'an unroutable creditor with a BIC against the reference PAYMENT_FAILED',
        );
      } finally {
        await created.cancelAll(ctx);
      }
    },
  }),
  scenario({
    id: 'PIS-OUTCOME-010',
    title:
      'A payment from a closed account, or to it, is the one PAYMENT_FAILED, while the same payment from the customer’s live account is accepted',
    rules: ['PIS-INIT-15', 'PIS-INIT-10', 'PIS-INIT-12'],
    spec: 'Behaviour notes / Payments 3-4 (a service IBAN with no live account, every other initiation failure: PAYMENT_FAILED, one fixed sentence)',
    area: 'payments',
    needs: ['closed-account'],
    expect: { transactionStatus: 'RCVD' },
    async run(ctx, expect) {
      const closed = fixtureIban(ctx, 'closed');
      await expectRefusedLikeReference(
        ctx,
        [
          ['a payment from the closed account', paymentBody(ctx, { debtorAccount: { iban: closed } })],
          ['a payment to the closed account', paymentBody(ctx, { creditorAccount: { iban: closed } })],
        ],
        expect.transactionStatus,
      );
    },
  }),
  scenario({
    id: 'PIS-OUTCOME-011',
    title:
      'A payment from an account under a compliance hold is the one PAYMENT_FAILED, while the same payment from the customer’s account is accepted',
    rules: ['PIS-INIT-14', 'PIS-INIT-12'],
    spec: 'Behaviour notes / Payments 4 (compliance hold: PAYMENT_FAILED, one fixed sentence)',
    area: 'payments',
    needs: ['held-account'],
    expect: { transactionStatus: 'RCVD' },
    async run(ctx, expect) {
      await expectRefusedLikeReference(
        ctx,
        [
          [
            'a payment from the account under a compliance hold',
            paymentBody(ctx, { debtorAccount: { iban: fixtureIban(ctx, 'held') } }),
          ],
        ],
        expect.transactionStatus,
      );
    },
  }),
];
