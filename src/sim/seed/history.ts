/**
 * A seeded account's history: the same transactions for the same (seed, IBAN) on every machine.
 * Dates are day offsets before the store's seed anchor, so a sandbox started today shows recent
 * history and a restart with --data shows the same dates as before. Booked rows come first (they
 * make up the account's closing balance), then a few pending card payments of the last two days.
 */
import type { TransactionEntry } from '../transaction-entry.js';
import { withFaker } from './random.js';
import { DAY_MS, dayStartMs, isoDate } from '../../contract/dates.js';

export type SeedTransaction = TransactionEntry;

export interface HistoryRequest {
  seed: number;
  iban: string;
  ownerName: string;
  /** Booked rows. */
  size: number;
  /** Pending rows after the booked ones. */
  pending: number;
  anchor: string;
}

const HISTORY_DAYS = 365;
const PENDING_DAYS = 2;

function transactionId(iban: string, seq: number): string {
  return `${iban.slice(-6)}-${String(seq).padStart(7, '0')}`;
}

function bookedRows(request: HistoryRequest, anchorMs: number): SeedTransaction[] {
  return withFaker(request.seed, ['history', request.iban], (f) => {
    const rows = Array.from({ length: request.size }, () => {
      const daysAgo = f.number.int({ min: 1, max: HISTORY_DAYS });
      const credit = f.number.float() < 0.2;
      const cents = credit ? f.number.int({ min: 5_000, max: 300_000 }) : -f.number.int({ min: 150, max: 40_000 });
      const counterparty = credit ? f.person.fullName() : f.company.name();
      const text = credit
        ? `Gutschrift ${f.string.numeric(6)}`
        : `Kartenzahlung ${f.string.alphanumeric({ length: 8, casing: 'upper' })}`;
      return { daysAgo, cents, counterparty, text, credit };
    });
    // Oldest first; ties keep generation order, so the result is fully determined by the seed.
    rows.sort((a, b) => b.daysAgo - a.daysAgo);
    return rows.map((row, index) => {
      const bookingMs = anchorMs - row.daysAgo * DAY_MS;
      return {
        seq: index + 1,
        transactionId: transactionId(request.iban, index + 1),
        amountCents: row.cents,
        status: 'booked' as const,
        bookingDate: isoDate(bookingMs),
        valueDate: isoDate(bookingMs),
        creditorName: row.credit ? request.ownerName : row.counterparty,
        debtorName: row.credit ? row.counterparty : request.ownerName,
        remittanceInformationUnstructured: row.text,
      };
    });
  });
}

// A faker run of its own, so adding pending rows never changes the booked rows of the same seed.
function pendingRows(request: HistoryRequest, anchorMs: number, firstSeq: number): SeedTransaction[] {
  return withFaker(request.seed, ['pending', request.iban], (f) => {
    const rows = Array.from({ length: request.pending }, () => ({
      daysAgo: f.number.int({ min: 1, max: PENDING_DAYS }),
      cents: -f.number.int({ min: 150, max: 15_000 }),
      merchant: f.company.name(),
      text: `Kartenzahlung ${f.string.alphanumeric({ length: 8, casing: 'upper' })}`,
    }));
    // valueDate non-decreasing with seq: paging binary-searches pending rows by valueDate.
    rows.sort((a, b) => b.daysAgo - a.daysAgo);
    return rows.map((row, index) => {
      const seq = firstSeq + index;
      return {
        seq,
        transactionId: transactionId(request.iban, seq),
        amountCents: row.cents,
        status: 'pending' as const,
        bookingDate: undefined,
        valueDate: isoDate(anchorMs - row.daysAgo * DAY_MS),
        creditorName: row.merchant,
        debtorName: request.ownerName,
        remittanceInformationUnstructured: row.text,
      };
    });
  });
}

/** Booked rows (seq 1..size, oldest first), then pending rows (seq size+1..size+pending). */
export function buildHistory(request: HistoryRequest): SeedTransaction[] {
  const anchorMs = dayStartMs(request.anchor);
  const booked = bookedRows(request, anchorMs);
  return [...booked, ...pendingRows(request, anchorMs, booked.length + 1)];
}
