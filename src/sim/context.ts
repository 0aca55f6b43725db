/**
 * Everything a sandbox's services share, passed explicitly (no module-level state). Built in
 * dependency order (sandbox.ts): the parts first, then the bank over them; every field is fixed for
 * the sandbox's life, and what does change lives in the holders named here (the store's data, the
 * clock's offset, the world, the portal's address once it listens).
 */
import type { CaFolder } from '../certs/ca-folder.js';
import type { Bank } from './bank/bank.js';
import type { Clock } from './clock.js';
import type { EventBus } from './events.js';
import type { Feed } from './feed.js';
import type { FaultInjector } from './faults/injector.js';
import type { ClientJudge } from './judge/judge.js';
import type { Behaviour, ServedProfile } from './profile.js';
import type { ProfileFollower } from './profile-choice.js';
import type { RegisterFixture } from './seed/fixtures.js';
import type { Store } from './store/store.js';
import type { World } from './world.js';

/** Where the servers listen: known once they do (scaRedirect links point to the portal, absolute hrefs to the API). */
export interface Addresses {
  portalUrl: string;
  apiUrl: string;
}

/** Everything but the bank: what the bank's own due work (settlements) needs, so the bank is built after them. */
export interface SandboxParts {
  readonly store: Store;
  readonly clock: Clock;
  readonly events: EventBus;
  /** What the journal and the client judge read: the events of this process, or of every process of a shared sandbox. */
  readonly feed: Feed;
  /** The seed and the ledgers over it. */
  readonly world: World;
  readonly registerFixture: RegisterFixture;
  readonly addresses: Readonly<Addresses>;
  /** Extra CA certificates (PEM) trusted for callback receivers (`--callback-ca`). */
  readonly callbackCa: readonly string[];
  /** Callback attempts on the wire, by eventId: a delivery is never sent twice at once, and a flush can wait for them. */
  readonly deliveriesInFlight: Map<string, Promise<void>>;
  /** Fault injection rules (`--faults`, `/sandbox/faults`); none by default. */
  readonly faults: FaultInjector;
  /** The bank profile served: the `profile` option, or the one chosen while it runs (a reset keeps either). */
  readonly profile: ServedProfile;
  /** The profile's settings as the values services pass to the rules. */
  readonly behaviour: Behaviour;
  /** Keeps `profile` and `behaviour` to the choice in the store's state (`PUT /sandbox/profile`). */
  readonly profileChoice: ProfileFollower;
  /** The test CA's folder when client certificates are checked for revocation (`checkRevocation`); undefined when they are not. */
  readonly revocation?: CaFolder;
  /** Whether a client certificate's notAfter is judged by the sandbox clock too (`expireBySandboxClock`). */
  readonly expireBySandboxClock?: boolean;
  /** The client judge over the events (`clientJudge` option); undefined when it is off. Nothing in the simulator reads it. */
  readonly judge: ClientJudge | undefined;
  log(message: string): void;
}

export interface SandboxContext extends SandboxParts {
  /** The one writer of the store: every change is a unit of work through it. */
  readonly bank: Bank;
}
