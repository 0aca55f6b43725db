/**
 * Account content against the ledger: bookings, pending entries, balances, dates and paging edges
 * (scenarios added while measuring the catalogue by mutation testing). Known movements (a control
 * booking, a payment from authorisation to settlement) are read back in the arrays, the balances and
 * their `lastChangeDateTime`; query values the interface leaves unjudged are observed (spec
 * "TransactionsResponse", "BalanceResponse", "Query parameters of GET transactions", "Paging rules").
 */
import { randomUUID } from 'node:crypto';
import { BalanceResponseSchema, toCents, TransactionsResponseSchema } from '../src/contract/index.js';
import type { Reply } from '../src/kit/client.js';
import type { ScenarioContext } from '../src/kit/context.js';
import { ensure, ensureEqual, ensureSchema } from '../src/kit/failure.js';
import { scenario } from '../src/kit/scenario.js';
import {
  authorisedPayment,
  expectPlausible,
  memberOf,
  membersOf,
  paymentBody,
  paymentStatus,
  readData,
  resourceIdOf,
  SHARED_READ,
  sharedReadConsent,
  validConsent,
} from './steps.js';
import { dayOf, isoDate } from '../src/contract/dates.js';

interface Row {
  transactionId: string;
  entryReference: string;
  transactionAmount: { amount: string; currency: string };
  bookingDate?: string | undefined;
  valueDate?: string | undefined;
  remittanceInformationUnstructured?: string | undefined;
}

interface TransactionsPage {
  booked: Row[] | undefined;
  pending: Row[] | undefined;
  next: string | undefined;
  /** The members of `transactions` as sent. */
  members: string[];
}

async function transactionsPage(ctx: ScenarioContext, consentId: string, path: string): Promise<TransactionsPage> {
  const reply = await readData(ctx, consentId, path);
  ensureEqual(reply.status, 200, `status of GET ${path}`);
  const body = ensureSchema(TransactionsResponseSchema, reply.json, 'TransactionsResponse');
  for (const row of [...(body.transactions.booked ?? []), ...(body.transactions.pending ?? [])])
    ensure(row.transactionAmount.currency === 'EUR', 'transactionAmount currency', { actual: row });
  return {
    booked: body.transactions.booked,
    pending: body.transactions.pending,
    next: body.transactions._links?.next?.href,
    members: Object.keys(membersOf(memberOf(reply.json, 'transactions'))).sort(),
  };
}

/** Every page from `first`, following next (at most 20 pages). */
async function allPages(ctx: ScenarioContext, consentId: string, first: string): Promise<TransactionsPage[]> {
  const pages = [await transactionsPage(ctx, consentId, first)];
  while (pages.at(-1)!.next) {
    ensure(pages.length < 20, 'paging does not end within 20 pages');
    pages.push(await transactionsPage(ctx, consentId, pages.at(-1)!.next!));
  }
  return pages;
}

const rowsOf = (pages: readonly TransactionsPage[], list: 'booked' | 'pending') =>
  pages.flatMap((page) => page[list] ?? []);

interface Balances {
  closingBooked: number;
  interimAvailable: number;
  lastChange: string;
}

async function balances(ctx: ScenarioContext, consentId: string, accountId: string): Promise<Balances> {
  const reply = await readData(ctx, consentId, `/v1/accounts/${accountId}/balances`);
  ensureEqual(reply.status, 200, 'status of GET balances');
  const body = ensureSchema(BalanceResponseSchema, reply.json, 'BalanceResponse');
  const of = (type: string) => {
    const item = body.balances.find((balance) => balance.balanceType === type);
    ensure(item, `the balances carry ${type}`, { actual: body.balances });
    return item;
  };
  const closing = of('closingBooked');
  const interim = of('interimAvailable');
  // The later of the two: both describe the same account's last change.
  const lastChange = [closing.lastChangeDateTime, interim.lastChangeDateTime].sort().at(-1)!;
  return {
    closingBooked: toCents(closing.balanceAmount.amount),
    interimAvailable: toCents(interim.balanceAmount.amount),
    lastChange,
  };
}

/**
 * A payment from the customer's main account, authorised and told apart in the ledger by the
 * remittance it sent, with a consent of its own to read the account (attended) and the balances
 * before it; undefined (recorded as not checked) when the target did not accept the payment.
 */
