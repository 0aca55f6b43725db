/**
 * Scenarios written, as those of `almost-right.ts`, by listing the variables each rule names and
 * asking of the one no scenario varied "what would a careless implementation get almost right?":
 * here for paging, the per-endpoint limits and their headers, reported amounts, and the callback registration and signature (`AIS-PAGING-*`, `LIMIT-*`, `AMOUNT-9`, `AMOUNT-10`, `CB-2`, `CB-3`, `EVT-3`, `EVT-6`, `EVT-7`).
 * [Rule variables](../docs/rule-variables.md) keeps the analysis.
 */
import { TransactionsResponseSchema, toCents } from '../src/contract/index.js';
import type { ScenarioContext } from '../src/kit/context.js';
import { ensure, ensureEqual, ensureSchema } from '../src/kit/failure.js';
import type { Scenario } from '../src/kit/scenario.js';
import { scenario } from '../src/kit/scenario.js';
import { about, settled } from './callback-steps.js';
import { intHeader } from './rate-limit.js';
import { expectRefusal } from './refusal.js';
import {
  consentStatus,
  memberOf,
  readData,
  resourceIdOf,
  SHARED_READ,
  sharedReadConsent,
  underConsent,
  validConsent,
  withReceiver,
} from './steps.js';
import { linksOf, page, traverse, type Page } from './paging.js';
import { advanceToTimeOfDay, nextMidnight, seconds } from './time.js';
import { DAY_MS, isoDate } from '../src/contract/dates.js';

const idsOf = (pages: readonly Page[]) => pages.flatMap((p) => p.rows.map((row) => row.transactionId));

/** The transactions path of one of the customer's accounts under the shared read consent. */
async function transactionsOf(ctx: ScenarioContext, iban = ctx.fixtures.ibans.main) {
  const { consentId } = await sharedReadConsent(ctx);
  const accountId = await resourceIdOf(ctx, consentId, iban);
  return { consentId, path: `/v1/accounts/${accountId}/transactions` };
}

/** Member names that say credit or debit (`creditDebitIndicator`, `cdtDbtInd`, `direction` …). */
const DIRECTION_NAME = /credit.?debit|debit.?credit|cdt.?dbt|dbt.?cdt|direction/i;
/** Values that say nothing but the direction. */
const DIRECTION_VALUE = /^(crdt|dbit|credit|debit)$/i;
/** Members holding text a customer or the bank wrote: a payee called "Credit" says nothing of direction. */
const FREE_TEXT = new Set(['creditorName', 'debtorName', 'remittanceInformationUnstructured', 'name', 'product']);

/** Where, below `at`, a member carries direction by its name or its value. */
function directionMembers(value: unknown, at: string): string[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => directionMembers(item, `${at}[${index}]`));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([name, member]) => {
    const where = `${at}.${name}`;
    if (DIRECTION_NAME.test(name)) return [`${where}=${JSON.stringify(member)}`];
    if (FREE_TEXT.has(name)) return [];
    if (typeof member === 'string' && DIRECTION_VALUE.test(member)) return [`${where}=${JSON.stringify(member)}`];
    return directionMembers(member, where);
  });
}

/** A signing secret no registration derives: the receiver refuses (401) every delivery it cannot verify. */
const WRONG_SECRET = '0'.repeat(64);

