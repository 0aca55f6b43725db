/**
 * The demo's conformance run: `runConformance` against a separate in-process sandbox (the kit's
 * `sim` target), so the sandbox on screen keeps only what the presenter did. Progress arrives as the
 * runner's events, which the container feeds to its state.
 */
import type { Catalogue } from '../kit/catalogue.js';
import type { RunEvent } from '../kit/events.js';
import { runConformance } from '../kit/run-conformance.js';

export interface ConformanceRun {
  /** Settles when the run is over (rejects with the reason when it could not run). */
  readonly finished: Promise<void>;
  /** Closes the run's sandbox: what is left fails fast, and nothing keeps the process alive. */
  stop(): Promise<void>;
}

export type StartConformance = (onEvent: (event: RunEvent) => void) => ConformanceRun;

/** A run of the catalogue `loadCatalogue` gives, narrowed by `only` as `--only` narrows it. */
export function conformanceRunner(
  loadCatalogue: () => Promise<Catalogue>,
  select: { only?: readonly string[] } = {},
): StartConformance {
  return (onEvent) => {
    const abort = new AbortController();
    const said: string[] = [];
    const finished = (async () => {
      const catalogue = await loadCatalogue();
      const outcome = await runConformance({
        target: 'sim',
        catalogue,
        only: select.only ?? [],
        reporters: [{ onEvent }],
        // The screen shows the events; status lines are kept for a run that could not start.
        stdout: { write: () => {}, isTTY: false },
        say: (text) => said.push(text.trim()),
        signal: abort.signal,
      });
      if (outcome.exitCode === 2 && !abort.signal.aborted)
        throw new Error(said.at(-2) ?? said.at(-1) ?? 'the conformance run could not start');
    })();
    return {
      finished,
      async stop() {
        abort.abort();
        await finished.catch(() => {});
      },
    };
  };
}
