/** What the runner emits; reporters turn these into output. The runner itself never prints. */
import type { SettingValue } from '../contract/profile.js';
import type { Exchange } from './exchange.js';
import type { Area } from './scenario.js';

/** A rule of the catalogue as reports cite it. */
export interface RuleRef {
  id: string;
  section: string;
  statement: string;
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

/** The exchange a failure was seen in: request line, status, and the answer (or the part of it at fault). */
export interface FailureExchange {
  request: string;
  status: number;
  body: unknown;
}

export interface Observation {
  point: string;
  value: unknown;
}

export type ScenarioStatus = 'passed' | 'failed' | 'skipped';

export interface ScenarioResult extends ScenarioInfo {
  status: ScenarioStatus;
  /** Why a scenario was skipped (a capability the target lacks). */
  reason?: string;
  /** Why it failed: `expectation` for a rule the target broke, `error` for anything else thrown. */
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
  skipped: number;
  durationMs: number;
  /** Why the run stopped before its end (or never started): the target stopped answering, a bad config. */
  aborted?: string;
  /**
   * The bank profile the target showed: each setting (an open point, see the contract's profile
   * table) the run observed, with the value the target chose. `--write-profile` writes it.
   */
  settings?: Record<string, SettingValue>;
}

export type RunEvent =
  | { type: 'run-started'; target: string; total: number; approvals: number }
  | { type: 'scenario-started'; scenario: ScenarioInfo }
  | { type: 'observation'; scenario: ScenarioInfo; observation: Observation }
  | { type: 'scenario-passed'; result: ScenarioResult }
  | { type: 'scenario-failed'; result: ScenarioResult }
  | { type: 'scenario-skipped'; result: ScenarioResult }
  /** Nothing (more) runs: the reason goes to every report, then `run-finished` follows. */
  | { type: 'run-aborted'; reason: string }
  | { type: 'run-finished'; summary: RunSummary };

export interface Reporter {
  onEvent(event: RunEvent): void;
  /** Called once after `run-finished`: write files, restore the terminal. */
  close?(): Promise<void>;
}
