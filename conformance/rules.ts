/**
 * The rule catalogue: every normative rule of the interface as data, one checkable sentence each, in
 * the project's own words, grouped by the interface's sections in their order.
 *
 * A rule is something a black-box client can check over HTTP (with mutual TLS, a second provider
 * certificate, a customer who approves, the target's clock, a control API and a callback receiver
 * where the rule needs them). Points the interface leaves open ("not shown") are listed as `OPEN-n`
 * observation points: `statement` says what is open, `open.choice` what this simulator does there
 * (docs/interpretations.md). Ids are stable: never renumbered, never reused; new rules take the
 * next number of their prefix. Gaps are numbers given to statements no client can observe (the
 * port of the environments), taken out before the first release. What the SCA page shows is
 * observed by the drivers that read it (capability `sca-review-page`).
 */

export const SECTIONS = [
  'Conventions',
  'What the service does',
  'Access and registration',
  'Environments',
  'Design rule',
  'AccountReference',
  'Amount',
  'SignedAmount',
  'ConsentRequest',
  'FundsConfirmationConsentRequest',
  'ConsentCreationResponse',
  'Links',
  'ConsentResponse',
  'AccountAccess',
  'ConsentStatus',
  'ScaStatus',
  'TransactionStatus',
  'Authorisations',
  'AccountDetails',
  'BalanceResponse',
  'Transaction',
  'TransactionsResponse',
  'PaymentInitiationRequest',
  'PaymentInitiationResponse',
  'PaymentResponse',
  'FundsConfirmationRequest',
  'RevocationCallback',
  'TppMessages',
  'States: Consent',
  'States: Authorisation',
  'States: Payment',
  'Request headers',
  'Endpoint list',
  'Path parameters',
  'Query parameters',
  'Paging rules',
  'Behaviour notes: Consents',
  'Behaviour notes: Payments',
  'Revocation callback endpoints',
  'Authorisation hand-over',
  'Funds confirmation',
  'Authentication',
  'Events',
  'Errors: Envelope',
  'Errors: Status classes',
  'Errors: Codes',
  'Errors: Rules',
  'Limits',
  'Versioning',
] as const;
export type Section = (typeof SECTIONS)[number];

export interface Rule {
  /** Stable id, e.g. `LIMIT-3`. Never renumbered. */
  readonly id: string;
  readonly section: Section;
  /** One sentence in the project's own words, ending with a period. */
  readonly statement: string;
  /** Present on points the interface leaves open ("not shown"): what this simulator chooses. */
  readonly open?: { readonly choice: string };
}

