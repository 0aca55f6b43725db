/** Account data under a consent: gating by data type, shapes (spec "Authentication" 7, "AccountAccess", resources). */
import { ensure, ensureEqual } from '../src/kit/failure.js';
import { scenario } from '../src/kit/scenario.js';
import { expectRefusal } from './refusal.js';
import {
  accountList,
  aisAccess,
  codeOf,
  createConsent,
  expectPlausible,
  readData,
  underConsent,
  resourceIdOf,
  SHARED_COF,
  SHARED_READ,
  sharedCofConsent,
  sharedReadConsent,
  validConsent,
} from './steps.js';

export const aisDataScenarios = [
  scenario({
    id: 'AIS-DATA-001',
    title: 'A consent granting account details only refuses balances and transactions with CONSENT_INVALID',
    rules: ['AIS-CONSENT-9', 'AIS-CONSENT-20'],
    spec: 'AccountAccess (a read of a type not granted is refused); Authentication 7; Errors / Codes CONSENT_INVALID',
    area: 'ais-data',
    approvals: 1,
    expect: { code: 'CONSENT_INVALID' },
    async run(ctx, expect) {
      const consent = await validConsent(ctx, { types: ['accounts'] });
      const accountId = await resourceIdOf(ctx, consent.consentId, ctx.fixtures.ibans.main);
      const headers = underConsent(consent.consentId);
      expectRefusal(ctx, await ctx.api.getBalances({ accountId, headers }), expect);
      expectRefusal(ctx, await ctx.api.getTransactionList({ accountId, headers }), expect);
    },
  }),
  scenario({
    id: 'AIS-DATA-002',
    title: 'The account list and balances match the contract; resourceId is not the IBAN; amounts are decimal strings',
    rules: ['AIS-DATA-1', 'AIS-DATA-3', 'AIS-DATA-4', 'AMOUNT-9', 'HDR-12'],
    spec: 'AccountDetails (resourceId not the IBAN); BalanceResponse; SignedAmount',
    area: 'ais-data',
    shares: [SHARED_READ],
    expect: {},
    async run(ctx) {
      const consent = await sharedReadConsent(ctx);
      const { accounts } = (await accountList(ctx, consent.consentId)).success('GET /v1/accounts');
      ensure(
        accounts.some((account) => account.iban === ctx.fixtures.ibans.main),
        'the granted account is listed',
      );
      ensure(
        accounts.every((account) => account.resourceId !== account.iban),
        'resourceId is not the IBAN',
      );
      const accountId = await resourceIdOf(ctx, consent.consentId, ctx.fixtures.ibans.main);
      (await ctx.api.getBalances({ accountId, headers: underConsent(consent.consentId) })).success('GET balances');
    },
  }),
  scenario({
    id: 'AIS-DATA-003',
    title: 'A consent the customer has not authorised yet gives no account data',
    rules: ['AIS-STATE-2', 'AUTH-5'],
    spec: 'Authentication 7 (account data requires a valid consent); States: Consent (the consent is asked for, not granted)',
    area: 'ais-data',
    expect: {},
    async run(ctx) {
      const created = await createConsent(ctx, {
        access: aisAccess([ctx.fixtures.ibans.main]),
        recurringIndicator: true,
      });
      const reply = await accountList(ctx, created.consentId);
      ensure(
        reply.status >= 400 && reply.status < 500,
        `account list under a received consent is refused, got ${reply.status}`,
      );
      ctx.observe('code for a consent not yet authorised', reply.code);
    },
  }),
  scenario({
    id: 'AIS-DATA-004',
    title: 'Another provider cannot read data under a consent it does not hold (CONSENT_UNKNOWN)',
    rules: ['AUTH-4'],
    spec: 'Authentication 6 (a consent is usable only by the provider that created it)',
    area: 'ais-data',
    shares: [SHARED_READ],
    needs: ['second-provider'],
    expect: { code: 'CONSENT_UNKNOWN', status: 403 },
    async run(ctx, expect) {
      const consent = await sharedReadConsent(ctx);
      expectRefusal(ctx, await accountList(ctx, consent.consentId, { client: ctx.secondApi() }), expect);
    },
  }),
  scenario({
    id: 'AIS-DATA-005',
    title:
      'On account data another provider’s consent and an unknown Consent-ID answer 403 CONSENT_UNKNOWN, byte for byte the same',
    rules: ['AUTH-4', 'SCOPE-10'],
    spec: 'Authentication 6 (another provider’s consent answers like an unknown one); Design rule; Errors rule 1',
    area: 'ais-data',
    needs: ['second-provider'],
    expect: { code: 'CONSENT_UNKNOWN', status: 403 },
    async run(ctx, expect) {
      const foreign = await createConsent(
        ctx,
        { access: aisAccess([ctx.fixtures.ibans.main]), recurringIndicator: true },
        { client: ctx.secondApi() },
      );
      const unknown = `${foreign.consentId.slice(0, -4)}${foreign.consentId.endsWith('ffff') ? 'eeee' : 'ffff'}`;
      const a = await accountList(ctx, foreign.consentId);
      const b = await accountList(ctx, unknown);
      expectRefusal(ctx, a, expect);
      expectRefusal(ctx, b, expect);
      ensureEqual(a.text, b.text, 'body of GET /v1/accounts: foreign and unknown consent identical');
    },
  }),
  scenario({
    id: 'AIS-DATA-006',
    title: 'An account read by resourceId matches AccountDetails; an IBAN in the account_id position is not recognised',
    rules: ['AIS-DATA-10', 'HDR-12', 'OPEN-9'],
    spec: 'AccountDetails (resourceId used as {account_id}); Path parameters (account_id: an IBAN in this position is not recognised)',
    area: 'ais-data',
    shares: [SHARED_READ],
    expect: {},
    async run(ctx) {
      const { consentId } = await sharedReadConsent(ctx);
      const id = await resourceIdOf(ctx, consentId, ctx.fixtures.ibans.main);
      const read = await ctx.api.readAccountDetails({ accountId: id, headers: underConsent(consentId) });
      ensureEqual(read.status, 200, 'status of the account read');
      const { account } = read.success('the account read');
      ensureEqual(
        [account.iban, account.resourceId],
        [ctx.fixtures.ibans.main, id],
        'iban and resourceId of the account read',
      );
      const byIban = await readData(ctx, consentId, `/v1/accounts/${ctx.fixtures.ibans.main}`);
      expectPlausible(ctx, 'answer for an IBAN as account_id (not shown)', byIban, [
        { status: '4xx', code: 'CONSENT_INVALID' },
        { status: 403, code: 'RESOURCE_UNKNOWN' },
      ]);
      ctx.observeSetting('consent.accountOutside', codeOf(byIban)!);
    },
  }),
  scenario({
    id: 'AIS-DATA-007',
    title:
      'bookingStatus decides the arrays: booked by default, pending for pending, both for both; amounts are signed decimal strings',
    rules: ['AIS-DATA-7', 'AIS-DATA-5', 'AIS-DATA-6', 'AMOUNT-9', 'AMOUNT-10'],
    spec: 'TransactionsResponse 1; Query parameters (bookingStatus default booked); SignedAmount',
    area: 'ais-data',
    shares: [SHARED_READ],
    expect: {
      present: {
        '': ['booked'],
        'bookingStatus=booked': ['booked'],
        'bookingStatus=pending': ['pending'],
        'bookingStatus=both': ['booked', 'pending'],
      },
    },
    async run(ctx, expect) {
      const { consentId } = await sharedReadConsent(ctx);
      const accountId = await resourceIdOf(ctx, consentId, ctx.fixtures.ibans.main);
      for (const [query, arrays] of Object.entries(expect.present)) {
        const reply = await ctx.api.getTransactionList({ accountId, query, headers: underConsent(consentId) });
        ensureEqual(reply.status, 200, `status of GET transactions${query ? `?${query}` : ''}`);
        const { transactions } = reply.success('GET transactions');
        for (const array of arrays)
          ensure(
            Array.isArray(transactions[array as 'booked' | 'pending']),
            `${array} is present for ${query || 'no bookingStatus'}`,
            { actual: Object.keys(transactions) },
          );
        const other = ['booked', 'pending'].filter((array) => !arrays.includes(array) && array in transactions);
        ensureEqual(other, [], `arrays that ${query || 'no bookingStatus'} does not ask for`);
      }
    },
  }),
  scenario({
    id: 'AIS-DATA-008',
    title:
      'A CoF consent on account-data endpoints, and an account_id outside the consent, are observed (a 4xx carries the envelope)',
    rules: ['COF-6', 'OPEN-9'],
    spec: 'Behaviour notes / Consents 3 (a CoF consent on account-data endpoints, and an account_id outside the consent: not shown)',
    area: 'ais-data',
    shares: [SHARED_READ, SHARED_COF],
    expect: {},
    async run(ctx) {
      const cof = await sharedCofConsent(ctx);
      const underCof = await accountList(ctx, cof);
      expectPlausible(ctx, 'GET /v1/accounts under a CoF consent (not shown)', underCof, [
        { status: '4xx', code: 'CONSENT_UNKNOWN' },
        { status: '4xx', code: 'CONSENT_INVALID' },
      ]);
      ctx.observeSetting('consent.cofOnAccountData', codeOf(underCof)!);
      const consent = await sharedReadConsent(ctx);
      const outside = await readData(ctx, consent.consentId, '/v1/accounts/xs2a-kit-no-such-account/balances');
      expectPlausible(ctx, 'balances of an account_id outside the consent (not shown)', outside, [
        { status: '4xx', code: 'CONSENT_INVALID' },
        { status: 403, code: 'RESOURCE_UNKNOWN' },
      ]);
      ctx.observeSetting('consent.accountOutside', codeOf(outside)!);
    },
  }),
];
