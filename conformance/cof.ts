/** Confirmation of funds (spec "FundsConfirmationConsentRequest", "FundsConfirmationRequest", Behaviour notes / Funds confirmation). */
import type { ScenarioContext } from '../src/kit/context.js';
import { ensure, ensureEqual } from '../src/kit/failure.js';
import { scenario } from '../src/kit/scenario.js';
import { expectRefusal } from './refusal.js';
import {
  aisAccess,
  ATTENDED,
  codeOf,
  consentStatus,
  createCofConsent,
  createConsent,
  dateAfter,
  daysBetween,
  memberOf,
  membersOf,
  readConsent,
  requestCofConsent,
  SHARED_COF,
  sharedCofConsent,
  validCofConsent,
  validConsent,
} from './steps.js';
import { isoDate } from '../src/contract/dates.js';

const confirm = (
  ctx: ScenarioContext,
  consentId: string,
  amount: string,
  options: { attended?: boolean; extra?: Record<string, unknown> } = {},
) =>
  ctx.api.checkAvailabilityOfFunds({
    headers: { 'Consent-ID': consentId, ...(options.attended ? ATTENDED : {}) },
    body: {
      account: { iban: ctx.fixtures.ibans.main },
      instructedAmount: { currency: 'EUR', amount },
      ...options.extra,
    },
  });

const readValidUntil = async (ctx: ScenarioContext, consentId: string) =>
  (await readConsent(ctx, consentId, 'cof')).validUntil;

