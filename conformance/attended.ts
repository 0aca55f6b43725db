/**
 * Attended requests on every capped operation (spec "Limits": with PSU-IP-Address a request is
 * uncapped and does not consume the budget; X-RateLimit-Remaining: "attended requests report it
 * without consuming it"): on the account list, the account read, balances, transactions and funds
 * confirmations, attended requests before, between and after the unattended ones report the
 * remaining budget unchanged, and the unattended ones still get exactly their four.
 */
import type { Reply } from '../src/kit/client.js';
import type { ScenarioContext } from '../src/kit/context.js';
import { ensure, ensureEqual } from '../src/kit/failure.js';
import { scenario } from '../src/kit/scenario.js';
import { intHeader } from './rate-limit.js';
import { expectRefusal } from './refusal.js';
import { ATTENDED, resourceIdOf, underConsent, validCofConsent, validConsent } from './steps.js';

/** One capped operation, attended or not. */
type Read = (attended: boolean) => Promise<Reply>;

/** A step of a budget's walk: `a` reads attended by `op`, `u` unattended; the remaining budget expected after it. */
type Step = [mode: 'a' | 'u', op: string, remaining: number];

/**
 * Walks one budget of `limit` accesses: each step's answer is 200 with the limit, the remaining count
 * and one UTC midnight as reset; an unattended read past the budget is 429; attended reads after it
 * are still served, reporting 0. `spent` accesses of the day are gone before the walk (its first
 * `spent` unattended steps are left out). Answers the accesses the next day has spent when a UTC
 * midnight passed mid-walk (the target's clock runs on, and retries after a 5xx wait), else true.
 */
async function walkDay(
  ctx: ScenarioContext,
  ops: Record<string, Read>,
  steps: readonly Step[],
  limit: number,
  spent = 0,
): Promise<number | true> {
  let reset: number | undefined;
  const nextDay = (reply: Reply) => {
    if (reply.status !== 200) return undefined;
    const at = intHeader(reply, 'X-RateLimit-Reset');
    reset ??= at;
    return at === reset ? undefined : limit - intHeader(reply, 'X-RateLimit-Remaining');
  };
  let skipped = 0;
  for (const [index, [mode, op, remaining]] of steps.entries()) {
    if (mode === 'u' && skipped < spent) {
      skipped += 1;
      continue;
    }
    const what = `${mode === 'a' ? 'attended' : 'unattended'} ${op} (step ${index + 1})`;
    const reply = await ops[op]!(mode === 'a');
    ensureEqual(reply.status, 200, `status of the ${what}`);
    ensureEqual(
      intHeader(reply, 'X-RateLimit-Reset') % 86_400,
      0,
      `X-RateLimit-Reset on the ${what} is a midnight UTC`,
    );
    const crossed = nextDay(reply);
    if (crossed !== undefined) return crossed;
    ensureEqual(intHeader(reply, 'X-RateLimit-Limit'), limit, `X-RateLimit-Limit on the ${what}`);
    ensureEqual(
      intHeader(reply, 'X-RateLimit-Remaining'),
      Math.min(remaining, limit - spent),
      `X-RateLimit-Remaining on the ${what}`,
    );
  }
  for (const op of Object.keys(ops)) {
    const past = await ops[op]!(false);
    const crossed = nextDay(past);
    if (crossed !== undefined) return crossed;
    expectRefusal(ctx, past, { status: 429, code: 'ACCESS_EXCEEDED' }, `unattended ${op} past it`);
    const attended = await ops[op]!(true);
    ensureEqual(attended.status, 200, `status of an attended ${op} once the budget is spent`);
    const late = nextDay(attended);
    if (late !== undefined) return late;
    ensureEqual(intHeader(attended, 'X-RateLimit-Remaining'), 0, `X-RateLimit-Remaining on that attended ${op}`);
  }
  return true;
}

/** A budget's walk, walked again on the next day's budget when a UTC midnight passed during the first. */
async function walk(ctx: ScenarioContext, ops: Record<string, Read>, steps: readonly Step[], limit: number) {
  const first = await walkDay(ctx, ops, steps, limit);
  if (first === true) return;
  ensure(
    (await walkDay(ctx, ops, steps, limit, first)) === true,
    'the walk ended within one UTC day at the second try',
  );
}

