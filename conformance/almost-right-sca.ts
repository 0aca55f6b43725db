/**
 * Scenarios written, as those of `almost-right.ts`, by listing the variables each rule names and
 * asking of the one no scenario varied "what would a careless implementation get almost right?":
 * here for SCA and redirects beyond the lifetime of an authorisation, and links (`SCA-*`, `LINK-*`).
 * [Rule variables](../docs/rule-variables.md) keeps the analysis.
 */
import { PaymentResponseSchema, PaymentStatusResponseSchema, ScaStatusResponseSchema } from '../src/contract/index.js';
import type { ScenarioContext } from '../src/kit/context.js';
import { ensure, ensureEqual, ensureSchema, ScaDriverFailed } from '../src/kit/failure.js';
import { scenario, type Scenario } from '../src/kit/scenario.js';
import {
  aisAccess,
  approveConsent,
  authorisedPayment,
  authoriseConsent,
  authorisePayment,
  consentStatus,
  createCofConsent,
  createConsent,
  createdPayment,
  declineConsent,
  createPayment,
  expectReturn,
  follow,
  INSTANT,
  initiatePayment,
  paymentBody,
  paymentStatus,
  STANDARD,
  UUID_V4,
} from './steps.js';

const balancesOf = (ctx: ScenarioContext) => ({
  access: aisAccess([ctx.fixtures.ibans.main], ['balances']),
  recurringIndicator: false,
});

/** Statuses of a payment the customer accepted: a declined payment must never show one. */
const ACCEPTED = ['ACTC', 'ACSP', 'ACSC', 'PDNG'];

/**
 * The customer opens a payment's scaRedirect again after its authorisation ended and tries to
 * decide: the bank's page may refuse at any step (the driver stops), which is what it should do.
 */
async function actAgainOnPayment(
  ctx: ScenarioContext,
  payment: { paymentId: string; authorisationId: string; product: string; _links: { scaRedirect: { href: string } } },
  decision: 'approve' | 'decline',
): Promise<void> {
  try {
    await ctx.authorise(payment._links.scaRedirect.href, {
      authorisationId: payment.authorisationId,
      decision,
      status: () => paymentStatus(ctx, payment.paymentId, payment.product),
      reopen: true,
    });
    ctx.observe(`the bank's page let the customer ${decision} a finished payment authorisation again`, true);
  } catch (error) {
    if (!(error instanceof ScaDriverFailed)) throw error;
    ctx.observe(`reopening a finished payment authorisation to ${decision}`, error.message.split('\n')[0]);
  }
}

