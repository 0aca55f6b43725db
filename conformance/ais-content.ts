/**
 * What account data says, held against known movements, and which data each kind of grant opens:
 * a transaction booked on the account is read back with its sign and moves the booked balance; a
 * consent for balances or transactions opens account details too, and only its own data type; an
 * account of the customer the consent does not name stays closed (spec "Scope rules", "AccountAccess",
 * "SignedAmount", "AccountDetails", "BalanceResponse", "TransactionsResponse").
 */
import { toCents, TransactionsResponseSchema } from '../src/contract/index.js';
import type { ScenarioContext } from '../src/kit/context.js';
import { ensure, ensureEqual, ensureSchema } from '../src/kit/failure.js';
import { scenario } from '../src/kit/scenario.js';
import { expectRefusal } from './refusal.js';
import {
  accountList,
  codeOf,
  expectPlausible,
  memberOf,
  membersOf,
  readData,
  resourceIdOf,
  SHARED_READ,
  sharedReadConsent,
  underConsent,
  validConsent,
} from './steps.js';

async function closingBooked(ctx: ScenarioContext, consentId: string, accountId: string): Promise<number> {
  const read = await ctx.api.getBalances({ accountId, headers: underConsent(consentId) });
  const balance = read.success('GET balances').balances.find((item) => item.balanceType === 'closingBooked');
  ensure(balance, 'the balances carry closingBooked');
  return toCents(balance.balanceAmount.amount);
}

/** Every booked row, all pages: where a new booking lands (first page or last) is the bank's sort order. */
async function newestBooked(ctx: ScenarioContext, consentId: string, accountId: string) {
  const headers = underConsent(consentId);
  const first = await ctx.api.getTransactionList({ accountId, headers, query: { bookingStatus: 'booked' } });
  let { transactions } = first.success('GET transactions');
  const rows = [...(transactions.booked ?? [])];
  for (let pages = 1; transactions._links?.next && pages < 20; pages += 1) {
    const page = await ctx.api.call({ path: transactions._links.next.href, headers });
    ensureEqual(page.status, 200, 'status of GET transactions (next page)');
    ({ transactions } = ensureSchema(TransactionsResponseSchema, page.json, 'TransactionsResponse'));
    rows.push(...(transactions.booked ?? []));
  }
  return rows;
}

