/**
 * The breaks of the spec the conformance kit must catch, as patches: each one re-introduces one
 * deviation into a copy of the built simulator (test/breaks/apply-break.ts), and its `caughtBy`
 * scenario must then fail (test/kit/breaks.test.ts). The simulator itself carries none of them.
 * `find` is an exact snippet of the clean source that occurs there exactly once; `replace` is what
 * takes its place. Most breaks are one edit; a break that needs an import or touches two places
 * lists its edits in order.
 */

export interface Edit {
  /** The source file, from the repository root (under `src/`). */
  readonly file: string;
  readonly find: string;
  readonly replace: string;
}

interface Described {
  /** Kebab-case, unique. */
  readonly name: string;
  /** The rule the patched simulator breaks, citing the spec section. */
  readonly rule: string;
  /** Id of the conformance scenario that must fail against it. */
  readonly caughtBy: string;
}

export type Break = Described & (Edit | { readonly edits: readonly Edit[] });

/** A break's edits, whichever way it was written. */
export function editsOf(brk: Break): readonly Edit[] {
  return 'edits' in brk ? brk.edits : [brk];
}

export const BREAKS: readonly Break[] = [
  {
    name: 'request-id-not-echoed-on-errors',
    rule: 'X-Request-ID is not echoed on error answers (Errors / Envelope).',
    caughtBy: 'ID-CERT-001',
    file: 'src/sim/api/app.ts',
    find: 'if (echo !== undefined && !outcome.foreign) outcome',
    replace: 'if (echo !== undefined && !outcome.foreign && outcome.status < 400) outcome',
  },
  {
    name: 'body-read-before-certificate',
    rule: 'A malformed body is refused before the missing certificate is (Authentication 2: "whatever else it contains").',
    caughtBy: 'ID-CERT-002',
    edits: [
      {
        file: 'src/sim/api/app.ts',
        find: '    const identity = authenticate(req.socket as TLSSocket);',
        replace: `    const early = await readJsonBody(req);
    const identity = authenticate(req.socket as TLSSocket);`,
      },
      {
        file: 'src/sim/api/app.ts',
        find: `    const reading = readJsonBody(req);
    const body = reading ? await reading : undefined;`,
        replace: '    const body = early;',
      },
    ],
  },
  {
    name: 'callback-endpoint-without-certificate',
    rule: 'The revocation-callback endpoint answers without a client certificate (Authentication 2: no per-operation exception).',
    caughtBy: 'ID-CERT-003',
    edits: [
      {
        file: 'src/sim/api/identity.ts',
        find: `(socket: TLSSocket) => ProviderIdentity {
  const verdicts = new WeakMap<TLSSocket, () => ProviderIdentity>();
  return (socket) => {`,
        replace: `(socket: TLSSocket, path: string) => ProviderIdentity {
  const verdicts = new WeakMap<TLSSocket, () => ProviderIdentity>();
  return (socket, path) => {
    if (path.startsWith('/v1/revocation-callback') && !peerOf(socket).present) {
      return { organizationIdentifier: 'anonymous', name: 'anonymous', roles: [], nca: undefined };
    }`,
      },
      {
        file: 'src/sim/api/app.ts',
        find: 'authenticate(req.socket as TLSSocket)',
        replace: 'authenticate(req.socket as TLSSocket, target.pathname)',
      },
    ],
  },
  {
    name: 'request-id-not-echoed-on-success',
    rule: 'X-Request-ID is not echoed on successful answers (Request headers: echoed on every response).',
    caughtBy: 'ID-ECHO-001',
    file: 'src/sim/api/app.ts',
    find: 'if (echo !== undefined && !outcome.foreign) outcome',
    replace: 'if (echo !== undefined && !outcome.foreign && outcome.status >= 400) outcome',
  },
  {
    name: 'cof-role-not-checked',
    rule: 'Funds confirmation is open to a provider without PSP_IC (Authentication 4).',
    caughtBy: 'ID-ROLE-001',
    file: 'src/contract/endpoints.ts',
    find: "tag: 'Confirmation of funds (CoF)', requires: 'PSP_IC', summary: 'Answer whether funds are available",
    replace: "tag: 'Confirmation of funds (CoF)', requires: 'registered', summary: 'Answer whether funds are available",
  },
  {
    name: 'refused-access-kinds-not-recognised',
    rule: 'availableAccounts, availableAccountsWithBalance and allPsd2 are dropped as unknown fields, so the request is FORMAT_ERROR instead of SERVICE_INVALID (ConsentRequest: access).',
    caughtBy: 'AIS-CONSENT-001',
    file: 'src/contract/consent-request.ts',
    find: '  if (isObject(body.access)) {',
    replace: '  if (false && isObject(body.access)) {',
  },
  {
    name: 'combined-service-accepted',
    rule: 'combinedServiceIndicator true is accepted (ConsentRequest: combinedServiceIndicator).',
    caughtBy: 'AIS-CONSENT-002',
    file: 'src/contract/consent-request.ts',
    find: '  if (body.combinedServiceIndicator === true) {',
    replace: '  if (false && body.combinedServiceIndicator === true) {',
  },
  {
    name: 'consent-format-error-without-path',
    rule: 'FORMAT_ERROR on a consent body does not carry the path of the field (Errors / Codes: FORMAT_ERROR carries path).',
    caughtBy: 'AIS-CONSENT-003',
    file: 'src/contract/consent-request.ts',
    find: 'export function readConsentRequest(body: unknown, today: string): ConsentRequest {',
    replace: `export function readConsentRequest(body: unknown, today: string): ConsentRequest {
  try {
    return read(body, today);
  } catch (error) {
    throw error instanceof XsError && error.code === 'FORMAT_ERROR' ? new XsError('FORMAT_ERROR', { text: error.message }) : error;
  }
}

function read(body: unknown, today: string): ConsentRequest {`,
  },
  {
    name: 'consent-state-not-uuid-v4',
    rule: 'The consent scaRedirect state is 32 hex digits, not a UUID v4 (Authorisation hand-over 1).',
    caughtBy: 'AIS-CONSENT-004',
    edits: [
      {
        file: 'src/sim/services/consents.ts',
        find: "import { randomUUID } from 'node:crypto';",
        replace: "import { randomBytes, randomUUID } from 'node:crypto';",
      },
      {
        file: 'src/sim/services/consents.ts',
        find: '    state: randomUUID(),',
        replace: "    state: randomBytes(16).toString('hex'),",
      },
    ],
  },
  {
    name: 'frequency-not-capped',
    rule: 'frequencyPerDay above 4 is kept as asked (ConsentRequest: frequencyPerDay; Limits).',
    caughtBy: 'AIS-CONSENT-005',
    file: 'src/sim/rules/consents.ts',
    find: '    frequencyPerDay: recurring ? RECURRING_FREQUENCY : 1,',
    replace: '    frequencyPerDay: recurring ? Math.max(RECURRING_FREQUENCY, request.frequencyPerDay ?? 0) : 1,',
  },
  {
    name: 'one-off-frequency-not-forced',
    rule: 'A one-off consent reads back frequencyPerDay 4 instead of 1 (ConsentRequest: frequencyPerDay).',
    caughtBy: 'AIS-CONSENT-005',
    file: 'src/sim/rules/consents.ts',
    find: '    frequencyPerDay: recurring ? RECURRING_FREQUENCY : 1,',
    replace: '    frequencyPerDay: RECURRING_FREQUENCY,',
  },
  {
    name: 'foreign-consent-answers-404',
    rule: "Another provider's consent answers 404 instead of 403 CONSENT_UNKNOWN (Behaviour notes / Consents 2).",
    caughtBy: 'AIS-CONSENT-006',
    file: 'src/sim/services/consents.ts',
    find: '  if (!consent || consent.tpp !== tpp || consent.kind !== kind) throw unknownConsent();',
    replace: `  if (consent && consent.tpp !== tpp) throw new XsError('RESOURCE_UNKNOWN', { text: 'The consent is unknown.' });
  if (!consent || consent.tpp !== tpp || consent.kind !== kind) throw unknownConsent();`,
  },
  {
    name: 'foreign-consent-distinguishable',
    rule: "Another provider's consent answers CONSENT_UNKNOWN with a text of its own, so it is told apart from an unknown one (Design rule; Behaviour notes / Consents 2).",
    caughtBy: 'AIS-CONSENT-006',
    file: 'src/sim/services/consents.ts',
    find: '  if (!consent || consent.tpp !== tpp || consent.kind !== kind) throw unknownConsent();',
    replace: `  if (consent && consent.tpp !== tpp) throw new XsError('CONSENT_UNKNOWN', { text: 'The consent belongs to another provider.' });
  if (!consent || consent.tpp !== tpp || consent.kind !== kind) throw unknownConsent();`,
  },
  {
    name: 'foreign-consent-deletable',
    rule: 'Another provider can DELETE a consent it does not hold (Authentication 6).',
    caughtBy: 'AIS-CONSENT-006',
    file: 'src/sim/services/consents.ts',
    find: '    const consent = ownConsent(ctx, tpp, consentId, kind);',
    replace: '    const consent = ownConsent(ctx, uow.data.consents[consentId]?.tpp ?? tpp, consentId, kind);',
  },
  {
    name: 'delete-does-not-terminate',
    rule: 'DELETE answers 204 but the consent stays valid (States: Consent, valid → terminatedByTpp).',
    caughtBy: 'AIS-CONSENT-007',
    file: 'src/sim/services/consents.ts',
    find: "    if (status !== 'valid' && status !== 'received') return;",
    replace: `    if (status !== 'valid' && status !== 'received') return;
    return;`,
  },
  {
    name: 'no-supersession',
    rule: 'Authorising a newer recurring consent leaves the earlier one valid (States: Consent, supersession).',
    caughtBy: 'AIS-CONSENT-008',
    file: 'src/sim/services/sca.ts',
    find: '  const superseded = supersededBy(approved, Object.values(ctx.store.data.consents), now);',
    replace: '  const superseded: ConsentRecord[] = [];',
  },
  {
    name: 'grant-not-narrowed-to-held',
    rule: 'The grant keeps accounts the approving customer does not hold (Scope rules 3).',
    caughtBy: 'AIS-CONSENT-009',
    edits: [
      {
        file: 'src/sim/services/sca.ts',
        find: "import { approve, supersededBy, withStatus } from '../rules/consents.js';",
        replace: "import { approve, coveredIbans, supersededBy, withStatus } from '../rules/consents.js';",
      },
      {
        file: 'src/sim/services/sca.ts',
        find: '  const approved = approve(consent, psuId, held, now);',
        replace: `  for (const iban of coveredIbans(consent.requested)) held.add(iban);
  const approved = approve(consent, psuId, held, now);`,
      },
    ],
  },
  {
    name: 'state-reused',
    rule: 'Every consent authorisation of a provider gets the same state (Authorisation hand-over 1: new for every authorisation, never reused).',
    caughtBy: 'SCA-STATE-001',
    edits: [
      {
        file: 'src/sim/services/consents.ts',
        find: "import { randomUUID } from 'node:crypto';",
        replace: "import { createHash, randomUUID } from 'node:crypto';",
      },
      {
        file: 'src/sim/services/consents.ts',
        find: '    state: randomUUID(),',
        replace: "    state: ((hex) => `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`)(createHash('sha256').update(tpp).digest('hex')),",
      },
    ],
  },
  {
    name: 'approval-return-state-differs',
    rule: 'The customer returns from an approval with a state other than the one in scaRedirect (Authorisation hand-over 2).',
    caughtBy: 'SCA-STATE-002',
    edits: [
      {
        file: 'src/sim/services/sca.ts',
        find: "import { randomInt, timingSafeEqual } from 'node:crypto';",
        replace: "import { randomInt, randomUUID, timingSafeEqual } from 'node:crypto';",
      },
      {
        file: 'src/sim/services/sca.ts',
        find: 'redirect: withState(target, authorisation.state) };',
        replace: "redirect: withState(target, decision === 'approve' ? randomUUID() : authorisation.state) };",
      },
    ],
  },
  {
    name: 'decline-ignores-nok-redirect',
    rule: 'A declining customer returns to TPP-Redirect-URI, not TPP-NOK-Redirect-URI (Request headers: TPP-NOK-Redirect-URI).',
    caughtBy: 'SCA-NOK-001',
    file: 'src/sim/services/sca.ts',
    find: "  const target = decision === 'approve' ? consent.redirectUri : (consent.nokRedirectUri ?? consent.redirectUri);",
    replace: '  const target = consent.redirectUri;',
  },
  {
    name: 'consent-authorisation-list-empty',
    rule: "A consent's authorisation list is empty (Resources / Authorisations; Behaviour notes / Consents 1).",
    caughtBy: 'SCA-AUTH-001',
    file: 'src/sim/services/consents.ts',
    find: '  return { authorisationIds: [consent.authorisationId] };',
    replace: '  return { authorisationIds: [] };',
  },
  {
    name: 'authorisation-lives-a-day',
    rule: 'A consent authorisation lives 24 hours instead of 15 minutes (Limits: authorisation lifetime).',
    caughtBy: 'SCA-EXPIRY-001',
    file: 'src/sim/rules/sca.ts',
    find: 'input.now.getTime() + AUTHORISATION_LIFETIME_MS)',
    replace: "input.now.getTime() + (input.parent.kind === 'consent' ? 86_400_000 : AUTHORISATION_LIFETIME_MS))",
  },
  {
    name: 'data-type-not-gated',
    rule: 'Balances and transactions are served under a consent that grants account details only (AccountAccess; Authentication 7).',
    caughtBy: 'AIS-DATA-001',
    file: 'src/sim/services/accounts.ts',
    find: "  if (dataType !== 'accounts' && !granted[dataType].includes(account.iban)) {",
    replace: "  if (false && dataType !== 'accounts' && !granted[dataType].includes(account.iban)) {",
  },
  {
    name: 'balance-amount-as-number',
    rule: 'Balance amounts are JSON numbers (Resources: amounts are decimal strings, never JSON numbers).',
    caughtBy: 'AIS-DATA-002',
    file: 'src/sim/services/accounts.ts',
    find: "    return spend(ctx, uow, consent, 'balances', input.attended, {",
    replace: `    const amountOf = (cents: number) => ({ currency: 'EUR', amount: cents / 100 });
    return spend(ctx, uow, consent, 'balances', input.attended, {`,
  },
  {
    name: 'unauthorised-consent-gives-data',
    rule: 'A consent the customer has not authorised yet gives account data (Authentication 7).',
    caughtBy: 'AIS-DATA-003',
    file: 'src/sim/services/accounts.ts',
    find: '  requireUsable(consent, ctx.clock.now());',
    replace: `  if (consent.status === 'received') return consent;
  requireUsable(consent, ctx.clock.now());`,
  },
  {
    name: 'foreign-consent-gives-data',
    rule: 'Another provider reads account data under a consent it does not hold (Authentication 6).',
    caughtBy: 'AIS-DATA-004',
    file: 'src/sim/services/accounts.ts',
    find: 'ownConsent(ctx, input.tpp, input.consentId)',
    replace: 'ownConsent(ctx, ctx.store.data.consents[input.consentId]?.tpp ?? input.tpp, input.consentId)',
  },
  {
    name: 'paging-repeats-a-row',
    rule: 'The next page starts with the last row of the page before (Paging rules 2: no duplicate).',
    caughtBy: 'AIS-PAGING-001',
    file: 'src/sim/services/accounts.ts',
    find: '  const cursor = result.next;',
    replace: '  const cursor = result.next === undefined ? undefined : ([...result.booked, ...result.pending].map((entry) => entry.seq).sort((a, b) => a - b)[1] ?? result.next);',
  },
  {
    name: 'next-drops-filters',
    rule: 'transactions._links.next carries only the cursor, not dateFrom, dateTo and bookingStatus (Paging rules 3).',
    caughtBy: 'AIS-PAGING-002',
    file: 'src/sim/services/accounts.ts',
    find: '{ ...query.given, entryReferenceFrom',
    replace: '{ entryReferenceFrom',
  },
  {
    name: 'next-skips-a-row',
    rule: 'Following next skips the first row after the page, so it differs from entryReferenceFrom (Paging rules 2-3).',
    caughtBy: 'AIS-PAGING-003',
    file: 'src/sim/services/accounts.ts',
    find: '  const cursor = result.next;',
    replace: `  const ahead = result.next === undefined ? undefined : pageTransactions(ledger, { ...filters, before: result.next, limit: 1 });
  const cursor = ahead && ([...ahead.booked, ...ahead.pending][0]?.seq ?? result.next);`,
  },
  {
    name: 'fifth-unattended-call-served',
    rule: 'The fifth unattended access of a day is served (Limits: 4 per consent, per data type, per day).',
    caughtBy: 'AIS-LIMIT-001',
    file: 'src/sim/services/access.ts',
    find: `  if (!verdict.allowed) throw new XsError('ACCESS_EXCEEDED', { headers });
  if (verdict.consumes) uow.put('usage', key, spent + 1);`,
    replace: `  const slips = !verdict.allowed && spent === consent.frequencyPerDay;
  if (!verdict.allowed && !slips) throw new XsError('ACCESS_EXCEEDED', { headers });
  if (verdict.consumes || slips) uow.put('usage', key, spent + 1);`,
  },
  {
    name: 'retry-after-missing',
    rule: '429 ACCESS_EXCEEDED carries no Retry-After (Errors rule 4; Limits).',
    caughtBy: 'AIS-LIMIT-001',
    edits: [
      {
        file: 'src/sim/services/access.ts',
        find: "import { XsError } from '../../contract/index.js';",
        replace: "import { HEADERS, XsError } from '../../contract/index.js';",
      },
      {
        file: 'src/sim/services/access.ts',
        find: "  if (!verdict.allowed) throw new XsError('ACCESS_EXCEEDED', { headers });",
        replace: `  if (!verdict.allowed) {
    delete headers[HEADERS.retryAfter];
    throw new XsError('ACCESS_EXCEEDED', { headers });
  }`,
      },
    ],
  },
  {
    name: 'attended-consumes-budget',
    rule: 'Requests with PSU-IP-Address spend the unattended budget (Limits: attended requests are uncapped).',
    caughtBy: 'AIS-LIMIT-002',
    file: 'src/sim/services/access.ts',
    find: 'attended: isAttended, now',
    replace: 'attended: false, now',
  },
  {
    name: 'budget-shared-across-data-types',
    rule: 'Balances and transactions share one budget (Limits: each data type has its own budget).',
    caughtBy: 'AIS-LIMIT-003',
    file: 'src/sim/services/access.ts',
    find: 'usageKey(consent.consentId, budget, now)',
    replace: "usageKey(consent.consentId, budget !== 'funds' ? 'accounts' : budget, now)",
  },
  {
    name: 'budget-never-resets',
    rule: 'The unattended budget does not reset at midnight UTC (Limits: X-RateLimit-Reset, calendar boundary).',
    caughtBy: 'AIS-LIMIT-004',
    file: 'src/sim/services/access.ts',
    find: 'usageKey(consent.consentId, budget, now)',
    replace: 'usageKey(consent.consentId, budget, new Date(0))',
  },
  {
    name: 'rate-limit-headers-on-uncapped',
    rule: 'Consent operations carry X-RateLimit headers (Limits: uncapped operations have none).',
    caughtBy: 'AIS-LIMIT-005',
    edits: [
      {
        file: 'src/sim/api/consent-operations.ts',
        find: "import { created, noContent, ok, type Call, type OperationTable } from './call.js';",
        replace: `import { created, noContent, ok, type Call, type OperationTable } from './call.js';
import { judgeBudget, rateLimitHeaders } from '../rules/budget.js';`,
      },
      {
        file: 'src/sim/api/consent-operations.ts',
        find: '    return created(await createConsent(ctx, tpp(call), { redirectUri, nokRedirectUri, request }));',
        replace: `    return created(
      await createConsent(ctx, tpp(call), { redirectUri, nokRedirectUri, request }),
      rateLimitHeaders(judgeBudget({ limit: 4, used: 0, attended: false, now: ctx.clock.now() }), ctx.clock.now()),
    );`,
      },
    ],
  },
  {
    name: 'payment-created-as-actc',
    rule: 'Payment initiation answers transactionStatus ACTC instead of RCVD (PaymentInitiationResponse).',
    caughtBy: 'PIS-INIT-001',
    file: 'src/sim/services/payment-initiation.ts',
    find: "transactionStatus: 'RCVD' as const,",
    replace: "transactionStatus: 'ACTC' as const,",
  },
  {
    name: 'malformed-creditor-iban-payment-failed',
    rule: 'A malformed creditor IBAN is PAYMENT_FAILED instead of FORMAT_ERROR (Behaviour notes / Payments 3).',
    caughtBy: 'PIS-INIT-002',
    file: 'src/contract/payment-request.ts',
    find: '  const request = parseOrFormatError(PaymentInitiationRequestSchema, body);',
    replace: `  let request: PaymentInitiationRequest;
  try {
    request = parseOrFormatError(PaymentInitiationRequestSchema, body);
  } catch (error) {
    throw error instanceof XsError && error.path === 'creditorAccount.iban' ? new XsError('PAYMENT_FAILED') : error;
  }`,
  },
  {
    name: 'zero-amount-accepted',
    rule: 'An instructed amount of "0" is accepted because it matches the pattern (Amount: must be greater than zero).',
    caughtBy: 'PIS-INIT-003',
    edits: [
      {
        file: 'src/contract/payment-request.ts',
        find: "import { PaymentInitiationRequestSchema, type PaymentInitiationRequest } from './pis.js';",
        replace: `import { z } from 'zod';
import { AMOUNT_PATTERN, CurrencySchema } from './schemas.js';
import { PaymentInitiationRequestSchema, type PaymentInitiationRequest } from './pis.js';`,
      },
      {
        file: 'src/contract/payment-request.ts',
        find: 'parseOrFormatError(PaymentInitiationRequestSchema, body)',
        replace: 'parseOrFormatError(PaymentInitiationRequestSchema.extend({ instructedAmount: z.object({ currency: CurrencySchema, amount: z.string().regex(AMOUNT_PATTERN) }) }), body)',
      },
    ],
  },
  {
    name: 'non-eur-format-error',
    rule: 'A non-EUR currency is FORMAT_ERROR instead of PRODUCT_INVALID (Behaviour notes / Payments 5).',
    caughtBy: 'PIS-INIT-004',
    file: 'src/contract/payment-request.ts',
    find: '  refuseOtherCurrencies(body);\n',
    replace: '',
  },
  {
    name: 'payment-failed-reveals-cause',
    rule: 'PAYMENT_FAILED carries a path that tells insufficient funds from an unknown debtor (Behaviour notes / Payments 4; Errors rule 1).',
    caughtBy: 'PIS-FAILED-001',
    file: 'src/sim/services/payment-initiation.ts',
    find: "  if (cause) throw new XsError('PAYMENT_FAILED');",
    replace: "  if (cause) throw new XsError('PAYMENT_FAILED', { path: cause === 'insufficient-funds' ? 'instructedAmount.amount' : 'debtorAccount.iban' });",
  },
  {
    name: 'idempotency-makes-second-payment',
    rule: 'The same X-Request-ID with the same body creates a second payment (Behaviour notes / Payments 6).',
    caughtBy: 'PIS-IDEM-001',
    file: 'src/sim/services/payment-initiation.ts',
    find: "  if (verdict.kind === 'replay') return initiationAnswer(ctx, paymentById(ctx, verdict.paymentId));\n",
    replace: '',
  },
  {
    name: 'request-id-reuse-not-detected',
    rule: 'The same X-Request-ID with a different body returns the first payment instead of 409 REQUEST_ID_REUSED (Behaviour notes / Payments 6).',
    caughtBy: 'PIS-IDEM-002',
    file: 'src/sim/services/payment-initiation.ts',
    find: "  if (verdict.kind === 'conflict') throw new XsError('REQUEST_ID_REUSED');",
    replace: "  if (verdict.kind === 'conflict') return initiationAnswer(ctx, paymentById(ctx, ctx.store.data.paymentKeys[key]!.paymentId));",
  },
  {
    name: 'idempotency-per-product',
    rule: 'The idempotency key is scoped per payment product, not global (Behaviour notes / Payments 6: scope).',
    caughtBy: 'PIS-IDEM-003',
    file: 'src/sim/services/payment-initiation.ts',
    find: '  const key = keyOf(input.requestId);',
    replace: '  const key = `${product}|${keyOf(input.requestId)}`;',
  },
  {
    name: 'foreign-payment-readable',
    rule: "Another provider's payment is readable and cancellable (Behaviour notes / Payments 7-8).",
    caughtBy: 'PIS-FOREIGN-001',
    file: 'src/sim/services/payments.ts',
    find: 'payment.tpp !== tpp || ',
    replace: '',
  },
  {
    name: 'payment-authorisation-rejects',
    rule: 'An approved ceremony over an unchanged payment rejects it (States: Payment, RCVD → ACSP; Behaviour notes / Payments 1).',
    caughtBy: 'PIS-SCA-001',
    file: 'src/sim/services/sca.ts',
    find: "  const intact = review.transactionStatus === 'RCVD' && authorisation.binding === review.binding;",
    replace: '  const intact = false;',
  },
  {
    name: 'funds-available-ignores-amount',
    rule: 'fundsAvailable is true whatever the amount (FundsConfirmationRequest; Funds confirmation 1).',
    caughtBy: 'COF-001',
    file: 'src/sim/services/cof.ts',
    find: '  const fundsAvailable = available >= toCents(request.instructedAmount.amount);',
    replace: '  const fundsAvailable = true;',
  },
  {
    name: 'ais-consent-on-funds-consent-invalid',
    rule: 'An account-information consent on funds confirmation is CONSENT_INVALID instead of CONSENT_UNKNOWN (Behaviour notes / Consents 3).',
    caughtBy: 'COF-002',
    file: 'src/sim/services/cof.ts',
    find: "  const consent = ownConsent(ctx, input.tpp, input.consentId, 'cof');",
    replace: `  if (ctx.store.data.consents[input.consentId]?.kind === 'ais') {
    ownConsent(ctx, input.tpp, input.consentId, 'ais');
    throw new XsError('CONSENT_INVALID', { text: 'The consent does not cover funds confirmations.' });
  }
  const consent = ownConsent(ctx, input.tpp, input.consentId, 'cof');`,
  },
  {
    name: 'cof-consent-reads-with-access',
    rule: 'A CoF consent reads back with access beside account (ConsentResponse: account instead of access).',
    caughtBy: 'COF-003',
    file: 'src/sim/services/consents.ts',
    find: '  return consentView(ownConsent(ctx, tpp, consentId, kind), ctx.clock.now());',
    replace: `  const view = consentView(ownConsent(ctx, tpp, consentId, kind), ctx.clock.now());
  if (kind === 'cof' && 'account' in view) return { ...view, access: { accounts: [view.account] } };
  return view;`,
  },
  {
    name: 'callback-http-url-accepted',
    rule: 'An http:// revocation-callback URL is registered (Revocation callback endpoints 1; Events 6).',
    caughtBy: 'CB-REG-001',
    file: 'src/contract/callback-request.ts',
    find: '  if (problem) throw',
    replace: "  if (problem && !(request.url.startsWith('http://') && !request.url.includes('#'))) throw",
  },
  {
    name: 'callback-same-url-new-secret',
    rule: 'PUT of the same URL again makes a new registration and secret (Revocation callback endpoints 1: changes nothing).',
    caughtBy: 'CB-REG-002',
    file: 'src/sim/services/callbacks.ts',
    find: '    if (uow.data.callbacks[tpp]?.url !== url) {',
    replace: '    if (true) {',
  },
  {
    name: 'callback-signed-over-reserialised-body',
    rule: 'The callback is signed over a re-serialised body (keys sorted), not the bytes sent (Events 4-5).',
    caughtBy: 'CB-SIGN-001',
    edits: [
      {
        file: 'src/sim/services/callbacks.ts',
        find: "import { afterAttempt, deriveSecret } from '../rules/callbacks.js';",
        replace: `import { afterAttempt, deriveSecret } from '../rules/callbacks.js';
import { canonicalJson } from '../rules/idempotency.js';`,
      },
      {
        file: 'src/sim/services/callbacks.ts',
        find: 'signCallback(delivery.body,',
        replace: 'signCallback(canonicalJson(JSON.parse(delivery.body)),',
      },
    ],
  },
  {
    name: 'callback-retry-new-event-id',
    rule: 'Every retry of a delivery carries a new eventId (Events 3: stable per revocation, repeated on every retry).',
    caughtBy: 'CB-RETRY-001',
    file: 'src/sim/services/callbacks.ts',
    find: `  const signature = signCallback(delivery.body, deriveSecret(ctx.store.data.callbackKey, delivery.tpp, registration), t);
  const outcome = await postCallback(registration.url, delivery.body, {`,
    replace: `  const body = JSON.stringify({ ...(JSON.parse(delivery.body) as object), eventId: randomUUID() });
  const signature = signCallback(body, deriveSecret(ctx.store.data.callbackKey, delivery.tpp, registration), t);
  const outcome = await postCallback(registration.url, body, {`,
  },
  {
    name: 'callback-on-provider-delete',
    rule: "The provider's own DELETE of a consent sends a callback (Events 1: not sent when the provider terminates).",
    caughtBy: 'CB-NONE-001',
    file: 'src/sim/services/consents.ts',
    find: "    uow.put('consents', consentId, terminated);",
    replace: `    uow.put('consents', consentId, terminated);
    notifyRevocation(ctx, uow, consent, now);`,
  },
  {
    name: 'idempotency-key-forgotten-after-48-hours',
    rule: 'After 48 hours the key no longer binds: a different body makes a new payment (Behaviour notes / Payments 6: the payment keeps its key permanently).',
    caughtBy: 'PIS-IDEM-004',
    file: 'src/sim/services/payment-initiation.ts',
    find: "  if (verdict.kind === 'replay') return",
    replace: "  if (verdict.kind === 'replay' && digest === ctx.store.data.paymentKeys[key]?.bodyDigest) return",
  },
  {
    name: 'callback-signature-t-in-milliseconds',
    rule: 'The signature header carries t in milliseconds, not unix seconds (Events 4).',
    caughtBy: 'CB-SIGN-001',
    file: 'src/sim/services/callbacks.ts',
    find: '  const t = Math.floor(at.getTime() / 1000);',
    replace: '  const t = at.getTime();',
  },
  {
    name: 'payee-confirmation-rejects',
    rule: 'A payment whose payee the customer confirms is RJCT (States: Payment, PDNG → ACSP when confirmed).',
    caughtBy: 'PIS-PDNG-002',
    file: 'src/sim/services/payment-customer.ts',
    find: '    if (confirm) savePayment(ctx, uow, accepted(payment, now));',
    replace: '    if (false) savePayment(ctx, uow, accepted(payment, now));',
  },
  {
    name: 'payee-refusal-cancels',
    rule: 'A payment whose payee the customer refuses is CANC (States: Payment, PDNG → RJCT when refused).',
    caughtBy: 'PIS-PDNG-003',
    file: 'src/sim/services/payment-customer.ts',
    find: "withPaymentStatus(payment, 'RJCT', now), debitSeq",
    replace: "withPaymentStatus(payment, 'CANC', now), debitSeq",
  },
];