export const almostRightScaScenarios: Scenario[] = [
  scenario({
    id: 'SCA-AUTH-003',
    title:
      'A consent’s authorisation list still holds only the authorisationId from creation after the customer approved or declined',
    rules: ['SCA-2', 'AIS-CONSENT-21'],
    spec: 'Resources / Authorisations (for a consent: zero or one id); Behaviour notes / Consents 1 (the authorisation starts at creation and exists for polling only)',
    area: 'sca',
    approvals: 2,
    expect: {},
    async run(ctx) {
      // The older scenarios read the list before anyone opened the scaRedirect: a page that starts an
      // authorisation of its own when the customer arrives (as with an explicit start) adds a second id.
      const approved = await createConsent(ctx, balancesOf(ctx));
      await approveConsent(ctx, approved);
      const declined = await createConsent(ctx, balancesOf(ctx));
      await declineConsent(ctx, declined);
      for (const [created, name] of [
        [approved, 'approved'],
        [declined, 'declined'],
      ] as const) {
        const ids = (await ctx.api.getConsentAuthorisations(created)).success(
          'the authorisation list',
        ).authorisationIds;
        ensure(
          ids.length <= 1 && ids.every((id) => id === created.authorisationId),
          `authorisationIds of the ${name} consent after the ceremony: ${JSON.stringify(ids)}, not at most the creation's ${created.authorisationId}`,
          { expected: [created.authorisationId], actual: ids },
        );
        if (ids.length === 0) ctx.observe(`authorisationIds of the ${name} consent after the ceremony`, ids);
      }
    },
  }),
  scenario({
    id: 'SCA-AUTH-004',
    title:
      'A consent’s authorisation read answers 404 for an id it never issued, another consent’s authorisationId and a payment’s, and reads a scaStatus for its own',
    rules: ['ERR-6', 'SCA-3'],
    spec: 'Errors / Status classes 404 (an unknown authorisation_id under the provider’s own consent or payment); Resources / Authorisations (for a consent: zero or one id)',
    area: 'sca',
    expect: { notFound: 404 },
    async run(ctx, expect) {
      // The older scenario of the rule asks a payment's authorisation read. A consent has one
      // authorisation, so a bank may read the consent's ceremony whatever id the path names.
      const consent = await createConsent(ctx, balancesOf(ctx));
      const other = await createConsent(ctx, balancesOf(ctx));
      const payment = createdPayment(await initiatePayment(ctx, paymentBody(ctx)));
      const own = await ctx.api.getConsentScaStatus(consent);
      ensureEqual(own.status, 200, 'status of the consent’s own authorisation read');
      ensureSchema(ScaStatusResponseSchema, own.body, 'the consent’s own authorisation read');
      // One hex digit changed: an id of the same form the bank never issued.
      const last = consent.authorisationId.at(-1);
      const madeUp = `${consent.authorisationId.slice(0, -1)}${last === '0' ? '1' : '0'}`;
      for (const [what, authorisationId] of [
        ['an authorisation id never issued', madeUp],
        ['another consent’s authorisationId', other.authorisationId],
        ['a payment’s authorisationId', payment.authorisationId],
      ] as const) {
        const answer = await ctx.api.getConsentScaStatus({ consentId: consent.consentId, authorisationId });
        ensureEqual(answer.status, expect.notFound, `status of the consent’s authorisation read with ${what}`);
      }
    },
  }),
  scenario({
    id: 'SCA-NOK-003',
    title:
      'Without TPP-NOK-Redirect-URI a declining customer returns to TPP-Redirect-URI with the state: the consent is rejected, the payment never accepted',
    rules: ['AIS-STATE-7', 'SCA-9'],
    spec: 'States: Consent (received → rejected: the customer is returned to the provider’s redirect address); Request headers (TPP-NOK-Redirect-URI optional); Authorisation hand-over 2',
    area: 'sca',
    approvals: 2,
    expect: { consent: 'rejected', never: ACCEPTED },
    async run(ctx, expect) {
      // Neither request carries TPP-NOK-Redirect-URI (the steps send only TPP-Redirect-URI).
      const consent = await createConsent(ctx, balancesOf(ctx));
      const declined = await authoriseConsent(ctx, consent, { decision: 'decline' });
      expectReturn(
        ctx,
        declined,
        ctx.fixtures.redirectUri,
        consent.scaRedirect,
        'consent declined without a NOK address',
      );
      ensureEqual(await consentStatus(ctx, consent.consentId), expect.consent, 'consent status after decline');
      const payment = await createPayment(ctx, paymentBody(ctx));
      const refused = await authorisePayment(ctx, payment, { decision: 'decline' });
      expectReturn(
        ctx,
        refused,
        ctx.fixtures.redirectUri,
        payment._links.scaRedirect.href,
        'payment declined without a NOK address',
      );
      const after = await paymentStatus(ctx, payment.paymentId);
      ensure(!expect.never.includes(after), `a payment declined without a NOK address is ${after}`);
    },
  }),
  scenario({
    id: 'SCA-STATE-004',
    title:
      'A CoF consent’s authorisation gets a state of its own, a UUID v4 no other authorisation had, and the approving customer returns to TPP-Redirect-URI with it',
    rules: ['SCA-7', 'SCA-8', 'SCA-9'],
    spec: 'Authorisation hand-over 1 and 2 (every authorisation, a state new and never reused, appended again on the return); ConsentCreationResponse (both consent creations)',
    area: 'sca',
    approvals: 1,
    expect: { status: 'valid' },
    async run(ctx, expect) {
      const cof = await createCofConsent(ctx);
      const ais = await createConsent(ctx, balancesOf(ctx));
      const otherCof = await createCofConsent(ctx);
      const states = [cof.state, ais.state, otherCof.state];
      ensure(
        states.every((state) => state !== null && UUID_V4.test(state)),
        'every state, of CoF and account-information consents, is a UUID v4 (lowercase)',
        { actual: states },
      );
      ensureEqual(new Set(states).size, states.length, 'distinct states over two CoF consents and one AIS consent');
      const approved = await authoriseConsent(ctx, cof);
      expectReturn(ctx, approved, ctx.fixtures.redirectUri, cof.scaRedirect, 'approval of a CoF consent');
      ensureEqual(await consentStatus(ctx, cof.consentId, 'cof'), expect.status, 'CoF consent status after approval');
    },
  }),
  scenario({
    id: 'SCA-RETURN-001',
    title:
      'A payment’s customer returns to the addresses sent with that payment, its query kept and the state added, on either product, whatever later initiations carry',
    rules: ['HDR-7', 'HDR-8', 'SCA-9'],
    spec: 'Request headers (TPP-Redirect-URI and TPP-NOK-Redirect-URI on payment initiation: bound at creation, never re-read); Authorisation hand-over 2',
    area: 'sca',
    approvals: 2,
    expect: {},
    async run(ctx) {
      // The same addresses with a query naming the payment: the drivers recognise the provider's address by origin and path.
      const initiate = async (name: string, product = STANDARD) =>
        createdPayment(
          await initiatePayment(ctx, paymentBody(ctx), {
            product,
            headers: {
              'TPP-Redirect-URI': `${ctx.fixtures.redirectUri}?payment=${name}`,
              'TPP-NOK-Redirect-URI': `${ctx.fixtures.nokRedirectUri}?payment=${name}`,
            },
          }),
        );
      // The second on the other product: a bank may hand instant payments to a service of their own.
      const first = await initiate('first');
      const second = await initiate('second', INSTANT);
      // A later initiation carrying other addresses changes nothing for the earlier payments.
      await initiate('later');
      for (const [created, decision, address, name, product] of [
        [first, 'approve', ctx.fixtures.redirectUri, 'first', STANDARD],
        [second, 'decline', ctx.fixtures.nokRedirectUri, 'second', INSTANT],
      ] as const) {
        const outcome = await authorisePayment(ctx, created, { decision, product });
        if (outcome.location === null) {
          ctx.unchecked(
            `where the ${name} payment's customer returns`,
            'the SCA driver cannot see where the bank sends the customer',
          );
          continue;
        }
        const back = new URL(outcome.location);
        ensureEqual(
          `${back.origin}${back.pathname}`,
          address,
          `where the ${name} payment's customer returns on ${decision}`,
        );
        ensureEqual(back.searchParams.get('payment'), name, `the query of the address sent with the ${name} payment`);
        ensureEqual(
          back.searchParams.get('state'),
          new URL(created._links.scaRedirect.href).searchParams.get('state'),
          `state on the ${name} payment's return`,
        );
      }
    },
  }),
  scenario({
    id: 'LINK-001',
    title:
      'The links of a standard payment initiation lead where their names say: status to its transactionStatus, scaStatus to its scaStatus, self to the payment',
    rules: ['LINK-1', 'LINK-2'],
    spec: 'PaymentInitiationResponse (_links: scaRedirect, status); Links (each member an object with href); Path parameters (payment_product); PaymentResponse',
    area: 'payments',
    expect: { status: 'RCVD' },
    async run(ctx, expect) {
      // The older scenario follows the links of an instant payment: a link builder that names one
      // product whatever the payment's, passes there and sends a standard payment's reader astray.
      const body = paymentBody(ctx);
      const created = await createPayment(ctx, body, { product: STANDARD });
      const links = created._links;
      const status = await follow(ctx, links.status.href);
      ensureEqual(status.status, 200, 'status of following the status link of a standard payment');
      ensureEqual(
        ensureSchema(PaymentStatusResponseSchema, status.json, 'the answer at status').transactionStatus,
        expect.status,
        'transactionStatus at the status link of a standard payment',
      );
      if (links.scaStatus) {
        const sca = await follow(ctx, links.scaStatus.href);
        ensureEqual(sca.status, 200, 'status of following the scaStatus link of a standard payment');
        ensureSchema(ScaStatusResponseSchema, sca.json, 'the answer at scaStatus');
      } else
        ctx.unchecked(
          'where scaStatus of a standard initiation leads',
          'the initiation answer carries no scaStatus link',
        );
      if (links.self) {
        const self = await follow(ctx, links.self.href);
        ensureEqual(self.status, 200, 'status of following the self link of a standard payment');
        const payment = ensureSchema(PaymentResponseSchema, self.json, 'the payment at self');
        ensureEqual(payment.instructedAmount, body.instructedAmount, 'instructedAmount of the payment at self');
        ensureEqual(payment.creditorAccount.iban, body.creditorAccount.iban, 'creditor IBAN of the payment at self');
      } else ctx.unchecked('where self of a standard initiation leads', 'the initiation answer carries no self link');
    },
  }),
  scenario({
    id: 'SCA-REOPEN-002',
    title:
      'A finished payment authorisation cannot be completed again: an accepted payment cannot be declined through it, nor a declined one accepted',
    rules: ['SCA-5'],
    spec: 'States: Authorisation (lives until finalised, declined or expired); Limits (authorisation lifetime: consent and payment authorisations)',
    area: 'sca',
    approvals: 2,
    expect: { settled: ['ACSP', 'ACSC'] },
    async run(ctx, expect) {
      // The older scenario reopens consents only: a bank whose payment decision skips the check that
      // the authorisation is still open lets the customer undo or redo a payment's.
      const accepted = await authorisedPayment(ctx, paymentBody(ctx));
      // PDNG waits for the customer to confirm the payee, which a bank may ask on the same page: not a finished decision.
      if (!expect.settled.includes(accepted.status))
        ctx.unchecked(
          'reopening the authorisation of an accepted payment to decline',
          `the approved payment is ${accepted.status}, not ${expect.settled.join(' or ')}`,
        );
      else {
        await actAgainOnPayment(ctx, accepted, 'decline');
        const afterDecline = await paymentStatus(ctx, accepted.paymentId);
        ensure(
          expect.settled.includes(afterDecline),
          `status after the customer reopened the finished authorisation of an accepted payment to decline: ${afterDecline}`,
          { expected: expect.settled, actual: afterDecline },
        );
      }
      const declined = await authorisedPayment(ctx, paymentBody(ctx), { decision: 'decline' });
      if (ACCEPTED.includes(declined.status))
        ctx.unchecked(
          'reopening the authorisation of a declined payment to approve',
          `the declined payment is ${declined.status}`,
        );
      else {
        await actAgainOnPayment(ctx, declined, 'approve');
        const afterApproval = await paymentStatus(ctx, declined.paymentId);
        ensure(
          !ACCEPTED.includes(afterApproval),
          `status after the customer reopened the finished authorisation of a declined payment to approve: ${afterApproval}`,
          { actual: afterApproval },
        );
      }
    },
  }),
];
