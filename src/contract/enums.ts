/** Enumerations of the spec, exactly as written there ("Resources and their fields"). */
export const CONSENT_STATUSES = [
  'received',
  'valid',
  'expired',
  'revokedByPsu',
  'terminatedByTpp',
  'rejected',
] as const;
export type ConsentStatus = (typeof CONSENT_STATUSES)[number];

export const SCA_STATUSES = ['received', 'started', 'psuAuthenticated', 'finalised', 'failed'] as const;
export type ScaStatus = (typeof SCA_STATUSES)[number];

export const TRANSACTION_STATUSES = ['RCVD', 'ACTC', 'PDNG', 'ACSP', 'ACSC', 'RJCT', 'CANC'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

export const PAYMENT_PRODUCTS = ['sepa-credit-transfers', 'instant-sepa-credit-transfers'] as const;
export type PaymentProduct = (typeof PAYMENT_PRODUCTS)[number];

export const BALANCE_TYPES = ['closingBooked', 'interimAvailable'] as const;
export type BalanceType = (typeof BALANCE_TYPES)[number];

export const BOOKING_STATUSES = ['booked', 'pending', 'both'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** The only currency of the interface. */
export const CURRENCY = 'EUR';

/** Spec "Errors" → "Codes", in its order. */
export const SPEC_ERROR_CODES = [
  'CERTIFICATE_MISSING',
  'ROLE_INVALID',
  'CONSENT_UNKNOWN',
  'CONSENT_INVALID',
  'CONSENT_EXPIRED',
  'FORMAT_ERROR',
  'SERVICE_INVALID',
  'PRODUCT_INVALID',
  'PAYMENT_FAILED',
  'CANCELLATION_INVALID',
  'REQUEST_ID_REUSED',
  'ACCESS_EXCEEDED',
  'INTERNAL_SERVER_ERROR',
] as const;

/**
 * Every code an XS2A answer may carry (`tppMessages[].code`): the spec's, and the two for statuses
 * the spec gives without a code (docs/interpretations.md): a 404 is `RESOURCE_UNKNOWN`, Berlin
 * Group's code for it, and a method a path does not take is 405 `METHOD_NOT_ALLOWED`. The control
 * API's own codes are not among them (errors.ts).
 */
export const ERROR_CODES = [...SPEC_ERROR_CODES, 'RESOURCE_UNKNOWN', 'METHOD_NOT_ALLOWED'] as const;
export type Xs2aErrorCode = (typeof ERROR_CODES)[number];
