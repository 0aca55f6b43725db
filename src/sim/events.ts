/** What the sandbox tells the outside while it runs (the terminal UI and tests listen; nothing in the simulator needs a listener). */
import type { AuthorisationEvent, PaymentEvent, ProviderEvent } from './change-events.js';
import type { ConsentEvent, ConsentStatusEvent } from './consent-events.js';
import type { ExchangeEvent, RequestEvent } from './exchange-events.js';
import type { ForgedCallbackEvent } from './callback-events.js';
import type { ClientFinding } from './judge/findings.js';

export type { AuthorisationEvent, Due, PaymentEvent, ProviderEvent } from './change-events.js';
export type { ConsentEvent, ConsentStatusEvent } from './consent-events.js';
export type { ExchangeEvent, HeaderValues, RequestEvent } from './exchange-events.js';
export type { ForgedCallbackEvent, ForgedSend } from './callback-events.js';
export type { ClientFinding } from './judge/findings.js';

export interface SandboxEventMap {
  request: RequestEvent;
  exchange: ExchangeEvent;
  'consent-changed': ConsentEvent;
  /** With every `consent-changed` that can move them (not a recurring consent's use): only its id, provider, status and due time. */
  'consent-status': ConsentStatusEvent;
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
  /** Revocation events forged for a provider's receiver, with its answers. */
  'callback-forged': ForgedCallbackEvent;
  /** The client judge found that a provider's client broke a client rule (acknowledged rules are not told). */
  'client-finding': ClientFinding;
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
