/**
 * `runConformance(options)`: the programmatic twin of `xs2a-kit conformance`, as `startVitest` is
 * for vitest. It chooses the target (the in-process simulator, loaded only then, or a remote one from
 * its config), checks that an XS2A interface answers there, runs the selected scenarios through the
 * reporters and answers the exit code (exit-code.ts): 0 nothing failed or errored, 1 a scenario failed
 * or errored (or, with `strict`, is inconclusive), 2 configuration error or unreachable target. On 2 the report files are written too, saying why nothing (more) ran.
 */
import { writeFile } from 'node:fs/promises';
import { profileFile, SETTINGS, type SettingValue } from '../contract/profile.js';
import { quietAfterAbort } from './abort-once.js';
import { loadCatalogue, CatalogueMissing, type Catalogue } from './catalogue.js';
import { TargetUnreachable } from './client.js';
import { countVerdicts, type Reporter, type RunEvent, type RunSummary } from './events.js';
import { exitCodeOf } from './exit-code.js';
import { selectScenarios } from './filter.js';
import { preflight } from './preflight.js';
import { kitErrorsLine, resultLine, type ConsoleSink } from './reporters/console.js';
import { createReporter, UnknownReporter } from './reporters/registry.js';
import { CatalogueMalformed, ruleCoverage } from './rule-catalogue.js';
import type { RetryPolicy } from './retry.js';
import { approvalsNeeded, runScenarios } from './runner.js';
import { ruleOwners } from './verdict.js';
import { catalogueDigest, configDigest } from './manifest.js';
import {
  createScaDriver,
  manualTimeoutMs,
  SCA_DRIVERS,
  type ScaConfig,
  type ScaDriverName,
} from './sca-drivers/sca-config.js';
import type { Target } from './target.js';
import {
  ConfigError,
  parseRemoteConfig,
  parseSimConfig,
  readConfigFile,
  remoteTarget,
  scaOf,
  withScaDriver,
  type RemoteConfig,
} from './targets/remote.js';

export interface ConformanceOptions {
  /**
   * `sim` (an in-process sandbox) or the https base URL of a real target. Absent: the config's
   * `baseUrl` when it gives one, else `sim`.
   */
  target?: string | undefined;
  config?: string | undefined;
  sca?: string | undefined;
  only?: readonly string[];
  skip?: readonly string[];
  /** `NAME[:FILE]` reporter specs; `console` when neither these nor `reporters` are given. */
  reporter?: readonly string[];
  /** Reporter objects of the caller (a UI, a test), fed the same events beside the named ones. */
  reporters?: readonly Reporter[];
  /** Aborting closes the target at once: the scenario under way and the rest fail fast, and the run ends. */
  signal?: AbortSignal;
  /**
   * Aborting stops the run as SIGINT does: the scenario under way ends (a person waited for is no
   * longer), the rest are not run, and every report is written with what ran (exit 2).
   */
  interrupt?: AbortSignal;
  /** Whether a person can answer at this terminal (stdin is one); false refuses the manual driver unless told how long to wait. */
  terminal?: boolean;
  /** `--manual-wait SECONDS`: how long the manual driver waits for each approval (over `sca.manual.timeoutSeconds`). */
  manualWaitSeconds?: number | undefined;
  /** Where the console reporter and file-less reports write. */
  stdout: ConsoleSink;
  /** Status lines (what is selected, what went wrong, the time taken). */
  say(text: string): void;
  /** Where the browser driver looks for Chromium (CHROMIUM_PATH, Playwright's cache). */
  env?: Readonly<Record<string, string | undefined>>;
  /** The catalogue to run; the built one by default. */
  catalogue?: Catalogue;
  /**
   * The bank profile the in-process sandbox serves (`--target sim` only): a built-in name
   * (default, strict, lenient, random), a profile file, or its `{ settings }` object.
   */
  profile?: string | { settings: Record<string, SettingValue> } | undefined;
  /** Seed of the in-process sandbox (its generated customers and the `random` profile's draw). */
  seed?: number | undefined;
  /** Where to write the profile the run observed (`{ "settings": { … } }`, the served profile's format). */
  writeProfile?: string | undefined;
  /** A certification run: an inconclusive scenario exits 1 too. */
  strict?: boolean | undefined;
  /** The JSON report keeps every scenario's exchanges, not only those of failed and inconclusive ones. */
  full?: boolean | undefined;
  /** How 5xx answers and connection failures are retried; the interface's rule by default. */
  retry?: RetryPolicy | undefined;
}

