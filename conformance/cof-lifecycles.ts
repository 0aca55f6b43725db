/**
 * Confirmation-of-funds consents through their whole lives (revoked, expired, declined), their
 * lifetime counted from the authentication, their budget across midnight, and the refusals the
 * spec makes identical (spec "FundsConfirmationConsentRequest", "Funds confirmation", "States:
 * Consent", Behaviour notes / Consents 2-3).
 */
import { ConsentStatusResponseSchema, FundsConfirmationConsentResponseSchema } from '../src/contract/index.js';
import type { ScenarioContext } from '../src/kit/context.js';
import { ensure, ensureEqual, ensureSchema } from '../src/kit/failure.js';
import { scenario } from '../src/kit/scenario.js';
import { expectRefusal } from './refusal.js';
import {
  answerOf,
  approveConsent,
  ATTENDED,
  consentStatus,
  createCofConsent,
  dateAfter,
  declineConsent,
  expectPlausible,
  follow,
  membersOf,
  SHARED_COF,
  sharedCofConsent,
  validCofConsent,
  validConsent,
} from './steps.js';
import { advanceIntoDay, advanceToTimeOfDay, nextMidnight, seconds } from './time.js';
import { dayStartMs } from '../src/contract/dates.js';

const confirm = (ctx: ScenarioContext, consentId: string, options: { attended?: boolean; iban?: string } = {}) =>
  ctx.api.checkAvailabilityOfFunds({
    headers: { 'Consent-ID': consentId, ...(options.attended === false ? {} : ATTENDED) },
    body: {
      account: { iban: options.iban ?? ctx.fixtures.ibans.main },
      instructedAmount: { currency: 'EUR', amount: ctx.fixtures.amounts.small },
    },
  });

const createCof = (ctx: ScenarioContext) => createCofConsent(ctx);

