/**
 * The request journal: what the XS2A API received and answered, kept for `GET /sandbox/requests`
 * and `sandbox.requests()`, so a client in any language can check what arrived (WireMock's request
 * journal, for this interface). It listens to the lifecycle's `exchange` event and keeps the newest
 * entries up to its capacity in entries and JOURNAL_BYTES in size, dropping the oldest and counting
 * them. Each entry is masked and its bodies cut when it is kept (entry.ts, kept-body.ts), so the
 * journal never holds a card number, a key or a secret, nor more than its bound, even between reads.
 * Each journal is its own bound: a sandbox of several worlds has one per world. A reset empties it.
 */
import type { EventBus, ExchangeEvent, HeaderValues } from '../events.js';
import { BODY_KEPT_CHARACTERS } from '../kept-body.js';
import { journalEntry, type JournalEntry } from './entry.js';
import { readFilter, type FilterSubject } from './filter.js';

/** The most a journal keeps, in bytes (as entrySize counts them); the oldest go first beyond it. */
export const JOURNAL_BYTES = 4 * 1024 * 1024;

/** Bytes an entry holds beyond its texts: its numbers, names and the structure around them. */
const ENTRY_OVERHEAD = 256;

const textsLength = (values: HeaderValues) => {
  let length = 0;
  for (const name in values) {
    const value = values[name]!;
    length += name.length + (Array.isArray(value) ? value.reduce((sum, one) => sum + one.length, 0) : value.length);
  }
  return length;
};
const bodyLength = (text: string | undefined) =>
  text === undefined ? 0 : Math.min(text.length, BODY_KEPT_CHARACTERS + 40);

/**
 * What an entry costs in memory, counted from the exchange as received rather than by writing the
 * entry out (which cost more than masking it): two bytes a character of its path, query, headers and
 * bodies as kept (at most BODY_KEPT_CHARACTERS and the cut marker each), its query twice (as sent and
 * decoded), and a fixed overhead.
 */
export function entrySize(event: ExchangeEvent): number {
  const { request, answer } = event;
  const chars =
    request.path.length * 2 +
    request.query.length * 3 +
    textsLength(request.headers) +
    bodyLength(request.body) +
    (answer ? textsLength(answer.headers) + bodyLength(answer.body) : 0);
  return ENTRY_OVERHEAD + 2 * chars;
}

/** What a read of the journal answers. */
export interface JournalPage {
  /** The matching requests, newest first, at most `limit`. */
  requests: JournalEntry[];
  /** How many kept requests match, before `limit`. */
  matched: number;
  /** How many requests are kept now. */
  kept: number;
  /** How many of the oldest were dropped to stay within the capacity, since the last clear or reset. */
  dropped: number;
  /** The most requests kept (the `journal` option); 0 when the journal is off. */
  capacity: number;
  /** The size of the kept requests in memory, in bytes (entrySize). */
  bytes: number;
  /** The most bytes kept (JOURNAL_BYTES). */
  capacityBytes: number;
}

interface Kept {
  entry: JournalEntry;
  subject: FilterSubject;
  bytes: number;
}

export interface RequestJournal {
  /** Reads it; a filter it cannot read throws FORMAT_ERROR naming the member (filter.ts). */
  read(filter?: Readonly<Record<string, unknown>>): JournalPage;
  /** Empties it; answers how many requests it held. */
  clear(): number;
}

export function createJournal(events: EventBus, capacity: number, capacityBytes = JOURNAL_BYTES): RequestJournal {
  // Oldest first; at the default capacity (1,000) dropping the oldest with shift() costs nothing measurable.
  let kept: Kept[] = [];
  let bytes = 0;
  let dropped = 0;
  if (capacity > 0) {
    events.on('exchange', (event) => {
      const entry = journalEntry(event);
      const subject = { at: entry.at, provider: entry.provider, request: entry.request, answer: entry.response };
      const size = entrySize(event);
      kept.push({ entry, subject, bytes: size });
      bytes += size;
      while (kept.length > capacity || (bytes > capacityBytes && kept.length > 0)) {
        bytes -= kept.shift()!.bytes;
        dropped += 1;
      }
    });
  }
  const clear = () => {
    const held = kept.length;
    kept = [];
    bytes = 0;
    dropped = 0;
    return held;
  };
  events.on('reset', clear);
  return {
    read(filter = {}) {
      const { matches, limit } = readFilter(filter);
      const found: JournalEntry[] = [];
      for (let i = kept.length - 1; i >= 0; i--) if (matches(kept[i]!.subject)) found.push(kept[i]!.entry);
      return {
        requests: found.slice(0, limit),
        matched: found.length,
        kept: kept.length,
        dropped,
        capacity,
        bytes,
        capacityBytes,
      };
    },
    clear,
  };
}