export interface ConformanceOutcome {
  exitCode: 0 | 1 | 2;
  summary?: RunSummary;
}

/** The in-process sandbox's customers and redirect addresses (the sim target's fixtures). */
const SIM_RETURN_URIS = ['https://tpp.example/xs2a/ok', 'https://tpp.example/xs2a/nok'];

/** Keeps the browser on this machine: every other host name fails to resolve. */
const LOCAL_ONLY = '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1';

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

function scaDriverName(value: string | undefined): ScaDriverName | undefined {
  if (value === undefined) return undefined;
  if (!(SCA_DRIVERS as readonly string[]).includes(value))
    throw new ConfigError(`unknown SCA driver "${value}" (known: ${SCA_DRIVERS.join(', ')})`);
  return value as ScaDriverName;
}

/** Tells every report that nothing (more) ran and why, so the files are written on exit 2 too. */
async function abortReports(reporters: readonly Reporter[], target: string, reason: string): Promise<void> {
  const events: RunEvent[] = [
    { type: 'run-aborted', reason },
    {
      type: 'run-finished',
      summary: { target, results: [], ...countVerdicts([]), durationMs: 0, aborted: reason, settings: {} },
    },
  ];
  for (const event of events) for (const reporter of reporters) reporter.onEvent(event);
  for (const reporter of reporters) await reporter.close?.();
}

interface ChosenTarget {
  target: Target;
  /** A person approves (the manual driver): approvals are announced and waited for. */
  manualMs: number | undefined;
  asksPeople: boolean;
  /** Where the SCA driver was chosen, as a line about it names it. */
  scaFrom: string;
  /** A remote target's config, for the preflight's lines naming its keys. */
  config?: RemoteConfig;
  /** Where a remote target's base URL came from, as the preflight's lines name it (`--target`, the config's `baseUrl`). */
  baseUrlFrom?: string;
}

function scaSource(flag: ScaDriverName | undefined, sca: ScaConfig | undefined, configured: boolean): string {
  if (flag) return `--sca ${flag}`;
  return configured ? `sca.driver "${sca?.driver}"` : `the default SCA driver "${sca?.driver ?? 'sim'}"`;
}

/** `--manual-wait` over the config's wait; any other driver keeps its settings. */
function withManualWait(sca: ScaConfig | undefined, seconds: number | undefined): ScaConfig | undefined {
  if (sca === undefined || seconds === undefined) return sca;
  return { ...sca, manual: { timeoutSeconds: seconds, pollSeconds: sca.manual?.pollSeconds ?? 2 } };
}

/**
 * The manual driver waits for a person at this terminal. With no terminal (a CI job, a pipe) nobody
 * can be there unless the run was told how long to wait: it is refused before anything starts.
 */
function ensureSomeoneCanAnswer(sca: ScaConfig | undefined, options: ConformanceOptions, from: string): void {
  if (sca?.driver !== 'manual' || options.terminal !== false || sca.manual !== undefined) return;
  throw new ConfigError(
    `${from} waits for a person to approve at this terminal, but standard input is not a terminal: give --manual-wait SECONDS (or "sca.manual.timeoutSeconds" in the config) to wait that long for each approval anyway, or a driver that needs nobody (--sca control, forms or browser)`,
  );
}

/** The target and where it came from: `--target`, else the config's `baseUrl`, else the sim. */
async function resolveTarget(options: ConformanceOptions): Promise<{ target: string; from: string }> {
  if (options.target !== undefined) return { target: options.target, from: '--target' };
  if (options.config) {
    const raw = (await readConfigFile(options.config)) as { baseUrl?: unknown } | null;
    if (raw !== null && typeof raw === 'object' && typeof raw.baseUrl === 'string')
      return { target: raw.baseUrl, from: `"baseUrl" of ${options.config}` };
  }
  return { target: 'sim', from: '--target' };
}