async function paymentInLedger(ctx: ScenarioContext, label: string, accepted: string) {
  const { consentId } = await validConsent(ctx, { ibans: [ctx.fixtures.ibans.main] });
  const main = await resourceIdOf(ctx, consentId, ctx.fixtures.ibans.main);
  const amount = `2.${String(10 + Math.floor(Math.random() * 90))}`;
  const remittance = `${label} ${randomUUID()}`;
  const start = await balances(ctx, consentId, main);
  const from = await ctx.clock().now();
  const payment = await authorisedPayment(
    ctx,
    paymentBody(ctx, { instructedAmount: { currency: 'EUR', amount }, remittanceInformationUnstructured: remittance }),
  );
  const to = await ctx.clock().now();
  if (payment.status !== accepted) {
    ctx.unchecked('a payment in the ledger', `the authorised payment is ${payment.status}, not ${accepted}`);
    return undefined;
  }
  return { consentId, main, amount, remittance, start, from, to, day: isoDate(to), payment };
}

/** The payment's own rows, pending and booked (a target that does not echo its remittance shows none: observed as such). */
async function rowsOfPayment(
  ctx: ScenarioContext,
  ledger: { consentId: string; main: string; remittance: string },
): Promise<{ pending: Row[]; booked: Row[] }> {
  const path = `/v1/accounts/${ledger.main}/transactions`;
  const mine = (rows: Row[]) => rows.filter((row) => row.remittanceInformationUnstructured === ledger.remittance);
  return {
    pending: mine(rowsOf(await allPages(ctx, ledger.consentId, `${path}?bookingStatus=pending`), 'pending')),
    booked: mine(rowsOf(await allPages(ctx, ledger.consentId, `${path}?bookingStatus=booked`), 'booked')),
  };
}

/** What a row carries, without its values: the members sent, sorted. */
const shapeOf = (row: Row) => Object.keys(row).sort();

/** Whether an ISO instant lies within [from, to] (both Dates of the target's clock). */
const within = (at: string, from: Date, to: Date) => Date.parse(at) >= from.getTime() && Date.parse(at) <= to.getTime();

/** Malformed or unusable query values on GET transactions: the answer is not shown. */
const MALFORMED_QUERIES: readonly { label: string; query: string }[] = [
  { label: 'bookingStatus outside its enum (all)', query: 'bookingStatus=all' },
  { label: 'bookingStatus in capitals (BOOKED)', query: 'bookingStatus=BOOKED' },
  { label: 'dateFrom not a calendar date (2026-13-01)', query: 'bookingStatus=booked&dateFrom=2026-13-01' },
  { label: 'dateTo without hyphens (20261124)', query: 'bookingStatus=booked&dateTo=20261124' },
  { label: 'dateTo before dateFrom', query: 'bookingStatus=booked&dateFrom=2026-11-02&dateTo=2026-11-01' },
  { label: 'bookingStatus given twice', query: 'bookingStatus=booked&bookingStatus=pending' },
  { label: 'dateFrom given twice', query: 'bookingStatus=booked&dateFrom=2026-01-01&dateFrom=2026-01-02' },
  { label: 'dateTo given twice', query: 'bookingStatus=booked&dateTo=2026-01-01&dateTo=2026-01-02' },
  { label: 'entryReferenceFrom e00000000', query: 'bookingStatus=booked&entryReferenceFrom=e00000000' },
  { label: 'entryReferenceFrom abc', query: 'bookingStatus=booked&entryReferenceFrom=abc' },
  { label: 'entryReferenceFrom e000000010', query: 'bookingStatus=booked&entryReferenceFrom=e000000010' },
  { label: 'entryReferenceFrom x1-e00000001', query: 'bookingStatus=booked&entryReferenceFrom=x1-e00000001' },
  { label: 'entryReferenceFrom E00000001', query: 'bookingStatus=booked&entryReferenceFrom=E00000001' },
  { label: 'entryReferenceFrom empty', query: 'bookingStatus=booked&entryReferenceFrom=' },
];