export const aisContentScenarios = [
  scenario({
    id: 'AIS-DATA-009',
    title:
      'A booked credit and a booked debit read back with their signs, and move closingBooked by exactly their amounts',
    spec: 'SignedAmount (the sign is the direction: debit negative, credit positive); BalanceResponse; TransactionsResponse (booked)',
    rules: ['AMOUNT-10', 'AIS-DATA-4', 'AIS-DATA-5'],
    area: 'ais-data',
    shares: [SHARED_READ],
    needs: ['control'],
    expect: { credit: '12.34', debit: '-5.67' },
    async run(ctx, expect) {
      const { consentId } = await sharedReadConsent(ctx);
      const accountId = await resourceIdOf(ctx, consentId, ctx.fixtures.ibans.main);
      for (const amount of [expect.credit, expect.debit]) {
        const before = await closingBooked(ctx, consentId, accountId);
        const known = new Set((await newestBooked(ctx, consentId, accountId)).map((row) => row.transactionId));
        await ctx.control().bookTransaction(ctx.fixtures.ibans.main, amount);
        ensureEqual(
          (await closingBooked(ctx, consentId, accountId)) - before,
          toCents(amount),
          `closingBooked change after booking ${amount}`,
        );
        const added = (await newestBooked(ctx, consentId, accountId)).filter((row) => !known.has(row.transactionId));
        ensureEqual(
          added.map((row) => [row.transactionAmount.amount, row.transactionAmount.currency]),
          [[amount, 'EUR']],
          `the new booked transaction of ${amount}, amount and sign`,
        );
      }
    },
  }),
  scenario({
    id: 'AIS-DATA-010',
    title:
      'A balances-only consent opens account details and balances, not transactions; a transactions-only one opens details and transactions, not balances',
    spec: 'Scope rules 1 (accounts alone grants account details; balances or transactions additionally grant their data); AccountAccess (a type not granted is refused); Errors / Codes CONSENT_INVALID',
    rules: ['AIS-CONSENT-10', 'AIS-CONSENT-20'],
    area: 'ais-data',
    approvals: 2,
    expect: { code: 'CONSENT_INVALID' },
    async run(ctx, expect) {
      for (const [granted, refused] of [
        ['balances', 'transactions'],
        ['transactions', 'balances'],
      ] as const) {
        const consent = await validConsent(ctx, { types: [granted] });
        const accountId = await resourceIdOf(ctx, consent.consentId, ctx.fixtures.ibans.main);
        const headers = underConsent(consent.consentId);
        const read = (type: 'balances' | 'transactions') =>
          type === 'balances'
            ? ctx.api.getBalances({ accountId, headers })
            : ctx.api.getTransactionList({ accountId, headers, query: { bookingStatus: 'booked' } });
        ensureEqual(
          (await ctx.api.readAccountDetails({ accountId, headers })).status,
          200,
          `account details under a ${granted}-only consent`,
        );
        ensureEqual((await read(granted)).status, 200, `${granted} under a ${granted}-only consent`);
        expectRefusal(ctx, await read(refused), expect);
      }
    },
  }),
  scenario({
    id: 'AIS-DATA-011',
    title: 'An account the customer holds but the consent does not name is not served (the answer is observed)',
    spec: 'Behaviour notes / Consents 3 (the answer for an account_id outside the consent: not shown); Authentication 7 (the consent’s lists must contain the data type asked for)',
    rules: ['AUTH-6', 'OPEN-9'],
    area: 'ais-data',
    approvals: 1,
    shares: [SHARED_READ],
    expect: {},
    async run(ctx) {
      const both = await sharedReadConsent(ctx);
      const secondId = await resourceIdOf(ctx, both.consentId, ctx.fixtures.ibans.second);
      const mainOnly = await validConsent(ctx, { ibans: [ctx.fixtures.ibans.main] });
      for (const path of [
        `/v1/accounts/${secondId}`,
        `/v1/accounts/${secondId}/balances`,
        `/v1/accounts/${secondId}/transactions?bookingStatus=booked`,
      ]) {
        const reply = await readData(ctx, mainOnly.consentId, path);
        expectPlausible(
          ctx,
          `GET ${path.replace(secondId, '{other account}')} under a consent for another account`,
          reply,
          [
            { status: '4xx', code: 'CONSENT_INVALID' },
            { status: 403, code: 'RESOURCE_UNKNOWN' },
          ],
        );
        ctx.observeSetting('consent.accountOutside', codeOf(reply)!);
      }
    },
  }),
  scenario({
    id: 'AIS-DATA-012',
    title: 'Account details carry no institutional status of the account, in the list and in the read',
    spec: 'AccountDetails (the account’s institutional status is deliberately not carried)',
    rules: ['AIS-DATA-3'],
    area: 'ais-data',
    shares: [SHARED_READ],
    expect: { never: ['status', 'accountStatus'] },
    async run(ctx, expect) {
      const { consentId } = await sharedReadConsent(ctx);
      // The raw bodies: the contract's schema would not show a member it does not name.
      const list = await accountList(ctx, consentId);
      list.success('GET /v1/accounts');
      const accountId = await resourceIdOf(ctx, consentId, ctx.fixtures.ibans.main);
      const read = await ctx.api.readAccountDetails({ accountId, headers: underConsent(consentId) });
      read.success('GET /v1/accounts/{account_id}');
      const listed = memberOf(list.json, 'accounts');
      const accounts = [...(Array.isArray(listed) ? listed : []), memberOf(read.json, 'account')];
      for (const account of accounts) {
        for (const field of expect.never)
          ensure(!(field in membersOf(account)), `an account carries ${field}`, { actual: account });
      }
    },
  }),
  scenario({
    id: 'AIS-DATA-014',
    title: 'An account’s resourceId is the same across reads, across consents and across days',
    rules: ['AIS-DATA-2', 'AIS-DATA-1'],
    spec: 'AccountDetails (resourceId: the account’s stable id)',
    area: 'ais-data',
    approvals: 2,
    needs: ['clock'],
    expect: {},
    async run(ctx) {
      const main = ctx.fixtures.ibans.main;
      const { consentId } = await validConsent(ctx, { types: ['accounts'] });
      const first = await resourceIdOf(ctx, consentId, main);
      ensureEqual(await resourceIdOf(ctx, consentId, main), first, 'resourceId on a second read');
      // A one-off consent: it supersedes nothing, so the first consent stays valid (spec "States: Consent").
      const other = await validConsent(ctx, { recurring: false, types: ['accounts'] });
      ensureEqual(await resourceIdOf(ctx, other.consentId, main), first, 'resourceId under another consent');
      await ctx.clock().advance('P1D');
      ensureEqual(await resourceIdOf(ctx, consentId, main), first, 'resourceId a day later');
    },
  }),
];
