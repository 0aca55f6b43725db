/**
 * Payments after acceptance: settlement, its calendar and the ends of a payment's life (scenarios
 * added while measuring the catalogue by mutation testing).
 *
 * When an accepted payment settles is open (spec "States: Payment": moves among ACTC, ACSP, ACSC
 * and RJCT are not shown; PaymentInitiationRequest: future-dating "follows the customer portal's
 * behaviour"), so these scenarios observe the moment a payment is first seen settled, reading its
 * status a few seconds before and at 06:00 UTC of every day from the day it may first execute; what
 * the interface states (a settled payment can no longer be cancelled, a cancelled one stays
 * cancelled, an authorisation bound to a changed payee fails, the payment reads back as sent) is
 * asserted.
 */
import type { ScenarioContext } from '../src/kit/context.js';
import { ensure, ensureEqual } from '../src/kit/failure.js';
import { scenario } from '../src/kit/scenario.js';
import { expectRefusal } from './refusal.js';
import {
  answerOf,
  authorisedPayment,
  authorisePayment,
  createdPayment,
  createPayment,
  expectPlausible,
  initiatePayment,
  INSTANT,
  memberOf,
  paymentBody,
  paymentStatus,
  resourceIdOf,
  STANDARD,
  underConsent,
  validConsent,
} from './steps.js';
import { advanceIntoDay } from './time.js';
import { DAY_MS, dayStartMs, isoDate } from '../src/contract/dates.js';

const SIX_AM = 6 * 3600;
/**
 * 05:59:55 UTC: the clock runs on in real time and a move lands up to a second past its aim, so the
 * look "just before 06:00" keeps a few seconds' margin (under load a look at 05:59:59 could fall after it).
 */
const JUST_BEFORE_SIX = SIX_AM - 5;
/** How many days from its first possible day a payment is watched for settlement. */
const WATCH_DAYS = 7;
/** How many years of Good Fridays PIS-SETTLE-009 requests payments for. */
const EASTER_YEARS = 24;
const CANCELLATION_INVALID = { status: 405, code: 'CANCELLATION_INVALID' } as const;

const plusDays = (day: string, days: number) => isoDate(dayStartMs(day) + days * DAY_MS);
const weekday = (day: string) => new Date(dayStartMs(day)).getUTCDay();

/** Easter Sunday of a Gregorian year (anonymous Gregorian algorithm), as YYYY-MM-DD. */
function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const h = (19 * a + b - Math.floor(b / 4) - Math.floor((b - Math.floor((b + 8) / 25) + 1) / 3) + 15) % 30;
  const l = (32 + 2 * (b % 4) + 2 * Math.floor(c / 4) - h - (c % 4)) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The first day strictly after `after` for which `fits` holds (within 20 years). */
function nextDay(after: string, fits: (day: string) => boolean): string {
  for (let day = plusDays(after, 1), n = 0; n < 7400; day = plusDays(day, 1), n += 1) if (fits(day)) return day;
  throw new Error(`no day after ${after} fits`);
}

/** A payment's status as its initiator reads it, held to the TransactionStatus enum (PIS-STATE-1). */
const statusOf = (ctx: ScenarioContext, paymentId: string, product: string) => paymentStatus(ctx, paymentId, product);

const cancel = (ctx: ScenarioContext, paymentId: string, product: string) =>
  ctx.api.cancelPayment({ paymentId, product });

/**
 * Cancellation of an accepted payment is open (Behaviour notes 7: while the customer could still
 * cancel it in the portal): 200 with CANC or 405 CANCELLATION_INVALID, observed; a 200 must carry CANC.
 */
async function cancelObserved(
  ctx: ScenarioContext,
  point: string,
  paymentId: string,
  product: string,
): Promise<boolean> {
  const reply = await cancel(ctx, paymentId, product);
  expectPlausible(ctx, point, reply, [{ status: 200 }, CANCELLATION_INVALID]);
  if (reply.status !== 200) return false;
  ensureEqual(reply.body?.transactionStatus, 'CANC', `${point}: transactionStatus in the 200 answer`);
  return true;
}