export const cofScenarios = [
  scenario({
    id: 'COF-001',
    title:
      'A funds confirmation answers exactly one field, fundsAvailable, true for a small amount and false beyond the balance',
    rules: ['COF-9', 'COF-10'],
    spec: 'FundsConfirmationRequest (response: exactly one field); Funds confirmation 1',
    area: 'cof',
    shares: [SHARED_COF],
    expect: {},
    async run(ctx) {
      const consentId = await sharedCofConsent(ctx);
      const yes = await confirm(ctx, consentId, ctx.fixtures.amounts.small, { attended: true });
      ensureEqual(yes.success('a funds confirmation').fundsAvailable, true, 'fundsAvailable for a small amount');
      const no = await confirm(ctx, consentId, ctx.fixtures.amounts.beyondBalance, { attended: true });
      ensureEqual(no.success('a funds confirmation').fundsAvailable, false, 'fundsAvailable beyond the balance');
    },
  }),
  scenario({
    id: 'COF-002',
    title: 'An account-information consent used for a funds confirmation is CONSENT_UNKNOWN',
    rules: ['AIS-CONSENT-24'],
    spec: 'Behaviour notes / Consents 3 and 6; Errors / Codes CONSENT_UNKNOWN (a consent of the wrong kind, 403)',
    area: 'cof',
    approvals: 1,
    expect: { code: 'CONSENT_UNKNOWN', status: 403 },
    async run(ctx, expect) {
      const consent = await validConsent(ctx, { types: ['balances'] });
      expectRefusal(ctx, await confirm(ctx, consent.consentId, '1.00'), expect);
    },
  }),
  scenario({
    id: 'COF-003',
    title: 'A CoF consent reads back with account instead of access',
    rules: ['AIS-CONSENT-18'],
    spec: 'ConsentResponse (account: present instead of access on a CoF consent)',
    area: 'cof',
    shares: [SHARED_COF],
    expect: {},
    async run(ctx) {
      const consentId = await sharedCofConsent(ctx);
      const read = await ctx.api.getFundsConfirmationConsent({ consentId });
      const consent = read.success('the CoF consent read');
      ensureEqual(consent.account?.iban, ctx.fixtures.ibans.main, 'account of the CoF consent');
      // As sent: a schema's parse would drop a member it does not expect.
      ensure(memberOf(read.json, 'access') === undefined, 'no access on a CoF consent', { actual: read.json });
    },
  }),
  scenario({
    id: 'COF-004',
    title: 'The answer is exactly {fundsAvailable} whatever is asked, and a cardNumber sent along changes nothing',
    rules: ['COF-8', 'COF-9'],
    spec: 'FundsConfirmationRequest (cardNumber informational only; response: exactly one field, nothing else is ever returned)',
    area: 'cof',
    shares: [SHARED_COF],
    expect: { keys: ['fundsAvailable'] },
    async run(ctx, expect) {
      const consentId = await sharedCofConsent(ctx);
      for (const amount of [ctx.fixtures.amounts.small, ctx.fixtures.amounts.beyondBalance]) {
        const plain = await confirm(ctx, consentId, amount, { attended: true });
        const withCard = await confirm(ctx, consentId, amount, {
          attended: true,
          extra: { cardNumber: '4111111111111111' },
        });
        for (const reply of [plain, withCard]) {
          ensureEqual(reply.status, 200, `status of a funds confirmation for ${amount}`);
          ensureEqual(Object.keys(membersOf(reply.json)), expect.keys, `fields of the answer for ${amount}`);
        }
        ensureEqual(withCard.json, plain.json, `answer with and without cardNumber for ${amount}`);
      }
    },
  }),
  scenario({
    id: 'COF-005',
    title: 'A consent used on the other kind’s consent endpoints is 403 CONSENT_UNKNOWN, both ways',
    rules: ['AIS-CONSENT-22'],
    spec: 'Errors / Codes CONSENT_UNKNOWN (a consent of the wrong kind for the service, 403); Behaviour notes / Consents 2-3',
    area: 'cof',
    expect: { status: 403, code: 'CONSENT_UNKNOWN' },
    async run(ctx, expect) {
      const cof = await createCofConsent(ctx);
      const ais = await createConsent(ctx, {
        access: aisAccess([ctx.fixtures.ibans.main], ['balances']),
        recurringIndicator: true,
      });
      for (const reply of [
        await ctx.api.getConsent({ consentId: cof.consentId }),
        await ctx.api.getConsentStatus({ consentId: cof.consentId }),
        await ctx.api.getFundsConfirmationConsent({ consentId: ais.consentId }),
        await ctx.api.getFundsConfirmationConsentStatus({ consentId: ais.consentId }),
      ])
        expectRefusal(ctx, reply, expect);
    },
  }),
  scenario({
    id: 'COF-006',
    title:
      'Four unattended funds confirmations a day, then 429 ACCESS_EXCEEDED with Retry-After; attended ones stay uncapped',
    rules: ['LIMIT-5', 'LIMIT-10', 'LIMIT-20'],
    spec: 'Funds confirmation 1 (capped as unattended access); Limits (4 per consent per day, POST /v1/funds-confirmations; attended uncapped); Errors rule 4',
    area: 'cof',
    approvals: 1,
    expect: { limit: 4, status: 429, code: 'ACCESS_EXCEEDED' },
    async run(ctx, expect) {
      const consentId = await validCofConsent(ctx);
      for (let i = 1; i <= expect.limit; i += 1) {
        const reply = await confirm(ctx, consentId, '1.00');
        ensureEqual(reply.status, 200, `status of unattended confirmation ${i}`);
        ensureEqual(
          reply.header('x-ratelimit-remaining'),
          String(expect.limit - i),
          `X-RateLimit-Remaining after confirmation ${i}`,
        );
      }
      const refused = await confirm(ctx, consentId, '1.00');
      expectRefusal(ctx, refused, expect);
      ensure(
        /^[1-9]\d*$/.test(refused.header('retry-after') ?? ''),
        `Retry-After is a positive integer, got ${String(refused.header('retry-after'))}`,
      );
      ensureEqual(
        (await confirm(ctx, consentId, '1.00', { attended: true })).status,
        200,
        'status of an attended confirmation after the budget is spent',
      );
    },
  }),
  scenario({
    id: 'COF-007',
    title: 'A CoF consent without validUntil is issued the full 180-day ceiling from authentication',
    rules: ['COF-3'],
    spec: 'FundsConfirmationConsentRequest (validUntil: omitted means the full ceiling; read it back); Limits (consent lifetime)',
    area: 'cof',
    approvals: 1,
    needs: ['clock'],
    expect: { ceilingDays: 180 },
    async run(ctx, expect) {
      const consentId = await validCofConsent(ctx);
      const today = isoDate(await ctx.clock().now());
      const validUntil = await readValidUntil(ctx, consentId);
      ensure(validUntil !== undefined, 'the created CoF consent reads back a validUntil');
      const days = daysBetween(today, validUntil);
      // The ceiling is 180 days from the authentication instant; its date may round either way by one.
      ensure(
        days >= expect.ceilingDays - 1 && days <= expect.ceilingDays,
        `validUntil ${validUntil} is ${days} days after ${today}`,
        { expected: expect.ceilingDays, actual: days },
      );
    },
  }),
  scenario({
    id: 'COF-008',
    title: 'A CoF consent asking for 400 days is capped at 180 days from authentication',
    rules: ['COF-2'],
    spec: 'FundsConfirmationConsentRequest (validUntil: capped at 180 days from authentication); Limits (consent lifetime)',
    area: 'cof',
    approvals: 1,
    needs: ['clock'],
    expect: { askedDays: 400, ceilingDays: 180 },
    async run(ctx, expect) {
      const now = await ctx.clock().now();
      const consentId = await validCofConsent(ctx, { validUntil: dateAfter(now, expect.askedDays) });
      const validUntil = await readValidUntil(ctx, consentId);
      ensure(validUntil !== undefined, 'the CoF consent reads back a validUntil');
      const days = daysBetween(isoDate(now), validUntil);
      ensure(days <= expect.ceilingDays, `validUntil ${validUntil} is ${days} days away, beyond the ceiling`, {
        expected: expect.ceilingDays,
        actual: days,
      });
    },
  }),
  scenario({
    id: 'COF-009',
    title: 'Only the last four digits of cardNumber are retained: the consent never reads back the full number',
    rules: ['COF-4'],
    spec: 'FundsConfirmationConsentRequest (cardNumber: only the last four digits are retained)',
    area: 'cof',
    expect: { cardNumber: '4111111111111234', retained: 4 },
    async run(ctx, expect) {
      const created = await requestCofConsent(ctx, { cardNumber: expect.cardNumber });
      ensureEqual(created.status, 201, 'status of the CoF consent creation with a cardNumber');
      const read = await ctx.api.getFundsConfirmationConsent({ consentId: created.success().consentId });
      ensureEqual(read.status, 200, 'status of the CoF consent read');
      const hidden = expect.cardNumber.slice(0, -expect.retained);
      ensure(
        !read.text.includes(hidden) && !created.text.includes(hidden),
        'the digits before the last four appear nowhere',
        { actual: read.json },
      );
      ctx.observe('how the card shows on the consent read (not shown)', memberOf(read.json, 'cardNumber') ?? null);
    },
  }),
  scenario({
    id: 'COF-010',
    title: 'recurringIndicator and frequencyPerDay on a CoF consent are not refused (they have no effect)',
    rules: ['COF-5'],
    spec: 'FundsConfirmationConsentRequest ("sending either has no effect")',
    area: 'cof',
    expect: { status: 201 },
    async run(ctx, expect) {
      const created = await requestCofConsent(ctx, { recurringIndicator: false, frequencyPerDay: 1 });
      ensureEqual(
        created.status,
        expect.status,
        'status of a CoF consent creation carrying recurringIndicator and frequencyPerDay',
      );
      const read = await ctx.api.getFundsConfirmationConsent({ consentId: created.success().consentId });
      read.success('the CoF consent read');
      ctx.observe('recurringIndicator and frequencyPerDay on the CoF consent read', {
        recurringIndicator: memberOf(read.json, 'recurringIndicator') ?? null,
        frequencyPerDay: memberOf(read.json, 'frequencyPerDay') ?? null,
      });
    },
  }),
  scenario({
    id: 'COF-012',
    title: 'DELETE of a CoF consent by its holder: 204, terminatedByTpp, and no more confirmations',
    rules: ['AIS-STATE-12', 'HDR-11'],
    spec: 'States: Consent (valid → terminatedByTpp by DELETE); Endpoints (DELETE /v1/consents/confirmation-of-funds: 204, no body)',
    area: 'cof',
    approvals: 1,
    expect: { deleteStatus: 204, after: 'terminatedByTpp' },
    async run(ctx, expect) {
      const consentId = await validCofConsent(ctx);
      const del = await ctx.api.deleteFundsConfirmationConsent({ consentId });
      ensureEqual(del.status, expect.deleteStatus, 'status of DELETE');
      ensureEqual(del.text, '', 'DELETE answers no body');
      ensureEqual(await consentStatus(ctx, consentId, 'cof'), expect.after, 'status after DELETE');
      const after = await confirm(ctx, consentId, '1.00', { attended: true });
      ensure(
        after.status >= 400 && after.status < 500,
        `a confirmation under a terminated CoF consent is refused, got ${after.status}`,
      );
      ctx.observe('code of a confirmation under a terminated CoF consent', codeOf(after));
    },
  }),
  scenario({
    id: 'COF-013',
    title: 'Another provider’s CoF consent and an unknown id answer 403 CONSENT_UNKNOWN, byte for byte the same',
    rules: ['AUTH-4', 'SCOPE-10'],
    spec: 'Behaviour notes / Consents 2; Authentication 6; Design rule',
    area: 'cof',
    needs: ['second-provider'],
    expect: { status: 403, code: 'CONSENT_UNKNOWN' },
    async run(ctx, expect) {
      const { consentId: id } = await createCofConsent(ctx, {}, { client: ctx.secondApi() });
      const unknown = `${id.slice(0, -4)}${id.endsWith('ffff') ? 'eeee' : 'ffff'}`;
      for (const [what, call] of [
        ['GET {id}', (consentId: string) => ctx.api.getFundsConfirmationConsent({ consentId })],
        ['GET {id}/status', (consentId: string) => ctx.api.getFundsConfirmationConsentStatus({ consentId })],
        ['DELETE {id}', (consentId: string) => ctx.api.deleteFundsConfirmationConsent({ consentId })],
      ] as const) {
        const a = await call(id);
        const b = await call(unknown);
        expectRefusal(ctx, a, expect);
        expectRefusal(ctx, b, expect);
        ensureEqual(a.text, b.text, `body of ${what}: foreign and unknown identical`);
      }
      ensureEqual(
        await consentStatus(ctx, id, 'cof', ctx.secondApi()),
        'received',
        'the owner’s CoF consent after a foreign DELETE',
      );
    },
  }),
];
