/**
 * What the interface says an answer does not carry, or a request field does not change, held on
 * every answer that could carry it and for every value, not only the common one: an account's
 * institutional status on every answer naming an account ("AccountDetails"), and
 * `recurringIndicator`/`frequencyPerDay` on a CoF consent changing nothing of its daily allowance
 * ("FundsConfirmationConsentRequest"). Raw bodies are read, never a schema's parse, which would drop a
 * member it does not name. The card numbers: card-number.ts.
 */
import type { Reply } from '../src/kit/client.js';
import { ensure, ensureEqual } from '../src/kit/failure.js';
import { scenario } from '../src/kit/scenario.js';
import { confirmSmall } from './card-number.js';
import { intHeader } from './rate-limit.js';
import { expectRefusal } from './refusal.js';
import {
  accountList,
  createdPayment,
  initiatePayment,
  membersOf,
  paymentBody,
  resourceIdOf,
  SHARED_COF,
  SHARED_READ,
  sharedCofConsent,
  sharedReadConsent,
  STANDARD,
  underConsent,
  validCofConsent,
} from './steps.js';

/** Member names that would carry an account's institutional status (open, enabled, blocked, closed, deleted …). */
const INSTITUTIONAL = /status|state|block|clos|enabl|delet/i;

/** The members that name accounts: in account data, in a consent's `access` lists, on a payment. */
const ACCOUNT_MEMBERS = ['account', 'accounts', 'balances', 'transactions', 'debtorAccount', 'creditorAccount'];

/** Every object inside `json` at a member named `name` (arrays walked), with where it was found. */
function objectsNamed(json: unknown, name: string, at = ''): [string, object][] {
  if (Array.isArray(json)) return json.flatMap((item, index) => objectsNamed(item, name, `${at}[${index}]`));
  if (!json || typeof json !== 'object') return [];
  return Object.entries(json).flatMap(([key, value]): [string, object][] => [
    ...(key === name && value && typeof value === 'object' && !Array.isArray(value)
      ? [[`${at}.${key}`, value as object] as [string, object]]
      : []),
    ...(key === name && Array.isArray(value)
      ? value.map((item, index): [string, object] => [`${at}.${key}[${index}]`, membersOf(item)])
      : []),
    ...objectsNamed(value, name, `${at}.${key}`),
  ]);
}

export const notCarriedScenarios = [
  scenario({
    id: 'AIS-DATA-015',
    title:
      'No answer naming an account carries its institutional status: the list, the read, balances and transactions of every booking status for each account of the consent, the consent reads of both kinds, a payment read',
    spec: 'AccountDetails (the account’s institutional status is deliberately not carried); BalanceResponse, TransactionsResponse, ConsentResponse, PaymentResponse (accounts as AccountReference)',
    rules: ['AIS-DATA-3'],
    area: 'ais-data',
    shares: [SHARED_READ, SHARED_COF],
    expect: {},
    async run(ctx) {
      const { consentId } = await sharedReadConsent(ctx);
      const headers = underConsent(consentId);
      const answers: [string, Reply][] = [['GET /v1/accounts', await accountList(ctx, consentId)]];
      for (const iban of [ctx.fixtures.ibans.main, ctx.fixtures.ibans.second]) {
        const accountId = await resourceIdOf(ctx, consentId, iban);
        answers.push([`the read of ${iban}`, await ctx.api.readAccountDetails({ accountId, headers })]);
        answers.push([`the balances of ${iban}`, await ctx.api.getBalances({ accountId, headers })]);
        for (const bookingStatus of ['booked', 'pending', 'both'] as const)
          answers.push([
            `the ${bookingStatus} transactions of ${iban}`,
            await ctx.api.getTransactionList({ accountId, headers, query: { bookingStatus } }),
          ]);
      }
      answers.push(['the consent read', await ctx.api.getConsent({ consentId })]);
      const cof = await sharedCofConsent(ctx);
      answers.push(['the CoF consent read', await ctx.api.getFundsConfirmationConsent({ consentId: cof })]);
      const payment = createdPayment(await initiatePayment(ctx, paymentBody(ctx)));
      answers.push(['the payment read', await ctx.api.getPaymentInformation({ ...payment, product: STANDARD })]);
      await ctx.api.cancelPayment({ ...payment, product: STANDARD });
      for (const [what, reply] of answers) {
        ensureEqual(reply.status, 200, `status of ${what}`);
        const accounts = ACCOUNT_MEMBERS.flatMap((name) => objectsNamed(reply.json, name));
        ensure(accounts.length > 0, `${what} names an account`, { actual: reply.json });
        for (const [at, account] of accounts) {
          const carried = Object.keys(account).filter((name) => INSTITUTIONAL.test(name));
          ensureEqual(carried, [], `members of the account at ${at} in ${what} that carry a status`);
        }
      }
    },
  }),
  scenario({
    id: 'COF-027',
    title:
      'recurringIndicator and frequencyPerDay on a CoF consent change nothing: asked one-off at 1 a day or recurring at 10, it serves exactly 4 unattended confirmations a day',
    spec: 'FundsConfirmationConsentRequest (recurringIndicator and frequencyPerDay: sending either has no effect); Funds confirmation 1; Limits (4 unattended a day)',
    rules: ['COF-5', 'LIMIT-5'],
    area: 'cof',
    approvals: 2,
    expect: { limit: 4, asked: [{ recurringIndicator: false, frequencyPerDay: 1 }, { frequencyPerDay: 10 }] },
    async run(ctx, expect) {
      for (const asked of expect.asked) {
        const consentId = await validCofConsent(ctx, asked);
        const what = `a CoF consent asked with ${JSON.stringify(asked)}`;
        const confirm = () => confirmSmall(ctx, consentId, { attended: false });
        for (let used = 1; used <= expect.limit; used += 1) {
          const reply = await confirm();
          ensureEqual(reply.status, 200, `status of unattended confirmation ${used} under ${what}`);
          ensureEqual(intHeader(reply, 'X-RateLimit-Limit'), expect.limit, `X-RateLimit-Limit under ${what}`);
          ensureEqual(
            intHeader(reply, 'X-RateLimit-Remaining'),
            expect.limit - used,
            `X-RateLimit-Remaining after confirmation ${used} under ${what}`,
          );
        }
        expectRefusal(ctx, await confirm(), { status: 429, code: 'ACCESS_EXCEEDED' }, `confirmation 5 under ${what}`);
      }
    },
  }),
];
