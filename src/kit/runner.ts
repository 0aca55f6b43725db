/**
 * Runs scenarios against a target and emits events. It never prints (reporters do), never drops a
 * scenario: one that needs a capability the target lacks is SKIPPED with the reason (a missing
 * capability must never look like a failing target), and failures of the target are told apart from errors of a step.
 */
import { readQwacPem } from '../certs/index.js';
import {
  connectionPool,
  createClient,
  sendHttps,
  TargetUnreachable,
  type ConnectionPool,
  type XsClient,
} from './client.js';
import type { ScenarioContext } from './context.js';
import type {
  FailureExchange,
  Observation,
  Reporter,
  RuleRef,
  RunEvent,
  RunSummary,
  ScenarioInfo,
  ScenarioResult,
} from './events.js';
import type { Exchange } from './exchange.js';
import { ensure, ExpectationFailed } from './failure.js';
import { observedSettings, type ObservedSettings } from './observed-settings.js';
import { CAPABILITIES, type Capability, type Scenario } from './scenario.js';
import type { Target } from './target.js';

export interface RunOptions {
  target: Target;
  scenarios: readonly Scenario[];
  reporters?: readonly Reporter[];
  /** The rule catalogue, so reports can say what each scenario enforces. */
  rules?: readonly RuleRef[];
  /** Real-time limit of one scenario. */
  scenarioTimeoutMs?: number;
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
    await sendHttps(new URL('/v1/revocation-callback', target.baseUrl), {
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

/** Run-scoped memo behind `ctx.shared`: one pending or settled value per key. */
type SharedMemo = Map<string, Promise<unknown>>;

export async function runScenarios(options: RunOptions): Promise<RunSummary> {
  const { target } = options;
  const emit = (event: RunEvent) => {
    for (const reporter of options.reporters ?? []) reporter.onEvent(event);
  };
  const rules = new Map((options.rules ?? []).map((rule) => [rule.id, rule]));
  const started = performance.now();
  emit({
    type: 'run-started',
    target: target.name,
    total: options.scenarios.length,
    approvals: approvalsNeeded(options.scenarios, target.capabilities),
  });
  const results: ScenarioResult[] = [];
  const memo: SharedMemo = new Map();
  const settings = observedSettings();
  // One pool of kept-alive connections for the whole run, one agent per certificate.
  const pool = connectionPool(target.ca);
  let aborted: string | undefined;
  try {
    for (const scenario of options.scenarios) {
      const info = scenarioInfo(scenario, rules);
      const missing = missingCapabilities(scenario, target.capabilities);
      if (aborted !== undefined || missing.length > 0) {
        const reason = aborted !== undefined ? `not run: ${aborted}` : skipReason(missing);
        const result: ScenarioResult = {
          ...info,
          status: 'skipped',
          reason,
          observations: [],
          unchecked: [],
          exchanges: [],
          durationMs: 0,
        };
        results.push(result);
        emit({ type: 'scenario-skipped', result });
        continue;
      }
      emit({ type: 'scenario-started', scenario: info });
      const { result, unreachable } = await runOne(
        scenario,
        info,
        target,
        memo,
        settings,
        pool,
        emit,
        options.scenarioTimeoutMs ?? 60_000,
      );
      results.push(result);
      emit(result.status === 'passed' ? { type: 'scenario-passed', result } : { type: 'scenario-failed', result });
      if (unreachable && !(await targetAnswers(target))) {
        aborted = `the target stopped answering (${unreachable})`;
        emit({ type: 'run-aborted', reason: aborted });
      }
    }
  } finally {
    pool.close();
  }
  const summary: RunSummary = {
    target: target.name,
    results,
    passed: results.filter((result) => result.status === 'passed').length,
    failed: results.filter((result) => result.status === 'failed').length,
    skipped: results.filter((result) => result.status === 'skipped').length,
    durationMs: Math.round(performance.now() - started),
    ...(aborted === undefined ? {} : { aborted }),
    settings: settings.all(),
  };
  emit({ type: 'run-finished', summary });
  return summary;
}

/** The exchange a failure is reported with: the last one the scenario made, which is where it stopped. */
function failureExchange(exchanges: readonly Exchange[]): FailureExchange | undefined {
  const last = exchanges.at(-1);
  return last ? { request: `${last.method} ${last.url}`, status: last.status, body: last.body } : undefined;
}

async function runOne(
  scenario: Scenario,
  info: ScenarioInfo,
  target: Target,
  memo: SharedMemo,
  settings: ObservedSettings,
  pool: ConnectionPool,
  emit: (event: RunEvent) => void,
  timeoutMs: number,
): Promise<{ result: ScenarioResult; unreachable: string | undefined }> {
  const exchanges: Exchange[] = [];
  const observations: Observation[] = [];
  const unchecked: ScenarioResult['unchecked'] = [];
  const ctx = scenarioContext(
    scenario,
    target,
    memo,
    settings,
    pool,
    exchanges,
    (observation) => {
      observations.push(observation);
      emit({ type: 'observation', scenario: info, observation });
    },
    (check, reason) => unchecked.push({ check, reason }),
  );
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      scenario.run(ctx, scenario.expect),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`the scenario did not finish within ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
    return {
      result: {
        ...info,
        status: 'passed',
        observations,
        unchecked,
        exchanges,
        durationMs: Math.round(performance.now() - started),
      },
      unreachable: undefined,
    };
  } catch (error) {
    const exchange = failureExchange(exchanges);
    const failure =
      error instanceof ExpectationFailed
        ? { kind: 'expectation' as const, message: error.message, ...error.details, ...(exchange ? { exchange } : {}) }
        : {
            kind: 'error' as const,
            message: error instanceof Error ? error.message : String(error),
            ...(exchange ? { exchange } : {}),
          };
    const result: ScenarioResult = {
      ...info,
      status: 'failed',
      failure,
      observations,
      unchecked,
      exchanges,
      durationMs: Math.round(performance.now() - started),
    };
    return { result, unreachable: error instanceof TargetUnreachable ? error.message : undefined };
  } finally {
    clearTimeout(timer);
  }
}

/** The statuses of a consent and of a payment that await the customer. */
const UNDECIDED: readonly string[] = ['received', 'RCVD'];

function scenarioContext(
  scenario: Scenario,
  target: Target,
  memo: SharedMemo,
  settings: ObservedSettings,
  pool: ConnectionPool,
  exchanges: Exchange[],
  observe: (observation: Observation) => void,
  uncheck: (check: string, reason: string) => void,
): ScenarioContext {
  const record = (exchange: Exchange) => exchanges.push(exchange);
  const client = (label: string, certificate: Target['provider'] | null): XsClient =>
    createClient({ baseUrl: target.baseUrl, ca: target.ca, certificate, label, record, pool });
  const declared = <T>(capability: Capability, value: T | undefined): T => {
    if (!scenario.needs.includes(capability))
      throw new Error(`scenario ${scenario.id} uses ${capability} without declaring it in needs`);
    if (value === undefined) throw new Error(`the target declares ${capability} but does not provide it`);
    return value;
  };
  return {
    baseUrl: target.baseUrl,
    api: client('provider', target.provider),
    anonymous: client('no certificate', null),
    secondApi: () => client('second provider', declared('second-provider', target.secondProvider)),
    apiWithoutCof: () => client('provider without PSP_IC', declared('provider-without-cof', target.providerWithoutCof)),
    refusedApi: (kind) => {
      const certificate = declared('refused-certificates', target.refusedCertificates)[kind];
      return certificate ? client(`refused certificate (${kind})`, certificate) : undefined;
    },
    fixtures: target.fixtures,
    authorise: async (scaRedirect, options) => {
      const driver = declared('sca', target.sca);
      const psu = options.psu === 'otherPsu' ? declared('second-psu', target.fixtures.otherPsu) : target.fixtures.psu;
      // Nothing is decided before the customer acts (spec "States"): a target that reports a decision
      // already would let every check after the ceremony pass without the ceremony doing anything.
      const before = await options.status();
      ensure(
        UNDECIDED.includes(before),
        `the status before the customer acted is ${before}, not received (consent) or RCVD (payment)`,
        { expected: UNDECIDED, actual: before },
      );
      const wrongCodes = options.wrongCodes
        ? { wrongCodes: declared('sca-wrong-code', driver.wrongCodes ? options.wrongCodes : undefined) }
        : {};
      return driver.authorise({
        scaRedirect,
        psu,
        decision: options.decision ?? 'approve',
        status: options.status,
        record,
        ...wrongCodes,
      });
    },
    clock: () => declared('clock', target.clock),
    control: () => declared('control', target.control),
    callbacks: () => declared('callback-receiver', target.callbacks),
    secondProviderId: () => {
      const identity = readQwacPem(declared('second-provider', target.secondProvider).cert);
      if (!identity.organizationIdentifier)
        throw new Error('the second provider certificate carries no organizationIdentifier');
      return identity.organizationIdentifier;
    },
    shared: async <T>(key: string, create: () => Promise<T>, usable?: (value: T) => Promise<boolean>): Promise<T> => {
      if (!scenario.shares.includes(key))
        throw new Error(`scenario ${scenario.id} uses the shared ${key} without declaring it in shares`);
      const kept = memo.get(key) as Promise<T> | undefined;
      if (kept) {
        // A kept value that failed to be made, or no longer serves, is made again (and said so).
        const value = await kept.catch(() => undefined);
        if (value !== undefined) {
          if (!usable || (await usable(value))) return value;
          observe({ point: `shared ${key} made again: the kept one no longer serves`, value });
        }
      }
      const made = create();
      memo.set(key, made);
      made.catch(() => {
        if (memo.get(key) === made) memo.delete(key);
      });
      return made;
    },
    observe: (point, value) => observe({ point, value }),
    observeSetting: (name, value) => {
      settings.record(name, value, scenario.id);
      observe({ point: `setting ${name}`, value });
    },
    unchecked: uncheck,
  };
}
