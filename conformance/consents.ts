/** Consent creation rules, capping, ownership and lifecycle (spec "ConsentRequest", "States: Consent", Behaviour notes / Consents). */
import { ConsentResponseSchema, REFUSED_ACCESS_KINDS } from '../src/contract/index.js';
import { ensure, ensureEqual, ensureSchema } from '../src/kit/failure.js';
import { scenario } from '../src/kit/scenario.js';
import { aisAccess, ATTENDED, consentStatus, createConsent, expectError, UUID_V4, validConsent } from './steps.js';

export const consentScenarios = [
  scenario({
    id: 'AIS-CONSENT-001',
    title: 'availableAccounts, availableAccountsWithBalance and allPsd2 are refused with SERVICE_INVALID',
    spec: 'ConsentRequest (access); Errors / Codes SERVICE_INVALID',
    area: 'consents',
    expect: { code: 'SERVICE_INVALID', kinds: [...REFUSED_ACCESS_KINDS] },
    async run(ctx, expect) {
      for (const kind of expect.kinds) {
        const reply = await ctx.api.call({ method: 'POST', path: '/v1/consents', headers: { 'TPP-Redirect-URI': ctx.fixtures.redirectUri }, body: { access: { [kind]: 'allAccounts' }, recurringIndicator: true } });
        expectError(ctx, reply, { code: expect.code });
      }
    },
  }),
  scenario({
    id: 'AIS-CONSENT-002',
    title: 'combinedServiceIndicator true is refused with SERVICE_INVALID',
    spec: 'ConsentRequest (combinedServiceIndicator)',
    area: 'consents',
    expect: { code: 'SERVICE_INVALID' },
    async run(ctx, expect) {
      const reply = await ctx.api.call({
        method: 'POST',
        path: '/v1/consents',
        headers: { 'TPP-Redirect-URI': ctx.fixtures.redirectUri },
        body: { access: aisAccess([ctx.fixtures.ibans.main]), recurringIndicator: true, combinedServiceIndicator: true },
      });
      expectError(ctx, reply, expect);
    },
  }),
  scenario({
    id: 'AIS-CONSENT-003',
    title: 'An IBAN with a wrong checksum is FORMAT_ERROR with the path of the field',
    spec: 'AccountReference (iban: MOD 97-10); Errors / Codes FORMAT_ERROR ("carries path")',
    area: 'consents',
    expect: { code: 'FORMAT_ERROR' },
    async run(ctx, expect) {
      const good = ctx.fixtures.ibans.main;
      // Swap the check digits for two that cannot both be right.
      const bad = `${good.slice(0, 2)}${good.slice(2, 4) === '00' ? '01' : '00'}${good.slice(4)}`;
      const reply = await ctx.api.call({ method: 'POST', path: '/v1/consents', headers: { 'TPP-Redirect-URI': ctx.fixtures.redirectUri }, body: { access: { balances: [{ iban: bad }] }, recurringIndicator: true } });
      expectError(ctx, reply, expect);
      const path = (reply.json as { tppMessages: { code: string; path?: string }[] }).tppMessages.find((message) => message.code === expect.code)?.path;
      ensure(typeof path === 'string' && path.startsWith('access.balances') && path.endsWith('iban'), `path names the IBAN field under access.balances, got ${String(path)}`);
      ctx.observe('path of an array item (dot notation of positions not shown)', path);
    },
  }),
  scenario({
    id: 'AIS-CONSENT-004',
    title: 'Creation answers 201 received with authorisationId and an scaRedirect carrying a UUID v4 state; an IBAN the bank does not hold is accepted',
    spec: 'ConsentCreationResponse; Scope rules 2; Authorisation hand-over 1-2',
    area: 'consents',
    expect: { status: 'received' },
    async run(ctx, expect) {
      const created = await createConsent(ctx, { access: aisAccess([ctx.fixtures.ibans.notHeld], ['balances']), recurringIndicator: true });
      ensureEqual((created.reply.json as { consentStatus: string }).consentStatus, expect.status, 'consentStatus on creation');
      ensure(created.state && UUID_V4.test(created.state), `scaRedirect carries ?state=<uuid v4>, got ${created.scaRedirect}`);
    },
  }),
  scenario({
    id: 'AIS-CONSENT-005',
    title: 'frequencyPerDay above 4 reads back as 4 on a recurring consent and as 1 on a one-off consent',
    spec: 'ConsentRequest (frequencyPerDay); ConsentResponse (frequencyPerDay: same before and after authorisation); Limits',
    area: 'consents',
    expect: { recurring: 4, oneOff: 1 },
    async run(ctx, expect) {
      for (const [recurringIndicator, enforced] of [[true, expect.recurring], [false, expect.oneOff]] as const) {
        const created = await createConsent(ctx, { access: aisAccess([ctx.fixtures.ibans.main], ['balances']), recurringIndicator, frequencyPerDay: 10 });
        const read = await ctx.api.call({ path: `/v1/consents/${created.consentId}`, schema: ConsentResponseSchema });
        ensureEqual((read.json as { frequencyPerDay?: number }).frequencyPerDay, enforced, `frequencyPerDay of a ${recurringIndicator ? 'recurring' : 'one-off'} consent asked for 10`);
      }
    },
  }),
  scenario({
    id: 'AIS-CONSENT-006',
    title: 'Another provider’s consent and an unknown consent id answer 403 CONSENT_UNKNOWN, byte for byte the same',
    spec: 'Behaviour notes / Consents 2; Authentication 6; Design rule',
    area: 'consents',
    needs: ['second-provider'],
    expect: { status: 403, code: 'CONSENT_UNKNOWN' },
    async run(ctx, expect) {
      const foreign = await createConsent(ctx, { access: aisAccess([ctx.fixtures.ibans.main], ['balances']), recurringIndicator: true }, { client: ctx.secondApi() });
      const unknown = `${foreign.consentId.slice(0, -4)}ffff` === foreign.consentId ? `${foreign.consentId}0` : `${foreign.consentId.slice(0, -4)}ffff`;
      for (const suffix of ['', '/status', '/authorisations']) {
        const a = await ctx.api.call({ path: `/v1/consents/${foreign.consentId}${suffix}` });
        const b = await ctx.api.call({ path: `/v1/consents/${unknown}${suffix}` });
        expectError(ctx, a, expect);
        expectError(ctx, b, expect);
        ensureEqual(a.text, b.text, `body of GET /v1/consents/{id}${suffix}: foreign and unknown identical`);
      }
      const del = await ctx.api.call({ method: 'DELETE', path: `/v1/consents/${foreign.consentId}` });
      expectError(ctx, del, expect);
      ensureEqual(await consentStatus(ctx, foreign.consentId, 'ais', ctx.secondApi()), 'received', 'the owner’s consent after a foreign DELETE');
    },
  }),
  scenario({
    id: 'AIS-CONSENT-007',
    title: 'DELETE by the holder terminates a valid consent at once: terminatedByTpp and no more data',
    spec: 'States: Consent (valid → terminatedByTpp by DELETE); Endpoints (DELETE 204)',
    area: 'consents',
    approvals: 1,
    expect: { deleteStatus: 204, after: 'terminatedByTpp' },
    async run(ctx, expect) {
      const consent = await validConsent(ctx);
      const del = await ctx.api.call({ method: 'DELETE', path: `/v1/consents/${consent.consentId}` });
      ensureEqual(del.status, expect.deleteStatus, 'status of DELETE');
      ensureEqual(del.text, '', 'DELETE answers no body');
      ensureEqual(await consentStatus(ctx, consent.consentId), expect.after, 'status after DELETE');
      const read = await ctx.api.call({ path: '/v1/accounts', headers: { 'Consent-ID': consent.consentId, ...ATTENDED } });
      ensure(read.status >= 400 && read.status < 500, `account list under a terminated consent is refused, got ${read.status}`);
      ctx.observe('code of an account read under a terminated consent', (read.json as { tppMessages?: { code: string }[] } | undefined)?.tppMessages?.[0]?.code);
    },
  }),
  scenario({
    id: 'AIS-CONSENT-008',
    title: 'Authorising a newer recurring consent for the same accounts supersedes the earlier one (terminatedByTpp)',
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
    spec: 'Scope rules 3; Behaviour notes / Consents 4',
    area: 'consents',
    approvals: 1,
    needs: ['second-psu'],
    expect: {},
    async run(ctx) {
      const created = await createConsent(ctx, { access: aisAccess([ctx.fixtures.ibans.main], ['balances']), recurringIndicator: true });
      await ctx.authorise(created.scaRedirect, { psu: 'otherPsu', status: () => consentStatus(ctx, created.consentId) });
      ctx.observe('status of a consent approved by a customer holding none of its accounts', await consentStatus(ctx, created.consentId));
      const read = await ctx.api.call({ path: `/v1/consents/${created.consentId}`, schema: ConsentResponseSchema });
      const grant = ensureSchema(ConsentResponseSchema, read.json, 'ConsentResponse');
      const granted = [...(grant.access?.accounts ?? []), ...(grant.access?.balances ?? []), ...(grant.access?.transactions ?? [])].map((ref) => ref.iban);
      ensure(!granted.includes(ctx.fixtures.ibans.main), `the grant must not contain ${ctx.fixtures.ibans.main}`, { actual: grant.access });
    },
  }),
];
