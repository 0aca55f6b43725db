/** Everything a sandbox's services share, passed explicitly (no module-level state). */
import type { Clock } from './clock.js';
import type { EventBus } from './events.js';
import type { CustomersFixture, RegisterFixture } from './seed/fixtures.js';
import type { Seed } from './seed/seed.js';
import type { Store } from './store/store.js';

export interface SandboxContext {
  readonly store: Store;
  readonly clock: Clock;
  readonly events: EventBus;
  readonly registerFixture: RegisterFixture;
  readonly customersFixture: CustomersFixture;
  readonly seedNumber: number;
  readonly customerCount: number;
  /** Rebuilt when a reset moves the seed anchor. */
  seed: Seed;
  log(message: string): void;
}
