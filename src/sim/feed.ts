/**
 * What the request journal and the client judge read: the sandbox's events. With one process that is
 * its own event bus. With several processes on one database (a shared store) each process publishes
 * the events they read into the store's log, and reads the log back in the order the database took
 * them, its own events among the others': every process's journal and client report then hold every
 * request, whichever process served it. Commands to them (empty the journal, forget or acknowledge
 * findings) go the same way, so a call through any process reaches the journal and judge of all.
 */
import { maskHeaders, maskQuery, maskText } from '../contract/mask.js';
import { createEventBus, type EventBus, type ExchangeEvent, type SandboxEventName } from './events.js';
import { keptBody } from './kept-body.js';
import type { SharedLog } from './store/records.js';

/** The events the journal and the judge listen to. */
const FED: readonly SandboxEventName[] = [
  'exchange',
  'consent-status',
  'payment-changed',
  'authorisation-changed',
  'provider-registered',
  'callback-attempt',
  'callback-forged',
  'reset',
];

export type FeedCommand = 'journal-cleared' | 'report-cleared' | 'report-acknowledged';

export interface Feed {
  /** Where the journal and the judge listen. */
  readonly bus: EventBus;
  /** Whether other processes publish into it (a shared store). */
  readonly shared: boolean;
  /** Reads what was published since the last look (a shared store); nothing to do otherwise. */
  catchUp(): void;
  /** Tells a command to every process (after catching up, so it comes after what this one has seen). */
  tell(command: FeedCommand, body: unknown): void;
  onCommand(command: FeedCommand, apply: (body: unknown) => void): void;
  close(): void;
}

const keptText = (text: string | undefined) => {
  const body = keptBody(text);
  return body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
};

/**
 * An exchange as the shared log keeps it: masked (contract/mask.ts) and its bodies cut as the
 * journal keeps them (kept-body.ts), since the log is a table of the database, kept for the newest
 * 20,000 events, that an operator's backup copies: it holds no card number, key or secret, and no
 * body of 60 KB. Masking is the same in every process, so the judges compare the same texts.
 */
export function loggedExchange(event: ExchangeEvent): ExchangeEvent {
  const { request, answer } = event;
  return {
    ...event,
    request: {
      ...request,
      path: maskText(request.path),
      query: maskQuery(request.query),
      headers: maskHeaders(request.headers),
      body: keptText(request.body),
    },
    answer: answer && {
      ...answer,
      headers: maskHeaders(answer.headers) as Record<string, string>,
      body: keptText(answer.body),
    },
  };
}

/** How many logged events one look reads at most; a look after a long pause reads on until it has all. */
const PAGE = 1000;

export function createFeed(events: EventBus, log: SharedLog | undefined, report: (error: unknown) => void): Feed {
  const commands = new Map<string, ((body: unknown) => void)[]>();
  const onCommand = (command: FeedCommand, apply: (body: unknown) => void) =>
    void commands.set(command, [...(commands.get(command) ?? []), apply]);
  if (!log) {
    return {
      bus: events,
      shared: false,
      catchUp: () => undefined,
      tell: (command, body) => commands.get(command)?.forEach((apply) => apply(body)),
      onCommand,
      close: () => undefined,
    };
  }
  const bus = createEventBus();
  for (const name of FED)
    events.on(name, (event) => log.append(name, name === 'exchange' ? loggedExchange(event as ExchangeEvent) : event));
  let seen = 0;
  let closed = false;
  const catchUp = () => {
    // Closed with the sandbox: the report read after a stop is what was caught up with before it.
    if (closed) return;
    for (let page = log.since(seen, PAGE); page.length > 0; page = log.since(seen, PAGE)) {
      for (const { seq, name, body } of page) {
        seen = seq;
        const command = commands.get(name);
        if (command) command.forEach((apply) => apply(body));
        // An exchange's id is its place in the log: one numbering for every process's requests.
        else if (name === 'exchange') bus.emit('exchange', { ...(body as object), id: seq } as never);
        else bus.emit(name as SandboxEventName, body as never);
      }
    }
  };
  // Findings and journal entries follow the others' traffic within a moment even when nobody asks.
  const timer = setInterval(() => {
    try {
      catchUp();
    } catch (error) {
      report(error);
    }
  }, 250);
  timer.unref();
  return {
    bus,
    shared: true,
    catchUp,
    tell(command, body) {
      catchUp();
      log.append(command, body);
      catchUp();
    },
    onCommand,
    close() {
      // What is known now is what a report read after the stop shows.
      try {
        catchUp();
      } catch (error) {
        report(error);
      }
      closed = true;
      clearInterval(timer);
    },
  };
}
