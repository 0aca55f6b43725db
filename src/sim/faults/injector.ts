/**
 * A sandbox's fault rules while it runs: the start profile, rules added through the control API,
 * and each rule's count and random stream. Faults are rehearsal settings, not bank state, so they
 * live here rather than in the store: a restart or `POST /sandbox/reset` goes back to the profile.
 */
import { seedFor } from '../seed/random.js';
import { createCallbackHolds, type CallbackHolds } from './callback-holds.js';
import { activate, pickFault, type ActiveFault, type FaultTarget } from './pick.js';
import type { ResolvedFaults } from './profiles.js';
import type { FaultRule } from './schema.js';

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

export function createFaultInjector(options: { seed: number; start: ResolvedFaults }): FaultInjector {
  let faults: ActiveFault[] = [];
  let nextId = 1;
  const holds = createCallbackHolds();

  const add = (rules: readonly FaultRule[]) => {
    for (const rule of rules) {
      const id = `fault-${nextId++}`;
      // Each rule has its own stream, so adding a rule never changes the draws of another.
      faults.push(
        activate(rule, id, rule.seed === undefined ? seedFor(options.seed, 'fault', id) : seedFor(rule.seed, 'fault')),
      );
    }
  };
  const view = (): FaultsView => ({
    profile: options.start.profile,
    rules: faults.map(({ id, rule, applied, remaining }) => ({
      id,
      ...rule,
      applied,
      ...(remaining === undefined ? {} : { remaining }),
    })),
  });
  const reset = () => {
    faults = [];
    nextId = 1;
    holds.clear();
    add(options.start.rules);
  };
  reset();

  return {
    view,
    add(rules) {
      add(rules);
      return view();
    },
    remove(id) {
      const before = faults.length;
      faults = faults.filter((fault) => fault.id !== id);
      return faults.length < before;
    },
    clear() {
      faults = [];
      // Held callbacks go out on the next dispatch: nothing is left waiting for a rule that is gone.
      holds.releaseAll();
      return view();
    },
    reset,
    pick(target) {
      if (faults.length === 0) return undefined;
      const { fired, faults: next } = pickFault(faults, target);
      faults = next;
      return fired;
    },
    holds,
  };
}
