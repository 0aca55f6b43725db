/** Keyset paging of transactions (spec "Endpoints / Paging rules", "TransactionsResponse" 4). */
import { TransactionsResponseSchema } from '../src/contract/index.js';
import type { ScenarioContext } from '../src/kit/context.js';
import { ensure, ensureEqual, ensureSchema } from '../src/kit/failure.js';
import { scenario } from '../src/kit/scenario.js';
import { ATTENDED, dateAfter, memberOf, membersOf, resourceIdOf, SHARED_READ, sharedReadConsent } from './steps.js';
import { advanceToTimeOfDay } from './time.js';
import { DAY_MS, dayStartMs, isoDate } from '../src/contract/dates.js';

export interface Row {
  transactionId: string;
  entryReference: string;
  transactionAmount: { amount: string; currency: string };
  bookingDate?: string | undefined;
}

export interface Page {
  /** Booked rows, then pending rows, as sent. */
  rows: Row[];
  next: string | undefined;
  /** The `transactions` object as sent, to see which arrays and links are present. */
  raw: object;
}

/** The members of `transactions._links` as sent. */
export const linksOf = (p: Page) => membersOf(memberOf(p.raw, '_links'));

/** One page of transactions, read attended and held to the contract. */
export async function page(ctx: ScenarioContext, consentId: string, path: string): Promise<Page> {
  // Attended reads: paging scenarios must not spend the unattended budget (spec "Limits").
  const reply = await ctx.api.call({ path, headers: { 'Consent-ID': consentId, ...ATTENDED } });
  ensureEqual(reply.status, 200, `status of GET ${path}`);
  const body = ensureSchema(TransactionsResponseSchema, reply.json, 'TransactionsResponse');
  return {
    rows: [...(body.transactions.booked ?? []), ...(body.transactions.pending ?? [])],
    next: body.transactions._links?.next?.href,
    raw: membersOf(memberOf(reply.json, 'transactions')),
  };
}

/** Every page from `first` by following next; `between` runs once, after the first page. */
export async function traverse(
  ctx: ScenarioContext,
  consentId: string,
  first: string,
  between?: () => Promise<void>,
): Promise<Page[]> {
  const pages = [await page(ctx, consentId, first)];
  if (between) await between();
  while (pages.at(-1)!.next) {
    ensure(pages.length < 50, 'paging does not end within 50 pages');
    pages.push(await page(ctx, consentId, pages.at(-1)!.next!));
  }
  return pages;
}

/**
 * The traversal must span pages for a rule about `next` to be tried at all: the fixture account has
 * more than 500 booked transactions (the config's promise), so a single page is a finding, not a pass.
 */
function ensurePaged(pages: readonly Page[], what: string): void {
  ensure(
    pages.length >= 2,
    `${what} fits on ${pages.length} page: the fixture account must hold more than 250 matching transactions for next to be tried`,
    { actual: pages.length },
  );
}

/** Paging only reads, attended: every paging scenario shares one consent (spec "Limits": attended reads spend nothing). */
async function setUp(ctx: ScenarioContext, iban = ctx.fixtures.ibans.main) {
  const consent = await sharedReadConsent(ctx);
  const accountId = await resourceIdOf(ctx, consent.consentId, iban);
  const path = `/v1/accounts/${accountId}/transactions`;
  // bookingStatus is sent although booked is the default: Berlin Group 1.3.12 makes it mandatory.
  return { consentId: consent.consentId, path, base: `${path}?bookingStatus=booked` };
}