export const almostRightLimitScenarios: Scenario[] = [
  scenario({
    id: 'AIS-PAGING-014',
    title:
      'A booking made while a client pages through bookingStatus=both causes no duplicate and no skip: the merged view is paged by the keyset too',
    rules: ['AIS-PAGING-6', 'AIS-PAGING-7'],
    spec: 'Paging rules 2 (keyset cursor: a payment arriving mid-traversal cannot cause a duplicate or a skip) and 3; TransactionsResponse 1 (booked and pending for both)',
    area: 'paging',
    shares: [SHARED_READ],
    needs: ['control'],
    // Careless: the keyset for one array, but the merged view of bookingStatus=both paged by offset, so a
    // row arriving at the front moves every later page by one (the older scenarios booked mid-way under booked only).
    expect: { amount: '13.57' },
    async run(ctx, expect) {
      const { consentId, path } = await transactionsOf(ctx);
      const both = `${path}?bookingStatus=both`;
      const before = await traverse(ctx, consentId, both);
      ensure(
        before.length >= 2,
        `the history with bookingStatus=both fits on ${before.length} page: the fixture account must hold more than 250 transactions for next to be tried`,
      );
      const during = idsOf(
        await traverse(ctx, consentId, both, () =>
          ctx.control().bookTransaction(ctx.fixtures.ibans.main, expect.amount),
        ),
      );
      // The control: the booking is there, else the traversal proved nothing about one made mid-way.
      const after = idsOf(await traverse(ctx, consentId, both));
      ensureEqual(
        after.length,
        idsOf(before).length + 1,
        'entries with bookingStatus=both after the booking (one more than before)',
      );
      const twice = during.filter((id, index) => during.indexOf(id) !== index);
      ensureEqual(
        twice.slice(0, 5),
        [],
        `entries seen twice in a bookingStatus=both traversal with a booking made after its first page (${twice.length}; the first five)`,
      );
      const seen = new Set(during);
      const skipped = idsOf(before).filter((id) => !seen.has(id));
      ensureEqual(
        skipped.slice(0, 5),
        [],
        `entries skipped by a bookingStatus=both traversal with a booking made after its first page (${skipped.length}; the first five)`,
      );
    },
  }),
  scenario({
    id: 'AIS-PAGING-015',
    title:
      'With dateFrom and dateTo, continuing by the last row’s entryReference gives the same pages as following next, and no row outside the dates',
    rules: ['AIS-PAGING-9', 'AIS-PAGING-3'],
    spec: 'Paging rules 3 (next carries every original filter; passing the last row’s entryReference as entryReferenceFrom is the same mechanism); Query parameters of GET transactions (dateFrom, dateTo)',
    area: 'paging',
    shares: [SHARED_READ],
    // Careless: next carries a token of the bank's own that keeps the whole query, while a client's
    // entryReferenceFrom takes a second path that forgets a date bound (the older scenarios of the rule sent no dates).
    expect: { from: 0.1, to: 0.9 },
    async run(ctx, expect) {
      const { consentId, path } = await transactionsOf(ctx);
      const base = `${path}?bookingStatus=booked`;
      const days = [
        ...new Set(
          (await traverse(ctx, consentId, base)).flatMap((p) => p.rows.flatMap((row) => row.bookingDate ?? [])),
        ),
      ].sort();
      if (days.length < 3)
        return ctx.unchecked(
          'continuing by entryReferenceFrom under date filters',
          `the booked history carries bookingDate on ${days.length} days`,
        );
      const dateFrom = days[Math.floor((days.length - 1) * expect.from)]!;
      const dateTo = days[Math.max(Math.ceil((days.length - 1) * expect.to), days.indexOf(dateFrom) + 2)]!;
      const filtered = `${base}&dateFrom=${dateFrom}&dateTo=${dateTo}`;
      const viaNext = await traverse(ctx, consentId, filtered);
      if (viaNext.length < 2)
        return ctx.unchecked(
          'continuing by entryReferenceFrom under date filters',
          `the rows booked from ${dateFrom} to ${dateTo} fit on one page`,
        );
      const viaCursor = [await page(ctx, consentId, filtered)];
      while (viaCursor.at(-1)!.next && viaCursor.at(-1)!.rows.length > 0) {
        ensure(viaCursor.length < 50, 'the traversal by entryReferenceFrom does not end within 50 pages');
        const last = viaCursor.at(-1)!.rows.at(-1)!;
        viaCursor.push(
          await page(ctx, consentId, `${filtered}&entryReferenceFrom=${encodeURIComponent(last.entryReference)}`),
        );
      }
      for (const [index, p] of viaCursor.entries()) {
        // Inclusivity of the bounding days is not shown: only a row strictly outside them breaks the filter.
        const outside = p.rows.find(
          (row) => row.bookingDate !== undefined && (row.bookingDate < dateFrom || row.bookingDate > dateTo),
        );
        ensure(
          !outside,
          `a row booked ${outside?.bookingDate} appears on page ${index + 1} reached by entryReferenceFrom with dateFrom=${dateFrom} and dateTo=${dateTo}`,
        );
      }
      ensureEqual(
        viaCursor.length,
        viaNext.length,
        'pages reached by entryReferenceFrom against pages reached by next',
      );
      for (const [index, p] of viaCursor.entries())
        ensureEqual(
          p.rows.map((row) => row.transactionId),
          viaNext[index]!.rows.map((row) => row.transactionId),
          `transactionIds of page ${index + 1} by entryReferenceFrom against by next, with dateFrom and dateTo`,
        );
      ctx.observe(`pages from ${dateFrom} to ${dateTo}`, viaNext.length);
    },
  }),
  scenario({
    id: 'AIS-PAGING-016',
    title:
      'The last page of a pending, a both and a date-filtered traversal has no next member at all, as the last booked page has none',
    rules: ['AIS-PAGING-10'],
    spec: 'Paging rules 4 (_links.next is omitted, not emptied, at the end); TransactionsResponse 4 (its absence is the definite end)',
    area: 'paging',
    shares: [SHARED_READ],
    // Careless: the booked rows served by one code path, pending and both by another that writes an empty
    // next at the end (the older scenarios looked for the member on booked pages only).
    expect: { daysBack: 300 },
    async run(ctx, expect) {
      const { consentId, path } = await transactionsOf(ctx);
      const dateFrom = isoDate(Date.now() - expect.daysBack * DAY_MS);
      for (const query of [
        'bookingStatus=pending',
        'bookingStatus=both',
        `bookingStatus=booked&dateFrom=${dateFrom}`,
      ]) {
        const pages = await traverse(ctx, consentId, `${path}?${query}`);
        const last = pages.at(-1)!;
        ensure(
          !('next' in linksOf(last)),
          `transactions._links of the last page (${pages.length}) with ${query} has no next member`,
          { actual: linksOf(last) },
        );
      }
    },
  }),
  scenario({
    id: 'AIS-LIMIT-022',
    title:
      'X-RateLimit-Reset moves with the calendar: the day after a consent was first used, its 200 and 429 answers carry the midnight ending that day, and Retry-After counts to it',
    rules: ['LIMIT-19', 'LIMIT-8'],
    spec: 'Limits (X-RateLimit-Reset: Unix timestamp of the next reset, midnight UTC, a calendar boundary; on 200 and 429); Errors rule 4',
    area: 'limits',
    approvals: 1,
    needs: ['clock'],
    // Careless: the reset instant worked out once, when the consent's budget is first used, and kept when the
    // counts renew by the calendar day (the older scenarios read the header on the day of the first use only).
    expect: { limit: 4, slackSeconds: 5, nextDayAt: 10 * 3_600_000 },
    async run(ctx, expect) {
      // Noon: the first use and its day are well inside one UTC day.
      await advanceToTimeOfDay(ctx, '12:00:00');
      const consent = await validConsent(ctx, { types: ['balances'] });
      const accountId = await resourceIdOf(ctx, consent.consentId, ctx.fixtures.ibans.main);
      const read = (attended: boolean) =>
        ctx.api.getBalances({ accountId, headers: underConsent(consent.consentId, { attended }) });
      const resetNow = async () => nextMidnight(await ctx.clock().now()) / 1000;
      const first = await read(false);
      ensureEqual(first.status, 200, 'status of the first unattended balances read');
      ensureEqual(
        intHeader(first, 'X-RateLimit-Reset'),
        await resetNow(),
        'X-RateLimit-Reset on the first read, the day the consent was first used',
      );
      const now = await ctx.clock().now();
      await ctx.clock().advance(seconds(nextMidnight(now) - now.getTime() + expect.nextDayAt));
      const attended = await read(true);
      ensureEqual(attended.status, 200, 'status of an attended balances read the day after');
      ensureEqual(
        intHeader(attended, 'X-RateLimit-Reset'),
        await resetNow(),
        'X-RateLimit-Reset on an attended read the day after (the midnight ending that day)',
      );
      for (let i = 1; i <= expect.limit; i += 1) {
        const reply = await read(false);
        ensureEqual(reply.status, 200, `status of unattended read ${i} the day after`);
        ensureEqual(
          intHeader(reply, 'X-RateLimit-Reset'),
          await resetNow(),
          `X-RateLimit-Reset on unattended read ${i} the day after (the midnight ending that day)`,
        );
        ensureEqual(
          intHeader(reply, 'X-RateLimit-Remaining'),
          expect.limit - i,
          `X-RateLimit-Remaining after unattended read ${i} the day after`,
        );
      }
      const refused = await read(false);
      expectRefusal(ctx, refused, { status: 429, code: 'ACCESS_EXCEEDED' }, 'the fifth unattended read the day after');
      const reset = intHeader(refused, 'X-RateLimit-Reset');
      ensureEqual(reset, await resetNow(), 'X-RateLimit-Reset on the 429 the day after');
      const untilReset = reset - Math.floor((await ctx.clock().now()).getTime() / 1000);
      const wait = intHeader(refused, 'Retry-After');
      ensure(
        Math.abs(wait - untilReset) <= expect.slackSeconds,
        `Retry-After ${wait} against ${untilReset} s to X-RateLimit-Reset on the 429 the day after`,
        { expected: untilReset, actual: wait },
      );
    },
  }),
  scenario({
    id: 'LEDGER-007',
    title:
      'A debit below one euro keeps its minus sign: bookings of -0.50 and -0.05 read back negative and a credit of 0.30 unsigned, each moving closingBooked by its amount',
    rules: ['AMOUNT-10', 'AMOUNT-9'],
    spec: 'SignedAmount (pattern ^-?[0-9]+(\\.[0-9]{1,2})?$; the sign is the direction: debit negative, credit positive); TransactionsResponse (booked); BalanceResponse',
    area: 'ais-data',
    shares: [SHARED_READ],
    needs: ['control'],
    // Careless: cents written as whole euros and a remainder (a truncating division), so a debit of less than a
    // euro loses its sign ("-0" is "0"); every debit the older scenarios booked or paid was a euro or more.
    expect: { amounts: ['-0.50', '0.30', '-0.05'] },
    async run(ctx, expect) {
      const { consentId, path } = await transactionsOf(ctx);
      const booked = `${path}?bookingStatus=booked`;
      const balances = path.replace(/\/transactions$/, '/balances');
      const closingBooked = async () => {
        const reply = await readData(ctx, consentId, balances);
        ensureEqual(reply.status, 200, 'status of GET balances');
        const items = memberOf(reply.json, 'balances');
        const item = (Array.isArray(items) ? items : []).find(
          (balance) => memberOf(balance, 'balanceType') === 'closingBooked',
        );
        const amount = memberOf(memberOf(item, 'balanceAmount'), 'amount');
        ensure(typeof amount === 'string', 'closingBooked is reported as a string amount', { actual: reply.json });
        return toCents(amount);
      };
      for (const amount of expect.amounts) {
        // All pages: whether a new booking lands on the first or the last is the bank's sort order.
        const known = new Set(idsOf(await traverse(ctx, consentId, booked)));
        const before = await closingBooked();
        await ctx.control().bookTransaction(ctx.fixtures.ibans.main, amount);
        const added = (await traverse(ctx, consentId, booked))
          .flatMap((p) => p.rows)
          .filter((row) => !known.has(row.transactionId));
        // In cents: whether "-0.50" is written "-0.5" is the bank's to choose; its sign is not.
        ensureEqual(
          added.map((row) => [toCents(row.transactionAmount.amount), row.transactionAmount.currency]),
          [[toCents(amount), 'EUR']],
          `the new booked transaction of ${amount} in cents, its sign the direction (written ${added.map((row) => row.transactionAmount.amount).join(', ')})`,
        );
        ensureEqual((await closingBooked()) - before, toCents(amount), `closingBooked change after booking ${amount}`);
      }
    },
  }),
  scenario({
    id: 'LEDGER-008',
    title:
      'Only the sign gives direction: no member of the transactions (booked and pending, on both accounts) or of the balances is a credit or debit indicator',
    rules: ['AMOUNT-10'],
    spec: 'SignedAmount (the sign is the direction: debit negative, credit positive; no other field carries direction)',
    area: 'ais-data',
    shares: [SHARED_READ],
    // Careless: rows mapped from a ledger that keeps its credit/debit indicator beside the signed amount
    // (the older scenarios of the rule read the amounts and their signs, never the other members).
    expect: {},
    async run(ctx) {
      const signs = { debits: 0, credits: 0 };
      for (const [label, iban] of [
        ['main', ctx.fixtures.ibans.main],
        ['second', ctx.fixtures.ibans.second],
      ] as const) {
        const { consentId, path } = await transactionsOf(ctx, iban);
        const reply = await readData(ctx, consentId, `${path}?bookingStatus=both`);
        ensureEqual(reply.status, 200, `status of GET transactions of the ${label} account`);
        const body = ensureSchema(TransactionsResponseSchema, reply.json, 'TransactionsResponse');
        for (const row of [...(body.transactions.booked ?? []), ...(body.transactions.pending ?? [])])
          signs[row.transactionAmount.amount.startsWith('-') ? 'debits' : 'credits'] += 1;
        ensureEqual(
          directionMembers(memberOf(reply.json, 'transactions'), 'transactions').slice(0, 3),
          [],
          `members carrying direction beside the amount's sign, on the first page of transactions of the ${label} account`,
        );
        const balances = await readData(ctx, consentId, path.replace(/\/transactions$/, '/balances'));
        ensureEqual(balances.status, 200, `status of GET balances of the ${label} account`);
        ensureEqual(
          directionMembers(memberOf(balances.json, 'balances'), 'balances').slice(0, 3),
          [],
          `members carrying direction beside the amount's sign, on the balances of the ${label} account`,
        );
      }
      ctx.observe('debit and credit rows looked at', [signs.debits, signs.credits]);
    },
  }),
  scenario({
    id: 'CB-EVT-003',
    title:
      'A revoked consent is refused at once while its callback is being refused: reads right after the revocation and after the failed attempt are CONSENT_INVALID',
    rules: ['EVT-3', 'EVT-1'],
    spec: 'Events 2 (the callback is a courtesy; the consent stops working at once regardless of delivery); States: Consent (valid → revokedByPsu); Errors / Codes CONSENT_INVALID (for example revoked)',
    area: 'callbacks',
    approvals: 1,
    needs: ['control', 'callback-receiver', 'callback-endpoint'],
    // Careless: the revocation takes effect with the callback's delivery (at once when none is registered),
    // so while the provider's receiver refuses it the consent still serves (the older scenarios registered no callback).
    expect: { status: 'revokedByPsu', code: 'CONSENT_INVALID' },
    async run(ctx, expect) {
      await withReceiver(ctx, async (receiver) => {
        const consent = await validConsent(ctx, { types: ['balances'] });
        const accountId = await resourceIdOf(ctx, consent.consentId, ctx.fixtures.ibans.main);
        const balances = () => ctx.api.getBalances({ accountId, headers: underConsent(consent.consentId) });
        ensureEqual((await balances()).status, 200, 'status of a balances read before the revocation');
        receiver.useSecret(WRONG_SECRET);
        const before = receiver.received().length;
        await ctx.control().revokeConsent(consent.consentId);
        expectRefusal(ctx, await balances(), { code: expect.code }, 'a balances read right after the revocation');
        await receiver.waitFor(before + 1, 10_000);
        await settled(receiver, before);
        const attempts = about(receiver.received().slice(before), consent.consentId);
        ensure(
          attempts.length > 0 && attempts.every((attempt) => attempt.status >= 300 || attempt.status === 0),
          'the callback was attempted and refused by the receiver',
          { actual: attempts.map((attempt) => attempt.status) },
        );
        expectRefusal(
          ctx,
          await balances(),
          { code: expect.code },
          'a balances read after the receiver refused the callback',
        );
        ensureEqual(
          await consentStatus(ctx, consent.consentId),
          expect.status,
          'status of the consent whose callback was refused',
        );
      });
    },
  }),
];
