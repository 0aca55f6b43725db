/**
 * What the sandbox tells the outside while it runs (the terminal UI and tests listen; nothing in
 * the simulator depends on a listener being present).
 */
import type { RequestFaultKind } from './faults/schema.js';
import type { BudgetName } from './rules/budget.js';

/** Headers by lower-case name: a header sent once is a string, one sent more than once the list of its values. */
export type HeaderValues = Record<string, string | string[]>;

/**
 * One XS2A API request and what became of it, sent once the answer is written (or the connection
 * dropped): the last stage of the request lifecycle (api/lifecycle.ts). Built only while someone
 * listens. Requests node's HTTP parser refused never reached the lifecycle and are not reported.
 */
export interface ExchangeEvent {
  /** 1, 2, 3, … in the order the sandbox finished the requests: every API request of this sandbox counts. */
  id: number;
  /** When the request arrived, by the sandbox clock. */
  at: string;
  /** When the request arrived, by the host's clock. */
  realAt: string;
  /** The organizationIdentifier of the certificate, when one was accepted. */
  provider: string | undefined;
  request: {
    method: string;
    /** The request target without its query. */
    path: string;
    /** What follows the `?`, '' without one. */
    query: string;
    /** As received, names in lower case. */
    headers: HeaderValues;
    /** The body's text as received (at most the body limit), undefined when none was read. */
    body: string | undefined;
  };
  /**
   * What was written: the status, the headers the sandbox wrote (lower-case names; node's own
   * Date, Connection and Keep-Alive are not among them) and the body's text (undefined without one,
   * and on HEAD). Null when the connection was dropped without an answer.
   */
  answer: { status: number; headers: Record<string, string>; body: string | undefined } | null;
  /** The tppMessages code of an error answer. */
  code: string | undefined;
  /** The fault rule that answered, held or dropped the request, if one did. */
  fault: RequestFaultKind | undefined;
  /** Arrival to the answer written (a held answer included), in milliseconds. */
  latencyMs: number;
}

export interface RequestEvent {
  at: string;
  provider: string | undefined;
  method: string;
  path: string;
  status: number;
  code: string | undefined;
  latencyMs: number;
}

export interface ProviderEvent {
  organizationIdentifier: string;
  name: string;
  roles: string[];
}

/**
 * A status that time alone will change without another event (the sandbox derives these from the
 * clock): a listener shows `status` until its clock reaches `at`.
 */
export interface Due<S extends string> {
  status: S;
  at: string;
}

/** Unattended-access budgets (spec "Limits"): one per data type, and one for funds confirmations (defined with the budget rules). */
export type { BudgetName } from './rules/budget.js';

/** A consent after it was created, decided, used (budget spent) or ended. */
export interface ConsentEvent {
  consentId: string;
  kind: 'ais' | 'cof';
  tpp: string;
  consentStatus: string;
  /** `expired` at the end of its validity or, for a used one-off consent, after the idle hour. */
  due: Due<'expired'> | null;
  psuId: string | null;
  recurringIndicator: boolean;
  /** IBANs granted once approved, the ones asked for before. */
  ibans: string[];
  frequencyPerDay: number;
  /** The budgets this consent has, and what was used of them on `day` (UTC); a new day starts unused. */
  budgets: BudgetName[];
  used: Partial<Record<BudgetName, number>>;
  day: string;
  createdAt: string;
}

/** A payment after initiation and every decided or timed change of its status. */
export interface PaymentEvent {
  paymentId: string;
  tpp: string;
  product: string;
  transactionStatus: string;
  /** ACSP → ACSC at settlement, PDNG → CANC 24 hours after the payee check began. */
  due: Due<'ACSC' | 'CANC'> | null;
  authorisationId: string;
  psuId: string | null;
  debtorIban: string;
  creditorIban: string;
  creditorName: string | null;
  amount: string;
  createdAt: string;
}

/** An SCA authorisation of a consent or a payment, whenever its scaStatus changes. */
export interface AuthorisationEvent {
  authorisationId: string;
  parent: { kind: 'consent' | 'payment'; id: string };
  tpp: string;
  scaStatus: string;
  /** An unfinished authorisation fails after its 15 minutes (spec "Limits"). */
  due: Due<'failed'> | null;
  psuId: string | null;
  /** The accounts it is about: who holds them is the customer who can approve. */
  ibans: string[];
  createdAt: string;
}

export interface SandboxEventMap {
  request: RequestEvent;
  exchange: ExchangeEvent;
  'consent-changed': ConsentEvent;
  'payment-changed': PaymentEvent;
  'authorisation-changed': AuthorisationEvent;
  'provider-registered': ProviderEvent;
  'clock-changed': { from: string; to: string };
  reset: { at: string };
  'callback-attempt': {
    eventId: string;
    consentId: string;
    attempt: number;
    status: number | null;
    error: string | null;
    outcome: string;
  };
}

export type SandboxEventName = keyof SandboxEventMap;
type Listener<K extends SandboxEventName> = (event: SandboxEventMap[K]) => void;

export interface EventBus {
  on<K extends SandboxEventName>(name: K, listener: Listener<K>): () => void;
  emit<K extends SandboxEventName>(name: K, event: SandboxEventMap[K]): void;
  /**
   * Whether anyone listens: events sent on every API request (request, exchange, consent-changed)
   * cost more to build than the request's own work, so they are built only for a listener.
   */
  has(name: SandboxEventName): boolean;
}

export function createEventBus(): EventBus {
  const listeners = new Map<SandboxEventName, Set<(event: never) => void>>();
  return {
    on(name, listener) {
      const set = listeners.get(name) ?? new Set();
      set.add(listener as (event: never) => void);
      listeners.set(name, set);
      return () => set.delete(listener as (event: never) => void);
    },
    emit(name, event) {
      for (const listener of listeners.get(name) ?? []) (listener as Listener<typeof name>)(event);
    },
    has(name) {
      return (listeners.get(name)?.size ?? 0) > 0;
    },
  };
}
