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