async function chooseTarget(options: ConformanceOptions): Promise<ChosenTarget> {
  const scaFlag = scaDriverName(options.sca);
  const { target: targetName, from } = await resolveTarget(options);
  if (targetName === 'sim') {
    // The sim brings its own certificates and customers; a config may only choose the SCA driver.
    const config = options.config ? parseSimConfig(await readConfigFile(options.config), options.config) : {};
    const sca = withManualWait(withScaDriver(config.sca, scaFlag), options.manualWaitSeconds);
    if (sca?.driver === 'none')
      throw new ConfigError('--target sim always has an SCA driver: sim, forms, browser or manual');
    ensureSomeoneCanAnswer(sca, options, scaSource(scaFlag, sca, config.sca !== undefined));
    // The sim's pages are on this machine: the browser may resolve no other host. A driver is made
    // once the sandbox listens, so one acting through its control API knows the address.
    const driver = sca
      ? (controlUrl: string) =>
          createScaDriver(sca, {
            say: options.say,
            returnUris: SIM_RETURN_URIS,
            browserArgs: [LOCAL_ONLY],
            ...(options.env ? { env: options.env } : {}),
            control: { url: controlUrl },
          })!
      : undefined;
    const manualMs = sca ? manualTimeoutMs(sca) : undefined;
    // Loaded only now: a run against a real bank never loads the simulator.
    const { startSimTarget } = await import('./targets/sim.js');
    const served = {
      ...(options.profile === undefined ? {} : { profile: options.profile }),
      ...(options.seed === undefined ? {} : { seed: options.seed }),
    };
    return {
      target: await startSimTarget({ ...served, ...(driver ? { sca: driver } : {}) }),
      manualMs,
      asksPeople: manualMs !== undefined,
      scaFrom: scaSource(scaFlag, sca, config.sca !== undefined),
    };
  }
  if (options.profile !== undefined)
    throw new ConfigError(
      '--profile chooses what the in-process sandbox serves (--target sim); a real bank serves its own profile (--write-profile records it)',
    );
  if (!options.config)
    throw new ConfigError(`--target ${targetName} needs --config FILE (certificates, customers, IBANs)`);
  const parsed = parseRemoteConfig(await readConfigFile(options.config), options.config);
  const sca = withManualWait(withScaDriver(scaOf(parsed), scaFlag), options.manualWaitSeconds)!;
  ensureSomeoneCanAnswer(sca, options, scaSource(scaFlag, sca, parsed.sca !== undefined));
  // The driver is made from the config: --manual-wait reaches it there.
  const config = options.manualWaitSeconds === undefined ? parsed : { ...parsed, sca };
  const manualMs = manualTimeoutMs(sca);
  const target = await remoteTarget({
    baseUrl: targetName,
    configFile: options.config,
    config,
    say: options.say,
    ...(options.env ? { env: options.env } : {}),
    ...(scaFlag ? { scaDriver: scaFlag } : {}),
  });
  return {
    target,
    manualMs,
    asksPeople: manualMs !== undefined,
    scaFrom: scaSource(scaFlag, sca, parsed.sca !== undefined),
    config,
    baseUrlFrom: from,
  };
}

