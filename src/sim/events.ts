/**
 * What the sandbox tells the outside while it runs (the terminal UI and tests listen; nothing in
 * the simulator depends on a listener being present).
 */
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

export interface SandboxEventMap {
  request: RequestEvent;
  'provider-registered': ProviderEvent;
  'clock-changed': { from: string; to: string };
  reset: { at: string };
  'callback-attempt': { eventId: string; consentId: string; attempt: number; status: number | null; error: string | null; outcome: string };
}

export type SandboxEventName = keyof SandboxEventMap;
type Listener<K extends SandboxEventName> = (event: SandboxEventMap[K]) => void;

export interface EventBus {
  on<K extends SandboxEventName>(name: K, listener: Listener<K>): () => void;
  emit<K extends SandboxEventName>(name: K, event: SandboxEventMap[K]): void;
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
  };
}
