/**
 * `sandbox.requests()`: the request journal in a test, read as `GET /sandbox/requests` reads it.
 *
 *   const [created] = sandbox.requests({ method: 'POST', path: '/v1/consents' });
 *   expect(created.request.headers['tpp-redirect-uri']).toBe('https://tpp.example/cb');
 *   sandbox.requests.clear();
 */
import type { JournalEntry } from '../journal/entry.js';
import type { JournalFilter } from '../journal/filter.js';
import type { JournalPage, RequestJournal } from '../journal/journal.js';
import { refusingNow } from './errors.js';

export interface SandboxRequests {
  /** The requests the XS2A API answered, newest first; a filter it cannot read throws SandboxError naming the member. */
  (filter?: JournalFilter): JournalEntry[];
  /** The same with the counts: how many matched, are kept, were dropped, and the capacity. */
  read(filter?: JournalFilter): JournalPage;
  /** Empties the journal (a reset does too); answers how many requests it held. */
  clear(): number;
}

export function requestsOf(journal: RequestJournal): SandboxRequests {
  const read = (filter: JournalFilter = {}) =>
    refusingNow(() => journal.read(filter as Readonly<Record<string, unknown>>));
  return Object.assign((filter?: JournalFilter) => read(filter).requests, { read, clear: () => journal.clear() });
}
