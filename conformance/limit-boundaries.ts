/**
 * The unattended-access budget on every operation it caps, at both sides of the UTC midnight it
 * resets at, with the frequency a consent reports being the one enforced; and every uncapped
 * operation left alone (spec "Limits", Errors rule 4).
 */
import type { Reply } from '../src/kit/client.js';
import type { ScenarioContext } from '../src/kit/context.js';
import { ensure, ensureEqual } from '../src/kit/failure.js';
import { scenario } from '../src/kit/scenario.js';
import { expectUncapped, intHeader } from './rate-limit.js';
import { expectRefusal } from './refusal.js';
import {
  aisAccess,
  codeOf,
  consentFrom,
  consentStatus,
  createPayment,
  onTime,
  paymentBody,
  requestCofConsent,
  requestConsent,
  resourceIdOf,
  underConsent,
  validConsent,
} from './steps.js';
import { advanceToTimeOfDay, nextMidnight, seconds } from './time.js';

type DataPath = 'list' | 'account' | 'balances' | 'transactions';

/** A reader of one capped operation under a fresh recurring consent with every data type. */
async function reader(ctx: ScenarioContext, options: { frequencyPerDay?: number; recurring?: boolean } = {}) {
  const consent = await validConsent(ctx, {
    recurring: options.recurring ?? true,
    body: options.frequencyPerDay === undefined ? {} : { frequencyPerDay: options.frequencyPerDay },
  });
  const accountId = await resourceIdOf(ctx, consent.consentId, ctx.fixtures.ibans.main);
  return (what: DataPath, attended = false): Promise<Reply> => {
    const headers = underConsent(consent.consentId, { attended });
    switch (what) {
      case 'list':
        return ctx.api.getAccountList({ headers });
      case 'account':
        return ctx.api.readAccountDetails({ accountId, headers });
      case 'balances':
        return ctx.api.getBalances({ accountId, headers });
      case 'transactions':
        return ctx.api.getTransactionList({ accountId, headers, query: { bookingStatus: 'booked' } });
    }
  };
}

/** Spends the budget of one data type: `limit` reads served with the headers counting down. */
async function spend(read: (what: DataPath) => Promise<Reply>, what: DataPath, limit: number): Promise<void> {
  for (let i = 1; i <= limit; i += 1) {
    const reply = await read(what);
    ensureEqual(reply.status, 200, `status of unattended ${what} read ${i}`);
    ensureEqual(intHeader(reply, 'X-RateLimit-Limit'), limit, `X-RateLimit-Limit on ${what} read ${i}`);
    ensureEqual(intHeader(reply, 'X-RateLimit-Remaining'), limit - i, `X-RateLimit-Remaining after ${what} read ${i}`);
  }
}

