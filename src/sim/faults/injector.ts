/**
 * A sandbox's fault rules while it runs: the start profile, rules added through the control API,
 * and each rule's count and random stream. Faults are rehearsal settings, not bank state, so they
 * live here rather than among the records: a restart or `POST /sandbox/reset` goes back to the
 * profile. Several processes serving one sandbox keep one set in their shared store instead.
 */
import { seedFor } from '../seed/random.js';
import { createCallbackHolds, type CallbackHolds } from './callback-holds.js';
import { activate, pickFault, type ActiveFault, type FaultTarget } from './pick.js';
import type { ResolvedFaults } from './profiles.js';
import type { FaultRule } from './schema.js';
import type { SharedValue } from '../store/records.js';

export type FaultView = { id: string; applied: number; remaining?: number } & FaultRule;

export interface FaultsView {
  /** The start profile (a built-in name or a file), null when the sandbox started without one. */
  profile: string | null;
  rules: FaultView[];
}

export interface FaultInjector {
  view(): FaultsView;
  add(rules: readonly FaultRule[]): FaultsView;
  /** False when no active rule has that id. */
  remove(id: string): boolean;
  clear(): FaultsView;
  /** Back to the start profile, with fresh counts and streams (the same faults again). */
  reset(): void;
  pick(target: FaultTarget): ActiveFault | undefined;
  readonly holds: CallbackHolds;
}

/** The active rules with their counts and streams, and the number the next added rule gets. */
interface FaultSet {
  rules: ActiveFault[];
  nextId: number;
}

export function createFaultInjector(options: {
  seed: number;
  start: ResolvedFaults;
  /**
   * Where the rules live when several processes serve one sandbox (a shared store): one set for all,
   * so a count rule fires N times in all and a rule added through one process applies on every one.
   */
  shared?: SharedValue | undefined;
}): FaultInjector {
  const holds = createCallbackHolds();
  const { shared } = options;
  let local: FaultSet = { rules: [], nextId: 1 };
  const current = (value: unknown): FaultSet => (value as FaultSet | null) ?? { rules: [], nextId: 1 };
  const read = (): FaultSet => (shared ? current(shared.read()) : local);
  const update = (change: (set: FaultSet) => FaultSet): FaultSet =>
    shared ? (shared.update((value) => change(current(value))) as FaultSet) : (local = change(local));

  const added = (set: FaultSet, rules: readonly FaultRule[]): FaultSet => {
    let { nextId } = set;
    const more = rules.map((rule) => {
      const id = `fault-${nextId++}`;
      // Each rule has its own stream, so adding a rule never changes the draws of another.
      return activate(
        rule,
        id,
        rule.seed === undefined ? seedFor(options.seed, 'fault', id) : seedFor(rule.seed, 'fault'),
      );
    });
    return { rules: [...set.rules, ...more], nextId };
  };
  const startSet = () => added({ rules: [], nextId: 1 }, options.start.rules);
  const view = (set: FaultSet = read()): FaultsView => ({
    profile: options.start.profile,
    rules: set.rules.map(({ id, rule, applied, remaining }) => ({
      id,
      ...rule,
      applied,
      ...(remaining === undefined ? {} : { remaining }),
    })),
  });
  const reset = () => {
    holds.clear();
    update(startSet);
  };
  // A process joining a shared sandbox keeps the rules the others run with; the first lays out its own.
  if (shared) shared.update((value) => value ?? startSet());
  else reset();

  return {
    view: () => view(),
    add: (rules) => view(update((set) => added(set, rules))),
    remove(id) {
      let found = false;
      update((set) => {
        found = set.rules.some((fault) => fault.id === id);
        return { ...set, rules: set.rules.filter((fault) => fault.id !== id) };
      });
      return found;
    },
    clear() {
      // Held callbacks go out on the next dispatch: nothing is left waiting for a rule that is gone.
      holds.releaseAll();
      return view(update((set) => ({ ...set, rules: [] })));
    },
    reset,
    pick(target) {
      if (read().rules.length === 0) return undefined;
      let fired: ActiveFault | undefined;
      update((set) => {
        const picked = pickFault(set.rules, target);
        fired = picked.fired;
        return { ...set, rules: picked.faults };
      });
      return fired;
    },
    holds,
  };
}
