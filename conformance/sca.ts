/** The redirect hand-over (spec "Authorisation hand-over (redirect) rules", "States: Authorisation"). */
import { ensure, ensureEqual, ScaDriverFailed } from '../src/kit/failure.js';
import { scenario } from '../src/kit/scenario.js';
import {
  aisAccess,
  authorisedPayment,
  authoriseConsent,
  authorisePayment,
  expectReturn,
  consentStatus,
  createConsent,
  createdPayment,
  createPayment,
  initiatePayment,
  INSTANT,
  paymentBody,
  paymentStatus,
  STANDARD,
  UUID_V4,
} from './steps.js';

const body = (iban: string) => ({ access: aisAccess([iban], ['balances']), recurringIndicator: true });

export const scaScenarios = [
  scenario({
    id: 'SCA-STATE-001',
    title: 'Every authorisation gets a new state, a UUID v4',
    rules: ['SCA-7', 'SCA-8'],
    spec: 'Authorisation hand-over 1',
    area: 'sca',
    expect: { authorisations: 3 },
    async run(ctx, expect) {
      const states = new Set<string>();
      for (let i = 0; i < expect.authorisations; i += 1) {
        const created = await createConsent(ctx, body(ctx.fixtures.ibans.main));
        ensure(
          created.state && UUID_V4.test(created.state),
          `state is a UUID v4 (lowercase), got ${String(created.state)}`,
        );
        states.add(created.state);
      }
      ensureEqual(states.size, expect.authorisations, 'distinct states over distinct authorisations');
    },
  }),
  scenario({
    id: 'SCA-STATE-002',
    title: 'On approval the customer returns to TPP-Redirect-URI with the same state, and the consent is valid',
    rules: ['SCA-9', 'AIS-STATE-3', 'SCA-1', 'OPEN-5'],
    spec: 'Authorisation hand-over 2; States: Consent (received → valid)',
    area: 'sca',
    approvals: 1,
    expect: { status: 'valid' },
    async run(ctx, expect) {
      const created = await createConsent(ctx, body(ctx.fixtures.ibans.main));
      const outcome = await authoriseConsent(ctx, created);
      expectReturn(ctx, outcome, ctx.fixtures.redirectUri, created.scaRedirect, 'approval');
      ensureEqual(await consentStatus(ctx, created.consentId), expect.status, 'consent status after approval');
      const sca = await ctx.api.getConsentScaStatus(created);
      ensureEqual(sca.status, 200, 'status of the authorisation read');
      ctx.observe('scaStatus after approval (transitions not shown)', sca.body?.scaStatus);
    },
  }),
  scenario({
    id: 'SCA-CODE-001',
    title:
      'Wrong one-time codes: after one the customer can still approve, and after three the ceremony’s end, the consent status and the scaStatus are observed',
    rules: ['OPEN-5', 'SCA-1'],
    spec: 'States: Authorisation (transitions not shown); Security 9 (password and one-time code by SMS); ScaStatus',
    area: 'sca',
    approvals: 2,
    needs: ['sca-wrong-code'],
    expect: {},
    async run(ctx) {
      for (const wrongCodes of [1, 3]) {
        const created = await createConsent(ctx, body(ctx.fixtures.ibans.main));
        const outcome = await authoriseConsent(ctx, created, { wrongCodes });
        const sca = await ctx.api.getConsentScaStatus(created);
        ensureEqual(sca.status, 200, `status of the authorisation read after ${wrongCodes} wrong code(s)`);
        // How many wrong codes a bank tolerates, and what it does then, is the bank's own page: observed.
        ctx.observe(
          `after ${wrongCodes} wrong one-time code(s) and then the right one with approval: ceremony ended early, consent status, scaStatus`,
          {
            endedEarly: outcome.location === null,
            consentStatus: await consentStatus(ctx, created.consentId),
            scaStatus: sca.body?.scaStatus,
          },
        );
      }
    },
  }),
  scenario({
    id: 'SCA-NOK-001',
    title: 'On decline the customer returns to TPP-NOK-Redirect-URI with the state, and the consent is rejected',
    rules: ['AIS-STATE-7', 'HDR-8', 'SCA-9'],
    spec: 'States: Consent (received → rejected); Endpoints / Request headers (TPP-NOK-Redirect-URI); Authorisation hand-over 2',
    area: 'sca',
    approvals: 1,
    expect: { status: 'rejected' },
    async run(ctx, expect) {
      const created = await createConsent(ctx, body(ctx.fixtures.ibans.main), {
        headers: { 'TPP-NOK-Redirect-URI': ctx.fixtures.nokRedirectUri },
      });
      const outcome = await authoriseConsent(ctx, created, { decision: 'decline' });
      expectReturn(ctx, outcome, ctx.fixtures.nokRedirectUri, created.scaRedirect, 'decline');
      ensureEqual(await consentStatus(ctx, created.consentId), expect.status, 'consent status after decline');
    },
  }),
  scenario({
    id: 'SCA-AUTH-001',
    title:
      'A consent’s authorisation list holds exactly the authorisationId from creation, its own and no other consent’s',
    rules: ['SCA-2', 'VER-2', 'AIS-CONSENT-21'],
    spec: 'Resources / Authorisations (for a consent: zero or one id); Behaviour notes / Consents 1',
    area: 'sca',
    expect: {},
    async run(ctx) {
      // Two consents, so a target that answers one id to everything cannot pass: each lists its own.
      const ids = [];
      for (const iban of [ctx.fixtures.ibans.main, ctx.fixtures.ibans.second]) {
        const created = await createConsent(ctx, body(iban));
        const list = (await ctx.api.getConsentAuthorisations(created)).success('the authorisation list');
        ensureEqual(list.authorisationIds, [created.authorisationId], 'authorisationIds');
        ids.push(created.authorisationId);
      }
      ensure(ids[0] !== ids[1], 'two consents have two authorisations', { actual: ids });
    },
  }),
  scenario({
    id: 'SCA-EXPIRY-001',
    title: 'After 15 minutes the authorisation can no longer make the consent valid',
    rules: ['SCA-4', 'OPEN-6'],
    spec: 'States: Authorisation (lives 15 minutes); Limits (authorisation lifetime)',
    area: 'sca',
    approvals: 1,
    needs: ['clock'],
    expect: { notStatus: 'valid' },
    async run(ctx, expect) {
      const created = await createConsent(ctx, body(ctx.fixtures.ibans.main));
      const scaStatus = async () => (await ctx.api.getConsentScaStatus(created)).body?.scaStatus;
      const before = await scaStatus();
      await ctx.clock().advance('PT16M');
      const after = await scaStatus();
      ctx.observe('scaStatus after expiry (not shown)', after);
      if (after === 'failed' || after === before)
        ctx.observeSetting('sca.statusAfterExpiry', after === 'failed' ? 'failed' : 'unchanged');
      try {
        // The authorisation has ended by time: whatever the consent's status says now, the customer tries.
        await authoriseConsent(ctx, created, { reopen: true });
      } catch (error) {
        // The bank's page shows an expiry message instead of a form: the driver cannot go on, as expected.
        if (!(error instanceof ScaDriverFailed)) throw error;
      }
      const status = await consentStatus(ctx, created.consentId);
      ensure(
        status !== expect.notStatus,
        `consent must not become valid through an expired authorisation, got ${status}`,
      );
    },
  }),
  scenario({
    id: 'SCA-STATE-003',
    title: 'States are new for every authorisation across consents and payments, never reused',
    rules: ['SCA-8'],
    spec: 'Authorisation hand-over 1 (new for every authorisation, never reused)',
    area: 'sca',
    expect: { each: 2 },
    async run(ctx, expect) {
      const states: string[] = [];
      for (let i = 0; i < expect.each; i += 1) {
        states.push(String((await createConsent(ctx, body(ctx.fixtures.ibans.main))).state));
        for (const product of [STANDARD, INSTANT]) {
          const { _links } = await createPayment(ctx, paymentBody(ctx), { product });
          states.push(String(new URL(_links.scaRedirect.href).searchParams.get('state')));
        }
      }
      ensure(
        states.every((state) => UUID_V4.test(state)),
        'every state is a UUID v4',
        { actual: states },
      );
      ensureEqual(new Set(states).size, states.length, 'distinct states over consent and payment authorisations');
    },
  }),
  scenario({
    id: 'SCA-AUTH-002',
    title:
      'A payment’s authorisations list holds its authorisationId, which reads a scaStatus; another id and another provider get 404',
    rules: ['SCA-3', 'ERR-6', 'PIS-CANCEL-4'],
    spec: 'Resources / Authorisations (for a payment: ids scoped to the calling provider); Endpoints (payment authorisation reads: 404); Path parameters (authorisation_id)',
    area: 'sca',
    needs: ['second-provider'],
    expect: { notFound: 404 },
    async run(ctx, expect) {
      const created = await createPayment(ctx, paymentBody(ctx));
      const list = (await ctx.api.getPaymentInitiationAuthorisations(created)).success('the authorisation list');
      ensure(
        list.authorisationIds.includes(created.authorisationId),
        'the list holds the authorisationId from initiation',
        { actual: list },
      );
      const read = await ctx.api.getPaymentInitiationScaStatus(created);
      ensureEqual(read.status, 200, 'status of the authorisation read');
      ctx.observe('scaStatus of a fresh payment authorisation (transitions not shown)', read.body?.scaStatus);
      const otherId = `${created.authorisationId.slice(0, -4)}0000`;
      ensureEqual(
        (await ctx.api.getPaymentInitiationScaStatus({ paymentId: created.paymentId, authorisationId: otherId }))
          .status,
        expect.notFound,
        'status for another authorisation id',
      );
      ensureEqual(
        (await ctx.secondApi().getPaymentInitiationScaStatus(created)).status,
        expect.notFound,
        'status for another provider',
      );
    },
  }),
  scenario({
    id: 'SCA-NOK-002',
    title: 'A declined payment sends the customer to TPP-NOK-Redirect-URI with the state and is never accepted',
    rules: ['HDR-8', 'PIS-STATE-2', 'OPEN-7'],
    spec: 'Endpoints / Request headers (TPP-NOK-Redirect-URI: where the customer returns on decline); Authorisation hand-over 2; States: Payment (nothing moves until the customer authorises)',
    area: 'sca',
    approvals: 1,
    expect: { never: ['ACSP', 'ACSC', 'PDNG'] },
    async run(ctx, expect) {
      const created = createdPayment(
        await initiatePayment(ctx, paymentBody(ctx), {
          headers: { 'TPP-NOK-Redirect-URI': ctx.fixtures.nokRedirectUri },
        }),
      );
      const outcome = await authorisePayment(ctx, created, { decision: 'decline' });
      expectReturn(ctx, outcome, ctx.fixtures.nokRedirectUri, created._links.scaRedirect.href, 'decline');
      const after = await paymentStatus(ctx, created.paymentId);
      ensure(!expect.never.includes(after), `a declined payment is ${after}`);
      ctx.observe('transactionStatus after the customer declined', after);
    },
  }),
  scenario({
    id: 'SCA-EXPIRY-002',
    title: 'After 15 minutes a payment’s authorisation can no longer accept the payment',
    rules: ['LIMIT-16', 'SCA-4'],
    spec: 'States: Authorisation (lives 15 minutes; a new authorisation must be started); Limits (authorisation lifetime: consent and payment authorisations)',
    area: 'sca',
    approvals: 1,
    needs: ['clock'],
    expect: { never: ['ACSP', 'ACSC', 'PDNG'] },
    async run(ctx, expect) {
      const payment = await authorisedPayment(ctx, paymentBody(ctx), { before: () => ctx.clock().advance('PT16M') });
      ensure(!expect.never.includes(payment.status), `a payment authorised after 15 minutes is ${payment.status}`);
      ctx.observe('transactionStatus after the authorisation expired', payment.status);
    },
  }),
  scenario({
    id: 'SCA-DYN-001',
    title:
      'Dynamic linking: when the persisted payment changes after the ceremony was created, the authorisation fails',
    rules: ['PIS-INIT-7'],
    spec: 'Behaviour notes / Payments 1 (the ceremony is bound to the amount and the payee; if the persisted payment changes, the authorisation fails)',
    area: 'sca',
    approvals: 1,
    needs: ['control'],
    expect: { scaStatus: 'failed', never: ['ACSP', 'ACSC', 'PDNG'] },
    async run(ctx, expect) {
      const payment = await authorisedPayment(ctx, paymentBody(ctx), {
        before: (paymentId) =>
          ctx.control().amendPayment(paymentId, { instructedAmount: { currency: 'EUR', amount: '7.77' } }),
      });
      ensure(
        !expect.never.includes(payment.status),
        `a payment whose amount changed after the ceremony was created is ${payment.status}`,
      );
      const sca = await ctx.api.getPaymentInitiationScaStatus(payment);
      ensureEqual(sca.body?.scaStatus, expect.scaStatus, 'scaStatus of the authorisation');
      ctx.observe('transactionStatus after the bound authorisation failed', payment.status);
    },
  }),
  scenario({
    id: 'SCA-PAGE-001',
    title:
      'Before approving, the customer sees the provider named on the SCA page by its certificate’s organisation name; the accounts, data types and validity shown are observed',
    rules: ['AIS-CONSENT-25'],
    spec: 'Behaviour notes: Consents 5 (the customer sees the provider’s name, the data types, the accounts held and the validity before approving)',
    area: 'sca',
    approvals: 1,
    needs: ['sca-review-page'],
    expect: {},
    async run(ctx) {
      const { main, second } = ctx.fixtures.ibans;
      const created = await createConsent(ctx, {
        access: { ...aisAccess([main], ['balances', 'transactions']), ...aisAccess([second], ['accounts']) },
        recurringIndicator: true,
      });
      const outcome = await authoriseConsent(ctx, created);
      const name = ctx.providerName();
      if (outcome.reviewText === undefined || name === undefined) {
        ctx.unchecked(
          'the provider named on the page the customer approved on',
          name === undefined
            ? 'the provider certificate carries no organisation name (subject O)'
            : 'the SCA driver answered no text of the page the customer approved on',
        );
        return;
      }
      const text = outcome.reviewText;
      ensure(
        text.includes(name),
        `the page the customer approved on does not name the provider "${name}" (its certificate's organisation name)`,
        { expected: name, actual: text.slice(0, 600) },
      );
      // How a bank writes accounts (in full, grouped, masked), data types and dates is its page's own: observed.
      const compact = text.replace(/\s+/g, '');
      const read = await ctx.api.getConsent({ consentId: created.consentId });
      const validUntil = typeof read.body?.validUntil === 'string' ? read.body.validUntil : undefined;
      ctx.observe(
        'shown on the page the customer approved on: each account in full (spaces ignored), the validity as read after approval, the data types',
        {
          accounts: { [main]: compact.includes(main), [second]: compact.includes(second) },
          validUntil: validUntil === undefined ? null : text.includes(validUntil),
          balances: /balance/i.test(text),
          transactions: /transaction/i.test(text),
        },
      );
    },
  }),
  scenario({
    id: 'SCA-PAGE-002',
    title:
      'After the provider presents a certificate of its own organisation under a new organisation name, the SCA page of a consent it then asks for names it by the new name',
    rules: ['AIS-CONSENT-25'],
    spec: 'Behaviour notes: Consents 5 (the customer sees the provider’s name before approving); Authentication 3 (the certificate is the credential the provider is known by)',
    area: 'sca',
    approvals: 1,
    needs: ['sca-review-page', 'renamed-provider'],
    expect: {},
    async run(ctx) {
      const { main } = ctx.fixtures.ibans;
      const oldName = ctx.providerName();
      const renamed = ctx.renamedProvider();
      // Seen first under its old name (a careless bank keeps the name of the first registration)...
      const before = await createConsent(ctx, { access: aisAccess([main], ['balances']), recurringIndicator: false });
      // ...then renamed: the consent the customer approves is asked for under the new name only.
      const created = await createConsent(
        ctx,
        { access: aisAccess([main], ['balances']), recurringIndicator: false },
        { client: renamed.api },
      );
      try {
        const outcome = await authoriseConsent(ctx, created);
        if (outcome.reviewText === undefined || renamed.name === undefined) {
          ctx.unchecked(
            'the provider named on the page after its renaming',
            renamed.name === undefined
              ? 'the renamed certificate carries no organisation name (subject O)'
              : 'the SCA driver answered no text of the page the customer approved on',
          );
          return;
        }
        ensure(
          outcome.reviewText.includes(renamed.name),
          `the page the customer approved on does not name the provider by its new name "${renamed.name}" ` +
            '(the organisation name of the certificate that asked for the consent)',
          { expected: renamed.name, actual: outcome.reviewText.slice(0, 600) },
        );
        // Whether a bank also mentions the former name is its page's own.
        ctx.observe(
          'the former organisation name also shown on the page',
          oldName !== undefined && outcome.reviewText.includes(oldName),
        );
      } finally {
        // The provider's own certificate again, so the run goes on under the name it began with.
        await ctx.api.deleteConsent({ consentId: before.consentId });
      }
    },
  }),
];
