/** Everything a sandbox's services share, passed explicitly (no module-level state). */
import type { Bank } from './bank/bank.js';
import type { Clock } from './clock.js';
import type { EventBus } from './events.js';
import type { FaultInjector } from './faults/injector.js';
import type { Ledgers } from './ledger/index.js';
import type { Behaviour, ServedProfile } from './profile.js';
import type { CustomersFixture, RegisterFixture } from './seed/fixtures.js';
import type { Seed } from './seed/seed.js';
import type { Store } from './store/store.js';

export interface SandboxContext {
  readonly store: Store;
  /** The one writer of the store: every change is a unit of work through it. */
  readonly bank: Bank;
  readonly clock: Clock;
  readonly events: EventBus;
  readonly registerFixture: RegisterFixture;
  readonly customersFixture: CustomersFixture;
  readonly seedNumber: number;
  readonly customerCount: number;
  /** Rebuilt when a reset moves the seed anchor. */
  seed: Seed;
  /** Per-account transaction index over the seed and the stored bookings; rebuilt with the seed. */
  ledgers: Ledgers;
  /** Base URL of the customer surface, known once it listens (scaRedirect links point there). */
  portalUrl: string;
  /** Extra CA certificates (PEM) trusted for callback receivers (`--callback-ca`). */
  readonly callbackCa: readonly string[];
  /** Deliveries being attempted right now, so a tick and a clock move never send one twice at once. */
  /** Callback attempts on the wire, by eventId: a delivery is never sent twice at once, and a flush can wait for them. */
  readonly deliveriesInFlight: Map<string, Promise<void>>;
  /** Fault injection rules (`--faults`, `/sandbox/faults`); none by default. */
  readonly faults: FaultInjector;
  /** The bank profile served (`profile` option): fixed for the sandbox's life, a reset keeps it. */
  readonly profile: ServedProfile;
  /** The profile's settings as the values services pass to the rules. */
  readonly behaviour: Behaviour;
  log(message: string): void;
}
