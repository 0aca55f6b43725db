/** What the runner emits; reporters turn these into output. The runner itself never prints. */
import type { Exchange } from './exchange.js';
import type { Area } from './scenario.js';

export interface ScenarioInfo {
  id: string;
  title: string;
  spec: string;
  area: Area;
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
  failure?: { kind: 'expectation' | 'error'; message: string; expected?: unknown; actual?: unknown };
  observations: Observation[];
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
}

export type RunEvent =
  | { type: 'run-started'; target: string; total: number; approvals: number }
  | { type: 'scenario-started'; scenario: ScenarioInfo }
  | { type: 'observation'; scenario: ScenarioInfo; observation: Observation }
  | { type: 'scenario-passed'; result: ScenarioResult }
  | { type: 'scenario-failed'; result: ScenarioResult }
  | { type: 'scenario-skipped'; result: ScenarioResult }
  | { type: 'run-finished'; summary: RunSummary };

export interface Reporter {
  onEvent(event: RunEvent): void;
  /** Called once after `run-finished`: write files, restore the terminal. */
  close?(): Promise<void>;
}
