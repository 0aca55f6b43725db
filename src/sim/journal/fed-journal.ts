/**
 * The request journal over the feed (feed.ts): it holds the requests every process of the sandbox
 * served, read after catching up with the others; emptying it is told to every process's journal.
 */
import type { Feed } from '../feed.js';
import { createJournal, type RequestJournal } from './journal.js';

export function fedJournal(feed: Feed, capacity: number): RequestJournal {
  const journal = createJournal(feed.bus, capacity);
  feed.onCommand('journal-cleared', () => journal.clear());
  return {
    read(filter) {
      feed.catchUp();
      return journal.read(filter);
    },
    clear() {
      feed.catchUp();
      const held = journal.read().kept;
      feed.tell('journal-cleared', {});
      return held;
    },
  };
}
