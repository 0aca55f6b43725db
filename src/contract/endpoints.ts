/**
 * The endpoint table of the spec ("Endpoints" → "Endpoint list") as data: one entry per row, with
 * the headers, parameters, bodies and statuses that row names. The shapes themselves are the zod
 * schemas; entries only name them (see openapi.ts, which turns this table into paths).
 */

/**
 * Names of the request bodies; request-bodies.ts maps each to its zod schema (published by
 * openapi.ts) and its reader (run by the simulator's API edge).
 */
export type RequestBodyName =
  | 'ConsentRequest'
  | 'FundsConfirmationConsentRequest'
  | 'PaymentInitiationRequest'
  | 'FundsConfirmationRequest'
  | 'RevocationCallbackRequest';

/** Names of the response bodies; openapi-schemas.ts maps each to its zod schema. */
export type ResponseBodyName =
  | 'ConsentCreationResponse'
  | 'ConsentResponse'
  | 'ConsentStatusResponse'
  | 'Authorisations'
  | 'ScaStatusResponse'
  | 'AccountList'
  | 'AccountResponse'
  | 'BalanceResponse'
  | 'TransactionsResponse'
  | 'PaymentInitiationResponse'
  | 'PaymentResponse'
  | 'PaymentStatusResponse'
  | 'RevocationCallback'
  | 'FundsConfirmationConsentResponse'
  | 'FundsConfirmationResponse';

/**
 * Request headers other than X-Request-ID, which every operation requires (spec "Request headers").
 * Each is required (Consent-ID, TPP-Redirect-URI) or optional (PSU-IP-Address, TPP-NOK-Redirect-URI)
 * alike on every row that names it, so the document holds one parameter per header.
 */
export type RequestHeaderName = 'Consent-ID' | 'PSU-IP-Address' | 'TPP-Redirect-URI' | 'TPP-NOK-Redirect-URI';

/** Every operation of the table; the simulator implements each, keyed by this id. */
export type OperationId =
  | 'createFundsConfirmationConsent'
  | 'getFundsConfirmationConsent'
  | 'deleteFundsConfirmationConsent'
  | 'getFundsConfirmationConsentStatus'
  | 'getFundsConfirmationConsentAuthorisations'
  | 'getFundsConfirmationConsentScaStatus'
  | 'createConsent'
  | 'getConsent'
  | 'deleteConsent'
  | 'getConsentStatus'
  | 'getConsentAuthorisations'
  | 'getConsentScaStatus'
  | 'getAccountList'
  | 'readAccountDetails'
  | 'getBalances'
  | 'getTransactionList'
  | 'initiatePayment'
  | 'getPaymentInformation'
  | 'cancelPayment'
  | 'getPaymentInitiationStatus'
  | 'getPaymentInitiationAuthorisations'
  | 'getPaymentInitiationScaStatus'
  | 'getRevocationCallback'
  | 'putRevocationCallback'
  | 'deleteRevocationCallback'
  | 'checkAvailabilityOfFunds';

/**
 * What the caller's certificate must carry (spec "Authentication" 4–5): the CoF service needs
 * PSP_IC; account information PSP_AI and payments PSP_PI (the spec leaves these two open,
 * docs/interpretations.md); the revocation-callback operations need only a registered provider.
 */
export type Requirement = 'PSP_AI' | 'PSP_PI' | 'PSP_IC' | 'registered';

/** The unattended budgets of the interface ("Limits"). */
export type BudgetType = 'accounts' | 'balances' | 'transactions' | 'funds';

export type PathParameterName = 'consent_id' | 'authorisation_id' | 'account_id' | 'payment_id' | 'payment_product';

export interface EndpointEntry {
  operationId: OperationId;
  method: 'get' | 'post' | 'put' | 'delete';
  /** OpenAPI path template with the spec's parameter names ("Path parameters"). */
  path: string;
  tag:
    | 'Consents (AIS)'
    | 'Account information (AIS)'
    | 'Payments (PIS)'
    | 'Confirmation of funds (CoF)'
    | 'Revocation callback';
  requires: Requirement;
  summary: string;
  headers: readonly RequestHeaderName[];
  /** GET transactions only ("Query parameters of GET transactions"). */
  transactionsQuery?: true;
  /** The body the operation reads: its schema and reader are REQUEST_BODIES[requestBody] (request-bodies.ts). */
  requestBody?: RequestBodyName;
  success: { status: 200 | 201 | 204; body?: ResponseBodyName };
  errors: readonly number[];
  /** Unattended accesses are capped (spec "Limits"): rate-limit headers on 200 and 429. */
  capped?: true;
  /**
   * The data type whose daily budget a capped row draws on (spec "Limits": "each data type has its
   * own budget"; the account list and the account read share the accounts budget). Every row that
   * carries Consent-ID has one; the client judge reads it, so a new row cannot be missed there.
   */
  budget?: BudgetType;
  /** Not a row of the spec's endpoint table: an addition of this sandbox (docs/interpretations.md). */
  addition?: true;
}