/** Once settled a payment can no longer be cancelled: 405 CANCELLATION_INVALID, and it stays ACSC (PIS-CANCEL-3). */
async function settledStaysSettled(
  ctx: ScenarioContext,
  what: string,
  paymentId: string,
  product: string,
): Promise<void> {
  const status = await statusOf(ctx, paymentId, product);
  if (status !== 'ACSC')
    return ctx.unchecked(
      `the refusal to cancel ${what} once settled`,
      `it is ${status}, not ACSC (settlement timing is not shown)`,
    );
  expectRefusal(ctx, await cancel(ctx, paymentId, product), CANCELLATION_INVALID);
  ensureEqual(await statusOf(ctx, paymentId, product), 'ACSC', `status of ${what} after the refused cancellation`);
}

interface Watched {
  label: string;
  paymentId: string;
  product: string;
  /** The first day whose 05:59:55 and 06:00:00 UTC are looked at. */
  from: string;
  /** The first status other than ACSP seen, and when. */
  seen?: { status: string; at: string };
}

/**
 * Walks the clock through 05:59:55 and 06:00:00 UTC of each day from each payment's `from`, for
 * up to WATCH_DAYS days or until it leaves ACSP, reading every payment still in ACSP at each stop
 * (so one settling early is seen too; with `eachAlone`, only the payment whose days are walked: one
 * settled before its first day is then seen at its first stop), then observes when each was first
 * seen otherwise.
 */
async function watchSettlement(
  ctx: ScenarioContext,
  watched: Watched[],
  options: { eachAlone?: boolean } = {},
): Promise<void> {
  const look = async (at: string, current: Watched) => {
    for (const item of options.eachAlone ? [current] : watched) {
      if (item.seen) continue;
      const status = await statusOf(ctx, item.paymentId, item.product);
      if (status !== 'ACSP') item.seen = { status, at };
    }
  };
  for (const item of [...watched].sort((a, b) => a.from.localeCompare(b.from))) {
    for (let offset = 0; offset < WATCH_DAYS && !item.seen; offset += 1) {
      const day = plusDays(item.from, offset);
      for (const secondsIn of [JUST_BEFORE_SIX, SIX_AM]) {
        const at = dayStartMs(day) + secondsIn * 1000;
        if (at <= (await ctx.clock().now()).getTime()) continue;
        await advanceIntoDay(ctx, day, secondsIn);
        await look(new Date(at).toISOString(), item);
      }
    }
  }
  for (const item of watched)
    ctx.observe(
      `first status other than ACSP, and when, of ${item.label}`,
      item.seen ?? { status: 'ACSP', at: `none within ${WATCH_DAYS} days` },
    );
}

/** Moves the clock to 10:00 UTC of the next Friday, the day the Friday scenarios approve on. */
async function approvalFriday(ctx: ScenarioContext): Promise<string> {
  const friday = nextDay(isoDate(await ctx.clock().now()), (day) => weekday(day) === 5);
  await advanceIntoDay(ctx, friday, 10 * 3600);
  return friday;
}

/** A payment the customer approved, expected to be accepted (ACSP right after, PIS-STATE-3) or observed when not. */
async function acceptedPayment(ctx: ScenarioContext, label: string, body: unknown, product = STANDARD) {
  const payment = await authorisedPayment(ctx, body, { product });
  ctx.observe(`status right after the customer approved ${label}`, payment.status);
  return payment;
}