export const pagingScenarios = [
  scenario({
    id: 'AIS-PAGING-001',
    title: 'Pages hold at most 250, following next reaches the end without a duplicate, and the last page has no next',
    rules: ['AIS-PAGING-5', 'AIS-PAGING-1', 'AIS-PAGING-10', 'AIS-PAGING-6'],
    spec: 'Paging rules 1 and 4; TransactionsResponse 4',
    area: 'paging',
    shares: [SHARED_READ],
    expect: { maxPerPage: 250, minPages: 2 },
    async run(ctx, expect) {
      const { consentId, base } = await setUp(ctx);
      const pages = await traverse(ctx, consentId, base);
      ensure(
        pages.length >= expect.minPages,
        `the fixture account pages (more than 250 entries expected), got ${pages.length} page(s)`,
      );
      for (const [index, p] of pages.entries())
        ensure(p.rows.length <= expect.maxPerPage, `page ${index + 1} holds ${p.rows.length} rows`);
      ensureEqual(pages.at(-1)!.next, undefined, 'next on the last page');
      const ids = pages.flatMap((p) => p.rows.map((row) => row.transactionId));
      ensureEqual(new Set(ids).size, ids.length, 'distinct transactions over all pages');
      ctx.observe(
        'sort order (not shown): first two bookingDates',
        pages[0]!.rows.slice(0, 2).map((row) => row.bookingDate),
      );
      // The order over the whole history, pages included: newest first or oldest first, when the dates say so.
      const dates = pages
        .flatMap((p) => p.rows.map((row) => row.bookingDate))
        .filter((date): date is string => date !== undefined);
      const descending = dates.every((date, index) => index === 0 || date <= dates[index - 1]!);
      const ascending = dates.every((date, index) => index === 0 || date >= dates[index - 1]!);
      if (dates[0] !== dates.at(-1) && (descending || ascending))
        ctx.observeSetting('transactions.order', descending ? 'newest-first' : 'oldest-first');
      else ctx.observe('sort order over all pages', 'neither newest first nor oldest first by bookingDate');
    },
  }),
  scenario({
    id: 'AIS-PAGING-002',
    title: 'next carries the original filters: no row before dateFrom on any page',
    rules: ['AIS-PAGING-8', 'AIS-PAGING-3'],
    spec: 'Paging rules 3 ("it carries every original filter")',
    area: 'paging',
    shares: [SHARED_READ],
    expect: { daysBack: 300 },
    async run(ctx, expect) {
      const { consentId, base } = await setUp(ctx);
      const dateFrom = isoDate(Date.now() - expect.daysBack * DAY_MS);
      const pages = await traverse(ctx, consentId, `${base}&dateFrom=${dateFrom}`);
      ensurePaged(pages, `the history from ${dateFrom}`);
      const rows = pages.flatMap((p) => p.rows);
      // Inclusivity of dateFrom is not shown, so only a strictly earlier date breaks the rule.
      const early = rows.find((row) => row.bookingDate !== undefined && row.bookingDate < dateFrom);
      ensure(
        !early,
        `a row booked ${early?.bookingDate} appears with dateFrom=${dateFrom} (page ${pages.findIndex((p) => early && p.rows.includes(early)) + 1})`,
      );
      ctx.observe('pages with the dateFrom filter', pages.length);
    },
  }),
  scenario({
    id: 'AIS-PAGING-003',
    title: 'Following next and passing the last entryReference as entryReferenceFrom give the same page',
    rules: ['AIS-PAGING-9', 'AIS-PAGING-4'],
    spec: 'Paging rules 3 ("both are the same mechanism")',
    area: 'paging',
    shares: [SHARED_READ],
    expect: {},
    async run(ctx) {
      const { consentId, base } = await setUp(ctx);
      const first = await page(ctx, consentId, base);
      ensure(first.next, 'the first page of the fixture account has a next link');
      const viaNext = await page(ctx, consentId, first.next);
      const last = first.rows.at(-1)!;
      const viaCursor = await page(
        ctx,
        consentId,
        `${base}&entryReferenceFrom=${encodeURIComponent(last.entryReference)}`,
      );
      ensureEqual(
        viaCursor.rows.map((row) => row.transactionId),
        viaNext.rows.map((row) => row.transactionId),
        'page after the cursor',
      );
    },
  }),
  scenario({
    id: 'AIS-PAGING-004',
    title: 'A booking made mid-traversal causes no duplicate and no skip',
    rules: ['AIS-PAGING-6', 'AIS-PAGING-7'],
    spec: 'Paging rules 2 (keyset cursor)',
    area: 'paging',
    shares: [SHARED_READ],
    needs: ['control'],
    expect: {},
    async run(ctx) {
      const { consentId, base } = await setUp(ctx);
      const before = (await traverse(ctx, consentId, base)).flatMap((p) => p.rows.map((row) => row.transactionId));
      const during = (
        await traverse(ctx, consentId, base, () => ctx.control().bookTransaction(ctx.fixtures.ibans.main, '12.34'))
      ).flatMap((p) => p.rows.map((row) => row.transactionId));
      // The control: the booking is there, else the traversal proved nothing about one made mid-way.
      const after = (await traverse(ctx, consentId, base)).flatMap((p) => p.rows.map((row) => row.transactionId));
      ensureEqual(after.length, before.length + 1, 'transactions after the booking (one more than before)');
      ensureEqual(
        new Set(during).size,
        during.length,
        'distinct transactions in a traversal with a booking in between',
      );
      const missing = before.filter((id) => !during.includes(id));
      ensureEqual(missing, [], 'transactions skipped by the traversal');
    },
  }),
  scenario({
    id: 'AIS-PAGING-005',
    title: 'next carries dateTo: no page of a dateTo query holds a later booking',
    rules: ['AIS-PAGING-8', 'AIS-PAGING-3'],
    spec: 'Paging rules 3 ("it carries every original filter"); Query parameters (dateTo)',
    area: 'paging',
    shares: [SHARED_READ],
    expect: { keepRows: 400 },
    async run(ctx, expect) {
      const { consentId, base } = await setUp(ctx);
      // A dateTo taken from the account's own history, so that about 400 rows qualify: more than a page.
      const dates = (await traverse(ctx, consentId, base))
        .flatMap((p) => p.rows.map((row) => row.bookingDate))
        .filter((date): date is string => date !== undefined)
        .sort();
      const dateTo = dates[Math.min(expect.keepRows, dates.length - 1)]!;
      const pages = await traverse(ctx, consentId, `${base}&dateTo=${dateTo}`);
      ensurePaged(pages, `the history up to ${dateTo}`);
      const late = pages
        .flatMap((p) => p.rows)
        .find((row) => row.bookingDate !== undefined && row.bookingDate > dateTo);
      ensure(
        !late,
        `a row booked ${late?.bookingDate} appears with dateTo=${dateTo} (page ${pages.findIndex((p) => late && p.rows.includes(late)) + 1})`,
      );
      ctx.observe('pages with the dateTo filter', pages.length);
    },
  }),
  scenario({
    id: 'AIS-PAGING-006',
    title:
      'A whole traversal by next and one by entryReferenceFrom of each last row give the same rows in the same order',
    rules: ['AIS-PAGING-9', 'OPEN-8'],
    spec: 'Paging rules 3 (next or entryReferenceFrom: both are the same mechanism)',
    area: 'paging',
    shares: [SHARED_READ],
    expect: {},
    async run(ctx) {
      const { consentId, base } = await setUp(ctx);
      const pagesViaNext = await traverse(ctx, consentId, base);
      ensurePaged(pagesViaNext, 'the booked history');
      const viaNext = pagesViaNext.flatMap((p) => p.rows.map((row) => row.transactionId));
      const viaCursor: string[] = [];
      let current = await page(ctx, consentId, base);
      for (;;) {
        viaCursor.push(...current.rows.map((row) => row.transactionId));
        if (!current.next) break;
        ensure(viaCursor.length < 50 * 250, 'the cursor traversal does not end');
        current = await page(
          ctx,
          consentId,
          `${base}&entryReferenceFrom=${encodeURIComponent(current.rows.at(-1)!.entryReference)}`,
        );
      }
      ensureEqual(viaCursor, viaNext, 'transactionIds of the cursor traversal against the next traversal');
    },
  }),
  scenario({
    id: 'AIS-PAGING-007',
    title: 'A booking made mid-traversal causes no duplicate and no skip when continuing by entryReferenceFrom',
    rules: ['AIS-PAGING-6', 'AIS-PAGING-7', 'AIS-PAGING-4'],
    spec: 'Paging rules 2 (keyset cursor) and 3',
    area: 'paging',
    shares: [SHARED_READ],
    needs: ['control'],
    expect: {},
    async run(ctx) {
      const { consentId, base } = await setUp(ctx);
      const before = (await traverse(ctx, consentId, base)).flatMap((p) => p.rows.map((row) => row.transactionId));
      const first = await page(ctx, consentId, base);
      await ctx.control().bookTransaction(ctx.fixtures.ibans.main, '23.45');
      const rest = await traverse(
        ctx,
        consentId,
        `${base}&entryReferenceFrom=${encodeURIComponent(first.rows.at(-1)!.entryReference)}`,
      );
      const during = [...first.rows, ...rest.flatMap((p) => p.rows)].map((row) => row.transactionId);
      const after = (await traverse(ctx, consentId, base)).flatMap((p) => p.rows.map((row) => row.transactionId));
      ensureEqual(after.length, before.length + 1, 'transactions after the booking (one more than before)');
      ensureEqual(new Set(during).size, during.length, 'distinct transactions with a booking between the cursor calls');
      ensureEqual(
        before.filter((id) => !during.includes(id)),
        [],
        'transactions skipped by the cursor traversal',
      );
    },
  }),
  scenario({
    id: 'AIS-PAGING-008',
    title: 'Continuing after the very last row gives no rows and no next',
    rules: ['AIS-PAGING-10', 'AIS-PAGING-4'],
    spec: 'Query parameters (entryReferenceFrom: only transactions after it); TransactionsResponse 4 (absence of next is the definite end)',
    area: 'paging',
    shares: [SHARED_READ],
    expect: {},
    async run(ctx) {
      const { consentId, base } = await setUp(ctx);
      const last = (await traverse(ctx, consentId, base)).at(-1)!.rows.at(-1)!;
      const after = await page(ctx, consentId, `${base}&entryReferenceFrom=${encodeURIComponent(last.entryReference)}`);
      ensureEqual(after.rows, [], 'rows after the last one');
      ensureEqual(after.next, undefined, 'next after the last row');
    },
  }),
  scenario({
    id: 'AIS-PAGING-009',
    title: 'A result that fits on one page has no next member at all (omitted, not emptied)',
    rules: ['AIS-PAGING-10'],
    spec: 'Paging rules 4 (_links.next is omitted, not emptied, at the end); TransactionsResponse 4',
    area: 'paging',
    shares: [SHARED_READ],
    expect: {},
    async run(ctx) {
      const { consentId, base } = await setUp(ctx);
      const day = (await page(ctx, consentId, base)).rows.find((row) => row.bookingDate !== undefined)?.bookingDate;
      ensure(day, 'the first page carries a bookingDate to filter on');
      const one = await page(ctx, consentId, `${base}&dateFrom=${day}&dateTo=${day}`);
      ensure(one.rows.length <= 250, `one day holds ${one.rows.length} rows`);
      ensure(!('next' in linksOf(one)), 'transactions._links has no next member', {
        actual: linksOf(one),
      });
    },
  }),
  scenario({
    id: 'AIS-PAGING-010',
    title: 'With bookingStatus=both every page holds at most 250 and carries both arrays: next keeps bookingStatus',
    rules: ['AIS-PAGING-5', 'AIS-PAGING-8', 'AIS-DATA-7'],
    spec: 'Paging rules 1 and 3; TransactionsResponse 1 (booked and pending present for both)',
    area: 'paging',
    shares: [SHARED_READ],
    expect: { maxPerPage: 250 },
    async run(ctx, expect) {
      const { consentId, path } = await setUp(ctx);
      const pages = await traverse(ctx, consentId, `${path}?bookingStatus=both`);
      ensurePaged(pages, 'the history with bookingStatus=both');
      for (const [index, p] of pages.entries()) {
        ensure(p.rows.length <= expect.maxPerPage, `page ${index + 1} holds ${p.rows.length} rows`);
        ensure(
          Array.isArray(memberOf(p.raw, 'booked')) && Array.isArray(memberOf(p.raw, 'pending')),
          `page ${index + 1} carries booked and pending`,
          { actual: Object.keys(p.raw) },
        );
      }
      ctx.observe('pages with bookingStatus=both', pages.length);
    },
  }),
  scenario({
    id: 'AIS-PAGING-011',
    title: 'Whether dateFrom and dateTo are inclusive is observed: a day asked as both bounds',
    rules: ['OPEN-8'],
    spec: 'Paging rules 5 (inclusivity of dateFrom/dateTo: not shown); Query parameters of GET transactions',
    area: 'paging',
    shares: [SHARED_READ],
    expect: {},
    async run(ctx) {
      const { consentId, base } = await setUp(ctx);
      const day = (await page(ctx, consentId, base)).rows.find((row) => row.bookingDate)?.bookingDate;
      if (!day)
        return ctx.unchecked(
          'inclusivity of dateFrom and dateTo',
          'the first page holds no booked row with a bookingDate',
        );
      const rows = (await traverse(ctx, consentId, `${base}&dateFrom=${day}&dateTo=${day}`)).flatMap(
        (item) => item.rows,
      );
      const outside = rows.find((row) => row.bookingDate !== undefined && row.bookingDate !== day);
      ensure(!outside, `a row booked ${outside?.bookingDate} appears with dateFrom = dateTo = ${day}`);
      ctx.observe(
        `rows booked on ${day} when dateFrom = dateTo = ${day} (inclusive when > 0)`,
        rows.filter((row) => row.bookingDate === day).length,
      );
      // dateTo alone decides whether the day it names is listed: the day before as dateFrom cannot hide it.
      const dayBefore = dateAfter(new Date(dayStartMs(day)), -1);
      const upTo = (await traverse(ctx, consentId, `${base}&dateFrom=${dayBefore}&dateTo=${day}`)).flatMap(
        (item) => item.rows,
      );
      ctx.observeSetting(
        'transactions.dateTo',
        upTo.some((row) => row.bookingDate === day) ? 'inclusive' : 'exclusive',
      );
    },
  }),
  scenario({
    id: 'AIS-PAGING-012',
    title: 'A page of exactly 250 rows without next is the end; with a 251st row next appears and leads to it',
    rules: ['AIS-PAGING-2', 'AIS-PAGING-1', 'AIS-PAGING-5', 'AIS-PAGING-10'],
    spec: 'Paging rules 1 and 4 (a page without next is the definite end)',
    area: 'paging',
    shares: [SHARED_READ],
    needs: ['control', 'clock'],
    expect: { pageSize: 250 },
    async run(ctx, expect) {
      // A fresh UTC day: only the bookings made here are booked on it, whatever earlier scenarios did.
      await advanceToTimeOfDay(ctx, '00:05:00');
      const day = isoDate(await ctx.clock().now());
      const { consentId, base } = await setUp(ctx, ctx.fixtures.ibans.second);
      // From the day on, no dateTo: nothing is booked after today, and whether dateTo is inclusive is the bank's choice.
      const today = `${base}&dateFrom=${day}`;
      const already = (await traverse(ctx, consentId, today)).flatMap((p) => p.rows).length;
      ensure(already < expect.pageSize, `${already} rows are already booked on ${day}`);
      for (let i = already; i < expect.pageSize; i += 1)
        await ctx.control().bookTransaction(ctx.fixtures.ibans.second, '1.00');
      const full = await page(ctx, consentId, today);
      ensureEqual(full.rows.length, expect.pageSize, `rows booked on ${day} (one full page)`);
      ensureEqual(full.next, undefined, 'next on a page that holds exactly every row');
      ensure(!('next' in linksOf(full)), 'no next member at all on the last page', {
        actual: linksOf(full),
      });
      const beyond = await page(
        ctx,
        consentId,
        `${today}&entryReferenceFrom=${encodeURIComponent(full.rows.at(-1)!.entryReference)}`,
      );
      ensureEqual(beyond.rows.length, 0, 'rows beyond the page without next');
      await ctx.control().bookTransaction(ctx.fixtures.ibans.second, '1.00');
      const first = await page(ctx, consentId, today);
      ensureEqual(first.rows.length, expect.pageSize, 'rows on the first page once 251 are booked');
      ensure(first.next, 'next on the first page once a 251st row exists');
      const second = await page(ctx, consentId, first.next);
      ensureEqual(second.rows.length, 1, 'rows on the page next leads to');
      ensureEqual(second.next, undefined, 'next on the second page');
    },
  }),
  scenario({
    id: 'AIS-PAGING-013',
    title:
      'A date range leaves out nothing inside it: every row of the whole history booked after dateFrom and before dateTo is in the filtered traversal, and nothing beyond the two bounding days',
    rules: ['AIS-PAGING-11', 'AIS-PAGING-3'],
    spec: 'Query parameters of GET transactions (dateFrom, dateTo: filters); Paging rules 3 and 5 (inclusivity of dateFrom/dateTo: not shown)',
    area: 'paging',
    shares: [SHARED_READ],
    // Careless: a filter that drops rows it should keep (dates compared as text in another form, a page filtered
    // after it was cut): the older scenarios hold only what a filter must leave out.
    expect: { from: 0.1, to: 0.9 },
    async run(ctx, expect) {
      const { consentId, base } = await setUp(ctx);
      const all = (await traverse(ctx, consentId, base)).flatMap((p) => p.rows);
      const days = [...new Set(all.flatMap((row) => (row.bookingDate ? [row.bookingDate] : [])))].sort();
      if (days.length < 3)
        return ctx.unchecked(
          'the rows strictly inside a date range',
          `the booked history carries bookingDate on ${days.length} days: no day lies strictly between two others`,
        );
      const dateFrom = days[Math.floor((days.length - 1) * expect.from)]!;
      const dateTo = days[Math.max(Math.ceil((days.length - 1) * expect.to), days.indexOf(dateFrom) + 2)]!;
      const inside = all.filter(
        (row) => row.bookingDate !== undefined && row.bookingDate > dateFrom && row.bookingDate < dateTo,
      );
      const pages = await traverse(ctx, consentId, `${base}&dateFrom=${dateFrom}&dateTo=${dateTo}`);
      const filtered = pages.flatMap((p) => p.rows);
      const kept = new Set(filtered.map((row) => row.transactionId));
      const missing = inside.filter((row) => !kept.has(row.transactionId));
      ensureEqual(
        missing.slice(0, 5).map((row) => `${row.transactionId} (${row.bookingDate})`),
        [],
        `rows booked strictly between dateFrom=${dateFrom} and dateTo=${dateTo} missing from the filtered traversal (${missing.length} of ${inside.length}; the first five)`,
      );
      const beyond = filtered.find(
        (row) => row.bookingDate !== undefined && (row.bookingDate < dateFrom || row.bookingDate > dateTo),
      );
      ensure(!beyond, `a row booked ${beyond?.bookingDate} appears with dateFrom=${dateFrom} and dateTo=${dateTo}`);
      ctx.observe(`rows strictly inside ${dateFrom} … ${dateTo}, and pages of the filtered traversal`, [
        inside.length,
        pages.length,
      ]);
    },
  }),
];
