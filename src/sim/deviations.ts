/**
 * Named deviations: ways to start the simulator that break one rule of the spec on purpose, so a
 * test can prove the conformance kit notices (issue 8 point 7). They exist for tests only: the
 * option is programmatic (`startSandbox({ deviations })`), off by default, and no CLI flag maps
 * onto it. Each one is applied at the one place its rule is implemented, behind a comment naming it;
 * `caughtBy` is the conformance scenario that must fail against it.
 */

export interface Deviation {
  /** The rule the simulator breaks, citing the spec section. */
  readonly rule: string;
  /** Id of the conformance scenario that must fail against it. */
  readonly caughtBy: string;
}

export const DEVIATIONS = {
  'request-id-not-echoed-on-errors': { rule: 'X-Request-ID is not echoed on error answers (Errors / Envelope).', caughtBy: 'ID-CERT-001' },
  'body-read-before-certificate': { rule: 'A malformed body is refused before the missing certificate is (Authentication 2: "whatever else it contains").', caughtBy: 'ID-CERT-002' },
  'callback-endpoint-without-certificate': { rule: 'The revocation-callback endpoint answers without a client certificate (Authentication 2: no per-operation exception).', caughtBy: 'ID-CERT-003' },
  'request-id-not-echoed-on-success': { rule: 'X-Request-ID is not echoed on successful answers (Request headers: echoed on every response).', caughtBy: 'ID-ECHO-001' },
  'cof-role-not-checked': { rule: 'Funds confirmation is open to a provider without PSP_IC (Authentication 4).', caughtBy: 'ID-ROLE-001' },
  'refused-access-kinds-not-recognised': { rule: 'availableAccounts, availableAccountsWithBalance and allPsd2 are dropped as unknown fields, so the request is FORMAT_ERROR instead of SERVICE_INVALID (ConsentRequest: access).', caughtBy: 'AIS-CONSENT-001' },
  'combined-service-accepted': { rule: 'combinedServiceIndicator true is accepted (ConsentRequest: combinedServiceIndicator).', caughtBy: 'AIS-CONSENT-002' },
  'consent-format-error-without-path': { rule: 'FORMAT_ERROR on a consent body does not carry the path of the field (Errors / Codes: FORMAT_ERROR carries path).', caughtBy: 'AIS-CONSENT-003' },
  'consent-state-not-uuid-v4': { rule: 'The consent scaRedirect state is 32 hex digits, not a UUID v4 (Authorisation hand-over 1).', caughtBy: 'AIS-CONSENT-004' },
  'frequency-not-capped': { rule: 'frequencyPerDay above 4 is kept as asked (ConsentRequest: frequencyPerDay; Limits).', caughtBy: 'AIS-CONSENT-005' },
  'one-off-frequency-not-forced': { rule: 'A one-off consent reads back frequencyPerDay 4 instead of 1 (ConsentRequest: frequencyPerDay).', caughtBy: 'AIS-CONSENT-005' },
  'foreign-consent-answers-404': { rule: "Another provider's consent answers 404 instead of 403 CONSENT_UNKNOWN (Behaviour notes / Consents 2).", caughtBy: 'AIS-CONSENT-006' },
  'foreign-consent-distinguishable': { rule: "Another provider's consent answers CONSENT_UNKNOWN with a text of its own, so it is told apart from an unknown one (Design rule; Behaviour notes / Consents 2).", caughtBy: 'AIS-CONSENT-006' },
  'foreign-consent-deletable': { rule: "Another provider can DELETE a consent it does not hold (Authentication 6).", caughtBy: 'AIS-CONSENT-006' },
  'delete-does-not-terminate': { rule: 'DELETE answers 204 but the consent stays valid (States: Consent, valid → terminatedByTpp).', caughtBy: 'AIS-CONSENT-007' },
  'no-supersession': { rule: 'Authorising a newer recurring consent leaves the earlier one valid (States: Consent, supersession).', caughtBy: 'AIS-CONSENT-008' },
  'grant-not-narrowed-to-held': { rule: 'The grant keeps accounts the approving customer does not hold (Scope rules 3).', caughtBy: 'AIS-CONSENT-009' },
  'state-reused': { rule: "Every consent authorisation of a provider gets the same state (Authorisation hand-over 1: new for every authorisation, never reused).", caughtBy: 'SCA-STATE-001' },
  'approval-return-state-differs': { rule: 'The customer returns from an approval with a state other than the one in scaRedirect (Authorisation hand-over 2).', caughtBy: 'SCA-STATE-002' },
  'decline-ignores-nok-redirect': { rule: 'A declining customer returns to TPP-Redirect-URI, not TPP-NOK-Redirect-URI (Request headers: TPP-NOK-Redirect-URI).', caughtBy: 'SCA-NOK-001' },
  'consent-authorisation-list-empty': { rule: "A consent's authorisation list is empty (Resources / Authorisations; Behaviour notes / Consents 1).", caughtBy: 'SCA-AUTH-001' },
  'authorisation-lives-a-day': { rule: 'A consent authorisation lives 24 hours instead of 15 minutes (Limits: authorisation lifetime).', caughtBy: 'SCA-EXPIRY-001' },
  'data-type-not-gated': { rule: 'Balances and transactions are served under a consent that grants account details only (AccountAccess; Authentication 7).', caughtBy: 'AIS-DATA-001' },
  'balance-amount-as-number': { rule: 'Balance amounts are JSON numbers (Resources: amounts are decimal strings, never JSON numbers).', caughtBy: 'AIS-DATA-002' },
  'unauthorised-consent-gives-data': { rule: 'A consent the customer has not authorised yet gives account data (Authentication 7).', caughtBy: 'AIS-DATA-003' },
  'foreign-consent-gives-data': { rule: "Another provider reads account data under a consent it does not hold (Authentication 6).", caughtBy: 'AIS-DATA-004' },
  'paging-repeats-a-row': { rule: 'The next page starts with the last row of the page before (Paging rules 2: no duplicate).', caughtBy: 'AIS-PAGING-001' },
  'next-drops-filters': { rule: 'transactions._links.next carries only the cursor, not dateFrom, dateTo and bookingStatus (Paging rules 3).', caughtBy: 'AIS-PAGING-002' },
  'next-skips-a-row': { rule: 'Following next skips the first row after the page, so it differs from entryReferenceFrom (Paging rules 2-3).', caughtBy: 'AIS-PAGING-003' },
  'fifth-unattended-call-served': { rule: 'The fifth unattended access of a day is served (Limits: 4 per consent, per data type, per day).', caughtBy: 'AIS-LIMIT-001' },
  'retry-after-missing': { rule: '429 ACCESS_EXCEEDED carries no Retry-After (Errors rule 4; Limits).', caughtBy: 'AIS-LIMIT-001' },
  'attended-consumes-budget': { rule: 'Requests with PSU-IP-Address spend the unattended budget (Limits: attended requests are uncapped).', caughtBy: 'AIS-LIMIT-002' },
  'budget-shared-across-data-types': { rule: 'Balances and transactions share one budget (Limits: each data type has its own budget).', caughtBy: 'AIS-LIMIT-003' },
  'budget-never-resets': { rule: 'The unattended budget does not reset at midnight UTC (Limits: X-RateLimit-Reset, calendar boundary).', caughtBy: 'AIS-LIMIT-004' },
  'rate-limit-headers-on-uncapped': { rule: 'Consent operations carry X-RateLimit headers (Limits: uncapped operations have none).', caughtBy: 'AIS-LIMIT-005' },
  'payment-created-as-actc': { rule: 'Payment initiation answers transactionStatus ACTC instead of RCVD (PaymentInitiationResponse).', caughtBy: 'PIS-INIT-001' },
  'malformed-creditor-iban-payment-failed': { rule: 'A malformed creditor IBAN is PAYMENT_FAILED instead of FORMAT_ERROR (Behaviour notes / Payments 3).', caughtBy: 'PIS-INIT-002' },
  'zero-amount-accepted': { rule: 'An instructed amount of "0" is accepted because it matches the pattern (Amount: must be greater than zero).', caughtBy: 'PIS-INIT-003' },
  'non-eur-format-error': { rule: 'A non-EUR currency is FORMAT_ERROR instead of PRODUCT_INVALID (Behaviour notes / Payments 5).', caughtBy: 'PIS-INIT-004' },
  'payment-failed-reveals-cause': { rule: 'PAYMENT_FAILED carries a path that tells insufficient funds from an unknown debtor (Behaviour notes / Payments 4; Errors rule 1).', caughtBy: 'PIS-FAILED-001' },
  'idempotency-makes-second-payment': { rule: 'The same X-Request-ID with the same body creates a second payment (Behaviour notes / Payments 6).', caughtBy: 'PIS-IDEM-001' },
  'request-id-reuse-not-detected': { rule: 'The same X-Request-ID with a different body returns the first payment instead of 409 REQUEST_ID_REUSED (Behaviour notes / Payments 6).', caughtBy: 'PIS-IDEM-002' },
  'idempotency-per-product': { rule: 'The idempotency key is scoped per payment product, not global (Behaviour notes / Payments 6: scope).', caughtBy: 'PIS-IDEM-003' },
  'foreign-payment-readable': { rule: "Another provider's payment is readable and cancellable (Behaviour notes / Payments 7-8).", caughtBy: 'PIS-FOREIGN-001' },
  'payment-authorisation-rejects': { rule: 'An approved ceremony over an unchanged payment rejects it (States: Payment, RCVD → ACSP; Behaviour notes / Payments 1).', caughtBy: 'PIS-SCA-001' },
  'funds-available-ignores-amount': { rule: 'fundsAvailable is true whatever the amount (FundsConfirmationRequest; Funds confirmation 1).', caughtBy: 'COF-001' },
  'ais-consent-on-funds-consent-invalid': { rule: 'An account-information consent on funds confirmation is CONSENT_INVALID instead of CONSENT_UNKNOWN (Behaviour notes / Consents 3).', caughtBy: 'COF-002' },
  'cof-consent-reads-with-access': { rule: 'A CoF consent reads back with access beside account (ConsentResponse: account instead of access).', caughtBy: 'COF-003' },
  'callback-http-url-accepted': { rule: 'An http:// revocation-callback URL is registered (Revocation callback endpoints 1; Events 6).', caughtBy: 'CB-REG-001' },
  'callback-same-url-new-secret': { rule: 'PUT of the same URL again makes a new registration and secret (Revocation callback endpoints 1: changes nothing).', caughtBy: 'CB-REG-002' },
  'callback-signed-over-reserialised-body': { rule: 'The callback is signed over a re-serialised body (keys sorted), not the bytes sent (Events 4-5).', caughtBy: 'CB-SIGN-001' },
  'callback-retry-new-event-id': { rule: 'Every retry of a delivery carries a new eventId (Events 3: stable per revocation, repeated on every retry).', caughtBy: 'CB-RETRY-001' },
  'callback-on-provider-delete': { rule: "The provider's own DELETE of a consent sends a callback (Events 1: not sent when the provider terminates).", caughtBy: 'CB-NONE-001' },
  'idempotency-key-forgotten-after-48-hours': { rule: 'After 48 hours the key no longer binds: a different body makes a new payment (Behaviour notes / Payments 6: the payment keeps its key permanently).', caughtBy: 'PIS-IDEM-004' },
  'callback-signature-t-in-milliseconds': { rule: 'The signature header carries t in milliseconds, not unix seconds (Events 4).', caughtBy: 'CB-SIGN-001' },
  'payee-confirmation-rejects': { rule: 'A payment whose payee the customer confirms is RJCT (States: Payment, PDNG → ACSP when confirmed).', caughtBy: 'PIS-PDNG-002' },
  'payee-refusal-cancels': { rule: 'A payment whose payee the customer refuses is CANC (States: Payment, PDNG → RJCT when refused).', caughtBy: 'PIS-PDNG-003' },
} as const satisfies Record<string, Deviation>;

export type DeviationName = keyof typeof DEVIATIONS;

export const DEVIATION_NAMES = Object.keys(DEVIATIONS) as [DeviationName, ...DeviationName[]];

/** The deviations a sandbox runs with: empty in every normal run. */
export type Deviations = ReadonlySet<DeviationName>;