export const cofLifecycleScenarios = [
  scenario({
    id: 'COF-014',
    title: 'A CoF consent the customer revokes is revokedByPsu and stops confirming at once (CONSENT_INVALID)',
    spec: 'States: Consent (valid → revokedByPsu; stops working at once); Errors / Codes CONSENT_INVALID (for example revoked)',
    rules: ['AIS-STATE-11', 'ERR-7', 'EVT-3'],
    area: 'cof',
    approvals: 1,
    needs: ['control'],
    expect: { code: 'CONSENT_INVALID' },
    async run(ctx, expect) {
      const consentId = await validCofConsent(ctx);
      ensureEqual((await confirm(ctx, consentId)).status, 200, 'status of a confirmation before the revocation');
      await ctx.control().revokeConsent(consentId);
      ensureEqual(await consentStatus(ctx, consentId, 'cof'), 'revokedByPsu', 'status after the customer revoked');
      expectRefusal(ctx, await confirm(ctx, consentId), expect);
    },
  }),
  scenario({
    id: 'COF-015',
    title: 'A CoF consent confirms on its validUntil day and is expired the day after (CONSENT_EXPIRED)',
    spec: 'FundsConfirmationConsentRequest (validUntil); States: Consent (valid → expired when validUntil passed; later use gives CONSENT_EXPIRED)',
    rules: ['LIMIT-14', 'AIS-STATE-8'],
    area: 'cof',
    approvals: 1,
    needs: ['clock'],
    expect: { days: 5, code: 'CONSENT_EXPIRED' },
    async run(ctx, expect) {
      const validUntil = dateAfter(await ctx.clock().now(), expect.days);
      const consentId = await validCofConsent(ctx, { validUntil });
      await advanceIntoDay(ctx, validUntil, 1);
      ensureEqual(
        (await confirm(ctx, consentId)).status,
        200,
        `status of a confirmation one second into ${validUntil}`,
      );
      await advanceIntoDay(ctx, dateAfter(new Date(dayStartMs(validUntil)), 1), 1);
      ensureEqual(
        await consentStatus(ctx, consentId, 'cof'),
        'expired',
        'status one second into the day after validUntil',
      );
      expectRefusal(ctx, await confirm(ctx, consentId), expect);
    },
  }),
  scenario({
    id: 'COF-016',
    title: 'A CoF consent the customer declines is rejected and confirms nothing (CONSENT_INVALID)',
    spec: 'States: Consent (received → rejected on decline); Funds confirmation 2 (requires a CoF consent authorised by the customer); Errors / Codes CONSENT_INVALID',
    rules: ['AIS-STATE-7'],
    area: 'cof',
    approvals: 1,
    expect: { code: 'CONSENT_INVALID' },
    async run(ctx, expect) {
      const created = await createCof(ctx);
      expectRefusal(ctx, await confirm(ctx, created.consentId), expect);
      await declineConsent(ctx, created);
      expectRefusal(ctx, await confirm(ctx, created.consentId), expect);
    },
  }),
  scenario({
    id: 'COF-017',
    title: 'A CoF consent confirms for 180 days counted from the customer’s authentication, not from its creation',
    spec: 'FundsConfirmationConsentRequest (validUntil capped at 180 days from authentication; omitted means the full ceiling); Limits (consent lifetime)',
    rules: ['AIS-STATE-4', 'LIMIT-14', 'COF-3'],
    area: 'cof',
    approvals: 1,
    needs: ['clock'],
    expect: { code: 'CONSENT_EXPIRED' },
    async run(ctx, expect) {
      await advanceToTimeOfDay(ctx, '12:00:00');
      const created = await createCof(ctx);
      await ctx.clock().advance('PT14M');
      await approveConsent(ctx, created);
      await ctx.clock().advance('P179DT23H53M');
      ensureEqual(
        (await confirm(ctx, created.consentId)).status,
        200,
        'status of a confirmation 7 minutes before 180 days after the authentication',
      );
      await ctx.clock().advance('P1D');
      expectRefusal(ctx, await confirm(ctx, created.consentId), expect);
    },
  }),
  scenario({
    id: 'COF-018',
    title:
      'The funds-confirmation budget resets at midnight UTC: the fifth unattended confirmation is refused before it and served after it',
    spec: 'Funds confirmation 1 (capped as unattended access); Limits (4 per consent per day; X-RateLimit-Reset at midnight UTC)',
    rules: ['LIMIT-8', 'LIMIT-5'],
    area: 'cof',
    approvals: 1,
    needs: ['clock'],
    expect: { limit: 4 },
    async run(ctx, expect) {
      const consentId = await validCofConsent(ctx);
      await advanceToTimeOfDay(ctx, '23:50:00');
      for (let i = 1; i <= expect.limit; i += 1)
        ensureEqual(
          (await confirm(ctx, consentId, { attended: false })).status,
          200,
          `status of unattended confirmation ${i}`,
        );
      expectRefusal(ctx, await confirm(ctx, consentId, { attended: false }), { status: 429, code: 'ACCESS_EXCEEDED' });
      const now = await ctx.clock().now();
      await ctx.clock().advance(seconds(nextMidnight(now) - now.getTime() + 1_000));
      ensureEqual(
        (await confirm(ctx, consentId, { attended: false })).status,
        200,
        'status of an unattended confirmation just after midnight',
      );
    },
  }),
  scenario({
    id: 'COF-019',
    title: 'A confirmation about another account than the consent names is refused (the code is observed)',
    spec: 'FundsConfirmationConsentRequest (account: names exactly one account); Funds confirmation 2',
    rules: ['COF-12'],
    area: 'cof',
    shares: [SHARED_COF],
    expect: {},
    async run(ctx) {
      const consentId = await sharedCofConsent(ctx);
      const reply = await confirm(ctx, consentId, { iban: ctx.fixtures.ibans.second });
      expectPlausible(ctx, 'a confirmation about another account than the consent’s', reply, [
        { status: '4xx', code: 'CONSENT_INVALID' },
        { status: '4xx', code: 'FORMAT_ERROR' },
        { status: 403, code: 'CONSENT_UNKNOWN' },
      ]);
    },
  }),
  scenario({
    id: 'COF-020',
    title:
      'On a funds confirmation an account-information consent, an unknown id and another provider’s CoF consent answer the same 403 CONSENT_UNKNOWN, byte for byte',
    spec: 'Behaviour notes / Consents 2-3 and 6; Authentication 6; Errors rule 1; Design rule',
    rules: ['AIS-CONSENT-24', 'AUTH-4', 'SCOPE-10'],
    area: 'cof',
    approvals: 1,
    needs: ['second-provider'],
    expect: { status: 403, code: 'CONSENT_UNKNOWN' },
    async run(ctx, expect) {
      const ais = await validConsent(ctx, { types: ['balances'] });
      const { consentId: foreignId } = await createCofConsent(ctx, {}, { client: ctx.secondApi() });
      const unknown = `${foreignId.slice(0, -4)}${foreignId.endsWith('ffff') ? 'eeee' : 'ffff'}`;
      const replies = [await confirm(ctx, ais.consentId), await confirm(ctx, unknown), await confirm(ctx, foreignId)];
      for (const reply of replies) expectRefusal(ctx, reply, expect);
      ensureEqual(replies[0]!.text, replies[1]!.text, 'body for an account-information consent and for an unknown id');
      ensureEqual(replies[2]!.text, replies[1]!.text, 'body for another provider’s CoF consent and for an unknown id');
    },
  }),
  scenario({
    id: 'COF-021',
    title:
      'The links of a CoF consent creation lead where their names say: self to the consent, status to its consentStatus',
    spec: 'ConsentCreationResponse (201 on both consent creations; _links: self, status, scaStatus); Links',
    rules: ['LINK-1', 'LINK-2'],
    area: 'cof',
    expect: {},
    async run(ctx) {
      const created = await createCof(ctx);
      const links = created.created._links;
      const self = await follow(ctx, links.self.href);
      ensureEqual(
        ensureSchema(FundsConfirmationConsentResponseSchema, self.json, 'the consent at self').consentId,
        created.consentId,
        'consentId at self',
      );
      ensureEqual(
        ensureSchema(ConsentStatusResponseSchema, (await follow(ctx, links.status.href)).json, 'the answer at status')
          .consentStatus,
        'received',
        'consentStatus at status',
      );
      const sca = await follow(ctx, links.scaStatus.href);
      ctx.observe('what the scaStatus link of a CoF consent answers (the spec lists no CoF authorisation endpoint)', {
        status: sca.status,
        fields: sca.json && typeof sca.json === 'object' ? Object.keys(sca.json) : null,
      });
    },
  }),
  scenario({
    id: 'COF-022',
    title: 'A CoF consent the customer has not authorised confirms nothing: refused, with no fundsAvailable',
    rules: ['COF-11', 'AIS-STATE-2'],
    spec: 'Funds confirmation 2 (requires a CoF consent authorised by the customer)',
    area: 'cof',
    expect: {},
    async run(ctx) {
      const created = await createCof(ctx);
      const reply = await confirm(ctx, created.consentId);
      ensure(
        reply.status >= 400 && reply.status < 500,
        `a confirmation under a received CoF consent answered ${reply.status}`,
        { actual: reply.json ?? reply.text },
      );
      ensure(!('fundsAvailable' in membersOf(reply.json)), 'the refusal carries fundsAvailable', {
        actual: reply.json,
      });
      ctx.observe('answer to a confirmation under a received CoF consent (the code is not stated)', answerOf(reply));
      ensureEqual(
        await consentStatus(ctx, created.consentId, 'cof'),
        'received',
        'the CoF consent after the refused confirmation',
      );
    },
  }),
];
