/**
 * Scenarios written, as those of `almost-right.ts`, by listing the variables each rule names and
 * asking of the one no scenario varied "what would a careless implementation get almost right?":
 * here for the consent and payment requests and states the first analysis left (`AIS-CONSENT-*`, `AIS-STATE-*`, `SCOPE-3`, `SCOPE-4`, `AMOUNT-2`, `AMOUNT-3`, `PIS-INIT-1` … `PIS-INIT-5`).
 * [Rule variables](../docs/rule-variables.md) keeps the analysis; `test/kit/careless-consents.test.ts`
 * plays each careless implementation behind a proxy.
 */
import { toCents } from '../src/contract/index.js';
import type { ScenarioContext } from '../src/kit/context.js';
import { ensure, ensureEqual } from '../src/kit/failure.js';
import type { Scenario } from '../src/kit/scenario.js';
import { scenario } from '../src/kit/scenario.js';
import { expectRefusal } from './refusal.js';
import {
  aisAccess,
  approveConsent,
  authorisedPayment,
  consentStatus,
  createConsent,
  createPayment,
  deadIbanLike,
  declineConsent,
  INSTANT,
  initiatePayment,
  memberOf,
  membersOf,
  paymentBody,
  readConsent,
  readData,
  requestConsent,
  resourceIdOf,
  STANDARD,
  validConsent,
} from './steps.js';

/** The kinds of access the interface refuses (dedicated accounts only). */
const REFUSED_KINDS = ['availableAccounts', 'availableAccountsWithBalance', 'allPsd2'] as const;

/** An id of the same shape as `id` that was never issued (its last four characters changed). */
const neverIssued = (id: string) => `${id.slice(0, -4)}${id.endsWith('ffff') ? 'eeee' : 'ffff'}`;

/** The three reads of one account, by the `resourceId` (spec "Path parameters": account_id); bookingStatus as Berlin Group requires it. */
const oneAccountReads = (accountId: string): [string, string][] => [
  ['GET /v1/accounts/{account}', `/v1/accounts/${accountId}`],
  ['GET /v1/accounts/{account}/balances', `/v1/accounts/${accountId}/balances`],
  ['GET /v1/accounts/{account}/transactions', `/v1/accounts/${accountId}/transactions?bookingStatus=booked`],
];

/** The consent's state as both reads show it: the status read and the consent read must agree on it. */
async function ensureShownAs(ctx: ScenarioContext, consentId: string, expected: string, when: string) {
  ensureEqual(await consentStatus(ctx, consentId), expected, `consentStatus of the status read ${when}`);
  ensureEqual((await readConsent(ctx, consentId)).consentStatus, expected, `consentStatus of the consent read ${when}`);
}