export const limitBoundaryScenarios = [
  scenario({
    id: 'AIS-LIMIT-011',
    title:
      'Every capped account-data operation serves four unattended reads a day and refuses the fifth with 429 ACCESS_EXCEEDED, Retry-After and the rate-limit headers',
    spec: 'Limits (4 per consent, per data type, per day: account list, account read, balances, transactions; headers on 200 and 429); Errors rule 4',
    rules: ['LIMIT-1', 'LIMIT-2', 'LIMIT-3', 'LIMIT-4', 'LIMIT-17', 'LIMIT-20'],
    area: 'limits',
    approvals: 3,
    expect: { limit: 4, refusal: { status: 429, code: 'ACCESS_EXCEEDED' } },
    async run(ctx, expect) {
      // The account list and the account read are one data type (account details): each on a consent of its own.
      for (const what of ['account', 'transactions', 'balances'] as const) {
        const read = await reader(ctx);
        await spend(read, what, expect.limit);
        const refused = await read(what);
        expectRefusal(ctx, refused, expect.refusal);
        ensure(intHeader(refused, 'Retry-After') > 0, `Retry-After on the refused ${what} read is positive`);
        ensureEqual(
          intHeader(refused, 'X-RateLimit-Remaining'),
          0,
          `X-RateLimit-Remaining on the refused ${what} read`,
        );
        ensureEqual(
          intHeader(refused, 'X-RateLimit-Limit'),
          expect.limit,
          `X-RateLimit-Limit on the refused ${what} read`,
        );
      }
    },
  }),
  scenario({
    id: 'AIS-LIMIT-012',
    title:
      'The frequency a consent reports is the one enforced: asked for 1, 2, 3 or 10 a day, it serves exactly four unattended reads, on each capped operation',
    spec: 'ConsentRequest (frequencyPerDay: above 4 capped to 4, below 4 does not reduce it); ConsentResponse (frequencyPerDay: what is enforced); Limits',
    rules: ['AIS-CONSENT-5', 'AIS-CONSENT-6', 'AIS-CONSENT-16'],
    area: 'limits',
    approvals: 4,
    // Every value below 4 and one above, each spending another capped operation's budget.
    expect: {
      enforced: 4,
      asked: [
        [1, 'list'],
        [2, 'balances'],
        [3, 'transactions'],
        [10, 'account'],
      ] as const,
    },
    async run(ctx, expect) {
      for (const [asked, what] of expect.asked) {
        const read = await reader(ctx, { frequencyPerDay: asked });
        await spend(read, what, expect.enforced);
        expectRefusal(
          ctx,
          await read(what),
          { status: 429, code: 'ACCESS_EXCEEDED' },
          `${what} asked for ${asked} a day`,
        );
      }
    },
  }),
  scenario({
    id: 'AIS-LIMIT-013',
    title:
      'The budget resets at midnight UTC, a calendar boundary: refused one second before it, served one second after, however recently it was spent',
    spec: 'Limits (X-RateLimit-Reset: the next midnight UTC, not a rolling window; 4 per day)',
    rules: ['LIMIT-8'],
    area: 'limits',
    approvals: 1,
    needs: ['clock'],
    expect: { limit: 4 },
    async run(ctx, expect) {
      const read = await reader(ctx);
      await advanceToTimeOfDay(ctx, '23:50:00');
      await spend(read, 'balances', expect.limit);
      const refused = await read('balances');
      ensureEqual(refused.status, 429, 'status of the fifth read at 23:50');
      const now = await ctx.clock().now();
      ensureEqual(
        intHeader(refused, 'X-RateLimit-Reset'),
        nextMidnight(now) / 1000,
        'X-RateLimit-Reset is the next midnight UTC',
      );
      await ctx.clock().advance(seconds(nextMidnight(now) - now.getTime() - 2_000));
      const late = onTime(await read('balances'), 'the read one second before midnight');
      expectRefusal(ctx, late, { status: 429, code: 'ACCESS_EXCEEDED' });
      await ctx.clock().advance('PT3S');
      const fresh = await read('balances');
      ensureEqual(fresh.status, 200, 'status one second after midnight, ten minutes after the budget was spent');
      ensureEqual(
        intHeader(fresh, 'X-RateLimit-Remaining'),
        expect.limit - 1,
        'X-RateLimit-Remaining on the first read of the new day',
      );
    },
  }),
  scenario({
    id: 'AIS-LIMIT-014',
    title: 'Attended reads of every capped operation are served once the unattended budget is spent, and spend nothing',
    spec: 'Limits (attended requests, with PSU-IP-Address: uncapped, do not consume the budget; X-RateLimit-Remaining reported without consuming it)',
    rules: ['LIMIT-10', 'LIMIT-11'],
    area: 'limits',
    approvals: 1,
    expect: { limit: 4 },
    async run(ctx, expect) {
      const read = await reader(ctx);
      for (const what of ['list', 'balances', 'transactions'] as const) {
        await spend(read, what, expect.limit);
        for (let i = 1; i <= 2; i += 1) {
          const attended = await read(what, true);
          ensureEqual(attended.status, 200, `status of attended ${what} read ${i} after the budget`);
          ensureEqual(
            intHeader(attended, 'X-RateLimit-Remaining'),
            0,
            `X-RateLimit-Remaining on attended ${what} read ${i}`,
          );
        }
        ensureEqual(
          (await read('account', true)).status,
          200,
          'status of an attended account read after the account-details budget',
        );
      }
    },
  }),
  scenario({
    id: 'AIS-LIMIT-015',
    title: 'Uncapped operations carry no rate-limit headers and never answer 429, however often they are called',
    spec: 'Limits (uncapped operations: consent create/read/status/delete, authorisation reads, everything under /v1/payments, revocation-callback operations: no 429, no rate-limit headers)',
    rules: ['LIMIT-12', 'LIMIT-13', 'OPEN-18'],
    area: 'limits',
    needs: ['callback-endpoint'],
    expect: { calls: 6 },
    async run(ctx, expect) {
      const creation = await requestConsent(ctx, { access: aisAccess([ctx.fixtures.ibans.main], ['balances']) });
      const cofCreation = await requestCofConsent(ctx);
      expectUncapped(creation, 'POST /v1/consents');
      expectUncapped(cofCreation, 'POST /v1/consents/confirmation-of-funds');
      const created = consentFrom(ctx, creation);
      const cof = consentFrom(ctx, cofCreation, 'cof');
      const payment = await createPayment(ctx, paymentBody(ctx));
      const calls: [string, () => Promise<Reply>][] = [
        ['GET /v1/consents/{id}', () => ctx.api.getConsent(created)],
        ['GET /v1/consents/{id}/status', () => ctx.api.getConsentStatus(created)],
        ['GET /v1/consents/{id}/authorisations', () => ctx.api.getConsentAuthorisations(created)],
        ['GET /v1/consents/{id}/authorisations/{id}', () => ctx.api.getConsentScaStatus(created)],
        ['GET /v1/consents/confirmation-of-funds/{id}', () => ctx.api.getFundsConfirmationConsent(cof)],
        ['GET /v1/consents/confirmation-of-funds/{id}/status', () => ctx.api.getFundsConfirmationConsentStatus(cof)],
        ['GET /v1/payments/{product}/{id}', () => ctx.api.getPaymentInformation(payment)],
        ['GET /v1/payments/{product}/{id}/status', () => ctx.api.getPaymentInitiationStatus(payment)],
        ['GET /v1/payments/{product}/{id}/authorisations', () => ctx.api.getPaymentInitiationAuthorisations(payment)],
        ['GET /v1/payments/{product}/{id}/authorisations/{id}', () => ctx.api.getPaymentInitiationScaStatus(payment)],
        ['GET /v1/revocation-callback', () => ctx.api.getRevocationCallback()],
        [
          'PUT /v1/revocation-callback',
          () => ctx.api.putRevocationCallback({ body: { url: 'https://tpp.example/xs2a/revocations' } }),
        ],
      ];
      for (let i = 1; i <= expect.calls; i += 1)
        for (const [what, call] of calls) expectUncapped(await call(), `${what} (call ${i})`);
      expectUncapped(await ctx.api.deleteRevocationCallback(), 'DELETE /v1/revocation-callback');
      expectUncapped(await ctx.api.cancelPayment(payment), 'DELETE /v1/payments/{product}/{id}');
      expectUncapped(await ctx.api.deleteConsent(created), 'DELETE /v1/consents/{id}');
      expectUncapped(
        await ctx.api.deleteFundsConfirmationConsent(cof),
        'DELETE /v1/consents/confirmation-of-funds/{id}',
      );
      ensure((await consentStatus(ctx, created.consentId)) !== 'valid', 'the deleted consent is not valid');
    },
  }),
  scenario({
    id: 'AIS-LIMIT-016',
    title:
      'A one-off consent, even one asking for 4 a day, reports and enforces one unattended access per data type: X-RateLimit-Limit 1, then a refusal',
    spec: 'Limits (one-off consent: 1 per data type, forced); ConsentRequest (frequencyPerDay: one-off forced to 1)',
    rules: ['LIMIT-9', 'LIMIT-17', 'LIMIT-15'],
    area: 'limits',
    approvals: 1,
    expect: { refusedCodes: ['ACCESS_EXCEEDED', 'CONSENT_EXPIRED'] },
    async run(ctx, expect) {
      // Asked for 4: forced to 1 all the same (the kit's complete body asks a one-off consent for 1).
      const read = await reader(ctx, { recurring: false, frequencyPerDay: 4 });
      for (const what of ['list', 'balances'] as const) {
        const first = await read(what);
        ensureEqual(first.status, 200, `status of the first unattended ${what} read`);
        ensureEqual(intHeader(first, 'X-RateLimit-Limit'), 1, `X-RateLimit-Limit of a one-off consent (${what})`);
        ensureEqual(
          intHeader(first, 'X-RateLimit-Remaining'),
          0,
          `X-RateLimit-Remaining after the one-off ${what} read`,
        );
        const second = await read(what);
        ensure(
          second.status >= 400 && second.status < 500,
          `a second unattended ${what} read is refused, got ${second.status}`,
        );
        const code = codeOf(second);
        ensure(
          code !== undefined && expect.refusedCodes.includes(code),
          `the refusal is ${expect.refusedCodes.join(' or ')}, got ${String(code)}`,
          { actual: second.json },
        );
      }
    },
  }),
  scenario({
    id: 'AIS-LIMIT-017',
    title:
      'Each consent has its own budget: spending one consent’s balances leaves another consent of the provider on the same account untouched',
    rules: ['LIMIT-6', 'AIS-STATE-15'],
    spec: 'Limits (4 per consent, per data type, per day)',
    area: 'limits',
    approvals: 2,
    expect: { limit: 4, code: 'ACCESS_EXCEEDED' },
    async run(ctx, expect) {
      const main = ctx.fixtures.ibans.main;
      // Different sets of accounts, so the newer consent supersedes nothing (spec "States: Consent").
      const narrow = await validConsent(ctx, { ibans: [main], types: ['balances'] });
      const wide = await validConsent(ctx, { ibans: [main, ctx.fixtures.ibans.second], types: ['balances'] });
      ensureEqual(
        await consentStatus(ctx, narrow.consentId),
        'valid',
        'the first consent after the second was approved',
      );
      const balances = async (consentId: string) =>
        ctx.api.getBalances({
          accountId: await resourceIdOf(ctx, consentId, main),
          headers: underConsent(consentId, { attended: false }),
        });
      for (let i = 1; i <= expect.limit; i += 1)
        ensureEqual(
          (await balances(narrow.consentId)).status,
          200,
          `status of the first consent's unattended read ${i}`,
        );
      expectRefusal(ctx, await balances(narrow.consentId), { status: 429, code: expect.code });
      const other = await balances(wide.consentId);
      ensureEqual(other.status, 200, 'status of the other consent’s first unattended read of the same account');
      ensureEqual(
        intHeader(other, 'X-RateLimit-Remaining'),
        expect.limit - 1,
        'X-RateLimit-Remaining of the other consent',
      );
    },
  }),
];
