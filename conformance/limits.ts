/** Unattended access limits (spec "Limits", Errors rule 4). */
import type { Reply } from '../src/kit/client.js';
import type { ScenarioContext } from '../src/kit/context.js';
import { ensure, ensureEqual } from '../src/kit/failure.js';
import { scenario } from '../src/kit/scenario.js';
import { intHeader } from './rate-limit.js';
import { expectRefusal } from './refusal.js';
import {
  accountList,
  codeOf,
  consentFrom,
  createPayment,
  paymentBody,
  requestConsent,
  resourceIdOf,
  underConsent,
  validConsent,
} from './steps.js';

async function balancesReader(ctx: ScenarioContext, recurring = true) {
  const consent = await validConsent(ctx, { types: ['balances', 'transactions'], recurring });
  const accountId = await resourceIdOf(ctx, consent.consentId, ctx.fixtures.ibans.main);
  return (resource: 'balances' | 'transactions', attended = false): Promise<Reply> => {
    const headers = underConsent(consent.consentId, { attended });
    return resource === 'balances'
      ? ctx.api.getBalances({ accountId, headers })
      : ctx.api.getTransactionList({ accountId, headers, query: { bookingStatus: 'booked' } });
  };
}

const int = intHeader;

export const limitScenarios = [
  scenario({
    id: 'AIS-LIMIT-001',
    title: 'Four unattended balance reads a day, then 429 ACCESS_EXCEEDED with Retry-After and the rate-limit headers',
    rules: ['LIMIT-3', 'LIMIT-17', 'LIMIT-18', 'LIMIT-19', 'LIMIT-20'],
    spec: 'Limits (4 per consent, per data type, per day; rate-limit headers on 200 and 429); Errors rule 4',
    area: 'limits',
    approvals: 1,
    expect: { limit: 4, status: 429, code: 'ACCESS_EXCEEDED' },
    async run(ctx, expect) {
      const read = await balancesReader(ctx);
      for (let i = 1; i <= expect.limit; i += 1) {
        const reply = await read('balances');
        ensureEqual(reply.status, 200, `status of unattended read ${i}`);
        ensureEqual(int(reply, 'X-RateLimit-Limit'), expect.limit, 'X-RateLimit-Limit');
        ensureEqual(int(reply, 'X-RateLimit-Remaining'), expect.limit - i, `X-RateLimit-Remaining after read ${i}`);
      }
      const refused = await read('balances');
      expectRefusal(ctx, refused, expect);
      ensure(int(refused, 'Retry-After') > 0, 'Retry-After is positive');
      ensureEqual(int(refused, 'X-RateLimit-Remaining'), 0, 'X-RateLimit-Remaining on 429');
      const reset = int(refused, 'X-RateLimit-Reset');
      ensureEqual(reset % 86_400, 0, 'X-RateLimit-Reset is a midnight UTC (calendar boundary)');
    },
  }),
  scenario({
    id: 'AIS-LIMIT-002',
    title: 'Attended reads are uncapped and do not consume the budget',
    rules: ['LIMIT-10', 'LIMIT-11', 'HDR-4'],
    spec: 'Limits (attended requests: uncapped; do not consume the budget); X-RateLimit-Remaining',
    area: 'limits',
    approvals: 1,
    expect: { attendedReads: 6, remainingAfterOneUnattended: 3 },
    async run(ctx, expect) {
      const read = await balancesReader(ctx);
      for (let i = 1; i <= expect.attendedReads; i += 1)
        ensureEqual((await read('balances', true)).status, 200, `status of attended read ${i}`);
      const unattended = await read('balances');
      ensureEqual(unattended.status, 200, 'status of the first unattended read');
      ensureEqual(
        int(unattended, 'X-RateLimit-Remaining'),
        expect.remainingAfterOneUnattended,
        'X-RateLimit-Remaining after attended reads and one unattended',
      );
    },
  }),
  scenario({
    id: 'AIS-LIMIT-003',
    title: 'Each data type has its own budget: transactions still read after balances are spent',
    rules: ['LIMIT-7'],
    spec: 'Limits ("each data type has its own budget")',
    area: 'limits',
    approvals: 1,
    expect: { limit: 4 },
    async run(ctx, expect) {
      const read = await balancesReader(ctx);
      for (let i = 0; i < expect.limit; i += 1) await read('balances');
      ensureEqual((await read('balances')).status, 429, 'balances after the budget');
      ensureEqual((await read('transactions')).status, 200, 'transactions with their own budget');
    },
  }),
  scenario({
    id: 'AIS-LIMIT-004',
    title: 'The budget resets at midnight UTC: after Retry-After the read is served again',
    rules: ['LIMIT-8', 'LIMIT-19'],
    spec: 'Limits (X-RateLimit-Reset: calendar boundary, midnight UTC); Errors rule 4',
    area: 'limits',
    approvals: 1,
    needs: ['clock'],
    expect: { limit: 4 },
    async run(ctx, expect) {
      const read = await balancesReader(ctx);
      for (let i = 0; i < expect.limit; i += 1) await read('balances');
      const refused = await read('balances');
      ensureEqual(refused.status, 429, 'status after the budget');
      await ctx.clock().advance(`PT${int(refused, 'Retry-After') + 1}S`);
      ensureEqual((await read('balances')).status, 200, 'status after Retry-After has passed');
    },
  }),
  scenario({
    id: 'AIS-LIMIT-005',
    title: 'Uncapped operations carry no rate-limit headers (consent read, payment initiation)',
    rules: ['LIMIT-12', 'LIMIT-13'],
    spec: 'Limits (uncapped operations: no 429, no rate-limit headers)',
    area: 'limits',
    expect: { headers: ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'] },
    async run(ctx, expect) {
      const created = await requestConsent(ctx, { access: { balances: [{ iban: ctx.fixtures.ibans.main }] } });
      const { consentId } = consentFrom(ctx, created);
      for (const reply of [
        created,
        await ctx.api.getConsent({ consentId }),
        await ctx.api.getConsentStatus({ consentId }),
      ]) {
        for (const name of expect.headers)
          ensureEqual(reply.header(name), undefined, `${name} on an uncapped operation`);
      }
    },
  }),
  scenario({
    id: 'AIS-LIMIT-006',
    title:
      'A one-off consent serves one unattended access per data type: the second is refused, the other type is still served',
    rules: ['LIMIT-9'],
    spec: 'Limits (one-off consent: 1 per data type; forced); ConsentRequest (frequencyPerDay: one-off forced to 1)',
    area: 'limits',
    approvals: 1,
    expect: { refusedCodes: ['ACCESS_EXCEEDED', 'CONSENT_EXPIRED'] },
    async run(ctx, expect) {
      const read = await balancesReader(ctx, false);
      ensureEqual((await read('balances')).status, 200, 'status of the first unattended balances read');
      const second = await read('balances');
      ensure(
        second.status >= 400 && second.status < 500,
        `a second unattended balances read is refused, got ${second.status}`,
      );
      const code = codeOf(second);
      ensure(
        code !== undefined && expect.refusedCodes.includes(code),
        `the refusal is ${expect.refusedCodes.join(' or ')}, got ${String(code)}`,
        { actual: second.json },
      );
      ctx.observe('code of the second unattended read of a one-off consent', code);
      ensureEqual(
        (await read('transactions')).status,
        200,
        'status of the first unattended transactions read (its own budget)',
      );
    },
  }),
  scenario({
    id: 'AIS-LIMIT-007',
    title: 'Attended reads report X-RateLimit-Remaining without consuming it',
    rules: ['LIMIT-18', 'LIMIT-11'],
    spec: 'Limits (X-RateLimit-Remaining: attended requests report it without consuming it; headers on capped operations)',
    area: 'limits',
    approvals: 1,
    expect: { limit: 4 },
    async run(ctx, expect) {
      const read = await balancesReader(ctx);
      ensureEqual(
        int(await read('balances', true), 'X-RateLimit-Remaining'),
        expect.limit,
        'X-RateLimit-Remaining on an attended read before any unattended one',
      );
      ensureEqual(
        int(await read('balances'), 'X-RateLimit-Remaining'),
        expect.limit - 1,
        'X-RateLimit-Remaining after one unattended read',
      );
      const attended = await read('balances', true);
      ensureEqual(
        int(attended, 'X-RateLimit-Remaining'),
        expect.limit - 1,
        'X-RateLimit-Remaining on an attended read after it',
      );
      ensureEqual(int(attended, 'X-RateLimit-Limit'), expect.limit, 'X-RateLimit-Limit on an attended read');
    },
  }),
  scenario({
    id: 'AIS-LIMIT-008',
    title: 'Retrying sooner than Retry-After cannot succeed; Retry-After counts to X-RateLimit-Reset',
    rules: ['ERR-10', 'LIMIT-20', 'LIMIT-19'],
    spec: 'Errors rule 4 (retrying sooner cannot succeed); Limits (Retry-After, X-RateLimit-Reset)',
    area: 'limits',
    approvals: 1,
    needs: ['clock'],
    expect: { limit: 4, earlyBySeconds: 60, slackSeconds: 5 },
    async run(ctx, expect) {
      const read = await balancesReader(ctx);
      const now = await ctx.clock().now();
      // Within an hour of midnight UTC the reads could straddle the reset: start after it instead.
      if (now.getUTCHours() >= 23) await ctx.clock().advance('PT2H');
      for (let i = 0; i < expect.limit; i += 1) await read('balances');
      const refused = await read('balances');
      ensureEqual(refused.status, 429, 'status after the budget');
      const wait = int(refused, 'Retry-After');
      const untilReset = int(refused, 'X-RateLimit-Reset') - Math.floor((await ctx.clock().now()).getTime() / 1000);
      ensure(
        Math.abs(wait - untilReset) <= expect.slackSeconds,
        `Retry-After ${wait} against ${untilReset} s to X-RateLimit-Reset`,
        { expected: untilReset, actual: wait },
      );
      await ctx.clock().advance(`PT${Math.max(wait - expect.earlyBySeconds, 0)}S`);
      expectRefusal(ctx, await read('balances'), { status: 429, code: 'ACCESS_EXCEEDED' });
      await ctx.clock().advance(`PT${expect.earlyBySeconds + 1}S`);
      ensureEqual((await read('balances')).status, 200, 'status once Retry-After has passed');
    },
  }),
  scenario({
    id: 'AIS-LIMIT-009',
    title: 'The account list has its own budget of four unattended reads, then 429 ACCESS_EXCEEDED with the headers',
    rules: ['LIMIT-1'],
    spec: 'Limits (account list capped, 4 per consent per data type per day; rate-limit headers on 200 and 429)',
    area: 'limits',
    approvals: 1,
    expect: { limit: 4, status: 429, code: 'ACCESS_EXCEEDED' },
    async run(ctx, expect) {
      const consent = await validConsent(ctx, { types: ['accounts'] });
      const list = () => accountList(ctx, consent.consentId, { attended: false });
      for (let i = 1; i <= expect.limit; i += 1) {
        const reply = await list();
        ensureEqual(reply.status, 200, `status of unattended account list ${i}`);
        ensureEqual(
          int(reply, 'X-RateLimit-Remaining'),
          expect.limit - i,
          `X-RateLimit-Remaining after account list ${i}`,
        );
      }
      const refused = await list();
      expectRefusal(ctx, refused, expect);
      for (const name of ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'Retry-After'])
        int(refused, name);
    },
  }),
  scenario({
    id: 'AIS-LIMIT-010',
    title: 'Payment and revocation-callback operations are uncapped: no 429 and no rate-limit headers however often',
    rules: ['LIMIT-13', 'OPEN-18'],
    spec: 'Limits (uncapped operations: everything under /v1/payments, revocation callback operations)',
    area: 'limits',
    needs: ['callback-endpoint'],
    expect: { calls: 6, headers: ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'Retry-After'] },
    async run(ctx, expect) {
      const payment = await createPayment(ctx, paymentBody(ctx));
      for (let i = 1; i <= expect.calls; i += 1) {
        const callback = await ctx.api.putRevocationCallback({ body: { url: 'https://tpp.example/xs2a/revocations' } });
        for (const reply of [await ctx.api.getPaymentInitiationStatus(payment), callback]) {
          ensure(reply.status < 400, `call ${i} answered ${reply.status}`);
          for (const name of expect.headers)
            ensureEqual(reply.header(name), undefined, `${name} on an uncapped operation`);
        }
      }
      await ctx.api.deleteRevocationCallback();
    },
  }),
];
