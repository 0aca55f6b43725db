/**
 * Account-information consents through their whole lives, and their time rules tried on both
 * sides of each boundary, measured from the event the spec starts them at (spec "States: Consent",
 * "Limits", "Authentication" 9).
 */
import { ConsentResponseSchema, ConsentStatusResponseSchema, ScaStatusResponseSchema } from '../src/contract/index.js';
import type { ScenarioContext } from '../src/kit/context.js';
import { ensure, ensureEqual, ensureSchema } from '../src/kit/failure.js';
import { scenario } from '../src/kit/scenario.js';
import { expectRefusal } from './refusal.js';
import {
  accountList,
  aisAccess,
  approveConsent,
  authoriseConsent,
  consentStatus,
  createConsent,
  dateAfter,
  declineConsent,
  follow,
  readConsent,
  validConsent,
} from './steps.js';
import { advanceIntoDay, advanceToTimeOfDay } from './time.js';
import { dayStartMs } from '../src/contract/dates.js';

/** An account-data read under the consent that spends no budget (attended). */
const readAccounts = (ctx: ScenarioContext, consentId: string) => accountList(ctx, consentId);

export const consentLifecycleScenarios = [
  scenario({
    id: 'AIS-CONSENT-024',
    title:
      'A one-off consent is not retired before its first use; afterwards its idle hour counts from the last use, not the first',
    spec: 'States: Consent (one-off: used at least once and idle for one hour → expired); Limits (one-off consent end)',
    rules: ['AIS-STATE-10', 'AIS-STATE-9'],
    area: 'consents',
    approvals: 1,
    needs: ['clock'],
    expect: { code: 'CONSENT_EXPIRED' },
    async run(ctx, expect) {
      const consent = await validConsent(ctx, { recurring: false, types: ['accounts'] });
      await ctx.clock().advance('PT2H');
      ensureEqual(await consentStatus(ctx, consent.consentId), 'valid', 'status two hours after approval, never used');
      ensureEqual(
        (await readAccounts(ctx, consent.consentId)).status,
        200,
        'status of the first use, two hours after approval',
      );
      await ctx.clock().advance('PT50M');
      ensureEqual(
        (await readAccounts(ctx, consent.consentId)).status,
        200,
        'status of a second use 50 minutes after the first',
      );
      await ctx.clock().advance('PT50M');
      ensureEqual(
        await consentStatus(ctx, consent.consentId),
        'valid',
        'status 100 minutes after the first use and 50 after the last',
      );
      await ctx.clock().advance('PT11M');
      ensureEqual(await consentStatus(ctx, consent.consentId), 'expired', 'status 61 minutes after the last use');
      expectRefusal(ctx, await readAccounts(ctx, consent.consentId), expect);
    },
  }),
  scenario({
    id: 'AIS-CONSENT-025',
    title:
      'Data stays readable 180 days after the customer’s authentication, counted from the authentication, not from the creation; then CONSENT_EXPIRED',
    spec: 'Authentication 9 (readable 180 days after authentication); ConsentRequest (validUntil capped at 180 days from authentication); States: Consent (the 180-day clock starts at authentication)',
    rules: ['AIS-STATE-4', 'AUTH-7', 'LIMIT-14'],
    area: 'consents',
    approvals: 1,
    needs: ['clock'],
    expect: { code: 'CONSENT_EXPIRED' },
    async run(ctx, expect) {
      // Created at noon, authorised 14 minutes later (within the authorisation's life): a lifetime
      // counted from the creation ends 14 minutes before one counted from the authentication.
      await advanceToTimeOfDay(ctx, '12:00:00');
      const created = await createConsent(ctx, { access: aisAccess([ctx.fixtures.ibans.main], ['accounts']) });
      await ctx.clock().advance('PT14M');
      await approveConsent(ctx, created);
      await ctx.clock().advance('P179DT23H53M');
      ensureEqual(
        await consentStatus(ctx, created.consentId),
        'valid',
        'status 7 minutes before 180 days after the authentication (and 7 minutes after 180 days from the creation)',
      );
      ensureEqual(
        (await accountList(ctx, created.consentId, { attended: false })).status,
        200,
        'status of an unattended read then',
      );
      await ctx.clock().advance('P1D');
      ensureEqual(await consentStatus(ctx, created.consentId), 'expired', 'status a day after that');
      expectRefusal(ctx, await readAccounts(ctx, created.consentId), expect);
    },
  }),
  scenario({
    id: 'AIS-CONSENT-026',
    title: 'An earlier validUntil is honoured to the day: the consent serves on that day and is expired the day after',
    spec: 'Limits (consent lifetime: an earlier validUntil is honoured); States: Consent (valid → expired when validUntil passed)',
    rules: ['LIMIT-14', 'AIS-STATE-8'],
    area: 'consents',
    approvals: 1,
    needs: ['clock'],
    expect: { days: 10, code: 'CONSENT_EXPIRED' },
    async run(ctx, expect) {
      const validUntil = dateAfter(await ctx.clock().now(), expect.days);
      const consent = await validConsent(ctx, { types: ['accounts'], body: { validUntil } });
      ensureEqual((await readConsent(ctx, consent.consentId)).validUntil, validUntil, 'validUntil read back');
      await advanceIntoDay(ctx, validUntil, 1);
      ensureEqual(await consentStatus(ctx, consent.consentId), 'valid', `status one second into ${validUntil}`);
      ensureEqual((await readAccounts(ctx, consent.consentId)).status, 200, `status of a read on ${validUntil}`);
      await advanceIntoDay(ctx, dateAfter(new Date(dayStartMs(validUntil)), 1), 1);
      ensureEqual(
        await consentStatus(ctx, consent.consentId),
        'expired',
        'status one second into the day after validUntil',
      );
      expectRefusal(ctx, await readAccounts(ctx, consent.consentId), expect);
    },
  }),
  scenario({
    id: 'AIS-CONSENT-027',
    title:
      'Supersession happens when the newer consent is authorised, not when it is created; the superseded consent gives no more data',
    spec: 'States: Consent (valid → terminatedByTpp when a newer recurring consent for the same accounts is authorised); Errors / Codes CONSENT_INVALID',
    rules: ['AIS-STATE-14', 'AIS-STATE-5'],
    area: 'consents',
    approvals: 2,
    expect: { superseded: 'terminatedByTpp', code: 'CONSENT_INVALID' },
    async run(ctx, expect) {
      const ibans = [ctx.fixtures.ibans.second];
      const older = await validConsent(ctx, { ibans, types: ['accounts'] });
      const newer = await createConsent(ctx, { access: aisAccess(ibans, ['accounts']) });
      ensureEqual(
        await consentStatus(ctx, older.consentId),
        'valid',
        'the older consent while the newer one is only created',
      );
      ensureEqual(
        (await readAccounts(ctx, older.consentId)).status,
        200,
        'a read under the older consent while the newer one is only created',
      );
      await approveConsent(ctx, newer);
      ensureEqual(
        await consentStatus(ctx, older.consentId),
        expect.superseded,
        'the older consent once the newer one is authorised',
      );
      expectRefusal(ctx, await readAccounts(ctx, older.consentId), { code: expect.code });
    },
  }),
  scenario({
    id: 'AIS-CONSENT-028',
    title:
      'Only an older consent is superseded: authorising the older of two pending consents after the newer leaves the newer valid',
    spec: 'States: Consent (valid → terminatedByTpp only when a newer consent is authorised; received → valid terminates earlier recurring consents)',
    rules: ['AIS-STATE-5'],
    area: 'consents',
    approvals: 2,
    expect: {},
    async run(ctx) {
      const ibans = [ctx.fixtures.ibans.second];
      const older = await createConsent(ctx, { access: aisAccess(ibans, ['accounts']) });
      const newer = await createConsent(ctx, { access: aisAccess(ibans, ['accounts']) });
      await authoriseConsent(ctx, newer);
      await authoriseConsent(ctx, older);
      ensureEqual(await consentStatus(ctx, older.consentId), 'valid', 'the older consent, authorised last');
      ensureEqual(
        await consentStatus(ctx, newer.consentId),
        'valid',
        'the newer consent, which nothing newer superseded',
      );
    },
  }),
  scenario({
    id: 'AIS-CONSENT-029',
    title: 'A newer recurring consent for other accounts supersedes nothing, and a one-off consent is never superseded',
    spec: 'States: Consent (supersession: same provider, same accounts, recurring consents only)',
    rules: ['AIS-STATE-15', 'AIS-STATE-13'],
    area: 'consents',
    approvals: 3,
    expect: {},
    async run(ctx) {
      const { main, second } = ctx.fixtures.ibans;
      const otherAccounts = await validConsent(ctx, { ibans: [main], types: ['accounts'] });
      const oneOff = await validConsent(ctx, { ibans: [second], types: ['accounts'], recurring: false });
      await validConsent(ctx, { ibans: [second], types: ['accounts'] });
      ensureEqual(
        await consentStatus(ctx, otherAccounts.consentId),
        'valid',
        `the consent for ${main} after a newer one for ${second}`,
      );
      ensureEqual(
        await consentStatus(ctx, oneOff.consentId),
        'valid',
        'the one-off consent after a newer recurring one for the same account',
      );
    },
  }),
  scenario({
    id: 'AIS-CONSENT-037',
    title:
      'Supersession ends only valid consents: an earlier recurring consent past its validUntil stays expired when a newer one for the same account is authorised',
    spec: 'States: Consent (valid → expired when validUntil passed; valid → terminatedByTpp when a newer recurring consent for the same accounts is authorised); Errors / Codes CONSENT_EXPIRED',
    rules: ['AIS-STATE-5', 'AIS-STATE-8'],
    area: 'consents',
    approvals: 2,
    needs: ['clock'],
    expect: { earlier: 'expired', newer: 'valid', code: 'CONSENT_EXPIRED' },
    async run(ctx, expect) {
      const ibans = [ctx.fixtures.ibans.second];
      const validUntil = dateAfter(await ctx.clock().now(), 1);
      const earlier = await validConsent(ctx, { ibans, types: ['accounts'], body: { validUntil } });
      await advanceIntoDay(ctx, dateAfter(new Date(dayStartMs(validUntil)), 1), 1);
      ensureEqual(
        await consentStatus(ctx, earlier.consentId),
        expect.earlier,
        'the earlier consent one second into the day after its validUntil',
      );
      const newer = await validConsent(ctx, { ibans, types: ['accounts'] });
      ensureEqual(
        await consentStatus(ctx, earlier.consentId),
        expect.earlier,
        'the expired earlier consent once a newer recurring consent for the same account is authorised',
      );
      expectRefusal(ctx, await readAccounts(ctx, earlier.consentId), { code: expect.code });
      ensureEqual(await consentStatus(ctx, newer.consentId), expect.newer, 'the newer consent');
    },
  }),
  scenario({
    id: 'AIS-CONSENT-030',
    title:
      'recurringIndicator and frequencyPerDay read the same before and after authorisation; access reads as asked, then as granted',
    spec: 'ConsentResponse (frequencyPerDay: what is enforced, same value before and after authorisation; access: what was granted)',
    rules: ['AIS-CONSENT-16', 'AIS-CONSENT-17'],
    area: 'consents',
    approvals: 2,
    expect: {},
    async run(ctx) {
      for (const [recurring, frequency] of [
        [true, 4],
        [false, 1],
      ] as const) {
        const created = await createConsent(ctx, {
          access: aisAccess([ctx.fixtures.ibans.main], ['balances']),
          recurringIndicator: recurring,
          frequencyPerDay: 10,
        });
        const before = await readConsent(ctx, created.consentId);
        await authoriseConsent(ctx, created);
        const after = await readConsent(ctx, created.consentId);
        for (const [when, read] of [
          ['before', before],
          ['after', after],
        ] as const) {
          ensureEqual(read.recurringIndicator, recurring, `recurringIndicator ${when} authorisation`);
          ensureEqual(
            read.frequencyPerDay,
            frequency,
            `frequencyPerDay of a ${recurring ? 'recurring' : 'one-off'} consent asked for 10, ${when} authorisation`,
          );
        }
        ensureEqual(before.consentStatus, 'received', 'consentStatus before authorisation');
        ensureEqual(
          (after.access?.balances ?? []).map((ref) => ref.iban),
          [ctx.fixtures.ibans.main],
          'balances granted to the holder of the account',
        );
      }
    },
  }),
  scenario({
    id: 'AIS-CONSENT-031',
    title:
      'A declined consent is rejected and a consent the provider terminated is terminatedByTpp: neither gives data (CONSENT_INVALID)',
    spec: 'States: Consent (received → rejected on decline; valid → terminatedByTpp on DELETE); Authentication 7; Errors / Codes CONSENT_INVALID (consent not usable)',
    rules: ['AIS-STATE-7', 'AIS-STATE-12', 'AUTH-5', 'AIS-STATE-1'],
    area: 'consents',
    approvals: 2,
    expect: { code: 'CONSENT_INVALID' },
    async run(ctx, expect) {
      const declined = await createConsent(ctx, { access: aisAccess([ctx.fixtures.ibans.main], ['accounts']) });
      await declineConsent(ctx, declined);
      expectRefusal(ctx, await readAccounts(ctx, declined.consentId), expect);
      const deleted = await validConsent(ctx, { types: ['accounts'] });
      ensureEqual((await ctx.api.deleteConsent(deleted)).status, 204, 'status of DELETE');
      expectRefusal(ctx, await readAccounts(ctx, deleted.consentId), expect);
    },
  }),
  scenario({
    id: 'AIS-CONSENT-032',
    title:
      'The links of a consent creation lead where their names say: self to the consent, status to its consentStatus, scaStatus to its scaStatus',
    spec: 'ConsentCreationResponse (_links: scaRedirect, self, status, scaStatus); Links (each member an object with href)',
    rules: ['LINK-1', 'LINK-2', 'OPEN-2'],
    area: 'consents',
    expect: {},
    async run(ctx) {
      const created = await createConsent(ctx, { access: aisAccess([ctx.fixtures.ibans.main], ['balances']) });
      const links = created.created._links;
      // Hrefs are opaque (spec "Links", "Versioning" 4): a path or a whole address, followed as given.
      ctx.observeSetting('links.form', /^[a-z][a-z0-9+.-]*:/i.test(links.self.href) ? 'absolute' : 'relative');
      const self = await follow(ctx, links.self.href);
      ensureEqual(self.status, 200, 'status of following self');
      ensureEqual(
        ensureSchema(ConsentResponseSchema, self.json, 'the consent at self').consentId,
        created.consentId,
        'consentId at self',
      );
      const status = await follow(ctx, links.status.href);
      ensureEqual(
        ensureSchema(ConsentStatusResponseSchema, status.json, 'the answer at status').consentStatus,
        'received',
        'consentStatus at status',
      );
      const sca = await follow(ctx, links.scaStatus.href);
      ensureEqual(sca.status, 200, 'status of following scaStatus');
      ensureSchema(ScaStatusResponseSchema, sca.json, 'the answer at scaStatus');
      const scaRedirect = new URL(links.scaRedirect.href);
      ensure(
        scaRedirect.protocol === 'https:' || scaRedirect.protocol === 'http:',
        'scaRedirect is an absolute address',
        { actual: links.scaRedirect },
      );
    },
  }),
];