export const almostRightConsentScenarios: Scenario[] = [
  scenario({
    id: 'AIS-CONSENT-040',
    title:
      'Each refused kind of access asked for allAccountsWithOwnerName, beside a list of named accounts and on its own, is SERVICE_INVALID like one asked for allAccounts; the named list alone is served',
    spec: 'ConsentRequest (access: availableAccounts, availableAccountsWithBalance, allPsd2 refused with SERVICE_INVALID); What the service does (dedicated accounts only); Errors / Codes SERVICE_INVALID',
    // Careless: the refusal keyed on the value "allAccounts" (the one every earlier scenario sent), so
    // the other value Berlin Group gives these kinds slips through and the named lists are granted.
    rules: ['AIS-CONSENT-2'],
    area: 'consents',
    expect: { code: 'SERVICE_INVALID' },
    async run(ctx, expect) {
      const named = aisAccess([ctx.fixtures.ibans.main], ['balances']);
      for (const kind of REFUSED_KINDS)
        for (const value of ['allAccounts', 'allAccountsWithOwnerName'])
          for (const [where, access] of [
            ['beside balances', { ...named, [kind]: value }],
            ['on its own', { [kind]: value }],
          ] as const) {
            const reply = await requestConsent(ctx, { access, recurringIndicator: true });
            expectRefusal(ctx, reply, expect, `access.${kind} "${value}" ${where}`);
          }
      // The control: the named list without the refused kind is served.
      await createConsent(ctx, { access: named, recurringIndicator: true });
    },
  }),
  scenario({
    id: 'AIS-CONSENT-041',
    title:
      'DELETE of a consent id never issued is 403 CONSENT_UNKNOWN, byte for byte another provider’s DELETE, and so is every consent operation on another provider’s consent the customer approved; that consent stays valid',
    spec: 'Behaviour notes / Consents 2 (unknown and another provider’s consent: 403 CONSENT_UNKNOWN, identically; no 404); Authentication 6; Design rule; Endpoints (DELETE /v1/consents/{consent_id}: 204 or 401, 403, 500)',
    // Careless: a DELETE written as idempotent, answering 204 for an id it never issued (the earlier
    // scenarios of these rules sent an unknown id to the reads of a consent only, and their foreign
    // DELETE met a consent still received); and an owner checked only while the consent awaits the customer.
    rules: ['AIS-CONSENT-22', 'AIS-CONSENT-23'],
    area: 'consents',
    needs: ['second-provider'],
    approvals: 1,
    expect: { status: 403, code: 'CONSENT_UNKNOWN', after: 'valid' },
    async run(ctx, expect) {
      // One-off: an approved consent of the other provider that supersedes none of its others.
      const foreign = await validConsent(ctx, { client: ctx.secondApi(), recurring: false, types: ['balances'] });
      const unknown = neverIssued(foreign.consentId);
      const { authorisationId } = foreign;
      const operations = [
        ['GET /v1/consents/{id}', (consentId: string) => ctx.api.getConsent({ consentId })],
        ['GET /v1/consents/{id}/status', (consentId: string) => ctx.api.getConsentStatus({ consentId })],
        [
          'GET /v1/consents/{id}/authorisations',
          (consentId: string) => ctx.api.getConsentAuthorisations({ consentId }),
        ],
        [
          'GET /v1/consents/{id}/authorisations/{id}',
          (consentId: string) => ctx.api.getConsentScaStatus({ consentId, authorisationId }),
        ],
        ['DELETE /v1/consents/{id}', (consentId: string) => ctx.api.deleteConsent({ consentId })],
      ] as const;
      for (const [what, call] of operations) {
        const theirs = await call(foreign.consentId);
        const never = await call(unknown);
        expectRefusal(ctx, never, expect, `${what} of a consent id never issued`);
        expectRefusal(ctx, theirs, expect, `${what} of another provider’s valid consent`);
        ensureEqual(theirs.text, never.text, `body of ${what}: another provider’s valid consent against an unknown id`);
      }
      ensureEqual(
        await consentStatus(ctx, foreign.consentId, 'ais', ctx.secondApi()),
        expect.after,
        'the owner’s consent after another provider’s DELETE',
      );
    },
  }),
  scenario({
    id: 'AIS-CONSENT-042',
    title:
      'A consent naming in accounts, balances or transactions a well-formed IBAN nobody holds, under the bank’s own code or another bank’s, gets the same 201 received, with the same members, as one naming the customer’s account',
    spec: 'ConsentRequest scope rules 2 (format-checked, not looked up at creation: a well-formed IBAN the service does not hold is accepted exactly like one it holds); ConsentCreationResponse (201: consentId, consentStatus received, authorisationId, _links)',
    // Careless: a lookup at creation of the IBANs under the bank's own code (it can tell those are not
    // its accounts), the others left to the format check; every earlier IBAN nobody holds was another bank's.
    rules: ['AIS-CONSENT-11', 'AIS-CONSENT-13'],
    area: 'consents',
    expect: { status: 201, consentStatus: 'received' },
    async run(ctx, expect) {
      const { main, notHeld } = ctx.fixtures.ibans;
      // As sent: a schema's parse would drop a member it does not name.
      const shape = (json: unknown) => ({
        members: Object.keys(membersOf(json)).sort(),
        links: Object.keys(membersOf(memberOf(json, '_links'))).sort(),
      });
      const held = await requestConsent(ctx, { access: aisAccess([main]), recurringIndicator: true });
      ensureEqual(held.status, expect.status, 'status of a consent naming the customer’s account');
      held.success('the consent naming the customer’s account');
      const reference = shape(held.json);
      for (const [whose, iban] of [
        ['the bank’s own code without an account', deadIbanLike(main)],
        ['nobody the bank holds', notHeld],
      ] as const)
        for (const list of ['accounts', 'balances', 'transactions'] as const) {
          const what = `a consent naming ${whose} (${iban}) in ${list}`;
          const reply = await requestConsent(ctx, { access: aisAccess([iban], [list]), recurringIndicator: true });
          ensureEqual(reply.status, expect.status, `status of ${what}`);
          const created = reply.success(what);
          ensureEqual(created.consentStatus, expect.consentStatus, `consentStatus of ${what}`);
          ensureEqual(shape(reply.json), reference, `members of the answer to ${what}, against the customer’s account`);
        }
    },
  }),
  scenario({
    id: 'CONSENT-DETAIL-016',
    title:
      'The reads of one account (details, balances, transactions) under a consent still received, and under the same consent once the customer revoked it, are refused; approved in between, it serves them',
    spec: 'States: Consent (received: the consent is asked for, not granted; valid → revokedByPsu: the consent stops working at once); Authentication 7 (account data requires a valid consent); Errors / Codes CONSENT_INVALID (for example revoked)',
    // Careless: the consent's state judged where the account list is served, the reads of one account
    // looking at the lists asked for alone (every earlier scenario of these rules read the account list).
    rules: ['AIS-STATE-2', 'AIS-STATE-11'],
    area: 'consents',
    approvals: 2,
    needs: ['control'],
    expect: {
      received: ['CONSENT_INVALID', 'CONSENT_EXPIRED'],
      served: 200,
      revoked: { status: 'revokedByPsu', code: 'CONSENT_INVALID' },
    },
    async run(ctx, expect) {
      const { main } = ctx.fixtures.ibans;
      // The resourceId is stable for the life of the account: learnt under another consent of the provider.
      // One-off consents throughout, so no consent of the provider is superseded.
      const known = await validConsent(ctx, { types: ['accounts'], recurring: false });
      const reads = oneAccountReads(await resourceIdOf(ctx, known.consentId, main));
      const consent = await createConsent(ctx, { access: aisAccess([main]), recurringIndicator: false });
      for (const [what, path] of reads)
        expectRefusal(
          ctx,
          await readData(ctx, consent.consentId, path),
          { code: expect.received },
          `${what} under a received consent`,
        );
      await approveConsent(ctx, consent);
      for (const [what, path] of reads)
        ensureEqual(
          (await readData(ctx, consent.consentId, path)).status,
          expect.served,
          `status of ${what} once approved`,
        );
      await ctx.control().revokeConsent(consent.consentId);
      ensureEqual(
        await consentStatus(ctx, consent.consentId),
        expect.revoked.status,
        'status after the customer revoked',
      );
      for (const [what, path] of reads)
        expectRefusal(
          ctx,
          await readData(ctx, consent.consentId, path),
          { code: expect.revoked.code },
          `${what} after the customer revoked`,
        );
    },
  }),
  scenario({
    id: 'CONSENT-DETAIL-017',
    title:
      'The consent read shows the consentStatus the status read shows at every move: received, valid, revokedByPsu after the customer revoked, terminatedByTpp after its provider’s DELETE, rejected after a decline',
    spec: 'ConsentResponse (consentStatus); ConsentStatus (enum); States: Consent (received → valid on approval, → rejected on decline; valid → revokedByPsu, → terminatedByTpp by DELETE)',
    // Careless: the consent read built from a record written at creation and approval, which the
    // revocation and the DELETE do not touch (every earlier scenario of these moves read the status).
    rules: ['AIS-STATE-1', 'AIS-STATE-3', 'AIS-STATE-11', 'AIS-STATE-12'],
    area: 'consents',
    approvals: 3,
    needs: ['control'],
    expect: { deleted: 204 },
    async run(ctx, expect) {
      // One-off consents, so none supersedes another consent of the provider.
      const body = { access: aisAccess([ctx.fixtures.ibans.main], ['balances']), recurringIndicator: false };
      const revoked = await createConsent(ctx, body);
      await ensureShownAs(ctx, revoked.consentId, 'received', 'of a consent just created');
      await approveConsent(ctx, revoked);
      await ensureShownAs(ctx, revoked.consentId, 'valid', 'once the customer approved');
      await ctx.control().revokeConsent(revoked.consentId);
      await ensureShownAs(ctx, revoked.consentId, 'revokedByPsu', 'after the customer revoked');
      const deleted = await createConsent(ctx, body);
      await approveConsent(ctx, deleted);
      ensureEqual((await ctx.api.deleteConsent(deleted)).status, expect.deleted, 'status of the provider’s DELETE');
      await ensureShownAs(ctx, deleted.consentId, 'terminatedByTpp', 'after its provider’s DELETE');
      const declined = await createConsent(ctx, body);
      await declineConsent(ctx, declined);
      await ensureShownAs(ctx, declined.consentId, 'rejected', 'after the customer declined');
    },
  }),
  scenario({
    id: 'PIS-INIT-015',
    title:
      'On the instant product a payment initiation lacking debtorAccount, instructedAmount or creditorAccount, left out or null, is 400 whose path names the missing field; the whole body is served',
    spec: 'PaymentInitiationRequest (debtorAccount, instructedAmount, creditorAccount required); TppMessages (path: the offending field); Path parameters (payment_product)',
    // Careless: an instant endpoint whose own validation reaches into the member before asking whether
    // it is there, so the path names a field inside it; every earlier missing member went to the
    // standard product.
    rules: ['PIS-INIT-1'],
    area: 'payments',
    expect: { status: 400, created: 'RCVD' },
    async run(ctx, expect) {
      for (const field of ['debtorAccount', 'instructedAmount', 'creditorAccount'] as const)
        for (const [what, body] of [
          ['left out', Object.fromEntries(Object.entries(paymentBody(ctx)).filter(([name]) => name !== field))],
          ['null', paymentBody(ctx, { [field]: null })],
        ] as const)
          expectRefusal(
            ctx,
            await initiatePayment(ctx, body, { product: INSTANT }),
            { status: expect.status, path: field },
            `an instant payment with ${field} ${what}`,
          );
      // The control: the whole body is served on the instant product (then cancelled: it is not what this checks).
      const control = await createPayment(ctx, paymentBody(ctx), { product: INSTANT });
      ensureEqual(control.transactionStatus, expect.created, 'transactionStatus of the whole instant payment');
      await ctx.api.cancelPayment({ paymentId: control.paymentId, product: INSTANT });
    },
  }),
  scenario({
    id: 'PIS-INIT-016',
    title:
      'A non-EUR instructed amount beside a cause of PAYMENT_FAILED (a debtor the bank does not hold, an amount beyond the balance, the bank’s own code without a live account) is still PRODUCT_INVALID, on both products; in EUR each is PAYMENT_FAILED',
    spec: 'Amount (a non-EUR currency on payment initiation gives PRODUCT_INVALID); Behaviour notes / Payments 4-5 (malformed input says what is wrong: PRODUCT_INVALID for a non-EUR currency); Errors / Codes PAYMENT_FAILED (any failure other than malformed input)',
    // Careless: the debtor, the funds and the route judged before the currency (the amount compared
    // with the balance whatever its currency), so a non-EUR payment that cannot be paid anyway is
    // hidden behind PAYMENT_FAILED; every earlier non-EUR payment came from the funded account.
    rules: ['AMOUNT-3'],
    area: 'payments',
    expect: { product: { code: 'PRODUCT_INVALID' }, failed: { code: 'PAYMENT_FAILED' }, currency: 'USD' },
    async run(ctx, expect) {
      const { main, notHeld } = ctx.fixtures.ibans;
      const causes: [string, Record<string, unknown>][] = [
        ['from a debtor the bank does not hold', { debtorAccount: { iban: notHeld }, creditorAccount: { iban: main } }],
        ['beyond the balance', { amount: ctx.fixtures.amounts.beyondBalance }],
        ['to the bank’s own code without a live account', { creditorAccount: { iban: deadIbanLike(main) } }],
      ];
      for (const product of [STANDARD, INSTANT])
        for (const [what, cause] of causes) {
          const { amount = ctx.fixtures.amounts.small, ...rest } = cause as { amount?: string };
          const body = (currency: string) => paymentBody(ctx, { ...rest, instructedAmount: { currency, amount } });
          expectRefusal(
            ctx,
            await initiatePayment(ctx, body(expect.currency), { product }),
            expect.product,
            `a payment in ${expect.currency} ${what} (${product})`,
          );
          // The control: in EUR the same payment does fail, so the order is what was judged.
          expectRefusal(
            ctx,
            await initiatePayment(ctx, body('EUR'), { product }),
            expect.failed,
            `the same payment in EUR ${what} (${product})`,
          );
        }
    },
  }),
  scenario({
    id: 'PIS-INIT-017',
    title:
      'A payment read after the customer authorised it, on both products, still returns debtorAccount, creditorAccount, instructedAmount, creditorName and remittanceInformationUnstructured as initiated; an instant payment initiated without remittance is recorded with a description that is not empty',
    spec: 'PaymentResponse (transactionStatus, debtorAccount, creditorAccount, instructedAmount, creditorName, remittanceInformationUnstructured); PaymentInitiationRequest (remittanceInformationUnstructured: if omitted, a neutral description is recorded); Path parameters (payment_product)',
    // Careless: a read built, once the payment is executed, from the booking, which keeps the accounts
    // and the amount but not the name and the reference; every earlier read of what was initiated came
    // while the payment awaited the customer (and the neutral description was read on the standard product only).
    rules: ['PIS-INIT-5', 'PIS-INIT-3'],
    area: 'payments',
    approvals: 2,
    expect: {},
    async run(ctx) {
      for (const product of [STANDARD, INSTANT]) {
        const body = paymentBody(ctx, {
          remittanceInformationUnstructured: `xs2a-kit read once authorised ${product}`,
        });
        const payment = await authorisedPayment(ctx, body, { product });
        ctx.observe(`status of the ${product} payment once the customer authorised it`, payment.status);
        const read = await ctx.api.getPaymentInformation({ paymentId: payment.paymentId, product });
        read.success('the payment read once authorised');
        const when = `read back once authorised (${product})`;
        ensureEqual(memberOf(read.json, 'debtorAccount'), body.debtorAccount, `debtorAccount ${when}`);
        ensureEqual(memberOf(read.json, 'creditorAccount'), body.creditorAccount, `creditorAccount ${when}`);
        const amount = memberOf(read.json, 'instructedAmount') as { currency?: unknown; amount?: unknown } | undefined;
        ensureEqual(
          [amount?.currency, typeof amount?.amount === 'string' ? toCents(amount.amount) : amount?.amount],
          [body.instructedAmount.currency, toCents(body.instructedAmount.amount)],
          `instructedAmount ${when}`,
        );
        ensureEqual(memberOf(read.json, 'creditorName'), body.creditorName, `creditorName ${when}`);
        ensureEqual(
          memberOf(read.json, 'remittanceInformationUnstructured'),
          body.remittanceInformationUnstructured,
          `remittanceInformationUnstructured ${when}`,
        );
      }
      const bare = Object.fromEntries(
        Object.entries(paymentBody(ctx)).filter(([name]) => name !== 'remittanceInformationUnstructured'),
      );
      const created = await createPayment(ctx, bare, { product: INSTANT });
      const read = await ctx.api.getPaymentInformation({ paymentId: created.paymentId, product: INSTANT });
      read.success('the read of the instant payment without remittance');
      const recorded = memberOf(read.json, 'remittanceInformationUnstructured');
      ctx.observe('remittanceInformationUnstructured of an instant payment initiated without one', recorded ?? null);
      // The field is optional on the read: a read without it shows nothing to judge.
      if (recorded !== undefined)
        ensure(
          typeof recorded === 'string' && recorded.trim() !== '' && !['undefined', 'null'].includes(recorded.trim()),
          `the description recorded for an instant payment without remittance is ${JSON.stringify(recorded)}`,
          { actual: recorded },
        );
      await ctx.api.cancelPayment({ paymentId: created.paymentId, product: INSTANT });
    },
  }),
];