export const settlementScenarios = [
  scenario({
    id: 'PIS-SETTLE-001',
    title:
      'A standard payment approved on a Friday: ACSP after approval and 11 seconds later, when it is first seen settled, and a settled payment refuses cancellation',
    rules: ['PIS-STATE-3', 'PIS-CANCEL-3', 'OPEN-7'],
    spec: 'States: Payment (RCVD → ACSP on authorisation; other moves among ACTC, ACSP, ACSC, RJCT not shown); Behaviour notes / Payments 7 (405 CANCELLATION_INVALID once it cannot be cancelled)',
    area: 'payments',
    approvals: 1,
    needs: ['clock'],
    expect: { accepted: 'ACSP' },
    async run(ctx, expect) {
      const friday = await approvalFriday(ctx);
      const payment = await authorisedPayment(ctx, paymentBody(ctx));
      ensureEqual(payment.status, expect.accepted, 'status of a standard payment right after the customer approved it');
      await ctx.clock().advance('PT11S');
      ctx.observe(
        'status of a standard payment 11 seconds after approval',
        await statusOf(ctx, payment.paymentId, STANDARD),
      );
      await watchSettlement(ctx, [
        {
          label: 'a standard payment approved on a Friday at 10:00 UTC',
          paymentId: payment.paymentId,
          product: STANDARD,
          from: plusDays(friday, 1),
        },
      ]);
      await settledStaysSettled(ctx, 'a standard payment', payment.paymentId, STANDARD);
    },
  }),
  scenario({
    id: 'PIS-SETTLE-010',
    title:
      'Whether a standard payment accepted on a Friday can still be cancelled is observed: CANC, or refused with its status unchanged',
    rules: ['PIS-CANCEL-3', 'OPEN-7'],
    spec: 'Behaviour notes / Payments 7 (cancellable while the customer could still cancel it in the portal; otherwise 405 CANCELLATION_INVALID, the status unchanged)',
    area: 'payments',
    approvals: 1,
    needs: ['clock'],
    expect: {},
    async run(ctx) {
      await approvalFriday(ctx);
      const payment = await acceptedPayment(ctx, 'a standard payment approved on a Friday', paymentBody(ctx));
      if (
        !(await cancelObserved(
          ctx,
          'DELETE on a standard payment in ACSP (not future-dated)',
          payment.paymentId,
          STANDARD,
        ))
      )
        ensureEqual(
          await statusOf(ctx, payment.paymentId, STANDARD),
          payment.status,
          'status after the refused cancellation (as before it)',
        );
    },
  }),
  scenario({
    id: 'PIS-SETTLE-002',
    title:
      'An instant payment: its status right after approval, 8 and 11 seconds later, and once settled it refuses cancellation',
    rules: ['PIS-STATE-3', 'PIS-CANCEL-3', 'OPEN-7'],
    spec: 'States: Payment (RCVD → ACSP on authorisation; other moves among ACTC, ACSP, ACSC, RJCT not shown); Behaviour notes / Payments 7',
    area: 'payments',
    approvals: 1,
    needs: ['clock'],
    expect: {},
    async run(ctx) {
      const payment = await acceptedPayment(ctx, 'an instant payment', paymentBody(ctx), INSTANT);
      for (const [advance, seconds] of [
        ['PT8S', 8],
        ['PT3S', 11],
      ] as const) {
        await ctx.clock().advance(advance);
        ctx.observe(
          `status of an instant payment ${seconds} seconds after approval`,
          await statusOf(ctx, payment.paymentId, INSTANT),
        );
      }
      await settledStaysSettled(ctx, 'an instant payment', payment.paymentId, INSTANT);
    },
  }),
  scenario({
    id: 'PIS-SETTLE-011',
    title: 'Whether an instant payment can still be cancelled 8 seconds after approval, before it settles, is observed',
    rules: ['PIS-CANCEL-3', 'OPEN-7'],
    spec: 'Behaviour notes / Payments 7 (cancellable while the customer could still cancel it in the portal; otherwise 405 CANCELLATION_INVALID)',
    area: 'payments',
    approvals: 1,
    needs: ['clock'],
    expect: {},
    async run(ctx) {
      const payment = await acceptedPayment(ctx, 'an instant payment', paymentBody(ctx), INSTANT);
      await ctx.clock().advance('PT8S');
      await cancelObserved(ctx, 'DELETE on an instant payment 8 seconds after approval', payment.paymentId, INSTANT);
    },
  }),
  scenario({
    id: 'PIS-SETTLE-003',
    title:
      'requestedExecutionDate today and tomorrow: when each is first seen settled, and once settled each refuses cancellation',
    rules: ['PIS-INIT-2', 'PIS-CANCEL-3', 'OPEN-7'],
    spec: 'PaymentInitiationRequest (requestedExecutionDate accepted; future-dating follows the portal); States: Payment (other moves not shown); Behaviour notes / Payments 7',
    area: 'payments',
    approvals: 2,
    needs: ['clock'],
    expect: {},
    async run(ctx) {
      const today = isoDate(await ctx.clock().now());
      const dated = (offset: number) => paymentBody(ctx, { requestedExecutionDate: plusDays(today, offset) });
      const sameDay = await acceptedPayment(ctx, 'a standard payment requested for today', dated(0));
      const tomorrow = await acceptedPayment(ctx, 'a standard payment requested for tomorrow', dated(1));
      const watched: Watched[] = [
        {
          label: 'a standard payment requested for today',
          paymentId: sameDay.paymentId,
          product: STANDARD,
          from: today,
        },
        {
          label: 'a standard payment requested for tomorrow',
          paymentId: tomorrow.paymentId,
          product: STANDARD,
          from: plusDays(today, 1),
        },
      ];
      await watchSettlement(ctx, watched);
      for (const item of watched) await settledStaysSettled(ctx, item.label, item.paymentId, STANDARD);
    },
  }),
  scenario({
    id: 'PIS-SETTLE-012',
    title:
      'Whether accepted payments requested for today and for the day after tomorrow can be cancelled is observed, and a cancelled future-dated payment stays CANC past its date',
    rules: ['PIS-CANCEL-3', 'PIS-STATE-7', 'OPEN-7'],
    spec: 'PaymentInitiationRequest (future-dating follows the portal); States: Payment (DELETE on a cancellable payment: CANC, immediate); Behaviour notes / Payments 7',
    area: 'payments',
    approvals: 2,
    needs: ['clock'],
    expect: { cancelled: 'CANC' },
    async run(ctx, expect) {
      const today = isoDate(await ctx.clock().now());
      const dated = (offset: number) => paymentBody(ctx, { requestedExecutionDate: plusDays(today, offset) });
      const sameDay = await acceptedPayment(ctx, 'a standard payment requested for today', dated(0));
      await cancelObserved(
        ctx,
        'DELETE on an accepted standard payment requested for today',
        sameDay.paymentId,
        STANDARD,
      );
      const later = await acceptedPayment(ctx, 'a standard payment requested for the day after tomorrow', dated(2));
      const cancelled = await cancelObserved(
        ctx,
        'DELETE on an accepted standard payment requested for the day after tomorrow',
        later.paymentId,
        STANDARD,
      );
      if (!cancelled)
        return ctx.unchecked(
          'a cancelled future-dated payment past its date',
          'the target did not cancel the future-dated payment',
        );
      // Past the day it would have executed (a week on: any business day has come): it stays cancelled.
      await advanceIntoDay(ctx, plusDays(today, 2 + WATCH_DAYS), SIX_AM);
      ensureEqual(
        await statusOf(ctx, later.paymentId, STANDARD),
        expect.cancelled,
        'status of the cancelled future-dated payment a week past its date',
      );
      expectRefusal(ctx, await cancel(ctx, later.paymentId, STANDARD), CANCELLATION_INVALID);
      ensureEqual(
        await statusOf(ctx, later.paymentId, STANDARD),
        expect.cancelled,
        'status after the refused second cancellation',
      );
    },
  }),
  scenario({
    id: 'PIS-SETTLE-004',
    title:
      'Payments to an account the bank holds, named as its holder in other case with outer spaces, and (the control) named otherwise: their status after approval',
    rules: ['PIS-STATE-3', 'OPEN-7'],
    spec: 'States: Payment (RCVD → ACSP on authorisation; PDNG: waiting on something, usually the customer confirming the payee); PaymentInitiationRequest (creditorName optional)',
    area: 'payments',
    // One consent of its own to read the holder's name (a scenario approving payments shares none), two payments.
    approvals: 3,
    expect: { plausible: ['ACTC', 'ACSP', 'ACSC', 'PDNG'] },
    async run(ctx, expect) {
      const holder = await holderName(ctx);
      if (!holder)
        return ctx.unchecked(
          'the payee check against the holder’s name',
          'no transaction of the customer’s main account names its holder',
        );
      const payee = ctx.fixtures.ibans.second;
      const cases = [
        {
          label: 'named as the holder in upper case with outer spaces',
          body: paymentBody(ctx, { creditorAccount: { iban: payee }, creditorName: `  ${holder.toUpperCase()} ` }),
        },
        {
          label: 'named otherwise than the holder (the control)',
          body: paymentBody(ctx, { creditorAccount: { iban: payee }, creditorName: 'Not The Account Holder' }),
        },
      ];
      for (const item of cases) {
        const payment = await authorisedPayment(ctx, item.body);
        ensure(
          expect.plausible.includes(payment.status),
          `a payment to an account the bank holds, ${item.label}, is ${payment.status} after approval`,
          { expected: expect.plausible, actual: payment.status },
        );
        ctx.observe(`status after approval of a payment to an account the bank holds, ${item.label}`, payment.status);
      }
    },
  }),
  scenario({
    id: 'PIS-SETTLE-005',
    title:
      'Dynamic linking binds the payee too: when only the persisted creditorName changes after the ceremony was created, the authorisation fails',
    rules: ['PIS-INIT-7'],
    spec: 'Behaviour notes / Payments 1 (the ceremony is bound to the amount and the payee; if the persisted payment changes, the authorisation fails)',
    area: 'payments',
    approvals: 1,
    needs: ['control'],
    expect: { scaStatus: 'failed', never: ['ACSP', 'ACSC', 'PDNG'] },
    async run(ctx, expect) {
      const payment = await authorisedPayment(ctx, paymentBody(ctx), {
        before: (paymentId) => ctx.control().amendPayment(paymentId, { creditorName: 'Another Payee Name' }),
      });
      ensure(
        !expect.never.includes(payment.status),
        `a payment whose payee name changed after the ceremony was created is ${payment.status}`,
      );
      const sca = await ctx.api.getPaymentInitiationScaStatus(payment);
      ensureEqual(sca.body?.scaStatus, expect.scaStatus, 'scaStatus of the authorisation');
      ctx.observe('transactionStatus after the authorisation bound to the old payee name failed', payment.status);
    },
  }),
  scenario({
    id: 'PIS-SETTLE-006',
    title:
      'A payment read returns debtorAccount and creditorAccount exactly as initiated, their currency included, beside one initiated without currencies',
    rules: ['PIS-INIT-5'],
    spec: 'PaymentResponse (debtorAccount, creditorAccount: AccountReference); AccountReference (currency optional)',
    area: 'payments',
    expect: {},
    async run(ctx) {
      for (const currency of [{ currency: 'EUR' }, {}]) {
        const debtorAccount = { iban: ctx.fixtures.ibans.main, ...currency };
        const creditorAccount = { iban: ctx.fixtures.ibans.creditor, ...currency };
        const created = await createPayment(ctx, paymentBody(ctx, { debtorAccount, creditorAccount }));
        const read = await ctx.api.getPaymentInformation(created);
        read.success('the payment read');
        // As sent: a schema's parse would drop a member it does not name.
        const what = 'currency' in currency ? 'with currency' : 'without currency';
        ensureEqual(memberOf(read.json, 'debtorAccount'), debtorAccount, `debtorAccount read back (sent ${what})`);
        ensureEqual(
          memberOf(read.json, 'creditorAccount'),
          creditorAccount,
          `creditorAccount read back (sent ${what})`,
        );
      }
    },
  }),
  scenario({
    id: 'PIS-SETTLE-007',
    title:
      'Future-dated payments on closed days: requested for a Saturday (standard and instant), 25 December, 1 January and 1 May on weekdays: when each is first seen settled',
    rules: ['PIS-INIT-2', 'OPEN-7'],
    spec: 'PaymentInitiationRequest (requestedExecutionDate accepted; future-dating follows the customer portal); States: Payment (other moves among ACTC, ACSP, ACSC, RJCT not shown)',
    area: 'payments',
    approvals: 5,
    needs: ['clock'],
    expect: {},
    async run(ctx) {
      const today = isoDate(await ctx.clock().now());
      const saturday = nextDay(today, (day) => weekday(day) === 6);
      const dates = [
        { label: 'a standard payment requested for a Saturday', day: saturday, product: STANDARD },
        { label: 'an instant payment requested for a Saturday', day: saturday, product: INSTANT },
        {
          label: 'a standard payment requested for 25 December falling on a Monday to Thursday',
          day: nextDay(today, (day) => day.endsWith('-12-25') && weekday(day) >= 1 && weekday(day) <= 4),
          product: STANDARD,
        },
        {
          label: 'a standard payment requested for 1 January falling on a weekday',
          day: nextDay(today, (day) => day.endsWith('-01-01') && weekday(day) >= 1 && weekday(day) <= 5),
          product: STANDARD,
        },
        {
          label: 'a standard payment requested for 1 May falling on a weekday',
          day: nextDay(today, (day) => day.endsWith('-05-01') && weekday(day) >= 1 && weekday(day) <= 5),
          product: STANDARD,
        },
      ];
      await watchFutureDated(ctx, dates);
    },
  }),
  scenario({
    id: 'PIS-SETTLE-008',
    title:
      'Future-dated standard payments around Easter: requested for the next Good Friday, and for the Easter Monday of a year whose Easter Sunday is on day 1 to 9 of its month: when each is first seen settled',
    rules: ['PIS-INIT-2', 'OPEN-7'],
    spec: 'PaymentInitiationRequest (requestedExecutionDate accepted; future-dating follows the customer portal); States: Payment (other moves among ACTC, ACSP, ACSC, RJCT not shown)',
    area: 'payments',
    approvals: 2,
    needs: ['clock'],
    expect: {},
    async run(ctx) {
      const today = isoDate(await ctx.clock().now());
      const easterOf = (day: string) => easterSunday(Number(day.slice(0, 4)));
      const goodFriday = nextDay(today, (day) => plusDays(day, 2) === easterOf(day));
      // A one-digit day of the month: where a date written without its leading zero would show.
      const easterMonday = nextDay(
        today,
        (day) => plusDays(day, -1) === easterOf(day) && Number(easterOf(day).slice(8)) < 10,
      );
      await watchFutureDated(ctx, [
        { label: 'a standard payment requested for Good Friday', day: goodFriday, product: STANDARD },
        {
          label: 'a standard payment requested for Easter Monday (Easter Sunday on day 1 to 9 of its month)',
          day: easterMonday,
          product: STANDARD,
        },
      ]);
    },
  }),
  scenario({
    id: 'PIS-SETTLE-009',
    title: `Standard payments requested for Good Friday of each of the next ${EASTER_YEARS} years (Easter moves: early, late and the calendar's exceptional years): the customer's approval makes each ACSP, and its status at 06:00 UTC on Good Friday, on Easter Monday and on the Tuesday after`,
    rules: ['PIS-INIT-2', 'PIS-STATE-3', 'OPEN-7'],
    spec: 'PaymentInitiationRequest (requestedExecutionDate accepted; future-dating follows the customer portal); States: Payment (RCVD → ACSP on authorisation; other moves among ACTC, ACSP, ACSC, RJCT not shown)',
    area: 'payments',
    approvals: EASTER_YEARS,
    needs: ['clock'],
    expect: { accepted: 'ACSP' },
    async run(ctx, expect) {
      const today = isoDate(await ctx.clock().now());
      const first = Number(today.slice(0, 4)) + 1;
      const payments: { year: number; goodFriday: string; paymentId: string }[] = [];
      for (let n = 0; n < EASTER_YEARS; n += 1) {
        const goodFriday = plusDays(easterSunday(first + n), -2);
        const created = await createPayment(ctx, paymentBody(ctx, { requestedExecutionDate: goodFriday }));
        await authorisePayment(ctx, created);
        ensureEqual(
          await statusOf(ctx, created.paymentId, STANDARD),
          expect.accepted,
          `status right after the customer approved a standard payment requested for ${goodFriday}`,
        );
        payments.push({ year: n + 1, goodFriday, paymentId: created.paymentId });
      }
      // A target closed on Good Friday and Easter Monday executes each on the Tuesday after; one that
      // misplaces Easter executes on Good Friday itself or on the Monday. Each is read only on its own days.
      for (const { year, goodFriday, paymentId } of payments) {
        const seen: Record<string, string> = {};
        for (const [label, offset] of [
          ['Good Friday', 0],
          ['Easter Monday', 3],
          ['the Tuesday after', 4],
        ] as const) {
          await advanceIntoDay(ctx, plusDays(goodFriday, offset), SIX_AM);
          seen[label] = await statusOf(ctx, paymentId, STANDARD);
        }
        ctx.observe(
          `status at 06:00 UTC on Good Friday, Easter Monday and the Tuesday after of a standard payment requested for Good Friday, ${year} year(s) after the current one`,
          { goodFriday, ...seen },
        );
      }
    },
  }),
];

