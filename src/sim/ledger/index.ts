// The cursor is part of the interface (a client sends it back), so its spelling lives in the contract.
export { decodeEntryReference, encodeEntryReference } from '../../contract/entry-reference.js';
export { createLedgers, type AccountLedger, type LedgerEntry, type Ledgers, type NewBooking } from './ledger.js';
export { PAGE_SIZE, pageTransactions, type Page, type PageQuery } from './paging.js';