export const ledgerContentScenarios = [
  scenario({
    id: 'LEDGER-001',
    title:
      'Malformed or unusable query values on GET transactions (bookingStatus, dates, dateTo before dateFrom, repeated parameters, references never handed out) get an answer the interface leaves open, observed',
    spec: 'Query parameters of GET transactions (dateFrom/dateTo dates, bookingStatus enum, entryReferenceFrom an entryReference); the answer to a value outside them is not shown',
    rules: ['AIS-PAGING-3', 'AIS-PAGING-4', 'AIS-DATA-7'],
    area: 'paging',
    shares: [SHARED_READ],
    expect: { control: 200 },
    async run(ctx, expect) {
      const { consentId } = await sharedReadConsent(ctx);
      const accountId = await resourceIdOf(ctx, consentId, ctx.fixtures.ibans.main);
      const path = `/v1/accounts/${accountId}/transactions`;
      // The control: the well-formed query is served, so every refusal below is about the value.
      const first = await transactionsPage(ctx, consentId, `${path}?bookingStatus=booked`);
      ensureEqual(
        (await readData(ctx, consentId, `${path}?bookingStatus=booked`)).status,
        expect.control,
        'status of the well-formed query',
      );
      const refs = (first.booked ?? []).slice(0, 2).map((row) => encodeURIComponent(row.entryReference));
      ensureEqual(refs.length, 2, 'rows on the first booked page to repeat entryReferenceFrom with');
      // A reference this service did hand out, but for a transaction of the customer's other account.
      const secondId = await resourceIdOf(ctx, consentId, ctx.fixtures.ibans.second);
      const foreign = (
        await transactionsPage(ctx, consentId, `/v1/accounts/${secondId}/transactions?bookingStatus=booked`)
      ).booked?.at(-1);
      const cases = [
        ...MALFORMED_QUERIES,
        {
          label: 'entryReferenceFrom given twice',
          query: `bookingStatus=booked&entryReferenceFrom=${refs[0]}&entryReferenceFrom=${refs[1]}`,
        },
        ...(foreign
          ? [
              {
                label: 'entryReferenceFrom of the oldest transaction of another account',
                query: `bookingStatus=booked&entryReferenceFrom=${encodeURIComponent(foreign.entryReference)}`,
              },
            ]
          : []),
      ];
      // A reference of one of the main account's pending rows, the newest entries where a bank numbers
      // entries in the order they arose, sent on the second account, which holds fewer.
      const pendingRow = (await transactionsPage(ctx, consentId, `${path}?bookingStatus=pending`)).pending?.[0];
      const onSecond = `/v1/accounts/${secondId}/transactions`;
      const everyCase: { label: string; query: string; on?: string }[] = [
        ...cases,
        ...(pendingRow
          ? [
              {
                label: 'entryReferenceFrom of a pending transaction of another account, on an account with fewer',
                query: `bookingStatus=booked&entryReferenceFrom=${encodeURIComponent(pendingRow.entryReference)}`,
                on: onSecond,
              },
            ]
          : []),
      ];
      for (const { label, query, on = path } of everyCase) {
        const reply: Reply = await readData(ctx, consentId, `${on}?${query}`);
        expectPlausible(ctx, `GET transactions with ${label}`, reply, [
          { status: 400, code: 'FORMAT_ERROR' },
          { status: '2xx' },
        ]);
        if (reply.status === 200) {
          const body = ensureSchema(TransactionsResponseSchema, reply.json, `TransactionsResponse for ${label}`);
          ctx.observe(`GET transactions with ${label}: rows served`, {
            booked: body.transactions.booked?.length,
            pending: body.transactions.pending?.length,
            next: body.transactions._links?.next !== undefined,
          });
        }
      }
    },
  }),
  scenario({
    id: 'LEDGER-002',
    title:
      'Each bookingStatus gives only its arrays, no page holds more than 250, and the pending entries, the first pages and the gap between the balances are observed',
    spec: 'TransactionsResponse 1 (booked for booked or both, pending for pending or both) and 2; Paging rules 1; BalanceResponse (closingBooked, interimAvailable)',
    rules: ['AIS-DATA-7', 'AIS-PAGING-5', 'AIS-DATA-4', 'AIS-DATA-5'],
    area: 'ais-data',
    shares: [SHARED_READ],
    expect: {
      maxPerPage: 250,
      members: { booked: ['_links', 'booked'], pending: ['_links', 'pending'], both: ['_links', 'booked', 'pending'] },
    },
    async run(ctx, expect) {
      const { consentId } = await sharedReadConsent(ctx);
      const accountId = await resourceIdOf(ctx, consentId, ctx.fixtures.ibans.main);
      const path = `/v1/accounts/${accountId}/transactions`;
      const traversals = {} as Record<'booked' | 'pending' | 'both', TransactionsPage[]>;
      for (const status of ['booked', 'pending', 'both'] as const) {
        const pages = await allPages(ctx, consentId, `${path}?bookingStatus=${status}`);
        traversals[status] = pages;
        for (const [index, page] of pages.entries()) {
          // _links is the sandbox's addition (Berlin Group's AccountReport); the arrays are the spec's.
          const arrays = page.members.filter((member) => member !== '_links');
          ensureEqual(
            arrays,
            expect.members[status].filter((member) => member !== '_links'),
            `arrays of page ${index + 1} with bookingStatus=${status}`,
          );
          const rows = (page.booked?.length ?? 0) + (page.pending?.length ?? 0);
          ensure(rows <= expect.maxPerPage, `page ${index + 1} with bookingStatus=${status} holds ${rows} rows`);
        }
        ctx.observe(
          `bookingStatus=${status} on the main account: rows per page`,
          pages.map((page) => [page.booked?.length ?? null, page.pending?.length ?? null]),
        );
      }
      const pending = rowsOf(traversals.pending, 'pending');
      const booked = rowsOf(traversals.booked, 'booked');
      // The same entries whichever way they are asked for.
      ensureEqual(
        rowsOf(traversals.both, 'pending').map((row) => row.transactionId),
        pending.map((row) => row.transactionId),
        'pending rows with both against pending alone',
      );
      ensureEqual(
        rowsOf(traversals.both, 'booked').map((row) => row.transactionId),
        booked.map((row) => row.transactionId),
        'booked rows with both against booked alone',
      );
      ctx.observe(
        'pending rows of the main account: with a bookingDate',
        pending.filter((row) => row.bookingDate !== undefined).length,
      );
      const balance = await balances(ctx, consentId, accountId);
      const pendingSum = pending.reduce((sum, row) => sum + toCents(row.transactionAmount.amount), 0);
      ctx.observe(
        'interimAvailable minus closingBooked on the main account (cents)',
        balance.interimAvailable - balance.closingBooked,
      );
      ctx.observe(
        'interimAvailable minus closingBooked equals the sum of the pending rows',
        balance.interimAvailable - balance.closingBooked === pendingSum,
      );
    },
  }),
  scenario({
    id: 'LEDGER-003',
    title:
      'A booking on one account shows on it alone: read back with its sign and dates, closingBooked moved by its amount, lastChangeDateTime at the booking (observed), and an hour later at the next one',
    spec: 'SignedAmount (the sign is the direction); Transaction (bookingDate, valueDate); BalanceResponse (closingBooked, interimAvailable, lastChangeDateTime); TransactionsResponse',
    rules: ['AMOUNT-10', 'AIS-DATA-4', 'AIS-DATA-5', 'AIS-DATA-6'],
    area: 'ais-data',
    shares: [SHARED_READ],
    needs: ['control', 'clock'],
    expect: { credit: '43.21', debit: '-3.21' },
    async run(ctx, expect) {
      const { consentId } = await sharedReadConsent(ctx);
      const main = await resourceIdOf(ctx, consentId, ctx.fixtures.ibans.main);
      const second = await resourceIdOf(ctx, consentId, ctx.fixtures.ibans.second);
      // All pages: whether a new booking lands on the first or the last is the bank's sort order.
      const booked = `/v1/accounts/${main}/transactions?bookingStatus=booked`;
      for (const [index, amount] of [expect.credit, expect.debit].entries()) {
        if (index > 0) await ctx.clock().advance('PT1H');
        const known = new Set(rowsOf(await allPages(ctx, consentId, booked), 'booked').map((row) => row.transactionId));
        const before = await balances(ctx, consentId, main);
        const from = await ctx.clock().now();
        await ctx.control().bookTransaction(ctx.fixtures.ibans.main, amount);
        const to = await ctx.clock().now();
        if (index === 0) {
          // The other account is read only now: whatever it shows, the booking on the main account is not in it.
          const other = await allPages(ctx, consentId, `/v1/accounts/${second}/transactions?bookingStatus=both`);
          const otherIds = [...rowsOf(other, 'booked'), ...rowsOf(other, 'pending')];
          const added = rowsOf(await allPages(ctx, consentId, booked), 'booked').filter(
            (row) => !known.has(row.transactionId),
          );
          ensure(
            !otherIds.some((row) => added.some((mine) => mine.transactionId === row.transactionId)),
            'the booking on the main account shows on the other account',
            { actual: added },
          );
          ctx.observe('rows of the other account after a booking on the main account', [
            rowsOf(other, 'booked').length,
            rowsOf(other, 'pending').length,
          ]);
          await balances(ctx, consentId, second);
        }
        const added = rowsOf(await allPages(ctx, consentId, booked), 'booked').filter(
          (row) => !known.has(row.transactionId),
        );
        ensureEqual(
          added.map((row) => [row.transactionAmount.amount, row.transactionAmount.currency]),
          [[amount, 'EUR']],
          `the new booked transaction of ${amount}, amount and sign`,
        );
        const row = added[0]!;
        const day = isoDate(to);
        ctx.observe(
          `a control booking of ${amount}: members, bookingDate and valueDate on the day of the booking, remittance`,
          {
            members: shapeOf(row),
            bookingDate: row.bookingDate === day,
            valueDate: row.valueDate === day,
            remittance: row.remittanceInformationUnstructured ?? null,
          },
        );
        const after = await balances(ctx, consentId, main);
        ensureEqual(
          after.closingBooked - before.closingBooked,
          toCents(amount),
          `closingBooked change after booking ${amount}`,
        );
        ctx.observe(
          `interimAvailable change after booking ${amount} (cents)`,
          after.interimAvailable - before.interimAvailable,
        );
        ctx.observe(`lastChangeDateTime after booking ${amount}: at the booking`, within(after.lastChange, from, to));
        ctx.observe(
          `lastChangeDateTime after booking ${amount}: later than before`,
          after.lastChange > before.lastChange,
        );
      }
    },
  }),
  scenario({
    id: 'LEDGER-004',
    title:
      'An authorised payment in the ledger: while ACSP one pending debit with its sign; balances and dates observed',
    spec: 'TransactionsResponse 2 (a pending item is authorised but not booked); SignedAmount (debit negative); BalanceResponse',
    rules: ['AMOUNT-10', 'AIS-DATA-5', 'AIS-DATA-4', 'OPEN-7'],
    area: 'payments',
    // Its own consent: a scenario that approves something of its own does not read through the shared one.
    approvals: 2,
    // The target's clock, read before and after the authorisation to place lastChangeDateTime.
    needs: ['clock'],
    expect: { accepted: 'ACSP' },
    async run(ctx, expect) {
      const ledger = await paymentInLedger(ctx, 'LEDGER-004', expect.accepted);
      if (!ledger) return;
      const { consentId, main, amount, day, start, payment } = ledger;
      const { pending, booked } = await rowsOfPayment(ctx, ledger);
      for (const row of [...pending, ...booked])
        ensureEqual(row.transactionAmount.amount, `-${amount}`, 'a row of the payment carries the debit sign');
      ctx.observe('an authorised (ACSP) payment: pending and booked rows', [pending.length, booked.length]);
      const reserved = pending[0];
      if (reserved) {
        ctx.observe('the pending row of an authorised payment: members, valueDate today, remittance the payment’s', {
          members: shapeOf(reserved),
          valueDate: reserved.valueDate === day,
          remittance: reserved.remittanceInformationUnstructured === ledger.remittance,
        });
      }
      const accepted = await balances(ctx, consentId, main);
      ctx.observe('an authorised payment: change of closingBooked and interimAvailable (in units of its amount)', [
        (accepted.closingBooked - start.closingBooked) / toCents(amount),
        (accepted.interimAvailable - start.interimAvailable) / toCents(amount),
      ]);
      ctx.observe(
        'lastChangeDateTime after the authorisation: at the authorisation',
        within(accepted.lastChange, ledger.from, ledger.to),
      );
      ctx.observe('status of the payment read in the ledger', payment.status);
    },
  }),
  scenario({
    id: 'LEDGER-006',
    title:
      'A settled payment in the ledger: once ACSC one booked debit with its sign and no pending one; the booked row, balances and dates observed',
    spec: 'TransactionsResponse 1-2 (booked; a pending item is authorised but not booked); SignedAmount (debit negative); BalanceResponse; States: Payment (ACSP → ACSC)',
    rules: ['AMOUNT-10', 'AIS-DATA-5', 'AIS-DATA-4', 'OPEN-7'],
    area: 'payments',
    approvals: 2,
    needs: ['clock'],
    expect: { accepted: 'ACSP', settled: 'ACSC', maxDays: 7 },
    async run(ctx, expect) {
      const ledger = await paymentInLedger(ctx, 'LEDGER-006', expect.accepted);
      if (!ledger) return;
      const { consentId, main, amount, start, payment } = ledger;
      const reserved = (await rowsOfPayment(ctx, ledger)).pending[0];
      let status = await paymentStatus(ctx, payment.paymentId);
      for (let day = 0; status !== expect.settled && day < expect.maxDays; day += 1) {
        await ctx.clock().advance('P1D');
        status = await paymentStatus(ctx, payment.paymentId);
      }
      if (status !== expect.settled)
        return ctx.unchecked(
          'a settled payment in the ledger',
          `the payment is ${status}, not ${expect.settled}, ${expect.maxDays} days after authorisation`,
        );
      const after = await rowsOfPayment(ctx, ledger);
      for (const row of [...after.pending, ...after.booked])
        ensureEqual(row.transactionAmount.amount, `-${amount}`, 'a row of the settled payment carries the debit sign');
      ctx.observe('a settled (ACSC) payment: pending and booked rows', [after.pending.length, after.booked.length]);
      const settled = await balances(ctx, consentId, main);
      ctx.observe('lastChangeDateTime after settlement: time of day', settled.lastChange.slice(10));
      const entry = after.booked[0];
      if (entry) {
        ctx.observe(
          'the booked row of a settled payment: members, the pending row’s transactionId, a new entryReference, booked on the day of the last change',
          {
            members: shapeOf(entry),
            sameTransaction: reserved ? entry.transactionId === reserved.transactionId : null,
            newReference: reserved ? entry.entryReference !== reserved.entryReference : null,
            bookedOnChangeDay: entry.bookingDate === dayOf(settled.lastChange),
            valueDate: entry.valueDate === entry.bookingDate,
          },
        );
      }
      ctx.observe(
        'a settled payment: change of closingBooked and interimAvailable since before it (in units of its amount)',
        [
          (settled.closingBooked - start.closingBooked) / toCents(amount),
          (settled.interimAvailable - start.interimAvailable) / toCents(amount),
        ],
      );
    },
  }),
  scenario({
    id: 'LEDGER-005',
    title:
      'With bookingStatus=both, 250 bookings newer than a pending payment: the traversal gives each entry once, the same as booked and pending alone, and which rows fill the first page is observed',
    spec: 'Paging rules 1 (at most 250 per page), 2 and 5 (sort order: not shown); TransactionsResponse 1 and 2',
    rules: ['AIS-PAGING-5', 'AIS-PAGING-6', 'AIS-PAGING-7', 'OPEN-8'],
    area: 'paging',
    approvals: 2,
    needs: ['control'],
    expect: { pageSize: 250, amount: '0.01', accepted: 'ACSP' },
    async run(ctx, expect) {
      // The customer's second account: the main account's days must keep fitting on one page for other scenarios.
      const iban = ctx.fixtures.ibans.second;
      const { consentId } = await validConsent(ctx, { ibans: [iban] });
      const account = await resourceIdOf(ctx, consentId, iban);
      const path = `/v1/accounts/${account}/transactions`;
      const payment = await authorisedPayment(
        ctx,
        paymentBody(ctx, { debtorAccount: { iban }, remittanceInformationUnstructured: `LEDGER-005 ${randomUUID()}` }),
      );
      if (payment.status !== expect.accepted)
        return ctx.unchecked(
          'pending and booked entries paged together',
          `the authorised payment from the second account is ${payment.status}, not ${expect.accepted}`,
        );
      const pendingBefore = rowsOf(await allPages(ctx, consentId, `${path}?bookingStatus=pending`), 'pending');
      ctx.observe('pending rows of the second account after an authorised payment from it', pendingBefore.length);
      for (let i = 0; i < expect.pageSize; i += 1) await ctx.control().bookTransaction(iban, expect.amount);
      const both = await allPages(ctx, consentId, `${path}?bookingStatus=both`);
      ensure(both.length >= 2, `bookingStatus=both fits on ${both.length} page`);
      for (const [index, page] of both.entries())
        ensure(
          (page.booked?.length ?? 0) + (page.pending?.length ?? 0) <= expect.pageSize,
          `page ${index + 1} holds more than ${expect.pageSize} rows`,
        );
      const ids = [...rowsOf(both, 'booked'), ...rowsOf(both, 'pending')].map((row) => row.transactionId);
      ensureEqual(new Set(ids).size, ids.length, 'distinct entries over the bookingStatus=both traversal');
      const booked = rowsOf(await allPages(ctx, consentId, `${path}?bookingStatus=booked`), 'booked');
      const pending = rowsOf(await allPages(ctx, consentId, `${path}?bookingStatus=pending`), 'pending');
      ensureEqual(
        new Set(ids),
        new Set([...booked, ...pending].map((row) => row.transactionId)),
        'entries with both against booked and pending alone',
      );
      ctx.observe(
        'bookingStatus=both after 250 bookings newer than a pending payment: booked and pending rows on the first page',
        [both[0]!.booked?.length ?? 0, both[0]!.pending?.length ?? 0],
      );
    },
  }),
];
