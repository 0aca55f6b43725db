export { createLedgers, type AccountLedger, type LedgerEntry, type Ledgers, type NewBooking } from './ledger.js';
