/**
 * Runs scenarios against a target and emits events. It never prints (reporters do), never drops a
 * scenario: one that needs a capability the target lacks is SKIPPED with the reason (a missing
 * capability must never look like a failing target), and each scenario gets one of the five verdicts
 * (verdict.ts): a broken rule of its own, a check that could not run, and a broken kit are told apart.
 */
import { connectionPool, sendHttps, targetUrl, TargetUnstable, type ContractRules } from './client.js';
import {
  countVerdicts,
  type Observation,
  type Reporter,
  type RuleRef,
  type RunEvent,
  type RunSummary,
  type ScenarioInfo,
  type ScenarioResult,
  type TransportSummary,
} from './events.js';
import type { Exchange } from './exchange.js';
import { Inconclusive } from './failure.js';
import { catalogueDigest, type RunManifest } from './manifest.js';
import { packageVersion } from '../package-root.js';
import { observedSettings } from './observed-settings.js';
import { DEFAULT_RETRY, type RetryPolicy } from './retry.js';
import { CAPABILITIES, type Capability, type Scenario } from './scenario.js';
import { scenarioBudget } from './scenario-budget.js';
import { scenarioContext, type RunResources, type SharedMemo } from './scenario-context.js';
import type { Target } from './target.js';
import { ruleOwners, verdictOfCompletion, verdictOfError, type RuleOwners } from './verdict.js';

export interface RunOptions {
  target: Target;
  scenarios: readonly Scenario[];
  reporters?: readonly Reporter[];
  /** The rule catalogue, so reports can say what each scenario enforces. */
  rules?: readonly RuleRef[];
  /** Real-time limit of one scenario's own work (a person waited for by the manual driver does not count). */
  scenarioTimeoutMs?: number;
  /**
   * Aborted to stop the run early (SIGINT): the scenario under way ends at once as inconclusive (a
   * person being waited for is no longer), the rest are not run, and the reports say what ran.
   */
  interrupt?: AbortSignal;
  /** How 5xx answers and connection failures are retried (retry.ts); the interface's rule by default. */
  retry?: RetryPolicy;
  /**
   * The scenario that holds each rule, where a broken step of another scenario is shown as a failure
   * (given.ts); by default the first of `scenarios` enforcing it. A selection passes the whole catalogue's.
   */
  owners?: RuleOwners;
  /** The catalogue rule of each answer shape (`ConsentCreationResponse`, `TppMessages`, …): a contract check of it belongs there. */
  contractRules?: ContractRules;
  /** The catalogue and config the run's reports name; by default the scenarios and rules given, and no config. */
  manifest?: Pick<RunManifest, 'catalogueDigest' | 'catalogueScenarios' | 'catalogueRules' | 'config'> &
    Partial<Pick<RunManifest, 'strict' | 'label' | 'environment'>>;
}

function manifestOf(options: RunOptions): RunManifest {
  const rules = options.rules ?? [];
  return {
    kitVersion: packageVersion(),
    ...(options.manifest ?? {
      catalogueDigest: catalogueDigest({ rules, scenarios: options.scenarios }),
      catalogueScenarios: options.scenarios.length,
      catalogueRules: rules.length,
      config: null,
    }),
    target: options.target.name,
    scaDriver: options.target.sca?.name ?? null,
  };
}

/** What a scenario enforces, as reports cite it. */
export function scenarioInfo(scenario: Scenario, rules: ReadonlyMap<string, RuleRef>): ScenarioInfo {
  const refs = scenario.rules.map((id) => rules.get(id) ?? { id, section: '', statement: '' });
  const spec =
    refs.length > 0
      ? refs.map((rule) => (rule.section ? `${rule.id} (${rule.section})` : rule.id)).join('; ')
      : scenario.spec;
  return { id: scenario.id, title: scenario.title, spec, area: scenario.area, rules: refs };
}

/**
 * Whether the target still answers at all (any HTTP answer will do): after a scenario met a
 * connection failure, a dead target aborts the run instead of failing every scenario after it.
 */
export async function targetAnswers(target: Target): Promise<boolean> {
  try {
    await sendHttps(targetUrl(target.baseUrl, '/v1/accounts'), {
      method: 'GET',
      headers: {},
      ca: target.ca,
      certificate: target.provider,
      timeoutMs: 10_000,
    });
    return true;
  } catch {
    return false;
  }
}

export function missingCapabilities(
  scenario: Pick<Scenario, 'needs'>,
  capabilities: ReadonlySet<Capability>,
): Capability[] {
  return scenario.needs.filter((need) => !capabilities.has(need));
}

export function skipReason(missing: readonly Capability[]): string {
  return `the target lacks ${missing.map((capability) => `${CAPABILITIES[capability]} (${capability})`).join(', ')}`;
}

/**
 * Customer approvals a manual run of these scenarios would ask for: each runnable scenario's own,
 * plus one per shared key however many scenarios share it (the skipped ones ask for none).
 */
export function approvalsNeeded(scenarios: readonly Scenario[], capabilities: ReadonlySet<Capability>): number {
  const runnable = scenarios.filter((scenario) => missingCapabilities(scenario, capabilities).length === 0);
  const sharedKeys = new Set(runnable.flatMap((scenario) => scenario.shares ?? []));
  return runnable.reduce((sum, scenario) => sum + scenario.approvals, 0) + sharedKeys.size;
}