const consentCreation: readonly RequestHeaderName[] = ['TPP-Redirect-URI', 'TPP-NOK-Redirect-URI', 'PSU-IP-Address'];
const accountData: readonly RequestHeaderName[] = ['Consent-ID', 'PSU-IP-Address'];

const CONSENT_READ_ERRORS = [401, 403, 500] as const;
const PAYMENT_READ_ERRORS = [401, 403, 404, 500] as const;
const ACCOUNT_ERRORS = [401, 403, 429, 500] as const;

/** The rows as written, literal types kept, so an operation's body type follows from its row (RequestBodyNameOf). */
const ROWS = [
  {
    operationId: 'createFundsConfirmationConsent',
    method: 'post',
    path: '/v1/consents/confirmation-of-funds',
    tag: 'Confirmation of funds (CoF)',
    requires: 'PSP_IC',
    summary: 'Ask for a confirmation-of-funds consent; the customer authorises it through scaRedirect.',
    // The row names only TPP-Redirect-URI; TPP-NOK-Redirect-URI is "optional on POST /v1/consents and payment initiation" only.
    headers: ['TPP-Redirect-URI'],
    requestBody: 'FundsConfirmationConsentRequest',
    success: { status: 201, body: 'ConsentCreationResponse' },
    errors: [400, 401, 403, 500],
  },
  {
    operationId: 'getFundsConfirmationConsent',
    method: 'get',
    path: '/v1/consents/confirmation-of-funds/{consent_id}',
    tag: 'Confirmation of funds (CoF)',
    requires: 'PSP_IC',
    summary: 'Read a confirmation-of-funds consent.',
    headers: [],
    success: { status: 200, body: 'FundsConfirmationConsentResponse' },
    errors: CONSENT_READ_ERRORS,
  },
  {
    operationId: 'deleteFundsConfirmationConsent',
    method: 'delete',
    path: '/v1/consents/confirmation-of-funds/{consent_id}',
    tag: 'Confirmation of funds (CoF)',
    requires: 'PSP_IC',
    summary: 'Terminate a confirmation-of-funds consent.',
    headers: [],
    success: { status: 204 },
    errors: CONSENT_READ_ERRORS,
  },
  {
    operationId: 'getFundsConfirmationConsentStatus',
    method: 'get',
    path: '/v1/consents/confirmation-of-funds/{consent_id}/status',
    tag: 'Confirmation of funds (CoF)',
    requires: 'PSP_IC',
    summary: 'Read the status of a confirmation-of-funds consent.',
    headers: [],
    success: { status: 200, body: 'ConsentStatusResponse' },
    errors: CONSENT_READ_ERRORS,
  },
  // Not rows of the spec's endpoint table: the CoF consent's scaStatus link must lead to an answer
  // carrying scaStatus, as the account-information consent's does (docs/interpretations.md).
  {
    operationId: 'getFundsConfirmationConsentAuthorisations',
    method: 'get',
    path: '/v1/consents/confirmation-of-funds/{consent_id}/authorisations',
    tag: 'Confirmation of funds (CoF)',
    requires: 'PSP_IC',
    summary: 'List the authorisation ids of a confirmation-of-funds consent (one). An addition to the endpoint table.',
    addition: true,
    headers: [],
    success: { status: 200, body: 'Authorisations' },
    errors: CONSENT_READ_ERRORS,
  },
  {
    operationId: 'getFundsConfirmationConsentScaStatus',
    method: 'get',
    path: '/v1/consents/confirmation-of-funds/{consent_id}/authorisations/{authorisation_id}',
    tag: 'Confirmation of funds (CoF)',
    requires: 'PSP_IC',
    summary:
      'Read the SCA status of a confirmation-of-funds consent authorisation (where its scaStatus link leads). An addition to the endpoint table.',
    addition: true,
    headers: [],
    success: { status: 200, body: 'ScaStatusResponse' },
    errors: [401, 403, 404, 500],
  },
  {
    operationId: 'createConsent',
    method: 'post',
    path: '/v1/consents',
    tag: 'Consents (AIS)',
    requires: 'PSP_AI',
    summary: 'Ask for an account-information consent; the customer authorises it through scaRedirect.',
    headers: consentCreation,
    requestBody: 'ConsentRequest',
    success: { status: 201, body: 'ConsentCreationResponse' },
    errors: [400, 401, 403, 500],
  },
  {
    operationId: 'getConsent',
    method: 'get',
    path: '/v1/consents/{consent_id}',
    tag: 'Consents (AIS)',
    requires: 'PSP_AI',
    summary: 'Read a consent as granted (may be narrower than requested).',
    headers: [],
    success: { status: 200, body: 'ConsentResponse' },
    errors: CONSENT_READ_ERRORS,
  },
  {
    operationId: 'deleteConsent',
    method: 'delete',
    path: '/v1/consents/{consent_id}',
    tag: 'Consents (AIS)',
    requires: 'PSP_AI',
    summary: 'Terminate a consent (terminatedByTpp).',
    headers: [],
    success: { status: 204 },
    errors: CONSENT_READ_ERRORS,
  },
  {
    operationId: 'getConsentStatus',
    method: 'get',
    path: '/v1/consents/{consent_id}/status',
    tag: 'Consents (AIS)',
    requires: 'PSP_AI',
    summary: 'Read the status of a consent.',
    headers: [],
    success: { status: 200, body: 'ConsentStatusResponse' },
    errors: CONSENT_READ_ERRORS,
  },
  {
    operationId: 'getConsentAuthorisations',
    method: 'get',
    path: '/v1/consents/{consent_id}/authorisations',
    tag: 'Consents (AIS)',
    requires: 'PSP_AI',
    summary: 'List the authorisation ids of a consent (zero or one).',
    headers: [],
    success: { status: 200, body: 'Authorisations' },
    errors: CONSENT_READ_ERRORS,
  },
  {
    operationId: 'getConsentScaStatus',
    method: 'get',
    path: '/v1/consents/{consent_id}/authorisations/{authorisation_id}',
    tag: 'Consents (AIS)',
    requires: 'PSP_AI',
    summary: 'Read the SCA status of a consent authorisation.',
    headers: [],
    success: { status: 200, body: 'ScaStatusResponse' },
    errors: [401, 403, 404, 500],
  },
  {
    operationId: 'getAccountList',
    method: 'get',
    path: '/v1/accounts',
    tag: 'Account information (AIS)',
    requires: 'PSP_AI',
    summary: 'List the accounts the consent grants.',
    headers: accountData,
    success: { status: 200, body: 'AccountList' },
    errors: ACCOUNT_ERRORS,
    capped: true,
    budget: 'accounts',
  },
  {
    operationId: 'readAccountDetails',
    method: 'get',
    path: '/v1/accounts/{account_id}',
    tag: 'Account information (AIS)',
    requires: 'PSP_AI',
    summary: 'Read one account.',
    headers: accountData,
    success: { status: 200, body: 'AccountResponse' },
    errors: ACCOUNT_ERRORS,
    capped: true,
    budget: 'accounts',
  },
  {
    operationId: 'getBalances',
    method: 'get',
    path: '/v1/accounts/{account_id}/balances',
    tag: 'Account information (AIS)',
    requires: 'PSP_AI',
    summary: 'Read the balances of an account.',
    headers: accountData,
    success: { status: 200, body: 'BalanceResponse' },
    errors: ACCOUNT_ERRORS,
    capped: true,
    budget: 'balances',
  },
  {
    operationId: 'getTransactionList',
    method: 'get',
    path: '/v1/accounts/{account_id}/transactions',
    tag: 'Account information (AIS)',
    requires: 'PSP_AI',
    summary: 'Read a page of at most 250 transactions; follow transactions._links.next.',
    headers: accountData,
    transactionsQuery: true,
    success: { status: 200, body: 'TransactionsResponse' },
    errors: ACCOUNT_ERRORS,
    capped: true,
    budget: 'transactions',
  },
  {
    operationId: 'initiatePayment',
    method: 'post',
    path: '/v1/payments/{payment_product}',
    tag: 'Payments (PIS)',
    requires: 'PSP_PI',
    summary: 'Initiate a single SEPA credit transfer; X-Request-ID is the idempotency key.',
    headers: consentCreation,
    requestBody: 'PaymentInitiationRequest',
    success: { status: 201, body: 'PaymentInitiationResponse' },
    errors: [400, 401, 403, 409, 500],
  },
  {
    operationId: 'getPaymentInformation',
    method: 'get',
    path: '/v1/payments/{payment_product}/{payment_id}',
    tag: 'Payments (PIS)',
    requires: 'PSP_PI',
    summary: 'Read a payment.',
    headers: [],
    success: { status: 200, body: 'PaymentResponse' },
    errors: PAYMENT_READ_ERRORS,
  },
  {
    operationId: 'cancelPayment',
    method: 'delete',
    path: '/v1/payments/{payment_product}/{payment_id}',
    tag: 'Payments (PIS)',
    requires: 'PSP_PI',
    summary: 'Cancel a payment while it can still be cancelled; answers the new status.',
    headers: [],
    success: { status: 200, body: 'PaymentStatusResponse' },
    errors: [401, 403, 404, 405, 500],
  },
  {
    operationId: 'getPaymentInitiationStatus',
    method: 'get',
    path: '/v1/payments/{payment_product}/{payment_id}/status',
    tag: 'Payments (PIS)',
    requires: 'PSP_PI',
    summary: 'Read the transaction status of a payment.',
    headers: [],
    success: { status: 200, body: 'PaymentStatusResponse' },
    errors: PAYMENT_READ_ERRORS,
  },
  {
    operationId: 'getPaymentInitiationAuthorisations',
    method: 'get',
    path: '/v1/payments/{payment_product}/{payment_id}/authorisations',
    tag: 'Payments (PIS)',
    requires: 'PSP_PI',
    summary: "List the payment's authorisation ids scoped to the calling provider.",
    headers: [],
    success: { status: 200, body: 'Authorisations' },
    errors: PAYMENT_READ_ERRORS,
  },
  {
    operationId: 'getPaymentInitiationScaStatus',
    method: 'get',
    path: '/v1/payments/{payment_product}/{payment_id}/authorisations/{authorisation_id}',
    tag: 'Payments (PIS)',
    requires: 'PSP_PI',
    summary: 'Read the SCA status of a payment authorisation.',
    headers: [],
    success: { status: 200, body: 'ScaStatusResponse' },
    errors: PAYMENT_READ_ERRORS,
  },
  {
    operationId: 'getRevocationCallback',
    method: 'get',
    path: '/v1/revocation-callback',
    tag: 'Revocation callback',
    requires: 'registered',
    summary: 'Read the registered revocation callback, with its secret.',
    headers: [],
    success: { status: 200, body: 'RevocationCallback' },
    errors: [401, 403, 404, 500],
  },
  {
    operationId: 'putRevocationCallback',
    method: 'put',
    path: '/v1/revocation-callback',
    tag: 'Revocation callback',
    requires: 'registered',
    summary: 'Register (or replace) the revocation callback URL.',
    headers: [],
    requestBody: 'RevocationCallbackRequest',
    success: { status: 200, body: 'RevocationCallback' },
    errors: [400, 401, 403, 500],
  },
  {
    operationId: 'deleteRevocationCallback',
    method: 'delete',
    path: '/v1/revocation-callback',
    tag: 'Revocation callback',
    requires: 'registered',
    summary: 'Stop revocation notifications.',
    headers: [],
    success: { status: 204 },
    errors: [401, 403, 500],
  },
  {
    operationId: 'checkAvailabilityOfFunds',
    method: 'post',
    path: '/v1/funds-confirmations',
    tag: 'Confirmation of funds (CoF)',
    requires: 'PSP_IC',
    summary: 'Answer whether funds are available (fundsAvailable only).',
    headers: accountData,
    requestBody: 'FundsConfirmationRequest',
    success: { status: 200, body: 'FundsConfirmationResponse' },
    errors: [400, 401, 403, 429, 500],
    capped: true,
    budget: 'funds',
  },
] as const satisfies readonly EndpointEntry[];

export const ENDPOINTS: readonly EndpointEntry[] = ROWS;

/** The request body an operation's row names, undefined for a row without one (a type: the row is the one place it is written). */
export type RequestBodyNameOf<K extends OperationId> =
  Extract<(typeof ROWS)[number], { operationId: K }> extends { requestBody: infer N extends RequestBodyName }
    ? N
    : undefined;

/** An operation's row as written, its literal types kept (path template, success status and body): the kit's typed client reads it. */
export type EndpointRow<K extends OperationId> = Extract<(typeof ROWS)[number], { operationId: K }>;
