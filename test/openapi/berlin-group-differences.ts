/**
 * Every difference between our OpenAPI document and Berlin Group 1.3.12 for the operations both
 * define, grouped by the interface's reason. `match` names the differences a group stands for, as
 * the comparison spells them (`kind: subject`, bg-compare.ts); `*` stands for any text within one
 * step of a location (no `/`), `**` for any text. The test
 * fails on a difference no group names, on one two groups name, and on a pattern that names
 * nothing; docs/openapi.md shows the table these groups render to.
 */
export interface DifferenceGroup {
  match: readonly string[];
  why: string;
}

const IDENTIFIERS = ['bban', 'pan', 'maskedPan', 'msisdn', 'other', 'cashAccountType'];

export const DIFFERENCES: readonly DifferenceGroup[] = [
  {
    match: ['status only here: 200', 'status only in Berlin Group: 202', 'status only in Berlin Group: 204'],
    why: 'Spec "Payment (TransactionStatus)" and the endpoint list: a cancellation takes effect at once, needs no customer authorisation, and its "response carries the new status": 200 `{transactionStatus}`. Berlin Group declares 204 (no body) and 202 (a cancellation authorisation to start), which this interface never sends: a client written to Berlin Group must take 200 too.',
  },
  {
    match: ['status only in Berlin Group: 404'],
    why: 'The endpoint list gives these operations no 404: an unknown or another provider’s consent is 403 `CONSENT_UNKNOWN` (Behaviour notes, Consents 2 and 3), an initiation that cannot go through `PAYMENT_FAILED` (Payments 4), an `account_id` the consent does not cover 401 `CONSENT_INVALID` (Interpretations). A path the interface does not have, an unknown payment product among them, is 404 `RESOURCE_UNKNOWN` wherever it is.',
  },
  {
    match: ['status only in Berlin Group: 400'],
    why: 'The endpoint list declares 400 only on the operations that take a body. Every operation still answers 400 `FORMAT_ERROR` to a missing or malformed `X-Request-ID` (Interpretations), and GET transactions to a malformed query.',
  },
  {
    match: ['status only in Berlin Group: 405'],
    why: 'The interface has 405 for `CANCELLATION_INVALID` only (Errors). A method a path does not take is 405 `METHOD_NOT_ALLOWED` with `Allow` on every path (Interpretations), as Berlin Group declares.',
  },
  {
    match: ['status only in Berlin Group: 406', 'status only in Berlin Group: 408', 'status only in Berlin Group: 415'],
    why: 'Not among the interface’s status classes (Errors): every body is JSON (Endpoints), and a body that is not `application/json` is 400 `FORMAT_ERROR` (Interpretations).',
  },
  {
    match: ['status only in Berlin Group: 409'],
    why: '409 is `REQUEST_ID_REUSED` on payment initiation only; elsewhere `X-Request-ID` is a correlation id (Behaviour notes, Payments 6).',
  },
  {
    match: ['status only in Berlin Group: 429'],
    why: 'Limits: consent operations, authorisation reads and everything under `/v1/payments` are uncapped: no 429, no rate-limit headers.',
  },
  {
    match: ['response header only here: X-RateLimit-*', 'response header only here: Retry-After'],
    why: 'Limits: the capped operations (account data, funds confirmation) carry `X-RateLimit-Limit`, `X-RateLimit-Remaining` and `X-RateLimit-Reset` on 200 and 429, and a 429 carries `Retry-After` in seconds (Errors rule 4), as does the 503 every operation of a hosted sandbox answers while its database cannot be reached (Hosting); Berlin Group 1.3.12 declares none of them.',
  },
  {
    match: ['response header only in Berlin Group: Location'],
    why: '"Request headers" and the endpoint list: the response headers are `X-Request-ID` (echoed on every answer, errors included) and the rate-limit headers; a created consent or payment is reached by its id and the `self` link in the body, so no `Location` is sent, on a creation or an error.',
  },
  {
    match: ['response header only in Berlin Group: ASPSP-*'],
    why: 'Redirect is the only SCA approach ("What the service does"), so no `ASPSP-SCA-Approach` is needed to say which; the only notification is the revocation callback ("Events"), so no `ASPSP-Notification-Support` or `-Content`.',
  },
  {
    match: ['no body in Berlin Group: TppMessages'],
    why: 'Spec "Errors" rule 3: a 500 answer carries the envelope with `INTERNAL_SERVER_ERROR` (best effort), and 429 on funds confirmation carries `ACCESS_EXCEEDED`; Berlin Group 1.3.12 declares no body for these statuses.',
  },
  {
    match: ['field only in Berlin Group: TppMessages/_links'],
    why: 'Errors, Envelope: an error body is `tppMessages` only.',
  },
  {
    match: [
      'field only here: ConsentCreationResponse/authorisationId',
      'field only here: PaymentInitiationResponse/authorisationId',
    ],
    why: 'Spec "ConsentCreationResponse" and "PaymentInitiationResponse": the id of the implicitly started authorisation is returned (a field of Berlin Group 1.3.15, which the spec implements; 1.3.12 lacks it).',
  },
  {
    match: ['field only here: ConsentResponse/consentId'],
    why: 'Spec "ConsentResponse": a read of a consent carries its id; 1.3.12 does not define the field there.',
  },
  {
    match: ['required only in Berlin Group: ConsentResponse/*'],
    why: 'Spec "ConsentResponse": only `consentId`, `consentStatus` and, on an account-information consent, `access` are required; the other fields are optional. A confirmation-of-funds consent is read as `FundsConfirmationConsentResponse`, with `account` instead of `access` (Berlin Group defines CoF consents in a separate document).',
  },
  {
    match: ['required only in Berlin Group: PaymentResponse/creditorName'],
    why: 'Spec "PaymentInitiationRequest" and "PaymentResponse": `creditorName` is optional, so a payment initiated without one is read back without one.',
  },
  {
    match: ['required only in Berlin Group: TransactionsResponse/transactions/_links**'],
    why: 'Spec "TransactionsResponse" names `_links` without saying what it always holds (Links: full schema not shown), and only `next` is a contract: present while more history exists, absent at the end. The sandbox does send `_links.account` on every page, as Berlin Group requires.',
  },
  {
    match: [
      'field only in Berlin Group: ConsentCreationResponse/**',
      'field only in Berlin Group: PaymentInitiationResponse/_links/*',
      'field only in Berlin Group: PaymentInitiationResponse/challengeData',
      'field only in Berlin Group: PaymentInitiationResponse/chosenScaMethod',
      'field only in Berlin Group: PaymentInitiationResponse/scaMethods',
      'field only in Berlin Group: PaymentInitiationResponse/scaStatus',
      'field only in Berlin Group: PaymentInitiationResponse/psuMessage',
      'field only in Berlin Group: PaymentInitiationResponse/tppMessages',
      'field only in Berlin Group: ScaStatusResponse/*',
      'values only in Berlin Group: ScaStatus *',
      'header TPP-Redirect-Preferred',
      'header TPP-Decoupled-Preferred',
      'header TPP-Explicit-Authorisation-Preferred',
    ].map((pattern) => (pattern.startsWith('header ') ? `parameter only in Berlin Group: ${pattern}` : pattern)),
    why: 'Redirect is the only SCA approach, started implicitly by the creation ("What the service does", Behaviour notes, Consents 1): creations answer `scaRedirect`, `self`, `status` and `scaStatus` links and no SCA method, challenge, OAuth or start-authorisation links, and no messages on success; an authorisation reads as `{scaStatus}` in the five states of "ScaStatus"; there are no exemptions, so no trusted beneficiaries (Payments 2).',
  },
  {
    match: [
      'field only in Berlin Group: PaymentInitiationResponse/transactionFees',
      'field only in Berlin Group: PaymentInitiationResponse/transactionFeeIndicator',
      'field only in Berlin Group: PaymentInitiationResponse/currencyConversionFee',
      'field only in Berlin Group: PaymentInitiationResponse/estimated*',
    ],
    why: 'Spec "PaymentInitiationResponse" lists its fields: EUR SEPA transfers carry no fees or currency conversion.',
  },
  {
    match: [
      'values only in Berlin Group: PaymentInitiationResponse/transactionStatus *',
      'values only in Berlin Group: ConsentCreationResponse/consentStatus *',
      'values only in Berlin Group: TransactionStatus *',
      'values only in Berlin Group: ConsentStatus *',
      'values only in Berlin Group: Balance/balanceType *',
    ],
    why: 'Fewer values than Berlin Group enumerates: a creation is always `RCVD` (PaymentInitiationResponse) or `received` (ConsentCreationResponse), payments use the seven statuses of "TransactionStatus", consents the six of "ConsentStatus", balances `closingBooked` and `interimAvailable` (BalanceResponse).',
  },
  {
    match: [
      'field only in Berlin Group: ConsentStatusResponse/psuMessage',
      'field only in Berlin Group: PaymentStatusResponse/*',
    ],
    why: 'The status reads answer exactly `{consentStatus}` and `{transactionStatus}` (the endpoint list): no messages, links or names, and no funds check on a payment.',
  },
  {
    match: [
      ...IDENTIFIERS.map((field) => `field only in Berlin Group: AccountReference/${field}`),
      ...IDENTIFIERS.map((field) => `request field only in Berlin Group: **/${field}`),
      'request field required only here: **/iban',
    ],
    why: 'Spec "AccountReference": an account is named by `iban` (required) and `currency` only; card accounts are outside the interface ("What the service does"). A reference that names its account by `maskedPan`, `pan`, `bban`, `msisdn` or `other` without an `iban` is 400 `FORMAT_ERROR` at that field; `cashAccountType` in a reference is ignored.',
  },
  {
    match: ['field only in Berlin Group: AccountDetails/*', 'parameter only in Berlin Group: query withBalance'],
    why: 'Spec "AccountDetails" lists `resourceId`, `iban`, `currency`, `name`, `product`, `cashAccountType`; the account’s status is deliberately not carried, and balances are read from their own endpoint (`withBalance` is ignored).',
  },
  {
    match: [
      'field only in Berlin Group: AccountAccess/*',
      'request field only in Berlin Group: ConsentRequest/access/*',
    ],
    why: 'Spec "ConsentRequest": dedicated accounts only; `availableAccounts`, `availableAccountsWithBalance` and `allPsd2` are refused with `SERVICE_INVALID`, and `additionalInformation` and `restrictedTo` are not offered (ignored in a request, never in a grant).',
  },
  {
    match: ['field only in Berlin Group: Balance/*'],
    why: 'Spec "BalanceResponse": a balance carries `balanceType`, `balanceAmount` and `lastChangeDateTime` only.',
  },
  {
    match: ['field only in Berlin Group: Transaction/*'],
    why: 'Spec "Transaction" lists `transactionId`, `entryReference`, `transactionAmount`, `bookingDate`, `valueDate`, `creditorName`, `debtorName`: nothing else is carried.',
  },
  {
    match: [
      'field only in Berlin Group: TransactionsResponse/**',
      'parameter only in Berlin Group: query deltaList',
      'parameter only in Berlin Group: query pageIndex',
      'parameter only in Berlin Group: query itemsPerPage',
      'parameter values only in Berlin Group: query bookingStatus *',
      'parameter required only in Berlin Group: query bookingStatus',
    ],
    why: 'Spec "Query parameters of GET transactions" and its paging rules: pages of 250 walked by a keyset cursor (`entryReferenceFrom`, or `_links.next` while more history exists), never by page index, first, previous or last; `bookingStatus` is optional (`booked` by default) and `booked`, `pending` or `both` (`information` and `all` are 400 `FORMAT_ERROR`); balances are read from their own endpoint, and there is no standing-order `information`.',
  },
  {
    match: ['field only in Berlin Group: PaymentResponse/*'],
    why: 'Spec "PaymentResponse" lists `transactionStatus`, `debtorAccount`, `creditorAccount`, `instructedAmount`, `creditorName`, `remittanceInformationUnstructured`: nothing else is read back.',
  },
  {
    match: [
      'request field only in Berlin Group: PaymentInitiationRequest/*',
      'request field only in Berlin Group: FundsConfirmationRequest/payee',
    ],
    why: 'Spec "PaymentInitiationRequest" and "FundsConfirmationRequest" list the fields read; anything else a Berlin Group client sends (structured remittance, ultimate parties, creditor agent or address, purpose, charges, a payee) is ignored.',
  },
  {
    match: ['request field only here: PaymentInitiationRequest/creditorAccount/bic'],
    why: 'Spec "PaymentInitiationRequest": `creditorAccount` is an AccountReference plus an optional `bic`, which the service resolves where it can; Berlin Group carries the BIC in `creditorAgent`.',
  },
  {
    match: ['parameter required only here: header TPP-Redirect-URI'],
    why: 'Spec "Request headers": `TPP-Redirect-URI` is required on consent creation and payment initiation (redirect is the only approach); Berlin Group makes it conditional.',
  },
  {
    match: [
      'parameter required only in Berlin Group: header PSU-IP-Address',
      'parameter only in Berlin Group: header PSU-IP-Address',
      'parameter only here: header PSU-IP-Address',
    ],
    why: 'Spec "Request headers": `PSU-IP-Address` is optional and read on consent creation, account data, payment initiation and funds confirmation: present, the request is attended and does not spend the unattended budget (Limits). Elsewhere it is ignored.',
  },
  {
    match: ['parameter required only here: header Consent-ID', 'parameter only in Berlin Group: header Consent-ID'],
    why: 'Spec "Request headers": `Consent-ID` is required on account data and funds confirmation (a CoF consent is required, Funds confirmation 2); there is no combined AIS and PIS session, so a payment initiation ignores it.',
  },
  {
    match: [
      'parameter only in Berlin Group: header Digest',
      'parameter only in Berlin Group: header Signature',
      'parameter only in Berlin Group: header TPP-Signature-Certificate',
    ],
    why: '"What the service does": request signing with a seal certificate is not required; the client certificate authenticates the channel. These headers are ignored.',
  },
  {
    match: [
      'parameter only in Berlin Group: header PSU-ID*',
      'parameter only in Berlin Group: header PSU-Corporate-ID*',
      'parameter only in Berlin Group: header PSU-Accept*',
      'parameter only in Berlin Group: header PSU-User-Agent',
      'parameter only in Berlin Group: header PSU-Http-Method',
      'parameter only in Berlin Group: header PSU-Device-ID',
      'parameter only in Berlin Group: header PSU-Geo-Location',
      'parameter only in Berlin Group: header PSU-IP-Port',
    ],
    why: 'Authentication 9: the customer authenticates on the service’s own pages and the provider never relays who the customer is or what device they use; these headers are ignored.',
  },
  {
    match: [
      'parameter only in Berlin Group: header TPP-Redirect-URI',
      'parameter only in Berlin Group: header TPP-Nok-Redirect-URI',
      'parameter only in Berlin Group: header TPP-Notification-*',
      'parameter only in Berlin Group: header TPP-Brand-Logging-Information',
      'parameter only in Berlin Group: header TPP-Rejection-NoFunds-Preferred',
    ],
    why: 'Behaviour notes, Payments 7: a cancellation needs no customer and so no redirect; "Events": the only notification is the revocation callback, registered on its own endpoint; a payment that cannot be paid is refused at initiation with `PAYMENT_FAILED` (Payments 4). These headers are ignored.',
  },
];
