/**
 * A seeded account's booked history: the same transactions for the same (seed, IBAN) on every
 * machine. Dates are day offsets before the store's seed anchor, so a sandbox started today shows
 * recent history and a restart with --data shows the same dates as before.
 */
import { withFaker } from './random.js';

export interface SeedTransaction {
  /** 1-based position in booking order (oldest first); the basis of paging cursors. */
  seq: number;
  transactionId: string;
  amountCents: number;
  bookingDate: string;
  valueDate: string;
  creditorName: string | undefined;
  debtorName: string | undefined;
  remittanceInformationUnstructured: string;
}

export interface HistoryRequest {
  seed: number;
  iban: string;
  ownerName: string;
  size: number;
  anchor: string;
}

const DAY_MS = 86_400_000;
const HISTORY_DAYS = 365;

function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function buildHistory(request: HistoryRequest): SeedTransaction[] {
  const anchorMs = Date.parse(`${request.anchor}T00:00:00Z`);
  return withFaker(request.seed, ['history', request.iban], (f) => {
    const rows = Array.from({ length: request.size }, () => {
      const daysAgo = f.number.int({ min: 1, max: HISTORY_DAYS });
      const credit = f.number.float() < 0.2;
      const cents = credit ? f.number.int({ min: 5_000, max: 300_000 }) : -f.number.int({ min: 150, max: 40_000 });
      const counterparty = credit ? f.person.fullName() : f.company.name();
      const text = credit ? `Gutschrift ${f.string.numeric(6)}` : `Kartenzahlung ${f.string.alphanumeric({ length: 8, casing: 'upper' })}`;
      return { daysAgo, cents, counterparty, text, credit };
    });
    // Oldest first; ties keep generation order, so the result is fully determined by the seed.
    rows.sort((a, b) => b.daysAgo - a.daysAgo);
    return rows.map((row, index) => {
      const bookingMs = anchorMs - row.daysAgo * DAY_MS;
      return {
        seq: index + 1,
        transactionId: `${request.iban.slice(-6)}-${String(index + 1).padStart(7, '0')}`,
        amountCents: row.cents,
        bookingDate: isoDay(bookingMs),
        valueDate: isoDay(bookingMs),
        creditorName: row.credit ? request.ownerName : row.counterparty,
        debtorName: row.credit ? row.counterparty : request.ownerName,
        remittanceInformationUnstructured: row.text,
      };
    });
  });
}
