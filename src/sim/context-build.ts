/**
 * The sandbox context, built in dependency order: the store and the clock (a clock kept with --data
 * wins over the configured start), the seeded world over the store's anchor, the parts, then the bank
 * over them (what time makes due is applied by the bank with the parts, never with the context that
 * holds the bank).
 */
import { resolve } from 'node:path';
import { openCaFolder } from '../certs/ca-folder.js';
import { userCertificatesDir } from '../certs/user-cache.js';
import { isoDate } from '../contract/dates.js';
import { createBank } from './bank/bank.js';
import { createClock } from './clock.js';
import type { Addresses, SandboxContext, SandboxParts } from './context.js';
import { createEventBus } from './events.js';
import { createFaultInjector } from './faults/injector.js';
import { createFeed } from './feed.js';
import { fedJudge } from './judge/fed-judge.js';
import { StoreUnavailableError } from './store/records.js';
import type { ResolvedFaults } from './faults/profiles.js';
import type { SandboxOptions } from './options.js';
import type { Behaviour, ServedProfile } from './profile.js';
import { profileFollower } from './profile-choice.js';
import { loadCustomersFixture, loadRegisterFixture } from './seed/fixtures.js';
import { anyPaymentDue, applyDuePayments } from './services/payments/settlement.js';
import { syncShared } from './sync-shared.js';
import type { SandboxState } from './store/records.js';
import { freshState } from './store/state.js';
import { openStore, type Store } from './store/store.js';
import { createWorld } from './world.js';

export async function buildContext(
  options: SandboxOptions,
  given: {
    profile: ServedProfile;
    behaviour: Behaviour;
    log: (message: string) => void;
    callbackCa: readonly string[];
    startFaults: ResolvedFaults;
    /** Where the servers listen, when they are shared with other worlds' contexts (filled in once they listen). */
    addresses?: Addresses;
    /** The world's store, where it is not the one `data` names (a world of a sandbox of worlds). */
    openStore?: (fresh: () => SandboxState) => Store;
  },
): Promise<{ ctx: SandboxContext; addresses: Addresses }> {
  const { log, callbackCa, startFaults } = given;
  const startOffset = options.clockStart ? Date.parse(options.clockStart) - Date.now() : 0;
  const seedAnchor = isoDate(Date.now() + startOffset);
  const store = given.openStore
    ? given.openStore(() => freshState(seedAnchor))
    : openStore({ file: options.data, seedAnchor, log });
  const kept = store.state();
  // The sandbox's own profile objects, kept to the choice in its state (a world's own, with worlds).
  const profileChoice = profileFollower(given.profile, options.opaqueState);
  profileChoice.follow(kept);
  // A kept clock wins over the configured start, except in a file that never moved it.
  const clock = createClock({
    offsetMs: options.data && kept.clockOffsetMs !== 0 ? kept.clockOffsetMs : startOffset,
    ...(options.clockStart ? { startAt: Date.parse(options.clockStart) } : {}),
  });
  const world = createWorld({
    seed: options.seed,
    customers: options.customers,
    fixture: options.customersFixture ?? loadCustomersFixture(),
    anchor: kept.seedAnchor,
    bookings: (iban) => store.find('bookings', 'account', iban),
  });
  const addresses: Addresses = given.addresses ?? { portalUrl: '', apiUrl: '' };
  const events = createEventBus();
  const feed = createFeed(events, store.log, (error) => {
    if (!(error instanceof StoreUnavailableError)) log(`journal and client judge: ${String(error)}`);
  });
  // Built in dependency order: the parts, then the bank over them (what time makes due is applied
  // by the bank with the parts, never with the context that holds the bank).
  const parts: SandboxParts = {
    store,
    clock,
    events,
    feed,
    world,
    registerFixture: loadRegisterFixture(),
    addresses,
    callbackCa,
    deliveriesInFlight: new Map(),
    faults: createFaultInjector({
      seed: options.seed,
      start: startFaults,
      shared: store.sharedFaults,
    }),
    profile: profileChoice.profile,
    behaviour: profileChoice.behaviour,
    profileChoice,
    // The facility's CA folder, the same one startSandbox serves: every world reads its revocations.
    ...(options.checkRevocation
      ? { revocation: openCaFolder(resolve(options.certsDir ?? userCertificatesDir())) }
      : {}),
    ...(options.expireBySandboxClock ? { expireBySandboxClock: true } : {}),
    // It listens from the start, so it sees every exchange and change of this sandbox.
    judge: options.clientJudge ? fedJudge(feed, clock, events, options.reportSize) : undefined,
    log,
  };
  const bank = createBank({
    store,
    ledgers: () => world.ledgers,
    log,
    due: {
      any: () => anyPaymentDue(parts, clock.now()),
      apply: (uow) => applyDuePayments(parts, uow, clock.now()),
    },
    sync: () => syncShared(parts),
    maxRecords: options.maxRecords,
  });
  const ctx: SandboxContext = { ...parts, bank };
  if (kept.clockOffsetMs !== clock.offsetMs) {
    try {
      await ctx.bank.transact((uow) => uow.setState({ clockOffsetMs: clock.offsetMs }));
    } catch (error) {
      store.close();
      throw error;
    }
  }
  return { ctx, addresses };
}
