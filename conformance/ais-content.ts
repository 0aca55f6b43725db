/**
 * What account data says, held against known movements, and which data each kind of grant opens:
 * a transaction booked on the account is read back with its sign and moves the booked balance; a
 * consent for balances or transactions opens account details too, and only its own data type; an
 * account of the customer the consent does not name stays closed (spec "Scope rules", "AccountAccess",
 * "SignedAmount", "AccountDetails", "BalanceResponse", "TransactionsResponse").
 */
import {
  AccountListSchema,
  AccountResponseSchema,
  BalanceResponseSchema,
  TransactionsResponseSchema,
} from '../src/contract/index.js';
import type { ScenarioContext } from '../src/kit/context.js';
import { ensure, ensureEqual, ensureSchema } from '../src/kit/failure.js';
import { scenario } from '../src/kit/scenario.js';
import {
  codeOf,
  expectError,
  expectPlausible,
  readData,
  resourceIdOf,
  SHARED_READ,
  sharedReadConsent,
  validConsent,
} from './steps.js';

const cents = (amount: string) => Math.round(Number(amount) * 100);

async function closingBooked(ctx: ScenarioContext, consentId: string, accountId: string): Promise<number> {
  const reply = await readData(ctx, consentId, `/v1/accounts/${accountId}/balances`);
  ensureEqual(reply.status, 200, 'status of GET balances');
  const balance = ensureSchema(BalanceResponseSchema, reply.json, 'BalanceResponse').balances.find(
    (item) => item.balanceType === 'closingBooked',
  );
  ensure(balance, 'the balances carry closingBooked');
  return cents(balance.balanceAmount.amount);
}

/** Every booked row, all pages: where a new booking lands (first page or last) is the bank's sort order. */
async function newestBooked(ctx: ScenarioContext, consentId: string, accountId: string) {
  const rows = [];
  let path: string | undefined = `/v1/accounts/${accountId}/transactions?bookingStatus=booked`;
  for (let pages = 0; path !== undefined && pages < 20; pages += 1) {
    const reply = await readData(ctx, consentId, path);
    ensureEqual(reply.status, 200, 'status of GET transactions');
    const { transactions } = ensureSchema(TransactionsResponseSchema, reply.json, 'TransactionsResponse');
    rows.push(...(transactions.booked ?? []));
    const next: string | undefined = (transactions._links as { next?: { href: string } } | undefined)?.next?.href;
    path =
      next === undefined ? undefined : next.startsWith('/v1') ? next : new URL(next).pathname + new URL(next).search;
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
          cents(amount),
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
        const id = await resourceIdOf(ctx, consent.consentId, ctx.fixtures.ibans.main);
        ensureEqual(
          (await readData(ctx, consent.consentId, `/v1/accounts/${id}`)).status,
          200,
          `account details under a ${granted}-only consent`,
        );
        ensureEqual(
          (
            await readData(
              ctx,
              consent.consentId,
              `/v1/accounts/${id}/${granted}${granted === 'transactions' ? '?bookingStatus=booked' : ''}`,
            )
          ).status,
          200,
          `${granted} under a ${granted}-only consent`,
        );
        expectError(
          ctx,
          await readData(
            ctx,
            consent.consentId,
            `/v1/accounts/${id}/${refused}${refused === 'transactions' ? '?bookingStatus=booked' : ''}`,
          ),
          expect,
        );
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
      const list = ensureSchema(
        AccountListSchema,
        (await readData(ctx, consentId, '/v1/accounts')).json,
        'account list',
      );
      const id = await resourceIdOf(ctx, consentId, ctx.fixtures.ibans.main);
      const read = ensureSchema(
        AccountResponseSchema,
        (await readData(ctx, consentId, `/v1/accounts/${id}`)).json,
        'account read',
      );
      for (const account of [...list.accounts, read.account]) {
        for (const field of expect.never)
          ensure(!(field in (account as object)), `account ${account.iban} carries ${field}`, { actual: account });
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
