/** Keyset paging of transactions (spec "Endpoints / Paging rules", "TransactionsResponse" 4). */
import { TransactionsResponseSchema } from '../src/contract/index.js';
import type { ScenarioContext } from '../src/kit/context.js';
import { ensure, ensureEqual, ensureSchema } from '../src/kit/failure.js';
import { scenario } from '../src/kit/scenario.js';
import { ATTENDED, resourceIdOf, validConsent } from './steps.js';

interface Row {
  transactionId: string;
  entryReference: string;
  bookingDate?: string | undefined;
}

interface Page {
  rows: Row[];
  next: string | undefined;
}

async function page(ctx: ScenarioContext, consentId: string, path: string): Promise<Page> {
  // Attended reads: paging scenarios must not spend the unattended budget (spec "Limits").
  const reply = await ctx.api.call({ path, headers: { 'Consent-ID': consentId, ...ATTENDED } });
  ensureEqual(reply.status, 200, `status of GET ${path}`);
  const body = ensureSchema(TransactionsResponseSchema, reply.json, 'TransactionsResponse');
  return { rows: [...(body.transactions.booked ?? []), ...(body.transactions.pending ?? [])], next: body.transactions._links?.next?.href };
}

async function traverse(ctx: ScenarioContext, consentId: string, first: string, between?: () => Promise<void>): Promise<Page[]> {
  const pages = [await page(ctx, consentId, first)];
  if (between) await between();
  while (pages.at(-1)!.next) {
    ensure(pages.length < 50, 'paging does not end within 50 pages');
    pages.push(await page(ctx, consentId, pages.at(-1)!.next!));
  }
  return pages;
}

async function setUp(ctx: ScenarioContext) {
  const consent = await validConsent(ctx, { types: ['transactions'] });
  const accountId = await resourceIdOf(ctx, consent.consentId, ctx.fixtures.ibans.main);
  return { consentId: consent.consentId, base: `/v1/accounts/${accountId}/transactions` };
}

export const pagingScenarios = [
  scenario({
    id: 'AIS-PAGING-001',
    title: 'Pages hold at most 250, following next reaches the end without a duplicate, and the last page has no next',
    spec: 'Paging rules 1 and 4; TransactionsResponse 4',
    area: 'paging',
    approvals: 1,
    expect: { maxPerPage: 250, minPages: 2 },
    async run(ctx, expect) {
      const { consentId, base } = await setUp(ctx);
      const pages = await traverse(ctx, consentId, base);
      ensure(pages.length >= expect.minPages, `the fixture account pages (more than 250 entries expected), got ${pages.length} page(s)`);
      for (const [index, p] of pages.entries()) ensure(p.rows.length <= expect.maxPerPage, `page ${index + 1} holds ${p.rows.length} rows`);
      ensureEqual(pages.at(-1)!.next, undefined, 'next on the last page');
      const ids = pages.flatMap((p) => p.rows.map((row) => row.transactionId));
      ensureEqual(new Set(ids).size, ids.length, 'distinct transactions over all pages');
      ctx.observe('sort order (not shown): first two bookingDates', pages[0]!.rows.slice(0, 2).map((row) => row.bookingDate));
    },
  }),
  scenario({
    id: 'AIS-PAGING-002',
    title: 'next carries the original filters: no row before dateFrom on any page',
    spec: 'Paging rules 3 ("it carries every original filter")',
    area: 'paging',
    approvals: 1,
    expect: { daysBack: 300 },
    async run(ctx, expect) {
      const { consentId, base } = await setUp(ctx);
      const dateFrom = new Date(Date.now() - expect.daysBack * 86_400_000).toISOString().slice(0, 10);
      const pages = await traverse(ctx, consentId, `${base}?dateFrom=${dateFrom}&bookingStatus=booked`);
      const rows = pages.flatMap((p) => p.rows);
      // Inclusivity of dateFrom is not shown, so only a strictly earlier date breaks the rule.
      const early = rows.find((row) => row.bookingDate !== undefined && row.bookingDate < dateFrom);
      ensure(!early, `a row booked ${early?.bookingDate} appears with dateFrom=${dateFrom} (page ${pages.findIndex((p) => early && p.rows.includes(early)) + 1})`);
      ctx.observe('pages with the dateFrom filter', pages.length);
    },
  }),
  scenario({
    id: 'AIS-PAGING-003',
    title: 'Following next and passing the last entryReference as entryReferenceFrom give the same page',
    spec: 'Paging rules 3 ("both are the same mechanism")',
    area: 'paging',
    approvals: 1,
    expect: {},
    async run(ctx) {
      const { consentId, base } = await setUp(ctx);
      const first = await page(ctx, consentId, base);
      ensure(first.next, 'the first page of the fixture account has a next link');
      const viaNext = await page(ctx, consentId, first.next);
      const last = first.rows.at(-1)!;
      const viaCursor = await page(ctx, consentId, `${base}?entryReferenceFrom=${encodeURIComponent(last.entryReference)}`);
      ensureEqual(viaCursor.rows.map((row) => row.transactionId), viaNext.rows.map((row) => row.transactionId), 'page after the cursor');
    },
  }),
  scenario({
    id: 'AIS-PAGING-004',
    title: 'A booking made mid-traversal causes no duplicate and no skip',
    spec: 'Paging rules 2 (keyset cursor)',
    area: 'paging',
    approvals: 1,
    needs: ['control'],
    expect: {},
    async run(ctx) {
      const { consentId, base } = await setUp(ctx);
      const before = (await traverse(ctx, consentId, base)).flatMap((p) => p.rows.map((row) => row.transactionId));
      const during = (await traverse(ctx, consentId, base, () => ctx.control().bookTransaction(ctx.fixtures.ibans.main, '12.34'))).flatMap((p) => p.rows.map((row) => row.transactionId));
      ensureEqual(new Set(during).size, during.length, 'distinct transactions in a traversal with a booking in between');
      const missing = before.filter((id) => !during.includes(id));
      ensureEqual(missing, [], 'transactions skipped by the traversal');
    },
  }),
];
