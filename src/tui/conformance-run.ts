/**
 * The demo's conformance run: the catalogue against a separate in-process sandbox (the kit's `sim`
 * target), so the sandbox on screen keeps only what the presenter did. Progress arrives as the
 * runner's events, which the container feeds to its state.
 */
import type { RunEvent } from '../kit/events.js';
import { runScenarios } from '../kit/runner.js';
import type { Scenario } from '../kit/scenario.js';
import type { Target } from '../kit/target.js';
import { startSimTarget } from '../kit/targets/sim.js';

export interface ConformanceRun {
  /** Settles when the run is over (rejects when it could not start). */
  readonly finished: Promise<void>;
  /** Closes the run's sandbox: what is left fails fast, and nothing keeps the process alive. */
  stop(): Promise<void>;
}

export type StartConformance = (onEvent: (event: RunEvent) => void) => ConformanceRun;

export function conformanceRunner(loadCatalogue: () => Promise<readonly Scenario[]>, startTarget: () => Promise<Target> = () => startSimTarget()): StartConformance {
  return (onEvent) => {
    let target: Target | undefined;
    let closing: Promise<void> | undefined;
    let stopped = false;
    const close = () => (closing ??= target?.close() ?? Promise.resolve());
    const finished = (async () => {
      const scenarios = await loadCatalogue();
      target = await startTarget();
      if (stopped) return;
      await runScenarios({ target, scenarios, reporters: [{ onEvent }] });
    })().finally(close);
    return {
      finished,
      async stop() {
        stopped = true;
        if (target) await close();
      },
    };
  };
}
