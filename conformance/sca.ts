/** The redirect hand-over (spec "Authorisation hand-over (redirect) rules", "States: Authorisation"). */
import { AuthorisationsSchema } from '../src/contract/index.js';
import { ensure, ensureEqual } from '../src/kit/failure.js';
import { scenario } from '../src/kit/scenario.js';
import { aisAccess, consentStatus, createConsent, UUID_V4 } from './steps.js';

const body = (iban: string) => ({ access: aisAccess([iban], ['balances']), recurringIndicator: true });

export const scaScenarios = [
  scenario({
    id: 'SCA-STATE-001',
    title: 'Every authorisation gets a new state, a UUID v4',
    spec: 'Authorisation hand-over 1',
    area: 'sca',
    expect: { authorisations: 3 },
    async run(ctx, expect) {
      const states = new Set<string>();
      for (let i = 0; i < expect.authorisations; i += 1) {
        const created = await createConsent(ctx, body(ctx.fixtures.ibans.main));
        ensure(created.state && UUID_V4.test(created.state), `state is a UUID v4 (lowercase), got ${String(created.state)}`);
        states.add(created.state);
      }
      ensureEqual(states.size, expect.authorisations, 'distinct states over distinct authorisations');
    },
  }),
  scenario({
    id: 'SCA-STATE-002',
    title: 'On approval the customer returns to TPP-Redirect-URI with the same state, and the consent is valid',
    spec: 'Authorisation hand-over 2; States: Consent (received → valid)',
    area: 'sca',
    approvals: 1,
    expect: { status: 'valid' },
    async run(ctx, expect) {
      const created = await createConsent(ctx, body(ctx.fixtures.ibans.main));
      const outcome = await ctx.authorise(created.scaRedirect, { status: () => consentStatus(ctx, created.consentId) });
      if (outcome.location !== null) {
        const back = new URL(outcome.location);
        ensureEqual(`${back.origin}${back.pathname}`, ctx.fixtures.redirectUri, 'where the customer returns');
        ensureEqual(back.searchParams.get('state'), created.state, 'state on the return');
      }
      ensureEqual(await consentStatus(ctx, created.consentId), expect.status, 'consent status after approval');
      const sca = await ctx.api.call({ path: `/v1/consents/${created.consentId}/authorisations/${created.authorisationId}` });
      ensureEqual(sca.status, 200, 'status of the authorisation read');
      ctx.observe('scaStatus after approval (transitions not shown)', (sca.json as { scaStatus?: string }).scaStatus);
    },
  }),
  scenario({
    id: 'SCA-NOK-001',
    title: 'On decline the customer returns to TPP-NOK-Redirect-URI with the state, and the consent is rejected',
    spec: 'States: Consent (received → rejected); Endpoints / Request headers (TPP-NOK-Redirect-URI); Authorisation hand-over 2',
    area: 'sca',
    approvals: 1,
    expect: { status: 'rejected' },
    async run(ctx, expect) {
      const created = await createConsent(ctx, body(ctx.fixtures.ibans.main), { headers: { 'TPP-NOK-Redirect-URI': ctx.fixtures.nokRedirectUri } });
      const outcome = await ctx.authorise(created.scaRedirect, { decision: 'decline', status: () => consentStatus(ctx, created.consentId) });
      if (outcome.location !== null) {
        const back = new URL(outcome.location);
        ensureEqual(`${back.origin}${back.pathname}`, ctx.fixtures.nokRedirectUri, 'where a declining customer returns');
        ensureEqual(back.searchParams.get('state'), created.state, 'state on the return');
      }
      ensureEqual(await consentStatus(ctx, created.consentId), expect.status, 'consent status after decline');
    },
  }),
  scenario({
    id: 'SCA-AUTH-001',
    title: 'A consent’s authorisation list holds exactly the authorisationId from creation',
    spec: 'Resources / Authorisations (for a consent: zero or one id); Behaviour notes / Consents 1',
    area: 'sca',
    expect: {},
    async run(ctx) {
      const created = await createConsent(ctx, body(ctx.fixtures.ibans.main));
      const list = await ctx.api.call({ path: `/v1/consents/${created.consentId}/authorisations`, schema: AuthorisationsSchema });
      ensureEqual((list.json as { authorisationIds: string[] }).authorisationIds, [created.authorisationId], 'authorisationIds');
    },
  }),
  scenario({
    id: 'SCA-EXPIRY-001',
    title: 'After 15 minutes the authorisation can no longer make the consent valid',
    spec: 'States: Authorisation (lives 15 minutes); Limits (authorisation lifetime)',
    area: 'sca',
    needs: ['clock', 'sca'],
    expect: { notStatus: 'valid' },
    async run(ctx, expect) {
      const created = await createConsent(ctx, body(ctx.fixtures.ibans.main));
      await ctx.clock().advance('PT16M');
      try {
        await ctx.authorise(created.scaRedirect, { status: () => consentStatus(ctx, created.consentId) });
      } catch {
        // The bank's page shows an expiry message instead of a form: the driver cannot go on, as expected.
      }
      const status = await consentStatus(ctx, created.consentId);
      ensure(status !== expect.notStatus, `consent must not become valid through an expired authorisation, got ${status}`);
      const sca = await ctx.api.call({ path: `/v1/consents/${created.consentId}/authorisations/${created.authorisationId}` });
      ctx.observe('scaStatus after expiry (not shown)', (sca.json as { scaStatus?: string } | undefined)?.scaStatus);
    },
  }),
];
