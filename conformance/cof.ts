/** Confirmation of funds (spec "FundsConfirmationConsentRequest", "FundsConfirmationRequest", Behaviour notes / Funds confirmation). */
import { ConsentResponseSchema, FundsConfirmationResponseSchema } from '../src/contract/index.js';
import type { Reply } from '../src/kit/client.js';
import type { ScenarioContext } from '../src/kit/context.js';
import { ensure, ensureEqual, ensureSchema } from '../src/kit/failure.js';
import { scenario } from '../src/kit/scenario.js';
import {
  aisAccess,
  ATTENDED,
  codeOf,
  consentStatus,
  createConsent,
  dateAfter,
  daysBetween,
  expectError,
  SHARED_COF,
  sharedCofConsent,
  validCofConsent,
  validConsent,
} from './steps.js';
import { isoDate } from '../src/contract/dates.js';

const COF = '/v1/consents/confirmation-of-funds';

const confirm = (
  ctx: ScenarioContext,
  consentId: string,
  amount: string,
  options: { attended?: boolean; extra?: Record<string, unknown> } = {},
) =>
  ctx.api.call({
    method: 'POST',
    path: '/v1/funds-confirmations',
    headers: { 'Consent-ID': consentId, ...(options.attended ? ATTENDED : {}) },
    body: {
      account: { iban: ctx.fixtures.ibans.main },
      instructedAmount: { currency: 'EUR', amount },
      ...options.extra,
    },
  });

/** Creation of a CoF consent that is not authorised (no approval). */
async function createCof(ctx: ScenarioContext, body: Record<string, unknown>, client = ctx.api): Promise<Reply> {
  return client.call({ method: 'POST', path: COF, headers: { 'TPP-Redirect-URI': ctx.fixtures.redirectUri }, body });
}

const readValidUntil = async (ctx: ScenarioContext, consentId: string) => {
  const read = await ctx.api.call({ path: `${COF}/${consentId}`, schema: ConsentResponseSchema });
  return (read.json as { validUntil?: string }).validUntil;
};

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
      ensureEqual(yes.status, 200, 'status of a funds confirmation');
      ensureEqual(
        ensureSchema(FundsConfirmationResponseSchema, yes.json, 'funds confirmation').fundsAvailable,
        true,
        'fundsAvailable for a small amount',
      );
      const no = await confirm(ctx, consentId, ctx.fixtures.amounts.beyondBalance, { attended: true });
      ensureEqual(
        ensureSchema(FundsConfirmationResponseSchema, no.json, 'funds confirmation').fundsAvailable,
        false,
        'fundsAvailable beyond the balance',
      );
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
      expectError(ctx, await confirm(ctx, consent.consentId, '1.00'), expect);
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
      const read = await ctx.api.call({ path: `${COF}/${consentId}` });
      ensureEqual(read.status, 200, 'status of the CoF consent read');
      const consent = ensureSchema(ConsentResponseSchema, read.json, 'ConsentResponse');
      ensureEqual(consent.account?.iban, ctx.fixtures.ibans.main, 'account of the CoF consent');
      ensure(consent.access === undefined, 'no access on a CoF consent', { actual: consent.access });
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
          ensureEqual(Object.keys(reply.json as object), expect.keys, `fields of the answer for ${amount}`);
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
      const cof = await createCof(ctx, { account: { iban: ctx.fixtures.ibans.main } });
      ensureEqual(cof.status, 201, 'status of the CoF consent creation');
      const ais = await createConsent(ctx, {
        access: aisAccess([ctx.fixtures.ibans.main], ['balances']),
        recurringIndicator: true,
      });
      const cofId = (cof.json as { consentId: string }).consentId;
      for (const path of [
        `/v1/consents/${cofId}`,
        `/v1/consents/${cofId}/status`,
        `${COF}/${ais.consentId}`,
        `${COF}/${ais.consentId}/status`,
      ]) {
        expectError(ctx, await ctx.api.call({ path }), expect);
      }
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
      expectError(ctx, refused, expect);
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
      const created = await createCof(ctx, {
        account: { iban: ctx.fixtures.ibans.main },
        cardNumber: expect.cardNumber,
      });
      ensureEqual(created.status, 201, 'status of the CoF consent creation with a cardNumber');
      const consentId = (created.json as { consentId: string }).consentId;
      const read = await ctx.api.call({ path: `${COF}/${consentId}` });
      ensureEqual(read.status, 200, 'status of the CoF consent read');
      const hidden = expect.cardNumber.slice(0, -expect.retained);
      ensure(
        !read.text.includes(hidden) && !created.text.includes(hidden),
        'the digits before the last four appear nowhere',
        { actual: read.json },
      );
      ctx.observe(
        'how the card shows on the consent read (not shown)',
        (read.json as Record<string, unknown>)['cardNumber'] ?? null,
      );
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
      const created = await createCof(ctx, {
        account: { iban: ctx.fixtures.ibans.main },
        recurringIndicator: false,
        frequencyPerDay: 1,
      });
      ensureEqual(
        created.status,
        expect.status,
        'status of a CoF consent creation carrying recurringIndicator and frequencyPerDay',
      );
      const read = await ctx.api.call({
        path: `${COF}/${(created.json as { consentId: string }).consentId}`,
        schema: ConsentResponseSchema,
      });
      const body = read.json as { recurringIndicator?: boolean; frequencyPerDay?: number };
      ctx.observe('recurringIndicator and frequencyPerDay on the CoF consent read', {
        recurringIndicator: body.recurringIndicator ?? null,
        frequencyPerDay: body.frequencyPerDay ?? null,
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
      const del = await ctx.api.call({ method: 'DELETE', path: `${COF}/${consentId}` });
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
      const foreign = await createCof(ctx, { account: { iban: ctx.fixtures.ibans.main } }, ctx.secondApi());
      ensureEqual(foreign.status, 201, 'status of the second provider’s CoF consent creation');
      const id = (foreign.json as { consentId: string }).consentId;
      const unknown = `${id.slice(0, -4)}${id.endsWith('ffff') ? 'eeee' : 'ffff'}`;
      for (const [method, suffix] of [
        ['GET', ''],
        ['GET', '/status'],
        ['DELETE', ''],
      ] as const) {
        const a = await ctx.api.call({ method, path: `${COF}/${id}${suffix}` });
        const b = await ctx.api.call({ method, path: `${COF}/${unknown}${suffix}` });
        expectError(ctx, a, expect);
        expectError(ctx, b, expect);
        ensureEqual(a.text, b.text, `body of ${method} ${COF}/{id}${suffix}: foreign and unknown identical`);
      }
      ensureEqual(
        await consentStatus(ctx, id, 'cof', ctx.secondApi()),
        'received',
        'the owner’s CoF consent after a foreign DELETE',
      );
    },
  }),
];