/** Attended reads first, then each unattended one between attended ones of every operation of the budget. */
function interleaved(ops: readonly string[], limit: number): Step[] {
  const steps: Step[] = ops.flatMap((op): Step[] => [
    ['a', op, limit],
    ['a', op, limit],
  ]);
  for (let spent = 1; spent <= limit; spent += 1) {
    steps.push(['u', ops[(spent - 1) % ops.length]!, limit - spent]);
    for (const op of ops) steps.push(['a', op, limit - spent]);
  }
  return steps;
}

export const attendedScenarios = [
  scenario({
    id: 'AIS-LIMIT-020',
    title:
      'On the account list, the account read, balances and transactions, attended reads before, between and after the unattended ones report X-RateLimit-Remaining without consuming it',
    spec: 'Limits (attended requests, with PSU-IP-Address: uncapped, do not consume the budget; X-RateLimit-Remaining: attended requests report it without consuming it; X-RateLimit-Limit, X-RateLimit-Reset: integers)',
    rules: ['LIMIT-10', 'LIMIT-11', 'LIMIT-17', 'LIMIT-18', 'LIMIT-19'],
    area: 'limits',
    approvals: 1,
    expect: { limit: 4 },
    async run(ctx, expect) {
      const consent = await validConsent(ctx);
      const accountId = await resourceIdOf(ctx, consent.consentId, ctx.fixtures.ibans.main);
      const headers = (attended: boolean) => underConsent(consent.consentId, { attended });
      // The account list and the account read share one budget (one data type, account details).
      const accounts: Record<string, Read> = {
        'account list': (attended) => ctx.api.getAccountList({ headers: headers(attended) }),
        'account read': (attended) => ctx.api.readAccountDetails({ accountId, headers: headers(attended) }),
      };
      await walk(ctx, accounts, interleaved(Object.keys(accounts), expect.limit), expect.limit);
      const balances: Record<string, Read> = {
        balances: (attended) => ctx.api.getBalances({ accountId, headers: headers(attended) }),
      };
      await walk(ctx, balances, interleaved(['balances'], expect.limit), expect.limit);
      // Every bookingStatus reads the one transactions budget.
      const transactions: Record<string, Read> = Object.fromEntries(
        (['booked', 'pending', 'both'] as const).map((bookingStatus): [string, Read] => [
          `transactions (${bookingStatus})`,
          (attended) => ctx.api.getTransactionList({ accountId, headers: headers(attended), query: { bookingStatus } }),
        ]),
      );
      await walk(ctx, transactions, interleaved(Object.keys(transactions), expect.limit), expect.limit);
    },
  }),
  scenario({
    id: 'COF-024',
    title:
      'Attended funds confirmations before, between and after the unattended ones report X-RateLimit-Remaining without consuming it, whatever they answer',
    spec: 'Funds confirmation 1 (capped as unattended access); Limits (attended requests uncapped, do not consume the budget; X-RateLimit-Remaining reported without consuming it)',
    rules: ['LIMIT-5', 'LIMIT-10', 'LIMIT-11', 'LIMIT-18'],
    area: 'cof',
    approvals: 1,
    expect: { limit: 4 },
    async run(ctx, expect) {
      const consentId = await validCofConsent(ctx);
      const confirm = (amount: string) => (attended: boolean) =>
        ctx.api.checkAvailabilityOfFunds({
          headers: { 'Consent-ID': consentId, ...(attended ? ATTENDED : {}) },
          body: { account: { iban: ctx.fixtures.ibans.main }, instructedAmount: { currency: 'EUR', amount } },
        });
      const ops: Record<string, Read> = {
        'funds confirmation (covered)': confirm(ctx.fixtures.amounts.small),
        'funds confirmation (beyond the balance)': confirm(ctx.fixtures.amounts.beyondBalance),
      };
      await walk(ctx, ops, interleaved(Object.keys(ops), expect.limit), expect.limit);
    },
  }),
];
