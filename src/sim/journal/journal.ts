/**
 * The request journal: what the XS2A API received and answered, kept for `GET /sandbox/requests`
 * and `sandbox.requests()`, so a client in any language can check what arrived (WireMock's request
 * journal, for this interface). It listens to the lifecycle's `exchange` event and keeps the newest
 * entries up to its capacity, dropping the oldest and counting them. Entries are masked and shaped
 * when read, not on every request. A reset of the sandbox empties it.
 */
import type { EventBus, ExchangeEvent } from '../events.js';
import { journalEntry, type JournalEntry } from './entry.js';
import { readFilter } from './filter.js';

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
}

export interface RequestJournal {
  /** Reads it; a filter it cannot read throws FORMAT_ERROR naming the member (filter.ts). */
  read(filter?: Readonly<Record<string, unknown>>): JournalPage;
  /** Empties it; answers how many requests it held. */
  clear(): number;
}

export function createJournal(events: EventBus, capacity: number): RequestJournal {
  // Oldest first; at the default capacity (1,000) dropping the oldest with shift() costs nothing measurable.
  let kept: ExchangeEvent[] = [];
  let dropped = 0;
  if (capacity > 0) {
    events.on('exchange', (event) => {
      kept.push(event);
      if (kept.length > capacity) {
        kept.shift();
        dropped += 1;
      }
    });
  }
  const clear = () => {
    const held = kept.length;
    kept = [];
    dropped = 0;
    return held;
  };
  events.on('reset', clear);
  return {
    read(filter = {}) {
      const { matches, limit } = readFilter(filter);
      const found: ExchangeEvent[] = [];
      for (let i = kept.length - 1; i >= 0; i--) if (matches(kept[i]!)) found.push(kept[i]!);
      return {
        requests: found.slice(0, limit).map(journalEntry),
        matched: found.length,
        kept: kept.length,
        dropped,
        capacity,
      };
    },
    clear,
  };
}
