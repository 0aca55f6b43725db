/**
 * One transaction of an account's history, as the seed generates it, the store keeps run-time
 * bookings, and the ledger pages over them (spec "Transaction").
 */
export interface TransactionEntry {
  /** 1-based position in the account's history, one sequence for booked and pending entries: the basis of paging cursors. */
  seq: number;
  transactionId: string;
  /** Signed: the sign is the direction (debit negative, credit positive). */
  amountCents: number;
  status: 'booked' | 'pending';
  /** Undefined for pending entries: authorised, not booked (spec "TransactionsResponse" 2). */
  bookingDate: string | undefined;
  valueDate: string;
  creditorName: string | undefined;
  debtorName: string | undefined;
  remittanceInformationUnstructured: string;
}