function skipped(info: ScenarioInfo, reason: string): ScenarioResult {
  return { ...info, status: 'skipped', reason, observations: [], unchecked: [], exchanges: [], durationMs: 0 };
}

export async function runScenarios(options: RunOptions): Promise<RunSummary> {
  const { target } = options;
  const emit = (event: RunEvent) => {
    for (const reporter of options.reporters ?? []) reporter.onEvent(event);
  };
  const rules = new Map((options.rules ?? []).map((rule) => [rule.id, rule]));
  const startedAt = new Date().toISOString();
  const started = performance.now();
  emit({
    type: 'run-started',
    target: target.name,
    total: options.scenarios.length,
    approvals: approvalsNeeded(options.scenarios, target.capabilities),
  });
  const results: ScenarioResult[] = [];
  const transport: TransportSummary = { answers: 0, serverErrors: 0, connectionFailures: 0, retries: 0 };
  // One pool of kept-alive connections for the whole run, one agent per certificate.
  const run: RunResources = {
    target,
    memo: new Map() as SharedMemo,
    settings: observedSettings(),
    pool: connectionPool(target.ca),
    retry: options.retry ?? DEFAULT_RETRY,
    transport,
    contractRules: options.contractRules ?? {},
  };
  const owners = options.owners ?? ruleOwners(options.scenarios);
  let aborted: string | undefined;
  try {
    for (const scenario of options.scenarios) {
      const info = scenarioInfo(scenario, rules);
      const missing = missingCapabilities(scenario, target.capabilities);
      if (aborted === undefined && options.interrupt?.aborted) {
        aborted = interruptedReason(options.interrupt);
        emit({ type: 'run-aborted', reason: aborted });
      }
      if (aborted !== undefined || missing.length > 0) {
        const result = skipped(info, aborted !== undefined ? `not run: ${aborted}` : skipReason(missing));
        results.push(result);
        emit({ type: 'scenario-finished', result });
        continue;
      }
      emit({ type: 'scenario-started', scenario: info });
      const { result, unreachable } = await runOne(
        scenario,
        info,
        { ...run, owners },
        emit,
        options.scenarioTimeoutMs ?? 60_000,
        options.interrupt,
      );
      results.push(result);
      emit({ type: 'scenario-finished', result });
      if (unreachable && !(await targetAnswers(target))) {
        aborted = `the target stopped answering (${unreachable})`;
        emit({ type: 'run-aborted', reason: aborted });
      }
    }
  } finally {
    run.pool.close();
  }
  const summary: RunSummary = {
    target: target.name,
    results,
    ...countVerdicts(results),
    durationMs: Math.round(performance.now() - started),
    startedAt,
    ...(aborted === undefined ? {} : { aborted }),
    settings: run.settings.all(),
    transport,
    manifest: manifestOf(options),
  };
  emit({ type: 'run-finished', summary });
  return summary;
}

/** Why an interrupted run stopped, as its reports say it. */
function interruptedReason(signal: AbortSignal): string {
  return `interrupted${typeof signal.reason === 'string' ? ` (${signal.reason})` : ''}: the scenarios after it were not run`;
}

async function runOne(
  scenario: Scenario,
  info: ScenarioInfo,
  run: RunResources & { owners: RuleOwners },
  emit: (event: RunEvent) => void,
  timeoutMs: number,
  interrupt: AbortSignal | undefined,
): Promise<{ result: ScenarioResult; unreachable: string | undefined }> {
  const exchanges: Exchange[] = [];
  const observations: Observation[] = [];
  const unchecked: ScenarioResult['unchecked'] = [];
  // Ended when the scenario is over, by whatever end: a driver still waiting for a person stops then.
  const over = new AbortController();
  let expire: (error: Error) => void = () => {};
  const ended = new Promise<never>((_, reject) => (expire = reject));
  const budget = scenarioBudget(timeoutMs, () =>
    expire(new Inconclusive(`the scenario did not finish within ${timeoutMs} ms of the kit's own time`)),
  );
  const onInterrupt = () =>
    expire(
      new Inconclusive(
        `interrupted before the scenario finished${typeof interrupt?.reason === 'string' ? ` (${interrupt.reason})` : ''}`,
      ),
    );
  if (interrupt?.aborted) onInterrupt();
  interrupt?.addEventListener('abort', onInterrupt, { once: true });
  const ctx = scenarioContext(
    scenario,
    run,
    exchanges,
    (observation) => {
      observations.push(observation);
      emit({ type: 'observation', scenario: info, observation });
    },
    (check, reason) => unchecked.push({ check, reason }),
    { hold: budget.hold, signal: over.signal },
  );
  const started = performance.now();
  const finish = (verdict: ReturnType<typeof verdictOfCompletion>): ScenarioResult => ({
    ...info,
    ...verdict,
    observations,
    unchecked,
    exchanges,
    durationMs: Math.round(performance.now() - started),
  });
  try {
    await Promise.race([scenario.run(ctx, scenario.expect), ended]);
    return { result: finish(verdictOfCompletion(unchecked)), unreachable: undefined };
  } catch (error) {
    const unreachable = error instanceof TargetUnstable && error.unreachable ? error.message : undefined;
    return { result: finish(verdictOfError(scenario, error, exchanges, run.owners)), unreachable };
  } finally {
    budget.cancel();
    over.abort();
    interrupt?.removeEventListener('abort', onInterrupt);
  }
}