/** The holder of the customer's accounts, as the main account's own movements name them (the debtor of a debit, the creditor of a credit). */
async function holderName(ctx: ScenarioContext): Promise<string | undefined> {
  const { consentId } = await validConsent(ctx);
  const accountId = await resourceIdOf(ctx, consentId, ctx.fixtures.ibans.main);
  const reply = await ctx.api.getTransactionList({
    accountId,
    headers: underConsent(consentId),
    query: { bookingStatus: 'booked' },
  });
  const booked = reply.success('GET transactions').transactions.booked ?? [];
  const names = booked
    .map((row) => (row.transactionAmount.amount.startsWith('-') ? row.debtorName : row.creditorName))
    .filter((name): name is string => Boolean(name));
  const counts = new Map<string, number>();
  for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
  // The name on most of the account's own sides is its holder's.
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
}

/**
 * Future-dated payments approved now, one per requested day, then watched from that day on. A
 * date the target refuses at initiation (too far ahead, a closed day) is observed, not failed:
 * how far ahead future-dating reaches is not shown.
 */
async function watchFutureDated(
  ctx: ScenarioContext,
  dates: { label: string; day: string; product: string }[],
  options: { eachAlone?: boolean; accepted?: string } = {},
): Promise<void> {
  const watched: Watched[] = [];
  for (const { label, day, product } of dates) {
    const body = paymentBody(ctx, { requestedExecutionDate: day });
    const reply = await initiatePayment(ctx, body, { product });
    if (reply.status !== 201) {
      ctx.observe(`initiation of ${label}`, answerOf(reply));
      ctx.unchecked(`when ${label} settles`, `the target refused the requested date ${day}`);
      continue;
    }
    const created = createdPayment(reply);
    await authorisePayment(ctx, created, { product });
    const after = await statusOf(ctx, created.paymentId, product);
    if (options.accepted === undefined) ctx.observe(`status right after the customer approved ${label}`, after);
    else ensureEqual(after, options.accepted, `status right after the customer approved ${label}`);
    watched.push({ label, paymentId: created.paymentId, product, from: day });
  }
  await watchSettlement(ctx, watched, options);
}
