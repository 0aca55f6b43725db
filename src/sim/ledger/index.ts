export { decodeEntryReference, encodeEntryReference } from './entry-reference.js';
export { createLedgers, type AccountLedger, type LedgerEntry, type Ledgers, type NewBooking } from './ledger.js';
export { PAGE_SIZE, pageTransactions, type Page, type PageQuery } from './paging.js';