export const RULES: readonly Rule[] = [
  // ── Scope: conventions, services, access, environments, design rule ──────────────────────────
  {
    id: 'SCOPE-1',
    section: 'Conventions',
    statement:
      'Every field name, enumerated value and error code the service sends is spelled exactly as the interface writes it, letter case included (for example `revokedByPsu`, `psuAuthenticated`, `RCVD`, `CONSENT_UNKNOWN`).',
  },
  {
    id: 'SCOPE-2',
    section: 'What the service does',
    statement:
      'Only single SEPA credit transfers are offered: bulk payments, periodic payments and signing baskets have no endpoint, so no request to such a path creates anything.',
  },
  {
    id: 'SCOPE-3',
    section: 'What the service does',
    statement:
      'Card accounts, multi-currency accounts and SWIFT are outside the interface: there is no card-account endpoint and every account, balance and transaction reported is in `EUR`.',
  },
  {
    id: 'SCOPE-4',
    section: 'What the service does',
    statement:
      'Redirect is the only SCA approach: no operation takes customer credentials, a one-time code or an SCA method choice, so neither an embedded nor a decoupled flow can be driven through the interface.',
  },
  {
    id: 'SCOPE-5',
    section: 'What the service does',
    statement:
      'No seal signature is required: a request without `Digest`, `Signature` or `TPP-Signature-Certificate` headers is served normally.',
  },
  {
    id: 'SCOPE-6',
    section: 'Access and registration',
    statement:
      'A provider needs no onboarding: its very first request with a valid QWAC carrying PSD2 role attributes is served like any later one.',
  },
  {
    id: 'SCOPE-7',
    section: 'Access and registration',
    statement:
      "Once the provider's home regulator has withdrawn its authorisation, the service refuses the provider's requests.",
  },
  {
    id: 'SCOPE-10',
    section: 'Design rule',
    statement:
      "The refusal for an unknown consent and the one for another provider's consent cannot be told apart: same status, same headers apart from the echoed `X-Request-ID`, byte-identical body.",
  },

  // ── AccountReference ─────────────────────────────────────────────────────────────────────────
  {
    id: 'IBAN-1',
    section: 'AccountReference',
    statement:
      'Every AccountReference in a request body (the consent `access` lists, the CoF consent `account`, `debtorAccount`, `creditorAccount`, the funds-confirmation `account`) must carry `iban`, and one without it is refused with `FORMAT_ERROR` — also one naming its account by `bban`, `pan`, `maskedPan`, `msisdn` or `other` instead, which Berlin Group allows and this interface does not.',
  },
  {
    id: 'IBAN-2',
    section: 'AccountReference',
    statement:
      'An `iban` that fails the pattern `^[A-Z]{2}[0-9]{2}[A-Z0-9]{4,30}$` (lower case, spaces, punctuation, too short, too long, not a string) is refused with `FORMAT_ERROR`.',
  },
  {
    id: 'IBAN-3',
    section: 'AccountReference',
    statement:
      'An `iban` that fits the pattern but not the length declared for its country, or names no IBAN country, is refused with `FORMAT_ERROR`.',
  },
  {
    id: 'IBAN-4',
    section: 'AccountReference',
    statement: 'An `iban` of correct shape and length whose MOD 97-10 check fails is refused with `FORMAT_ERROR`.',
  },
  {
    id: 'IBAN-5',
    section: 'AccountReference',
    statement:
      'The optional `currency` of an AccountReference takes only `EUR`: leaving it out is accepted and any other value is refused.',
  },

  // ── Amount, SignedAmount ─────────────────────────────────────────────────────────────────────
  {
    id: 'AMOUNT-1',
    section: 'Amount',
    statement:
      'An instructed `amount` sent as a JSON number rather than a decimal string is refused with `FORMAT_ERROR`.',
  },
  {
    id: 'AMOUNT-2',
    section: 'Amount',
    statement: 'An instructed amount missing its `currency` or its `amount` is refused with a 400.',
  },
  {
    id: 'AMOUNT-3',
    section: 'Amount',
    statement:
      'A payment initiation whose `instructedAmount.currency` is anything but `EUR` is refused with `PRODUCT_INVALID`.',
  },
  {
    id: 'AMOUNT-4',
    section: 'Amount',
    statement:
      'An `amount` with three or more decimals is refused with `FORMAT_ERROR`, while none, one or two decimals are accepted.',
  },
  {
    id: 'AMOUNT-5',
    section: 'Amount',
    statement:
      'An `amount` with a thousands separator, a decimal comma, an exponent, surrounding spaces or a point lacking digits on either side is refused with `FORMAT_ERROR`.',
  },
  {
    id: 'AMOUNT-6',
    section: 'Amount',
    statement: 'An `amount` carrying a sign, `+` or `-`, is refused with `FORMAT_ERROR`.',
  },
  {
    id: 'AMOUNT-7',
    section: 'Amount',
    statement:
      'A zero `amount` in any spelling (`0`, `0.0`, `0.00`, `000`) fits the pattern yet is refused with `FORMAT_ERROR`.',
  },
  {
    id: 'AMOUNT-8',
    section: 'Amount',
    statement:
      'The format rules of an instructed amount (string, pattern, at most two decimals, above zero) apply on `POST /v1/funds-confirmations` just as on payment initiation.',
  },
  {
    id: 'AMOUNT-9',
    section: 'SignedAmount',
    statement:
      'Every reported amount (`balanceAmount`, `transactionAmount`) is a JSON string fitting `^-?[0-9]+(\\.[0-9]{1,2})?$` with `currency` `EUR`, never a JSON number.',
  },
  {
    id: 'AMOUNT-10',
    section: 'SignedAmount',
    statement:
      'Only the sign of a reported amount gives its direction: debits are negative, credits are unsigned, and no other field (such as `creditDebitIndicator`) carries direction.',
  },

  // ── ConsentRequest ───────────────────────────────────────────────────────────────────────────
  {
    id: 'AIS-CONSENT-1',
    section: 'ConsentRequest',
    statement: '`POST /v1/consents` without an `access` object is refused with a 400 and creates nothing.',
  },
  {
    id: 'AIS-CONSENT-2',
    section: 'ConsentRequest',
    statement:
      'An `access` asking for `availableAccounts`, `availableAccountsWithBalance` or `allPsd2`, each on its own, is refused with `SERVICE_INVALID`.',
  },
  {
    id: 'AIS-CONSENT-3',
    section: 'ConsentRequest',
    statement: '`recurringIndicator` `true` asks for a recurring consent and `false` for a one-off consent.',
  },
  {
    id: 'AIS-CONSENT-4',
    section: 'ConsentRequest',
    statement:
      "A `validUntil` further than 180 days after the customer's authentication is accepted without any error and silently cut back to that ceiling.",
  },
  {
    id: 'AIS-CONSENT-5',
    section: 'ConsentRequest',
    statement:
      'A recurring consent whose `frequencyPerDay` is omitted or below 4 gets 4: a lower value never reduces the daily allowance.',
  },
  {
    id: 'AIS-CONSENT-6',
    section: 'ConsentRequest',
    statement: 'A `frequencyPerDay` above 4 is accepted, not refused, and capped to 4.',
  },
  {
    id: 'AIS-CONSENT-7',
    section: 'ConsentRequest',
    statement: 'A one-off consent gets `frequencyPerDay` 1 whatever value the request carries.',
  },
  {
    id: 'AIS-CONSENT-8',
    section: 'ConsentRequest',
    statement:
      '`combinedServiceIndicator` `true` is refused with `SERVICE_INVALID`, while `false` or no value is accepted.',
  },
  {
    id: 'AIS-CONSENT-9',
    section: 'ConsentRequest',
    statement:
      'An account listed only under `accounts` is granted for account details alone: its balances and transactions stay unreadable.',
  },
  {
    id: 'AIS-CONSENT-10',
    section: 'ConsentRequest',
    statement:
      'Listing an account under `balances` or `transactions` grants that data type for it, on top of its account details.',
  },
  {
    id: 'AIS-CONSENT-11',
    section: 'ConsentRequest',
    statement:
      'Creation checks the format of requested IBANs and nothing more: a well-formed IBAN unknown to the service gets the same 201 as one it holds.',
  },
  {
    id: 'AIS-CONSENT-12',
    section: 'ConsentRequest',
    statement:
      'An account the approving customer does not hold is silently left out of the grant: the consent still turns `valid`, and no error, warning or reason names what was dropped.',
  },

  // ── FundsConfirmationConsentRequest ──────────────────────────────────────────────────────────
  {
    id: 'COF-1',
    section: 'FundsConfirmationConsentRequest',
    statement:
      '`POST /v1/consents/confirmation-of-funds` needs an `account` naming exactly one account; a body without it, or naming several, is refused.',
  },
  {
    id: 'COF-2',
    section: 'FundsConfirmationConsentRequest',
    statement:
      'A CoF consent `validUntil` further than 180 days after authentication is silently cut back to that ceiling.',
  },
  {
    id: 'COF-3',
    section: 'FundsConfirmationConsentRequest',
    statement:
      'A CoF consent requested without `validUntil` is issued for the whole ceiling, 180 days after authentication, as its read shows.',
  },
  {
    id: 'COF-4',
    section: 'FundsConfirmationConsentRequest',
    statement:
      'Only the last four digits of a `cardNumber` sent on a CoF consent are kept: no answer ever shows more of the number.',
  },
  {
    id: 'COF-5',
    section: 'FundsConfirmationConsentRequest',
    statement:
      '`recurringIndicator` and `frequencyPerDay` on a CoF consent are accepted and change nothing: it is neither made one-off nor given another daily allowance than 4.',
  },
  {
    id: 'COF-6',
    section: 'FundsConfirmationConsentRequest',
    statement: 'A CoF consent opens no account data: no account-data endpoint serves anything under it.',
  },

  // ── ConsentCreationResponse ──────────────────────────────────────────────────────────────────
  {
    id: 'AIS-CONSENT-13',
    section: 'ConsentCreationResponse',
    statement:
      'Both consent creations answer 201 with a non-empty `consentId`, `consentStatus` `received` and an `authorisationId`.',
  },
  {
    id: 'AIS-CONSENT-14',
    section: 'ConsentCreationResponse',
    statement:
      'The creation answer has `_links` with `scaRedirect` (an absolute address carrying `?state=<uuid>`), `self`, `status` and `scaStatus`.',
  },

  // ── Links ────────────────────────────────────────────────────────────────────────────────────
  {
    id: 'LINK-1',
    section: 'Links',
    statement: 'Every member of a `_links` object is an object whose `href` is a string.',
  },
  {
    id: 'LINK-2',
    section: 'Links',
    statement:
      'The `self`, `status` and `scaStatus` hrefs lead respectively to the resource read, its status read and its authorisation read.',
  },

  // ── ConsentResponse ──────────────────────────────────────────────────────────────────────────
  {
    id: 'AIS-CONSENT-15',
    section: 'ConsentResponse',
    statement:
      'Once approved, a consent reads back in `validUntil` the effective date after capping, not the date requested.',
  },
  {
    id: 'AIS-CONSENT-16',
    section: 'ConsentResponse',
    statement:
      'A consent reads back in `frequencyPerDay` the value enforced, 4 for recurring and 1 for one-off, identical before and after authorisation.',
  },
  {
    id: 'AIS-CONSENT-17',
    section: 'ConsentResponse',
    statement:
      'An account-information consent reads back `access` with what was actually granted, which may be narrower than what was asked.',
  },
  {
    id: 'AIS-CONSENT-18',
    section: 'ConsentResponse',
    statement: 'A CoF consent reads back `account` and no `access`.',
  },

  // ── AccountAccess ────────────────────────────────────────────────────────────────────────────
  {
    id: 'AIS-CONSENT-19',
    section: 'AccountAccess',
    statement:
      'None of the three lists is mandatory, and a list that is left out or empty (for example `balances: []`) grants nothing for its data type.',
  },
  {
    id: 'AIS-CONSENT-20',
    section: 'AccountAccess',
    statement: 'Reading a data type the consent does not grant is refused with `CONSENT_INVALID`.',
  },

  // ── ConsentStatus, ScaStatus, TransactionStatus, Authorisations ─────────────────────────────
  {
    id: 'AIS-STATE-1',
    section: 'ConsentStatus',
    statement:
      '`consentStatus` always takes one of `received`, `valid`, `expired`, `revokedByPsu`, `terminatedByTpp`, `rejected`.',
  },
  {
    id: 'SCA-1',
    section: 'ScaStatus',
    statement: '`scaStatus` always takes one of `received`, `started`, `psuAuthenticated`, `finalised`, `failed`.',
  },
  {
    id: 'PIS-STATE-1',
    section: 'TransactionStatus',
    statement: '`transactionStatus` always takes one of `RCVD`, `ACTC`, `PDNG`, `ACSP`, `ACSC`, `RJCT`, `CANC`.',
  },
  {
    id: 'SCA-2',
    section: 'Authorisations',
    statement: "A consent's authorisation list holds zero or one id, and that id is the creation's `authorisationId`.",
  },
  {
    id: 'SCA-3',
    section: 'Authorisations',
    statement:
      "A payment's authorisation list holds only ids of the calling provider, the initiation's `authorisationId` among them.",
  },

  // ── AccountDetails, BalanceResponse, Transaction, TransactionsResponse ──────────────────────
  {
    id: 'AIS-DATA-1',
    section: 'AccountDetails',
    statement: 'Every account carries a non-empty `resourceId` that differs from its IBAN and works as `{account_id}`.',
  },
  {
    id: 'AIS-DATA-2',
    section: 'AccountDetails',
    statement: "An account's `resourceId` stays the same across reads, consents and days.",
  },
  {
    id: 'AIS-DATA-3',
    section: 'AccountDetails',
    statement:
      'Every account carries its `iban` and `currency` `EUR`, but never its institutional status (open, blocked, closed or the like).',
  },
  {
    id: 'AIS-DATA-4',
    section: 'BalanceResponse',
    statement:
      'A balances answer carries the `account` reference and a `balances` array whose items have `balanceType` `closingBooked` or `interimAvailable`, a SignedAmount `balanceAmount` and a date-time `lastChangeDateTime`.',
  },
  {
    id: 'AIS-DATA-5',
    section: 'Transaction',
    statement:
      'Every transaction, booked or pending, carries a `transactionId`, an `entryReference` and a SignedAmount `transactionAmount`.',
  },
  {
    id: 'AIS-DATA-6',
    section: 'TransactionsResponse',
    statement: 'A transactions answer carries the `account` reference and a `transactions` object.',
  },
  {
    id: 'AIS-DATA-7',
    section: 'TransactionsResponse',
    statement:
      'The arrays follow `bookingStatus`: only `booked` for `booked` or no parameter, only `pending` for `pending`, and both for `both`.',
  },
  {
    id: 'AIS-DATA-9',
    section: 'TransactionsResponse',
    statement: 'A rejected or cancelled payment shows up in neither `booked` nor `pending`.',
  },
  {
    id: 'AIS-PAGING-1',
    section: 'TransactionsResponse',
    statement: '`transactions._links.next` is present whenever more history exists beyond the page.',
  },
  {
    id: 'AIS-PAGING-2',
    section: 'TransactionsResponse',
    statement:
      'A page without `next` is the definite end, even when it holds exactly 250 rows: no row exists beyond it.',
  },

  // ── PaymentInitiationRequest, PaymentInitiationResponse, PaymentResponse ─────────────────────
  {
    id: 'PIS-INIT-1',
    section: 'PaymentInitiationRequest',
    statement:
      'A payment initiation lacking `debtorAccount`, `instructedAmount` or `creditorAccount` is refused with a 400 whose `path` names the missing field.',
  },
  {
    id: 'PIS-INIT-2',
    section: 'PaymentInitiationRequest',
    statement:
      'A payment initiation may leave out `creditorAccount.bic`, `creditorName`, `remittanceInformationUnstructured`, `endToEndIdentification` and `requestedExecutionDate`, and a future `requestedExecutionDate` is accepted.',
  },
  {
    id: 'PIS-INIT-3',
    section: 'PaymentInitiationRequest',
    statement:
      'A payment initiated without `remittanceInformationUnstructured` is recorded with a neutral description, never an empty one.',
  },
  {
    id: 'PIS-INIT-4',
    section: 'PaymentInitiationResponse',
    statement:
      'Payment initiation answers 201 with `transactionStatus` `RCVD`, a `paymentId`, an `authorisationId` and `_links` holding `scaRedirect` and `status`.',
  },
  {
    id: 'PIS-INIT-5',
    section: 'PaymentResponse',
    statement:
      'A payment read returns its `transactionStatus` and the `debtorAccount`, `creditorAccount`, `instructedAmount` (and, when sent, `creditorName` and `remittanceInformationUnstructured`) exactly as initiated.',
  },

  // ── FundsConfirmationRequest ─────────────────────────────────────────────────────────────────
  {
    id: 'COF-7',
    section: 'FundsConfirmationRequest',
    statement: 'A funds confirmation lacking `account` or `instructedAmount` is refused with a 400.',
  },
  {
    id: 'COF-8',
    section: 'FundsConfirmationRequest',
    statement:
      "A funds confirmation's `cardNumber` is informational: a number differing from the consent's, or none, gets the same answer, and it is never returned later.",
  },
  {
    id: 'COF-9',
    section: 'FundsConfirmationRequest',
    statement:
      'A funds confirmation answers 200 with an object whose only member is `fundsAvailable`, a JSON boolean, with no balance, shortfall, status or reason.',
  },
  {
    id: 'COF-10',
    section: 'FundsConfirmationRequest',
    statement:
      '`fundsAvailable` is `true` for an amount the account covers and `false` for an amount beyond what it holds.',
  },
  {
    id: 'AMOUNT-11',
    section: 'FundsConfirmationRequest',
    statement:
      "The `currency` of a funds confirmation's `instructedAmount` takes only `EUR`: any other currency is refused.",
  },

  // ── RevocationCallback ───────────────────────────────────────────────────────────────────────
  {
    id: 'CB-1',
    section: 'RevocationCallback',
    statement:
      'A callback `url` that is missing, not an absolute https URI (http, relative, not a URI) or that carries a fragment is refused with a 400 and registers nothing.',
  },
  {
    id: 'CB-2',
    section: 'RevocationCallback',
    statement:
      'The registration answer gives `signatureHeader` `X-Service-Signature` and `signatureToleranceSeconds` 300.',
  },
  {
    id: 'CB-3',
    section: 'RevocationCallback',
    statement: 'The registration answer carries `secret`, 32 bytes written as 64 hex digits.',
  },

  // ── TppMessages ──────────────────────────────────────────────────────────────────────────────
  {
    id: 'ERR-1',
    section: 'TppMessages',
    statement:
      'Every 4xx body is an object with a non-empty `tppMessages` array whose items each carry `category` `ERROR` or `WARNING` and a `code`.',
  },
  {
    id: 'ERR-2',
    section: 'TppMessages',
    statement:
      'When one request-body field is at fault, its message carries `path` with the dot-notated location of that field (for example `creditorAccount.iban`).',
  },
  {
    id: 'ERR-3',
    section: 'TppMessages',
    statement:
      'When no single body field is at fault (for example `CONSENT_UNKNOWN`, `PAYMENT_FAILED`, `ACCESS_EXCEEDED`), no `path` is sent.',
  },

  // ── States: Consent ──────────────────────────────────────────────────────────────────────────
  {
    id: 'AIS-STATE-2',
    section: 'States: Consent',
    statement:
      'A freshly created consent is `received` and grants nothing: account-data requests under it are refused until the customer approves.',
  },
  {
    id: 'AIS-STATE-3',
    section: 'States: Consent',
    statement: "The customer's approval moves a consent from `received` to `valid`.",
  },
  {
    id: 'AIS-STATE-4',
    section: 'States: Consent',
    statement: "The 180-day lifetime starts at the customer's authentication, not at the consent's creation.",
  },
  {
    id: 'AIS-STATE-5',
    section: 'States: Consent',
    statement:
      "Approving a recurring consent moves the same provider's earlier recurring consents that cover the same accounts to `terminatedByTpp`.",
  },
  {
    id: 'AIS-STATE-6',
    section: 'States: Consent',
    statement: "Another provider's consents on the same accounts are left as they are when a consent is approved.",
  },
  {
    id: 'AIS-STATE-7',
    section: 'States: Consent',
    statement:
      "The customer's decline moves a consent from `received` to `rejected` and sends the customer back to the provider.",
  },
  {
    id: 'AIS-STATE-8',
    section: 'States: Consent',
    statement:
      'A consent whose `validUntil` has passed turns `expired`, and any later use is refused with `CONSENT_EXPIRED`.',
  },
  {
    id: 'AIS-STATE-9',
    section: 'States: Consent',
    statement:
      'A one-off consent that has been used and then left idle for one hour turns `expired`, and further calls are refused with `CONSENT_EXPIRED`.',
  },
  {
    id: 'AIS-STATE-10',
    section: 'States: Consent',
    statement:
      'The idle hour of a one-off consent runs from its last use, not from authentication or first use, and a one-off consent never used does not expire for idleness.',
  },
  {
    id: 'AIS-STATE-11',
    section: 'States: Consent',
    statement:
      'Revocation by the customer in the portal, or by the service on support or compliance grounds, moves a `valid` consent to `revokedByPsu` at once, the two causes looking the same.',
  },
  {
    id: 'AIS-STATE-12',
    section: 'States: Consent',
    statement: "The holder's `DELETE` moves a `valid` consent to `terminatedByTpp` with immediate effect.",
  },
  {
    id: 'AIS-STATE-13',
    section: 'States: Consent',
    statement:
      'One-off consents take no part in supersession: a newer one-off consent ends nothing, and an earlier one-off consent is not ended by a newer recurring one.',
  },
  {
    id: 'AIS-STATE-14',
    section: 'States: Consent',
    statement:
      'Supersession happens when the newer consent is approved, not when it is created: the earlier consent stays `valid` while the newer one is still `received`.',
  },
  {
    id: 'AIS-STATE-15',
    section: 'States: Consent',
    statement: 'Approving a newer consent leaves earlier consents on a different set of accounts `valid`.',
  },

  // ── States: Authorisation ────────────────────────────────────────────────────────────────────
  {
    id: 'SCA-4',
    section: 'States: Authorisation',
    statement:
      'An authorisation lives 15 minutes from its creation: approval within that time succeeds, and approval attempted after it never makes the consent or payment authorised.',
  },
  {
    id: 'SCA-5',
    section: 'States: Authorisation',
    statement:
      'A finalised, declined or expired authorisation cannot be completed again: reopening its `scaRedirect` leads to no new approval or decline.',
  },

  // ── States: Payment ──────────────────────────────────────────────────────────────────────────
  {
    id: 'PIS-STATE-2',
    section: 'States: Payment',
    statement:
      'An initiated payment is `RCVD` and nothing happens to it (no status change, no money reserved) until the customer authorises.',
  },
  {
    id: 'PIS-STATE-3',
    section: 'States: Payment',
    statement: "The customer's authorisation moves a payment from `RCVD` to `ACSP`, as the status endpoint then shows.",
  },
  {
    id: 'PIS-STATE-4',
    section: 'States: Payment',
    statement: 'A `PDNG` payment whose payee the customer confirms moves to `ACSP`.',
  },
  {
    id: 'PIS-STATE-5',
    section: 'States: Payment',
    statement: 'A `PDNG` payment whose payee the customer refuses, or that fails, moves to `RJCT`.',
  },
  {
    id: 'PIS-STATE-6',
    section: 'States: Payment',
    statement: 'A `PDNG` payment the customer has not come back to within 24 hours moves to `CANC`.',
  },
  {
    id: 'PIS-STATE-7',
    section: 'States: Payment',
    statement:
      "The initiating provider's `DELETE` on a `PDNG` payment cancels it at once, with no customer authorisation, and the 200 answer carries `transactionStatus` `CANC`.",
  },

  // ── Request headers ──────────────────────────────────────────────────────────────────────────
  {
    id: 'HDR-1',
    section: 'Request headers',
    statement:
      "Every successful answer repeats the request's `X-Request-ID`, unchanged, in a response header of the same name.",
  },
  {
    id: 'HDR-2',
    section: 'Request headers',
    statement: "Every 4xx refusal repeats the request's `X-Request-ID` in a response header of the same name.",
  },
  {
    id: 'HDR-3',
    section: 'Request headers',
    statement:
      'An account-data request or `POST /v1/funds-confirmations` without `Consent-ID` is refused and returns no data.',
  },
  {
    id: 'HDR-4',
    section: 'Request headers',
    statement:
      '`PSU-IP-Address` is taken without complaint on consent creation, payment initiation, account-data reads and funds confirmations.',
  },
  {
    id: 'HDR-5',
    section: 'Request headers',
    statement:
      '`TPP-Redirect-URI` is required on `POST /v1/consents`, `POST /v1/consents/confirmation-of-funds` and payment initiation: a creation without it creates nothing.',
  },
  {
    id: 'HDR-6',
    section: 'Request headers',
    statement:
      'A `TPP-Redirect-URI` that is not an absolute https URI (http, relative) or that carries a fragment is refused with `FORMAT_ERROR`.',
  },
  {
    id: 'HDR-7',
    section: 'Request headers',
    statement:
      'Redirect URIs are bound at creation: the customer goes back to the addresses sent with that consent or payment, whatever later requests carry.',
  },
  {
    id: 'HDR-8',
    section: 'Request headers',
    statement:
      'A customer who declines is sent to the `TPP-NOK-Redirect-URI` given on `POST /v1/consents` or on payment initiation.',
  },

  // ── Endpoint list ────────────────────────────────────────────────────────────────────────────
  {
    id: 'HDR-9',
    section: 'Endpoint list',
    statement: 'Every response body is JSON and declared as `application/json`.',
  },
  { id: 'HDR-10', section: 'Endpoint list', statement: 'A request body that is not valid JSON is refused with a 400.' },
  {
    id: 'HDR-11',
    section: 'Endpoint list',
    statement:
      'Both consent `DELETE`s and the callback `DELETE` answer 204 with an empty body, while a payment `DELETE` answers 200 with `{transactionStatus}`.',
  },
  {
    id: 'HDR-12',
    section: 'Endpoint list',
    statement:
      'Status reads answer just `{consentStatus}`, `{transactionStatus}` or `{scaStatus}`, and account reads wrap their data in `accounts` (list) or `account` (single).',
  },
  {
    id: 'HDR-13',
    section: 'Endpoint list',
    statement:
      'A request with well-formed headers, query and body never meets a status missing from its endpoint row (for example no 404 from account-data reads, no 404 for a consent, no 409 outside payment initiation).',
  },

  // ── Path parameters ──────────────────────────────────────────────────────────────────────────
  {
    id: 'HDR-14',
    section: 'Path parameters',
    statement:
      '`{payment_product}` takes only `sepa-credit-transfers` and `instant-sepa-credit-transfers`: an initiation under any other product creates nothing.',
  },
  {
    id: 'AIS-DATA-10',
    section: 'Path parameters',
    statement: 'An IBAN given in place of `{account_id}` is not recognised and yields no account data.',
  },

  // ── Query parameters, Paging rules ───────────────────────────────────────────────────────────
  {
    id: 'AIS-PAGING-3',
    section: 'Query parameters',
    statement: '`dateFrom` and `dateTo` filter by date: nothing dated before `dateFrom` or after `dateTo` is returned.',
  },
  {
    id: 'AIS-PAGING-4',
    section: 'Query parameters',
    statement:
      '`entryReferenceFrom` returns only transactions after the one carrying that `entryReference`, never that one itself.',
  },
  { id: 'AIS-PAGING-5', section: 'Paging rules', statement: 'A page never holds more than 250 transactions.' },
  {
    id: 'AIS-PAGING-6',
    section: 'Paging rules',
    statement:
      'A transaction arriving while a client pages through the history makes no row appear twice in the traversal.',
  },
  {
    id: 'AIS-PAGING-7',
    section: 'Paging rules',
    statement:
      'A transaction arriving while a client pages through the history makes no row go missing from the traversal.',
  },
  {
    id: 'AIS-PAGING-8',
    section: 'Paging rules',
    statement: '`transactions._links.next.href` keeps every original filter: `dateFrom`, `dateTo` and `bookingStatus`.',
  },
  {
    id: 'AIS-PAGING-9',
    section: 'Paging rules',
    statement:
      "Following `next` and passing the last row's `entryReference` as `entryReferenceFrom` with the same filters return the same page.",
  },
  {
    id: 'AIS-PAGING-10',
    section: 'Paging rules',
    statement: 'On the last page `_links.next` is left out, not sent as null, an empty string or an empty object.',
  },
  {
    id: 'AIS-PAGING-11',
    section: 'Query parameters',
    statement:
      'A date filter leaves out nothing inside it: every transaction booked strictly after `dateFrom` and strictly before `dateTo` is returned (whether the bounding days are is not shown).',
  },

  // ── Behaviour notes: Consents ────────────────────────────────────────────────────────────────
  {
    id: 'AIS-CONSENT-21',
    section: 'Behaviour notes: Consents',
    statement:
      'The authorisation exists from creation and serves polling only: the provider starts none itself, and nothing creates a second authorisation for a consent.',
  },
  {
    id: 'AIS-CONSENT-22',
    section: 'Behaviour notes: Consents',
    statement: 'Every consent operation on an unknown `consent_id` answers 403 `CONSENT_UNKNOWN`, never 404.',
  },
  {
    id: 'AIS-CONSENT-23',
    section: 'Behaviour notes: Consents',
    statement:
      "Every consent operation on another provider's consent answers 403 `CONSENT_UNKNOWN`, never 404 and never the consent.",
  },
  {
    id: 'AIS-CONSENT-24',
    section: 'Behaviour notes: Consents',
    statement:
      'An account-information consent given as `Consent-ID` to `POST /v1/funds-confirmations` is refused with `CONSENT_UNKNOWN`.',
  },
  {
    id: 'AIS-CONSENT-25',
    section: 'Behaviour notes: Consents',
    statement:
      "Before approving a consent the customer sees the provider's name, the name its certificate vouches for (the organisation name, subject O), on the SCA page; the accounts, data types and validity the page shows are observed.",
  },

  // ── Behaviour notes: Payments ────────────────────────────────────────────────────────────────
  {
    id: 'PIS-INIT-7',
    section: 'Behaviour notes: Payments',
    statement:
      'If the stored payment changes after its ceremony was created, the approval fails and the payment is not executed.',
  },
  {
    id: 'PIS-INIT-8',
    section: 'Behaviour notes: Payments',
    statement:
      'Every payment needs a ceremony: a tiny amount, a known payee or a low-risk payment still starts `RCVD` with a `scaRedirect`.',
  },
  {
    id: 'PIS-INIT-9',
    section: 'Behaviour notes: Payments',
    statement:
      'A malformed `creditorAccount.iban` is refused with `FORMAT_ERROR` and `path` `creditorAccount.iban`, not with `PAYMENT_FAILED`.',
  },
  {
    id: 'PIS-INIT-10',
    section: 'Behaviour notes: Payments',
    statement:
      'A well-formed creditor IBAN that cannot be routed, a service IBAN with no live account behind it included, is refused with `PAYMENT_FAILED`.',
  },
  {
    id: 'PIS-INIT-11',
    section: 'Behaviour notes: Payments',
    statement:
      'Insufficient funds and a debtor account the service does not hold are each refused with `PAYMENT_FAILED`.',
  },
  {
    id: 'PIS-INIT-12',
    section: 'Behaviour notes: Payments',
    statement:
      'Every `PAYMENT_FAILED` answer is the same whatever its cause: same status, one message, the same fixed `text`, no `path`.',
  },
  {
    id: 'PIS-INIT-13',
    section: 'Behaviour notes: Payments',
    statement:
      'Malformed initiation input (a bad debtor IBAN, a bad amount) is reported as `FORMAT_ERROR` with its `path`, never hidden behind `PAYMENT_FAILED`.',
  },
  {
    id: 'PIS-INIT-14',
    section: 'Behaviour notes: Payments',
    statement:
      'A payment from a debtor account under a compliance hold is refused with `PAYMENT_FAILED`, whatever the amount.',
  },
  {
    id: 'PIS-INIT-15',
    section: 'Behaviour notes: Payments',
    statement:
      'A payment from a debtor account the service holds but has closed is refused with `PAYMENT_FAILED`, like one from an account it does not hold; a payment to it, like one to a service IBAN with no live account.',
  },
  {
    id: 'PIS-IDEM-1',
    section: 'Behaviour notes: Payments',
    statement:
      'A payment initiation repeated with the same `X-Request-ID` and the same body returns the first payment (same `paymentId`) and creates no second one.',
  },
  {
    id: 'PIS-IDEM-2',
    section: 'Behaviour notes: Payments',
    statement: 'Reusing an `X-Request-ID` with a different payment body is refused with 409 `REQUEST_ID_REUSED`.',
  },
  {
    id: 'PIS-IDEM-3',
    section: 'Behaviour notes: Payments',
    statement:
      "Body conflicts are detected for 48 hours from the key's first use: a different body just under 48 hours later still gets 409.",
  },
  {
    id: 'PIS-IDEM-4',
    section: 'Behaviour notes: Payments',
    statement:
      'After 48 hours the key still belongs to the original payment: a later replay resolves to it and never creates a new payment.',
  },
  {
    id: 'PIS-IDEM-5',
    section: 'Behaviour notes: Payments',
    statement:
      'The key is global across products: the same key on the other `payment_product` resolves to the first payment.',
  },
  {
    id: 'PIS-IDEM-6',
    section: 'Behaviour notes: Payments',
    statement: 'The key is global across providers: another provider sending the same key creates no second payment.',
  },
  {
    id: 'PIS-IDEM-7',
    section: 'Behaviour notes: Payments',
    statement:
      'Outside payment initiation `X-Request-ID` only correlates: reusing it changes nothing (two consent creations with one key make two consents).',
  },
  {
    id: 'PIS-CANCEL-1',
    section: 'Behaviour notes: Payments',
    statement:
      "Only the initiating provider can cancel: another provider's `DELETE` on the payment answers 404 and leaves it untouched.",
  },
  {
    id: 'PIS-CANCEL-2',
    section: 'Behaviour notes: Payments',
    statement:
      'Cancellation has no sub-resource and no authorisation: the `DELETE` answer carries no `scaRedirect` and no cancellation authorisation exists.',
  },
  {
    id: 'PIS-CANCEL-3',
    section: 'Behaviour notes: Payments',
    statement:
      'A `DELETE` on a payment past cancellation (such as `ACSC`, `RJCT` or already `CANC`) is refused with 405 `CANCELLATION_INVALID` and leaves its status unchanged.',
  },
  {
    id: 'PIS-CANCEL-4',
    section: 'Behaviour notes: Payments',
    statement:
      "Every payment operation on an unknown `payment_id`, and every read (payment, status, authorisations) of another provider's payment, answers 404.",
  },

  // ── Revocation callback endpoints ────────────────────────────────────────────────────────────
  {
    id: 'CB-4',
    section: 'Revocation callback endpoints',
    statement:
      '`PUT` with the URL already registered changes nothing: the answer, `secret` included, is the same as before.',
  },
  {
    id: 'CB-5',
    section: 'Revocation callback endpoints',
    statement: '`PUT` with a different URL replaces the registration: later callbacks go only to the new URL.',
  },
  {
    id: 'CB-6',
    section: 'Revocation callback endpoints',
    statement: '`GET` returns the same body as the `PUT` that registered, `secret` included.',
  },
  { id: 'CB-7', section: 'Revocation callback endpoints', statement: '`GET` with no callback registered answers 404.' },
  {
    id: 'CB-8',
    section: 'Revocation callback endpoints',
    statement:
      '`DELETE` answers 204 and stops notifications: no attempt follows, not even a retry of an earlier revocation.',
  },
  {
    id: 'CB-9',
    section: 'Revocation callback endpoints',
    statement:
      'The revocation-callback operations work for every registered provider regardless of the roles in its certificate, one without `PSP_IC` included.',
  },
  {
    id: 'CB-10',
    section: 'Revocation callback endpoints',
    statement:
      'A revocation that happens while no callback is registered is never notified, not even after a callback is registered later.',
  },

  // ── Authorisation hand-over ──────────────────────────────────────────────────────────────────
  {
    id: 'SCA-7',
    section: 'Authorisation hand-over',
    statement:
      'The `state` in `scaRedirect` is a UUID v4 in canonical form: 36 characters of lowercase hex digits and hyphens, version digit 4.',
  },
  {
    id: 'SCA-8',
    section: 'Authorisation hand-over',
    statement: 'Every authorisation, of a consent or of a payment, gets a fresh `state` no earlier authorisation had.',
  },
  {
    id: 'SCA-9',
    section: 'Authorisation hand-over',
    statement:
      "When the customer comes back, the provider's `TPP-Redirect-URI` carries `state` with the value the `scaRedirect` carried.",
  },

  // ── Funds confirmation ───────────────────────────────────────────────────────────────────────
  {
    id: 'COF-11',
    section: 'Funds confirmation',
    statement:
      'A funds confirmation needs a CoF consent the customer has authorised: under one still `received` no answer is given.',
  },
  {
    id: 'COF-12',
    section: 'Funds confirmation',
    statement: 'A funds confirmation about an account other than the one its CoF consent names is refused.',
  },

  // ── Authentication ───────────────────────────────────────────────────────────────────────────
  {
    id: 'AUTH-1',
    section: 'Authentication',
    statement:
      'The client certificate is the only credential: no API key, token or `Authorization` header is needed on any call.',
  },
  {
    id: 'AUTH-2',
    section: 'Authentication',
    statement:
      'Every operation, the revocation-callback ones included, refuses a request without a client certificate with `CERTIFICATE_MISSING`, whatever else the request carries or lacks.',
  },
  {
    id: 'AUTH-3',
    section: 'Authentication',
    statement:
      '`POST /v1/funds-confirmations` from a provider whose certificate lacks the role `PSP_IC` is refused with `ROLE_INVALID`.',
  },
  {
    id: 'AUTH-4',
    section: 'Authentication',
    statement:
      "A `Consent-ID` naming another provider's consent on account-data requests or `POST /v1/funds-confirmations` answers 403 `CONSENT_UNKNOWN`, exactly as an unknown one does.",
  },
  {
    id: 'AUTH-5',
    section: 'Authentication',
    statement:
      'Account data is served only under a consent that is `valid` at that moment: `received`, `rejected`, `expired`, `revokedByPsu` and `terminatedByTpp` consents are refused.',
  },
  {
    id: 'AUTH-6',
    section: 'Authentication',
    statement: "The account list shows only accounts within the consent's grant.",
  },
  {
    id: 'AUTH-7',
    section: 'Authentication',
    statement:
      "Account data stays readable, unattended, up to 180 days after the customer's authentication with no new ceremony.",
  },
  {
    id: 'AUTH-8',
    section: 'Authentication',
    statement:
      'A client certificate that authenticates no provider (issued by a certificate authority the service does not trust, expired, not yet valid, naming no `organizationIdentifier`, or a seal certificate rather than a QWAC) is refused on every operation, the revocation-callback ones included, with one answer for all of them, and the refused request creates nothing.',
  },
  {
    id: 'AUTH-9',
    section: 'Authentication',
    statement:
      'A certificate without PSD2 role attributes registers no provider: it is refused on every operation, the revocation-callback ones included, with one answer for all of them, and the refused request creates nothing.',
  },

  // ── Events ───────────────────────────────────────────────────────────────────────────────────
  {
    id: 'EVT-1',
    section: 'Events',
    statement:
      'A revocation by the customer in the portal, or by the service itself, triggers a callback to the registered URL.',
  },
  { id: 'EVT-2', section: 'Events', statement: "The provider's own `DELETE` of a consent sends no callback." },
  {
    id: 'EVT-3',
    section: 'Events',
    statement: 'A revoked consent is refused at once whether or not its callback is delivered.',
  },
  {
    id: 'EVT-4',
    section: 'Events',
    statement:
      'The callback body is JSON with `eventId`, the revoked `consentId`, `consentStatus` set to the new status (`revokedByPsu`) and a date-time `revokedAt`, and with no reason.',
  },
  {
    id: 'EVT-5',
    section: 'Events',
    statement:
      'Every retry of one revocation carries the same `eventId`, and different revocations carry different ones.',
  },
  {
    id: 'EVT-6',
    section: 'Events',
    statement:
      'Each callback carries `X-Service-Signature` shaped `t=<unix_seconds>,v1=<hex>`, `t` being whole seconds.',
  },
  {
    id: 'EVT-7',
    section: 'Events',
    statement:
      "`v1` is the HMAC-SHA256 in hex of `<t>.` followed by the exact body bytes sent, with the registration's `secret` as key.",
  },
  {
    id: 'EVT-8',
    section: 'Events',
    statement:
      'Each attempt is signed with a `t` within 300 seconds of its sending, so no retry goes out with a stale signature.',
  },
  {
    id: 'EVT-9',
    section: 'Events',
    statement: 'An attempt answered with any non-2xx status (3xx, 4xx or 5xx) is retried.',
  },
  {
    id: 'EVT-10',
    section: 'Events',
    statement: 'An attempt that cannot connect, or breaks off before an answer, is retried.',
  },
  { id: 'EVT-11', section: 'Events', statement: 'A 2xx answer ends the attempts for that event.' },
  { id: 'EVT-12', section: 'Events', statement: 'One revocation gets at most 5 attempts in all.' },
  { id: 'EVT-13', section: 'Events', statement: 'The waits between attempts grow exponentially.' },

  // ── Errors ───────────────────────────────────────────────────────────────────────────────────
  { id: 'ERR-5', section: 'Errors: Status classes', statement: '`FORMAT_ERROR` always comes with status 400.' },
  {
    id: 'ERR-6',
    section: 'Errors: Status classes',
    statement: "An unknown `authorisation_id` under the provider's own consent or payment answers 404.",
  },
  { id: 'ERR-7', section: 'Errors: Codes', statement: 'Using a revoked consent is refused with `CONSENT_INVALID`.' },
  {
    id: 'ERR-8',
    section: 'Errors: Rules',
    statement: 'Sending a refused (4xx) request again unchanged meets the same refusal, same status and `code`.',
  },
  {
    id: 'ERR-10',
    section: 'Errors: Rules',
    statement: 'After a 429, a retry before `Retry-After` seconds have passed is refused with 429 again.',
  },

  // ── Limits ───────────────────────────────────────────────────────────────────────────────────
  {
    id: 'LIMIT-1',
    section: 'Limits',
    statement:
      '`GET /v1/accounts` allows 4 unattended accesses per consent per day, and the fifth is refused with 429 `ACCESS_EXCEEDED`.',
  },
  {
    id: 'LIMIT-2',
    section: 'Limits',
    statement:
      '`GET /v1/accounts/{account_id}` allows 4 unattended accesses per consent per day, and the fifth is refused with 429 `ACCESS_EXCEEDED`.',
  },
  {
    id: 'LIMIT-3',
    section: 'Limits',
    statement:
      '`GET /v1/accounts/{account_id}/balances` allows 4 unattended accesses per consent per day, and the fifth is refused with 429 `ACCESS_EXCEEDED`.',
  },
  {
    id: 'LIMIT-4',
    section: 'Limits',
    statement:
      '`GET /v1/accounts/{account_id}/transactions` allows 4 unattended accesses per consent per day, and the fifth is refused with 429 `ACCESS_EXCEEDED`.',
  },
  {
    id: 'LIMIT-5',
    section: 'Limits',
    statement:
      '`POST /v1/funds-confirmations` allows 4 unattended calls per CoF consent per day, and the fifth is refused with 429 `ACCESS_EXCEEDED`.',
  },
  {
    id: 'LIMIT-6',
    section: 'Limits',
    statement:
      'Each consent has a budget of its own: spending one consent leaves another consent of the same provider on the same account untouched.',
  },
  {
    id: 'LIMIT-7',
    section: 'Limits',
    statement:
      'Each data type has a budget of its own: spending balances leaves transactions and account details untouched.',
  },
  {
    id: 'LIMIT-8',
    section: 'Limits',
    statement:
      'The budget renews at midnight UTC, a calendar boundary and not a rolling 24 hours: accesses spent at 23:50 are available again at 00:10.',
  },
  { id: 'LIMIT-9', section: 'Limits', statement: 'A one-off consent allows 1 unattended access per data type.' },
  {
    id: 'LIMIT-10',
    section: 'Limits',
    statement: 'Requests carrying `PSU-IP-Address` are never refused with 429, however many are made.',
  },
  {
    id: 'LIMIT-11',
    section: 'Limits',
    statement: 'Requests carrying `PSU-IP-Address` leave the unattended budget untouched.',
  },
  {
    id: 'LIMIT-12',
    section: 'Limits',
    statement:
      'Consent creation, read, status and delete and the authorisation reads never answer 429 and never carry rate-limit headers.',
  },
  {
    id: 'LIMIT-13',
    section: 'Limits',
    statement:
      'Everything under `/v1/payments` and the revocation-callback operations never answer 429 and never carry rate-limit headers.',
  },
  {
    id: 'LIMIT-14',
    section: 'Limits',
    statement:
      'A recurring or CoF consent stops working at the earlier of its requested `validUntil` and 180 days after authentication.',
  },
  {
    id: 'LIMIT-15',
    section: 'Limits',
    statement:
      'The idle hour of a one-off consent grants no extra access: within it a further unattended access of a spent data type is still refused.',
  },
  {
    id: 'LIMIT-16',
    section: 'Limits',
    statement:
      "A payment's authorisation lives 15 minutes like a consent's: approved later, the payment is never accepted.",
  },
  {
    id: 'LIMIT-17',
    section: 'Limits',
    statement:
      'Capped answers, 200 and 429 alike, carry `X-RateLimit-Limit` with the daily allowance per data type (4, or 1 on a one-off consent).',
  },
  {
    id: 'LIMIT-18',
    section: 'Limits',
    statement:
      '`X-RateLimit-Remaining`, on 200 and 429, counts the unattended accesses left for that data type today, dropping by one per unattended access and not at all for attended ones.',
  },
  {
    id: 'LIMIT-19',
    section: 'Limits',
    statement: '`X-RateLimit-Reset`, on 200 and 429, is the Unix timestamp of the next midnight UTC.',
  },
  { id: 'LIMIT-20', section: 'Limits', statement: 'A 429 carries `Retry-After` as a whole number of seconds.' },
  {
    id: 'LIMIT-21',
    section: 'Limits',
    statement:
      'The unattended budget of a data type belongs to the consent, not to an account: reads of different accounts under one consent draw on one count.',
  },

  // ── Versioning ───────────────────────────────────────────────────────────────────────────────
  {
    id: 'VER-1',
    section: 'Versioning',
    statement:
      'Every interface path starts with `/v1`: the same path without that prefix, or with another version, is not served.',
  },
  {
    id: 'VER-2',
    section: 'Versioning',
    statement:
      "The creation's `authorisationId` and the id from the authorisations list are the same and both work on the authorisation read, whatever the `scaStatus` href looks like.",
  },

  // ── Observation points: what the interface leaves open ("not shown") ─────────────────────────
  {
    id: 'OPEN-1',
    section: 'ConsentRequest',
    statement:
      'The defaults of `recurringIndicator` and `validUntil` when an account-information consent request leaves them out are open.',
    open: {
      choice:
        '`recurringIndicator` defaults to `false` (a one-off consent) and `validUntil` to the full ceiling of 180 days from authentication. By default; a bank profile plays the other values (settings `consent.recurringIndicatorDefault`, `consent.validUntilDefault`).',
    },
  },
  {
    id: 'OPEN-2',
    section: 'Links',
    statement: 'The full schema of the `_links` object is open.',
    open: {
      choice:
        'Each member is `{ "href": string }` and nothing more; creations carry `scaRedirect` (absolute, with `?state=`), `self`, `status` and `scaStatus`, consent reads `self` and `status`, transactions answers `account` always and `next` only while more history exists, and every other href is a path starting with `/v1`. By default; a bank profile writes every href other than `scaRedirect` as the whole address instead (setting `links.form`).',
    },
  },
  {
    id: 'OPEN-3',
    section: 'TppMessages',
    statement: 'How long free-text fields and identifiers may be is open.',
    open: {
      choice:
        'Berlin Group bounds apply (`creditorName` at most 70 characters and not blank, `remittanceInformationUnstructured` 140, `endToEndIdentification` 35, `bic` 8 or 11, `cardNumber` 64, callback `url` 2,048), anything longer is `FORMAT_ERROR` with its `path`, and handed-out ids are 36-character UUIDs while an `entryReference` is `e` plus 8 base-36 digits.',
    },
  },
  {
    id: 'OPEN-4',
    section: 'States: Consent',
    statement: 'The states other than `valid` from which a consent `DELETE` is accepted are open.',
    open: {
      choice:
        'A `received` consent is deleted too (it turns `terminatedByTpp` and its authorisation fails), and a `DELETE` on an ended consent answers 204 and changes nothing. By default; a bank profile plays the other values (setting `consent.deleteNotValid`).',
    },
  },
  {
    id: 'OPEN-5',
    section: 'States: Authorisation',
    statement: 'The transitions between the `scaStatus` values are open.',
    open: {
      choice:
        '`received` on creation, `started` at login with the code sent, `psuAuthenticated` once the code is right, `finalised` on approval, and `failed` on decline, a third wrong code or expiry.',
    },
  },
  {
    id: 'OPEN-6',
    section: 'States: Authorisation',
    statement: 'The `scaStatus` of an authorisation after its 15 minutes have run out is open.',
    open: {
      choice:
        '`failed`, with nothing more possible on it, while the consent stays `received` so that a new consent is needed. By default; a bank profile plays the other values (setting `sca.statusAfterExpiry`).',
    },
  },
  {
    id: 'OPEN-7',
    section: 'States: Payment',
    statement: 'The moves among `ACTC`, `ACSP`, `ACSC` and `RJCT` other than those in the state table are open.',
    open: {
      choice:
        '`ACTC` is never reported, `ACSP` becomes `ACSC` on settlement (instant 10 seconds after acceptance, standard at 06:00 UTC on the next TARGET2 business day), `RCVD` becomes `RJCT` when the ceremony fails or funds fall short at authorisation, and `ACSC`, `RJCT`, `CANC` are final while `ACSP` never becomes `RJCT`.',
    },
  },
  {
    id: 'OPEN-8',
    section: 'Paging rules',
    statement: 'The sort order of transactions and whether `dateFrom` and `dateTo` are inclusive are open.',
    open: {
      choice:
        'Newest first, with `entryReferenceFrom` giving older entries, and both dates inclusive, booked entries filtered by `bookingDate` and pending ones by `valueDate`. By default; a bank profile plays the other values (settings `transactions.order`, `transactions.dateTo`).',
    },
  },
  {
    id: 'OPEN-9',
    section: 'Behaviour notes: Consents',
    statement:
      'The answer to a CoF consent used on account-data endpoints, and to an `account_id` outside the consent, is open.',
    open: {
      choice:
        'A CoF consent there answers 403 `CONSENT_UNKNOWN`, and an `account_id` outside the consent, unknown, or an IBAN in its place answers 401 `CONSENT_INVALID` with the same text in all three cases. By default; a bank profile plays the other values (settings `consent.cofOnAccountData`, `consent.accountOutside`).',
    },
  },
  {
    id: 'OPEN-10',
    section: 'Authentication',
    statement: 'The interval at which the service re-checks a provider against the regulator register is open.',
    open: { choice: 'On every request, so a withdrawal stops access at once with 403 `ROLE_INVALID`.' },
  },
  {
    id: 'OPEN-11',
    section: 'Authentication',
    statement: 'The role identifiers required for AIS and PIS are open.',
    open: {
      choice: 'Consents and account data need `PSP_AI` and payments need `PSP_PI`, otherwise 403 `ROLE_INVALID`.',
    },
  },
  {
    id: 'OPEN-12',
    section: 'Events',
    statement: 'The backoff intervals between callback attempts and the time-out of an attempt are open.',
    open: {
      choice:
        'Waits of 30 seconds, 1, 2 and 4 minutes of sandbox time between the 5 attempts, and 10 seconds of real time per attempt for connection, head and body together, a cut attempt counting as failed. By default; a bank profile plays the other values (settings `callback.backoff`, `callback.attemptTimeout`).',
    },
  },
  {
    id: 'OPEN-13',
    section: 'Events',
    statement: 'Whether events exist for payments or other resources is open.',
    open: {
      choice:
        "None exist: expiry, supersession, the provider's own `DELETE`, a decline and every payment change send nothing, and the provider reads the status endpoints.",
    },
  },
  {
    id: 'OPEN-14',
    section: 'Errors: Rules',
    statement:
      'The exact statuses of `CERTIFICATE_MISSING`, `CONSENT_INVALID`, `CONSENT_EXPIRED`, `PAYMENT_FAILED`, `SERVICE_INVALID`, `PRODUCT_INVALID` and `ROLE_INVALID` within their classes are open.',
    open: {
      choice:
        '`CERTIFICATE_MISSING`, `CONSENT_INVALID` and `CONSENT_EXPIRED` answer 401, `ROLE_INVALID` 403, and `PAYMENT_FAILED`, `SERVICE_INVALID` and `PRODUCT_INVALID` 400. By default; a bank profile plays the other values (settings `status.*`).',
    },
  },
  {
    id: 'OPEN-15',
    section: 'Errors: Rules',
    statement: 'The answer to a request whose `X-Request-ID` is missing or not a UUID is open.',
    open: {
      choice:
        '400 `FORMAT_ERROR` without `path`, any UUID version in either case being accepted, a printable non-UUID value echoed and a missing one not, and two `X-Request-ID` headers refused the same way. By default; a bank profile plays the other values (settings `requestId.missing`, `requestId.notUuid`).',
    },
  },
  {
    id: 'OPEN-16',
    section: 'Errors: Rules',
    statement: 'The error code for a creation without `TPP-Redirect-URI` is open.',
    open: {
      choice: '400 `FORMAT_ERROR`. By default; a bank profile plays the other values (setting `redirectUri.missing`).',
    },
  },
  {
    id: 'OPEN-17',
    section: 'Limits',
    statement: 'The maximum amount of a payment and any daily payment limit are open.',
    open: {
      choice:
        '15,000.00 EUR per payment and 25,000.00 EUR per debtor account per UTC day over the payments initiated that day that are not `RJCT` or `CANC`, anything beyond being `PAYMENT_FAILED`. By default; a bank profile plays the other values (settings `payment.maximum`, `payment.dailyLimit`).',
    },
  },
  {
    id: 'OPEN-18',
    section: 'Limits',
    statement: 'The largest accepted request body and any request-rate limit on uncapped operations are open.',
    open: {
      choice:
        'A body above 64 KiB is 400 `FORMAT_ERROR`, and uncapped operations have no rate limit: never 429 and never rate-limit headers, however fast they are called. By default; a bank profile plays the other values (setting `request.bodyLimit`).',
    },
  },
  {
    id: 'OPEN-19',
    section: 'Versioning',
    statement: 'How older versions are deprecated and retired once a new one appears is open.',
    open: {
      choice: 'There is one version, `1.0.0` under `/v1`, and no `Deprecation` or `Sunset` header is ever sent.',
    },
  },
  {
    id: 'OPEN-20',
    section: 'Behaviour notes: Payments',
    statement:
      'Whether an `X-Request-ID` that differs from an earlier one only in the case of its hex digits is the same idempotency key is open.',
    open: {
      choice:
        'The same key: a UUID compares without regard to case (RFC 9562), so the same body under the upper-case form returns the first payment. A value that is no UUID (served only under setting `requestId.notUuid: accept`) is the key exactly as sent, its case included.',
    },
  },
  {
    id: 'OPEN-21',
    section: 'Request headers',
    statement:
      'Whether an empty `TPP-Redirect-URI` is answered as a missing one (the open code of Errors rule 7) or as one that is not an absolute https URI (`FORMAT_ERROR`) is open.',
    open: {
      choice:
        'As a missing one: the code of setting `redirectUri.missing` (400 `FORMAT_ERROR` by default), on every creation.',
    },
  },
  {
    id: 'OPEN-22',
    section: 'Request headers',
    statement:
      '`TPP-NOK-Redirect-URI` is typed only as a URI: whether one that is empty, not https, carries a fragment or is no URI at all is refused is open.',
    open: {
      choice:
        'The rules of `TPP-Redirect-URI` apply (absolute https, no fragment): anything else, an empty value included, is 400 `FORMAT_ERROR` whatever the profile.',
    },
  },
  {
    id: 'OPEN-23',
    section: 'Request headers',
    statement: '`PSU-IP-Address` is typed only as a string: whether a value that is no IP address is refused is open.',
    open: {
      choice:
        'It must be an IPv4 or IPv6 address: anything else is 400 `FORMAT_ERROR` on every request that takes the header.',
    },
  },
];
