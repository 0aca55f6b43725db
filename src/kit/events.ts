/** What the runner emits; reporters turn these into output. The runner itself never prints. */
import type { SettingValue } from '../contract/profile.js';
import type { Area } from './areas.js';
import type { Exchange, FailureExchange, TransportSummary } from './exchange.js';
import type { RunManifest } from './manifest.js';

export type { FailureExchange, TransportSummary } from './exchange.js';

/** A rule of the catalogue as reports cite it. */
export interface RuleRef {
  id: string;
  section: string;
  statement: string;
  /** An open point: the interface leaves the choice to the bank; a scenario observes it and never fails it. */
  open?: { choice: string };
}

export interface ScenarioInfo {
  id: string;
  title: string;
  /** The rules it enforces, as one line: `AIS-LIMIT-1 (Limits); …`. */
  spec: string;
  area: Area;
  /** The rules it enforces, with their statements when the catalogue knows them. */
  rules: RuleRef[];
}

export interface Observation {
  point: string;
  value: unknown;
}

/**
 * The five verdicts. `passed`: every check the scenario stands for ran and held. `failed`: a check of
 * its own rule ran and did not hold. `inconclusive`: nothing failed, but a check could not run (a step
 * that builds its situation failed, the SCA driver could not act, the target stayed unstable, a
 * fixture or certificate is missing). `skipped`: the target lacks a capability, or the selection or an
 * earlier abort left it out. `error`: the kit itself broke.
 */
export const VERDICTS = ['passed', 'failed', 'inconclusive', 'skipped', 'error'] as const;
export type ScenarioStatus = (typeof VERDICTS)[number];

export interface ScenarioResult extends ScenarioInfo {
  status: ScenarioStatus;
  /** Why it was skipped (a capability the target lacks) or is inconclusive (what could not run), in one line. */
  reason?: string;
  /** Inconclusive because a step of its situation (or an answer's shape) broke a rule it does not enforce: the scenario that does, and fails. */
  owner?: string;
  /** Inconclusive: the exchange where the step broke or the target stayed unstable. */
  exchange?: FailureExchange;
  /** Failed (`expectation`, a check of its rule) or error (`error`, the kit broke): what, and the exchange it was seen in. */
  failure?: {
    kind: 'expectation' | 'error';
    message: string;
    expected?: unknown;
    actual?: unknown;
    exchange?: FailureExchange;
  };
  observations: Observation[];
  /** Checks the scenario could not make on this target, and why (e.g. the SCA driver cannot see the return). */
  unchecked: { check: string; reason: string }[];
  exchanges: Exchange[];
  durationMs: number;
}

export interface RunSummary {
  target: string;
  results: ScenarioResult[];
  passed: number;
  failed: number;
  inconclusive: number;
  skipped: number;
  errors: number;
  durationMs: number;
  /** When the run started (ISO, host clock). */
  startedAt?: string;
  /** Why the run stopped before its end (or never started): the target stopped answering, a bad config. */
  aborted?: string;
  /**
   * The bank profile the target showed: each setting (an open point, see the contract's profile
   * table) the run observed, with the value the target chose. `--write-profile` writes it.
   */
  settings?: Record<string, SettingValue>;
  transport?: TransportSummary;
  /** Which kit judged which target with which catalogue and config (manifest.ts). */
  manifest?: RunManifest;
}

/** Counts of a list of results, by verdict. */
export function countVerdicts(
  results: readonly Pick<ScenarioResult, 'status'>[],
): Pick<RunSummary, 'passed' | 'failed' | 'inconclusive' | 'skipped' | 'errors'> {
  const count = (status: ScenarioStatus) => results.filter((result) => result.status === status).length;
  return {
    passed: count('passed'),
    failed: count('failed'),
    inconclusive: count('inconclusive'),
    skipped: count('skipped'),
    errors: count('error'),
  };
}

export type RunEvent =
  | { type: 'run-started'; target: string; total: number; approvals: number }
  | { type: 'scenario-started'; scenario: ScenarioInfo }
  | { type: 'observation'; scenario: ScenarioInfo; observation: Observation }
  | { type: 'scenario-finished'; result: ScenarioResult }
  /** Nothing (more) runs: the reason goes to every report, then `run-finished` follows. */
  | { type: 'run-aborted'; reason: string }
  | { type: 'run-finished'; summary: RunSummary };

export interface Reporter {
  onEvent(event: RunEvent): void;
  /** Called once after `run-finished`: write files, restore the terminal. */
  close?(): Promise<void>;
}
