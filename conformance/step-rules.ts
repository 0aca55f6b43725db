/**
 * Which rule of the catalogue each shared step and each answer shape belongs to (given, then: see
 * src/kit/given.ts). A step that builds a scenario's situation and breaks is the failure of the
 * scenarios enforcing its rule, and an inconclusive of every other scenario, naming the first of them.
 * `test/kit/step-rules.test.ts` holds that each rule here is one of the catalogue's and is enforced.
 */
import type { ResponseBodyName } from '../src/contract/endpoints.js';

export const STEP_RULES = {
  /** Both consent creations answer 201 with consentId, consentStatus received and authorisationId. */
  consentCreation: 'AIS-CONSENT-13',
  /** A freshly created consent is received: nothing is decided before the customer acts. */
  consentWaiting: 'AIS-STATE-2',
  /** The customer's approval moves a consent from received to valid. */
  consentApproval: 'AIS-STATE-3',
  /** The customer's decline moves a consent from received to rejected. */
  consentDecline: 'AIS-STATE-7',
  /** Status reads answer just `{consentStatus}`, `{transactionStatus}` or `{scaStatus}`. */
  statusRead: 'HDR-12',
  /** A consent reads back what was granted. */
  consentRead: 'AIS-CONSENT-17',
  /** Every account carries a resourceId that works as `{account_id}`. */
  accountList: 'AIS-DATA-1',
  /** Payment initiation answers 201 RCVD with paymentId, authorisationId and links. */
  paymentInitiation: 'PIS-INIT-4',
  /** An initiated payment is RCVD until the customer authorises. */
  paymentWaiting: 'PIS-STATE-2',
  /** A payment read returns what was initiated. */
  paymentRead: 'PIS-INIT-5',
  /** A callback registration answers 200 with the signature header and tolerance. */
  callbackRegistration: 'CB-2',
  /** The callback DELETE answers 204. */
  callbackRemoval: 'HDR-11',
  /** A funds confirmation answers 200 with fundsAvailable only. */
  fundsConfirmation: 'COF-9',
} as const;

/** The rule of each answer shape the client holds every answer to (`NoBody`: a 204; `TppMessages`: a 4xx). */
export const CONTRACT_RULES = {
  ConsentCreationResponse: 'AIS-CONSENT-13',
  ConsentResponse: 'AIS-CONSENT-17',
  ConsentStatusResponse: 'HDR-12',
  Authorisations: 'SCA-2',
  ScaStatusResponse: 'SCA-1',
  AccountList: 'AIS-DATA-3',
  AccountResponse: 'AIS-DATA-3',
  BalanceResponse: 'AIS-DATA-4',
  TransactionsResponse: 'AIS-DATA-6',
  PaymentInitiationResponse: 'PIS-INIT-4',
  PaymentResponse: 'PIS-INIT-5',
  PaymentStatusResponse: 'HDR-12',
  RevocationCallback: 'CB-2',
  FundsConfirmationConsentResponse: 'AIS-CONSENT-18',
  FundsConfirmationResponse: 'COF-9',
  TppMessages: 'ERR-1',
  NoBody: 'HDR-11',
} as const satisfies Record<ResponseBodyName | 'TppMessages' | 'NoBody', string>;
