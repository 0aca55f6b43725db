/** Consent creation rules, capping, ownership and lifecycle (spec "ConsentRequest", "States: Consent", Behaviour notes / Consents). */
import { ensure, ensureEqual } from '../src/kit/failure.js';
import { scenario } from '../src/kit/scenario.js';
import type { ScenarioContext } from '../src/kit/context.js';
import { expectRefusal } from './refusal.js';
import {
  accountList,
  aisAccess,
  answerOf,
  authoriseConsent,
  consentStatus,
  createConsent,
  dateAfter,
  daysBetween,
  readConsent,
  resourceIdOf,
  underConsent,
  UUID_V4,
  validConsent,
  expectPlausible,
} from './steps.js';
import { isoDate } from '../src/contract/dates.js';

/** A balances read under the consent (attended unless told otherwise). */
async function readBalances(ctx: ScenarioContext, consentId: string, attended = true) {
  const accountId = await resourceIdOf(ctx, consentId, ctx.fixtures.ibans.main);
  return ctx.api.getBalances({ accountId, headers: underConsent(consentId, { attended }) });
}

export const consentScenarios = [
  scenario({
    id: 'AIS-CONSENT-004',
    title:
      'Creation answers 201 received with authorisationId and an scaRedirect carrying a UUID v4 state; an IBAN the bank does not hold is accepted',
    rules: ['AIS-CONSENT-13', 'AIS-CONSENT-14', 'AIS-CONSENT-11', 'SCA-7', 'AUTH-1', 'SCOPE-5'],
    spec: 'ConsentCreationResponse; Scope rules 2; Authorisation hand-over 1-2',
    area: 'consents',
    expect: { status: 'received' },
    async run(ctx, expect) {
      const created = await createConsent(ctx, {
        access: aisAccess([ctx.fixtures.ibans.notHeld], ['balances']),
        recurringIndicator: true,
      });
      ensureEqual(created.created.consentStatus, expect.status, 'consentStatus on creation');
      ensure(
        created.state && UUID_V4.test(created.state),
        `scaRedirect carries ?state=<uuid v4>, got ${created.scaRedirect}`,
      );
    },
  }),
  scenario({
    id: 'AIS-CONSENT-005',
    title: 'frequencyPerDay above 4 reads back as 4 on a recurring consent and as 1 on a one-off consent',
    rules: ['AIS-CONSENT-6', 'AIS-CONSENT-7', 'AIS-CONSENT-16'],
    spec: 'ConsentRequest (frequencyPerDay); ConsentResponse (frequencyPerDay: same before and after authorisation); Limits',
    area: 'consents',
    expect: { recurring: 4, oneOff: 1 },
    async run(ctx, expect) {
      for (const [recurringIndicator, enforced] of [
        [true, expect.recurring],
        [false, expect.oneOff],
      ] as const) {
        const created = await createConsent(ctx, {
          access: aisAccess([ctx.fixtures.ibans.main], ['balances']),
          recurringIndicator,
          frequencyPerDay: 10,
        });
        ensureEqual(
          (await readConsent(ctx, created.consentId)).frequencyPerDay,
          enforced,
          `frequencyPerDay of a ${recurringIndicator ? 'recurring' : 'one-off'} consent asked for 10`,
        );
      }
    },
  }),
  scenario({
    id: 'AIS-CONSENT-006',
    title: 'Another provider’s consent and an unknown consent id answer 403 CONSENT_UNKNOWN, byte for byte the same',
    rules: ['AIS-CONSENT-22', 'AIS-CONSENT-23', 'SCOPE-10', 'SCOPE-1'],
    spec: 'Behaviour notes / Consents 2; Authentication 6; Design rule',
    area: 'consents',
    needs: ['second-provider'],
    expect: { status: 403, code: 'CONSENT_UNKNOWN' },
    async run(ctx, expect) {
      const foreign = await createConsent(
        ctx,
        { access: aisAccess([ctx.fixtures.ibans.main], ['balances']), recurringIndicator: true },
        { client: ctx.secondApi() },
      );
      const unknown =
        `${foreign.consentId.slice(0, -4)}ffff` === foreign.consentId
          ? `${foreign.consentId}0`
          : `${foreign.consentId.slice(0, -4)}ffff`;
      const reads = [
        ['', (consentId: string) => ctx.api.getConsent({ consentId })],
        ['/status', (consentId: string) => ctx.api.getConsentStatus({ consentId })],
        ['/authorisations', (consentId: string) => ctx.api.getConsentAuthorisations({ consentId })],
      ] as const;
      for (const [suffix, read] of reads) {
        const a = await read(foreign.consentId);
        const b = await read(unknown);
        expectRefusal(ctx, a, expect);
        expectRefusal(ctx, b, expect);
        ensureEqual(a.text, b.text, `body of GET /v1/consents/{id}${suffix}: foreign and unknown identical`);
      }
      expectRefusal(ctx, await ctx.api.deleteConsent({ consentId: foreign.consentId }), expect);
      ensureEqual(
        await consentStatus(ctx, foreign.consentId, 'ais', ctx.secondApi()),
        'received',
        'the owner’s consent after a foreign DELETE',
      );
    },
  }),
  scenario({
    id: 'AIS-CONSENT-007',
    title: 'DELETE by the holder terminates a valid consent at once: terminatedByTpp and no more data',
    rules: ['AIS-STATE-12', 'AUTH-5', 'HDR-11'],
    spec: 'States: Consent (valid → terminatedByTpp by DELETE); Endpoints (DELETE 204)',
    area: 'consents',
    approvals: 1,
    expect: { deleteStatus: 204, after: 'terminatedByTpp' },
    async run(ctx, expect) {
      const consent = await validConsent(ctx);
      const del = await ctx.api.deleteConsent({ consentId: consent.consentId });
      ensureEqual(del.status, expect.deleteStatus, 'status of DELETE');
      ensureEqual(del.text, '', 'DELETE answers no body');
      ensureEqual(await consentStatus(ctx, consent.consentId), expect.after, 'status after DELETE');
      const read = await accountList(ctx, consent.consentId);
      ensure(
        read.status >= 400 && read.status < 500,
        `account list under a terminated consent is refused, got ${read.status}`,
      );
      ctx.observe('code of an account read under a terminated consent', read.code);
    },
  }),
  scenario({
    id: 'AIS-CONSENT-008',
    title: 'Authorising a newer recurring consent for the same accounts supersedes the earlier one (terminatedByTpp)',
    rules: ['AIS-STATE-5'],
    spec: 'States: Consent (received → valid: earlier recurring consents … move to terminatedByTpp)',
    area: 'consents',
    approvals: 2,
    expect: { earlier: 'terminatedByTpp', newer: 'valid' },
    async run(ctx, expect) {
      const ibans = [ctx.fixtures.ibans.second];
      const first = await validConsent(ctx, { ibans });
      const second = await validConsent(ctx, { ibans });
      ensureEqual(await consentStatus(ctx, first.consentId), expect.earlier, 'status of the earlier consent');
      ensureEqual(await consentStatus(ctx, second.consentId), expect.newer, 'status of the newer consent');
    },
  }),
  scenario({
    id: 'AIS-CONSENT-009',
    title: 'A customer who holds none of the requested accounts is granted none of them, silently',
    rules: ['AIS-CONSENT-12'],
    spec: 'Scope rules 3; Behaviour notes / Consents 4',
    area: 'consents',
    approvals: 1,
    needs: ['second-psu'],
    expect: {},
    async run(ctx) {
      const created = await createConsent(ctx, {
        access: aisAccess([ctx.fixtures.ibans.main], ['balances']),
        recurringIndicator: true,
      });
      await authoriseConsent(ctx, created, { psu: 'otherPsu' });
      ctx.observe(
        'status of a consent approved by a customer holding none of its accounts',
        await consentStatus(ctx, created.consentId),
      );
      const grant = await readConsent(ctx, created.consentId);
      const granted = [
        ...(grant.access?.accounts ?? []),
        ...(grant.access?.balances ?? []),
        ...(grant.access?.transactions ?? []),
      ].map((ref) => ref.iban);
      ensure(!granted.includes(ctx.fixtures.ibans.main), `the grant must not contain ${ctx.fixtures.ibans.main}`, {
        actual: grant.access,
      });
    },
  }),
  scenario({
    id: 'AIS-CONSENT-010',
    title:
      'A one-off consent: valid after approval, reads back recurringIndicator false and frequencyPerDay 1, and serves its read',
    rules: ['AIS-CONSENT-3', 'AIS-CONSENT-7', 'AIS-STATE-3'],
    spec: 'ConsentRequest (recurringIndicator false = one-off; frequencyPerDay forced to 1); ConsentResponse; States: Consent',
    area: 'consents',
    approvals: 1,
    expect: { frequencyPerDay: 1, recurringIndicator: false, status: 'valid' },
    async run(ctx, expect) {
      const consent = await validConsent(ctx, { recurring: false, types: ['balances'] });
      const read = await readConsent(ctx, consent.consentId);
      ensureEqual(read.recurringIndicator, expect.recurringIndicator, 'recurringIndicator of a one-off consent');
      ensureEqual(read.frequencyPerDay, expect.frequencyPerDay, 'frequencyPerDay of a one-off consent');
      ensureEqual(
        (await readBalances(ctx, consent.consentId, false)).status,
        200,
        'status of the one-off consent’s unattended read',
      );
      ensureEqual(
        await consentStatus(ctx, consent.consentId),
        expect.status,
        'status right after the one-off consent was used',
      );
    },
  }),
  scenario({
    id: 'AIS-CONSENT-011',
    title: 'A used one-off consent stays valid within the idle hour and expires after it: CONSENT_EXPIRED',
    rules: ['AIS-STATE-9'],
    spec: 'States: Consent (one-off: used at least once and idle for one hour → expired; further calls give CONSENT_EXPIRED); Limits (one-off consent end)',
    area: 'consents',
    approvals: 1,
    needs: ['clock'],
    expect: { within: 'PT50M', beyond: 'PT11M', status: 'expired', code: 'CONSENT_EXPIRED' },
    async run(ctx, expect) {
      const consent = await validConsent(ctx, { recurring: false, types: ['balances'] });
      ensureEqual((await readBalances(ctx, consent.consentId)).status, 200, 'status of the one-off consent’s read');
      await ctx.clock().advance(expect.within);
      ensureEqual(await consentStatus(ctx, consent.consentId), 'valid', 'status 50 minutes after the last use');
      await ctx.clock().advance(expect.beyond);
      ensureEqual(await consentStatus(ctx, consent.consentId), expect.status, 'status 61 minutes after the last use');
      expectRefusal(ctx, await accountList(ctx, consent.consentId), { code: expect.code });
    },
  }),
  scenario({
    id: 'AIS-CONSENT-012',
    title: 'validUntil 400 days ahead is capped silently at 180 days from the customer’s authentication',
    rules: ['AIS-CONSENT-4', 'AIS-CONSENT-15'],
    spec: 'ConsentRequest (validUntil: capped at 180 days, silently); ConsentResponse (validUntil: effective date after capping); Limits (consent lifetime)',
    area: 'consents',
    approvals: 1,
    needs: ['clock'],
    expect: { askedDays: 400, ceilingDays: 180 },
    async run(ctx, expect) {
      const now = await ctx.clock().now();
      const created = await createConsent(ctx, {
        access: aisAccess([ctx.fixtures.ibans.main], ['balances']),
        recurringIndicator: true,
        validUntil: dateAfter(now, expect.askedDays),
      });
      await authoriseConsent(ctx, created);
      ensureEqual(
        await consentStatus(ctx, created.consentId),
        'valid',
        'status after approval (the cap is silent, not a refusal)',
      );
      const validUntil = (await readConsent(ctx, created.consentId)).validUntil;
      ensure(validUntil !== undefined, 'the consent reads back its effective validUntil');
      const days = daysBetween(isoDate(now), validUntil);
      ensure(
        days <= expect.ceilingDays && days >= expect.ceilingDays - 1,
        `validUntil ${validUntil} is ${days} days after authentication`,
        { expected: expect.ceilingDays, actual: days },
      );
    },
  }),
  scenario({
    id: 'AIS-CONSENT-013',
    title: 'An earlier validUntil is honoured; once it has passed the consent is expired and use gives CONSENT_EXPIRED',
    rules: ['AIS-STATE-8', 'LIMIT-14'],
    spec: 'Limits (consent lifetime: earlier validUntil honoured); States: Consent (valid → expired when validUntil passed; later use gives CONSENT_EXPIRED)',
    area: 'consents',
    approvals: 1,
    needs: ['clock'],
    expect: { days: 10, after: 'P11D', status: 'expired', code: 'CONSENT_EXPIRED' },
    async run(ctx, expect) {
      const asked = dateAfter(await ctx.clock().now(), expect.days);
      const created = await createConsent(ctx, {
        access: aisAccess([ctx.fixtures.ibans.main], ['balances']),
        recurringIndicator: true,
        validUntil: asked,
      });
      await authoriseConsent(ctx, created);
      ensureEqual((await readConsent(ctx, created.consentId)).validUntil, asked, 'validUntil read back');
      await ctx.clock().advance(expect.after);
      ensureEqual(await consentStatus(ctx, created.consentId), expect.status, 'status after validUntil passed');
      expectRefusal(ctx, await accountList(ctx, created.consentId), { code: expect.code });
    },
  }),
  scenario({
    id: 'AIS-CONSENT-014',
    title:
      'A recurring consent serves reads on later days and expires 180 days after authentication with CONSENT_EXPIRED',
    rules: ['AIS-STATE-8', 'AUTH-7', 'LIMIT-14'],
    spec: 'Authentication 9 (readable 180 days after authentication); Limits (consent lifetime); States: Consent (valid → expired)',
    area: 'consents',
    approvals: 1,
    needs: ['clock'],
    expect: { later: 'P30D', rest: 'P151D', status: 'expired', code: 'CONSENT_EXPIRED' },
    async run(ctx, expect) {
      const consent = await validConsent(ctx, { types: ['balances'] });
      await ctx.clock().advance(expect.later);
      ensureEqual(await consentStatus(ctx, consent.consentId), 'valid', 'status 30 days after authentication');
      ensureEqual(
        (await readBalances(ctx, consent.consentId, false)).status,
        200,
        'status of an unattended read 30 days later',
      );
      await ctx.clock().advance(expect.rest);
      ensureEqual(await consentStatus(ctx, consent.consentId), expect.status, 'status 181 days after authentication');
      expectRefusal(ctx, await accountList(ctx, consent.consentId), { code: expect.code });
    },
  }),
  scenario({
    id: 'AIS-CONSENT-015',
    title: 'A one-off consent never supersedes: the earlier recurring consent for the same accounts stays valid',
    rules: ['AIS-STATE-13'],
    spec: 'States: Consent (supersession: recurring consents only; one-off consents never supersede)',
    area: 'consents',
    approvals: 2,
    expect: { earlier: 'valid' },
    async run(ctx, expect) {
      const ibans = [ctx.fixtures.ibans.second];
      const recurring = await validConsent(ctx, { ibans });
      await validConsent(ctx, { ibans, recurring: false });
      ensureEqual(
        await consentStatus(ctx, recurring.consentId),
        expect.earlier,
        'status of the earlier recurring consent',
      );
    },
  }),
  scenario({
    id: 'AIS-CONSENT-016',
    title: 'Supersession stays within one provider: another provider’s consent for the same accounts is untouched',
    rules: ['AIS-STATE-6'],
    spec: 'States: Consent (received → valid: other providers’ consents are untouched)',
    area: 'consents',
    approvals: 2,
    needs: ['second-provider'],
    expect: { other: 'valid' },
    async run(ctx, expect) {
      const ibans = [ctx.fixtures.ibans.second];
      const theirs = await validConsent(ctx, { ibans, client: ctx.secondApi() });
      await validConsent(ctx, { ibans });
      ensureEqual(
        await consentStatus(ctx, theirs.consentId, 'ais', ctx.secondApi()),
        expect.other,
        'status of the other provider’s consent',
      );
    },
  }),
  scenario({
    id: 'AIS-CONSENT-017',
    title: 'A consent the customer revokes is revokedByPsu and stops working at once with CONSENT_INVALID',
    rules: ['AIS-STATE-11', 'ERR-7', 'EVT-3', 'SCOPE-1'],
    spec: 'States: Consent (valid → revokedByPsu; the consent stops working at once); Errors / Codes CONSENT_INVALID (for example revoked)',
    area: 'consents',
    approvals: 1,
    needs: ['control'],
    expect: { status: 'revokedByPsu', code: 'CONSENT_INVALID' },
    async run(ctx, expect) {
      const consent = await validConsent(ctx, { types: ['balances'] });
      await ctx.control().revokeConsent(consent.consentId);
      ensureEqual(await consentStatus(ctx, consent.consentId), expect.status, 'status after the customer revoked');
      expectRefusal(ctx, await accountList(ctx, consent.consentId), { code: expect.code });
    },
  }),
  scenario({
    id: 'AIS-CONSENT-018',
    title:
      'The grant is narrower than the request: an IBAN the customer does not hold is absent from access and from the account list',
    rules: ['AIS-CONSENT-17', 'AIS-CONSENT-12', 'AUTH-6'],
    spec: 'Scope rules 2-3; Behaviour notes / Consents 4; ConsentResponse (access: what was granted)',
    area: 'consents',
    approvals: 1,
    expect: {},
    async run(ctx) {
      const { main, notHeld } = ctx.fixtures.ibans;
      const consent = await validConsent(ctx, { ibans: [main, notHeld], types: ['accounts'] });
      const granted = ((await readConsent(ctx, consent.consentId)).access?.accounts ?? []).map((ref) => ref.iban);
      ensure(granted.includes(main), `the grant holds ${main}`, { actual: granted });
      ensure(!granted.includes(notHeld), `the grant does not hold ${notHeld}`, { actual: granted });
      const list = (await accountList(ctx, consent.consentId)).success('the account list');
      const listed = list.accounts.map((account) => account.iban);
      ensure(!listed.includes(notHeld), `the account list does not show ${notHeld}`, { actual: listed });
    },
  }),
  scenario({
    id: 'AIS-CONSENT-019',
    title: 'frequencyPerDay below 4 does not reduce the recurring budget: it reads back 4',
    rules: ['AIS-CONSENT-5', 'AIS-STATE-2'],
    spec: 'ConsentRequest (frequencyPerDay: below 4 does not reduce it); ConsentResponse (frequencyPerDay: what is enforced)',
    area: 'consents',
    expect: { asked: 2, enforced: 4 },
    async run(ctx, expect) {
      const created = await createConsent(ctx, {
        access: aisAccess([ctx.fixtures.ibans.main], ['balances']),
        recurringIndicator: true,
        frequencyPerDay: expect.asked,
      });
      const read = await readConsent(ctx, created.consentId);
      ensureEqual(read.consentStatus, 'received', 'consentStatus of the consent just created (nothing granted yet)');
      ensureEqual(
        read.frequencyPerDay,
        expect.enforced,
        `frequencyPerDay of a recurring consent asked for ${expect.asked}`,
      );
    },
  }),
  scenario({
    id: 'AIS-CONSENT-021',
    title:
      'The authorisation read under another provider’s consent answers like one under an unknown consent: 403 CONSENT_UNKNOWN, identical',
    rules: ['AIS-CONSENT-23', 'SCOPE-10'],
    spec: 'Behaviour notes / Consents 2 (consent operations: unknown and foreign identical, no 404); Authentication 6',
    area: 'consents',
    needs: ['second-provider'],
    expect: { status: 403, code: 'CONSENT_UNKNOWN' },
    async run(ctx, expect) {
      const foreign = await createConsent(
        ctx,
        { access: aisAccess([ctx.fixtures.ibans.main], ['balances']), recurringIndicator: true },
        { client: ctx.secondApi() },
      );
      const unknown = `${foreign.consentId.slice(0, -4)}${foreign.consentId.endsWith('ffff') ? 'eeee' : 'ffff'}`;
      const authorisationId = foreign.authorisationId;
      const a = await ctx.api.getConsentScaStatus({ consentId: foreign.consentId, authorisationId });
      const b = await ctx.api.getConsentScaStatus({ consentId: unknown, authorisationId });
      expectRefusal(ctx, a, expect);
      expectRefusal(ctx, b, expect);
      ensureEqual(a.text, b.text, 'body of the authorisation read: foreign and unknown consent identical');
    },
  }),
  scenario({
    id: 'AIS-CONSENT-023',
    title: 'DELETE of a consent not yet authorised (received) is observed; the consent is not valid afterwards',
    rules: ['OPEN-4'],
    spec: 'States: Consent (states from which DELETE is accepted other than valid: not shown); Behaviour notes / Consents 1',
    area: 'consents',
    expect: { notAfter: 'valid' },
    async run(ctx, expect) {
      const created = await createConsent(ctx, {
        access: aisAccess([ctx.fixtures.ibans.main], ['balances']),
        recurringIndicator: true,
      });
      const reply = await ctx.api.deleteConsent({ consentId: created.consentId });
      const status = await consentStatus(ctx, created.consentId);
      // Either the bank ends it too (204), or it accepts DELETE of a valid consent only (CONSENT_INVALID, nothing changes).
      expectPlausible(ctx, 'DELETE of a received consent (not shown)', reply, [
        { status: 204 },
        { status: '4xx', code: 'CONSENT_INVALID' },
      ]);
      ctx.observe('DELETE of a received consent (not shown): answer and consentStatus after', {
        ...answerOf(reply),
        consentStatus: status,
      });
      ctx.observeSetting('consent.deleteNotValid', reply.status === 204 ? 'received-too' : 'valid-only');
      ensure(status !== expect.notAfter, 'a consent nobody authorised is not valid after DELETE', { actual: status });
      if (reply.status !== 204) ensureEqual(status, 'received', 'a refused DELETE changes nothing: consentStatus');
    },
  }),
];