export async function runConformance(options: ConformanceOptions): Promise<ConformanceOutcome> {
  const started = performance.now();
  const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
  const specs =
    options.reporter && options.reporter.length > 0
      ? options.reporter
      : options.reporters && options.reporters.length > 0
        ? []
        : ['console'];
  let reporters: Reporter[];
  // The console on the terminal; every other reporter writes a report, which says why nothing (more) ran.
  const terminal = new Set<Reporter>();
  try {
    reporters = [
      ...specs.map((spec) => {
        const reporter = createReporter(spec, { stdout: options.stdout, full: options.full ?? false });
        if (spec !== 'console') return reporter;
        const quiet = quietAfterAbort(reporter);
        terminal.add(quiet);
        return quiet;
      }),
      ...(options.reporters ?? []),
    ];
  } catch (error) {
    if (!(error instanceof UnknownReporter)) throw error;
    options.say(`xs2a-kit conformance: ${error.message}\n`);
    return { exitCode: 2 };
  }
  let chosen: ChosenTarget | undefined;
  let closing: Promise<void> | undefined;
  // Once, whoever asks first: an abort or the end of the run.
  const closeTarget = () => (closing ??= chosen?.target.close() ?? Promise.resolve());
  try {
    const catalogue = options.catalogue ?? (await loadCatalogue());
    // A malformed catalogue is refused before anything runs (exit 2, naming the entry).
    ruleCoverage(catalogue.rules, catalogue.scenarios);
    const scenarios = selectScenarios(catalogue.scenarios, { only: options.only ?? [], skip: options.skip ?? [] });
    if (scenarios.length === 0) throw new ConfigError('--only/--skip select no scenario');
    chosen = await chooseTarget(options);
    const { target, manualMs, asksPeople } = chosen;
    const stop = () => void closeTarget().catch(() => {});
    if (options.signal?.aborted) stop();
    options.signal?.addEventListener('abort', stop, { once: true });
    // The configuration first: a mistake in it, or an unreachable target, is exit 2, not a hundred failed scenarios.
    await preflight({
      target,
      scaFrom: chosen.scaFrom,
      ...(chosen.config ? { remote: { config: chosen.config, baseUrlFrom: chosen.baseUrlFrom ?? '--target' } } : {}),
    });
    const approvals = approvalsNeeded(scenarios, target.capabilities);
    options.say(
      `${plural(scenarios.length, 'scenario')} selected${asksPeople ? `; a manual run would ask for ${plural(approvals, 'customer approval')}, each waited for up to ${Math.round((manualMs ?? 0) / 1000)} s` : ''}.\n`,
    );
    const summary = await runScenarios({
      target,
      scenarios,
      reporters,
      rules: catalogue.rules,
      owners: ruleOwners(catalogue.scenarios),
      manifest: {
        catalogueDigest: catalogueDigest(catalogue),
        catalogueScenarios: catalogue.scenarios.length,
        catalogueRules: catalogue.rules.length,
        config: options.config
          ? { file: options.config, digest: configDigest(await readConfigFile(options.config)) }
          : null,
        strict: options.strict ?? false,
        ...(chosen.config?.name ? { label: chosen.config.name } : {}),
        ...(chosen.config?.environment ? { environment: chosen.config.environment } : {}),
      },
      ...(catalogue.contractRules ? { contractRules: catalogue.contractRules } : {}),
      ...(options.retry ? { retry: options.retry } : {}),
      // A person's wait is the manual driver's own limit (the runner pauses the scenario's meanwhile).
      ...(options.interrupt ? { interrupt: options.interrupt } : {}),
    });
    for (const reporter of reporters) await reporter.close?.();
    if (options.writeProfile !== undefined) {
      const observed = summary.settings ?? {};
      await writeFile(options.writeProfile, `${JSON.stringify(profileFile(observed), null, 2)}\n`);
      options.say(
        `The target's profile (${plural(Object.keys(observed).length, 'setting')} observed of ${SETTINGS.length}) is in ${options.writeProfile}.\n`,
      );
    }
    // Without the console reporter the run still ends with its one-line result; on stderr when a report fills stdout.
    if (!specs.includes('console') && specs.length > 0) {
      // The counts only: why the run stopped is the status line's, said once below.
      const { aborted: _reason, ...counts } = summary;
      const kit = kitErrorsLine(counts);
      const line = `${kit === undefined ? '' : `${kit}\n`}${resultLine(counts)}\n`;
      if (specs.some((spec) => !spec.includes(':'))) options.say(line);
      else options.stdout.write(line);
    }
    if (summary.aborted !== undefined) options.say(`xs2a-kit conformance: ${summary.aborted}\n`);
    options.say(`Finished in ${elapsed()}.\n`);
    return { exitCode: exitCodeOf(summary, options.strict), summary };
  } catch (error) {
    const known =
      error instanceof ConfigError ||
      error instanceof CatalogueMissing ||
      error instanceof CatalogueMalformed ||
      error instanceof TargetUnreachable;
    // The sim target failing to start is the target being unavailable too.
    const reason = error instanceof Error ? error.message : String(error);
    options.say(`xs2a-kit conformance: ${reason}\n`);
    // The status line above is the one the terminal gets; the reports record it too.
    await abortReports(
      reporters.filter((reporter) => !terminal.has(reporter)),
      chosen?.target.name ?? options.target ?? 'sim',
      known ? reason : `the target could not be started: ${reason}`,
    );
    return { exitCode: 2 };
  } finally {
    await closeTarget();
  }
}
