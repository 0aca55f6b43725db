/** Account data under a consent: gating by data type, shapes (spec "Authentication" 7, "AccountAccess", resources). */
import { AccountListSchema, BalanceResponseSchema } from '../src/contract/index.js';
import { ensure, ensureEqual } from '../src/kit/failure.js';
import { scenario } from '../src/kit/scenario.js';
import { aisAccess, ATTENDED, createConsent, expectError, resourceIdOf, validConsent } from './steps.js';

export const aisDataScenarios = [
  scenario({
    id: 'AIS-DATA-001',
    title: 'A consent granting account details only refuses balances and transactions with CONSENT_INVALID',
    spec: 'AccountAccess (a read of a type not granted is refused); Authentication 7; Errors / Codes CONSENT_INVALID',
    area: 'ais-data',
    approvals: 1,
    expect: { code: 'CONSENT_INVALID' },
    async run(ctx, expect) {
      const consent = await validConsent(ctx, { types: ['accounts'] });
      const id = await resourceIdOf(ctx, consent.consentId, ctx.fixtures.ibans.main);
      for (const resource of ['balances', 'transactions']) {
        const reply = await ctx.api.call({ path: `/v1/accounts/${id}/${resource}`, headers: { 'Consent-ID': consent.consentId, ...ATTENDED } });
        expectError(ctx, reply, expect);
      }
    },
  }),
  scenario({
    id: 'AIS-DATA-002',
    title: 'The account list and balances match the contract; resourceId is not the IBAN; amounts are decimal strings',
    spec: 'AccountDetails (resourceId not the IBAN); BalanceResponse; SignedAmount',
    area: 'ais-data',
    approvals: 1,
    expect: {},
    async run(ctx) {
      const consent = await validConsent(ctx, { types: ['balances'] });
      const list = await ctx.api.call({ path: '/v1/accounts', headers: { 'Consent-ID': consent.consentId, ...ATTENDED }, schema: AccountListSchema });
      const accounts = (list.json as { accounts: { iban: string; resourceId: string }[] }).accounts;
      ensure(accounts.some((account) => account.iban === ctx.fixtures.ibans.main), 'the granted account is listed');
      ensure(accounts.every((account) => account.resourceId !== account.iban), 'resourceId is not the IBAN');
      const id = await resourceIdOf(ctx, consent.consentId, ctx.fixtures.ibans.main);
      await ctx.api.call({ path: `/v1/accounts/${id}/balances`, headers: { 'Consent-ID': consent.consentId, ...ATTENDED }, schema: BalanceResponseSchema });
    },
  }),
  scenario({
    id: 'AIS-DATA-003',
    title: 'A consent the customer has not authorised yet gives no account data',
    spec: 'Authentication 7 (account data requires a valid consent); States: Consent (the consent is asked for, not granted)',
    area: 'ais-data',
    expect: {},
    async run(ctx) {
      const created = await createConsent(ctx, { access: aisAccess([ctx.fixtures.ibans.main]), recurringIndicator: true });
      const reply = await ctx.api.call({ path: '/v1/accounts', headers: { 'Consent-ID': created.consentId, ...ATTENDED } });
      ensure(reply.status >= 400 && reply.status < 500, `account list under a received consent is refused, got ${reply.status}`);
      ctx.observe('code for a consent not yet authorised', (reply.json as { tppMessages?: { code: string }[] } | undefined)?.tppMessages?.[0]?.code);
    },
  }),
  scenario({
    id: 'AIS-DATA-004',
    title: 'Another provider cannot read data under a consent it does not hold (CONSENT_UNKNOWN)',
    spec: 'Authentication 6 (a consent is usable only by the provider that created it)',
    area: 'ais-data',
    approvals: 1,
    needs: ['second-provider'],
    expect: { code: 'CONSENT_UNKNOWN', status: 403 },
    async run(ctx, expect) {
      const consent = await validConsent(ctx, { types: ['accounts'] });
      const reply = await ctx.secondApi().call({ path: '/v1/accounts', headers: { 'Consent-ID': consent.consentId, ...ATTENDED } });
      expectError(ctx, reply, expect);
    },
  }),
];
