/**
 * `xs2a-kit conformance [--target sim | BASE_URL] [--config FILE] [--sca DRIVER] [--only GLOB] [--skip GLOB] [--reporter NAME[:FILE]]`.
 * Exit codes: 0 all passed, 1 a scenario failed, 2 configuration error or
 * unreachable target.
 */
import type { Command } from 'commander';
import { createClient, TargetUnreachable } from '../kit/client.js';
import type { Reporter } from '../kit/events.js';
import { selectScenarios } from '../kit/filter.js';
import { createReporter, REPORTER_NAMES, UnknownReporter } from '../kit/reporters/registry.js';
import { approvalsNeeded, runScenarios } from '../kit/runner.js';
import type { Scenario } from '../kit/scenario.js';
import { createScaDriver, manualTimeoutMs, SCA_DRIVERS, type ScaDriverName } from '../kit/sca-drivers/sca-config.js';
import { ConfigError, parseRemoteConfig, parseSimConfig, readConfigFile, remoteTarget, withScaDriver } from '../kit/targets/remote.js';
import { SIM_FIXTURES, startSimTarget } from '../kit/targets/sim.js';
import type { Target } from '../kit/target.js';
import { CatalogueMissing, loadCatalogue } from './catalogue.js';
import type { CliIo } from './io.js';
import { collect } from './parse.js';

interface ConformanceFlags {
  target: string;
  config?: string;
  sca?: string;
  only: string[];
  skip: string[];
  reporter: string[];
}

/** What the console reporter needs to know of stdout: live progress on a terminal, plain lines otherwise. */
export interface Terminal {
  isTTY: boolean;
  columns?: number | undefined;
}

export async function runConformance(flags: ConformanceFlags, io: CliIo, terminal: Terminal, catalogue?: readonly Scenario[]): Promise<0 | 1 | 2> {
  const started = performance.now();
  const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
  let target: Target | undefined;
  try {
    const specs = flags.reporter.length ? flags.reporter : ['console'];
    const reporters: Reporter[] = specs.map((spec) => createReporter(spec, { stdout: { write: io.out, isTTY: terminal.isTTY, columns: terminal.columns } }));
    const scenarios = selectScenarios(catalogue ?? (await loadCatalogue()), { only: flags.only, skip: flags.skip });
    if (scenarios.length === 0) throw new ConfigError('--only/--skip select no scenario');
    const scaFlag = scaDriverName(flags.sca);
    let manualMs: number | undefined;
    if (flags.target === 'sim') {
      // The sim brings its own certificates and customers; a config may only choose the SCA driver.
      const config = flags.config ? parseSimConfig(await readConfigFile(flags.config), flags.config) : {};
      const sca = withScaDriver(config.sca, scaFlag);
      if (sca?.driver === 'none') throw new ConfigError('--target sim always has an SCA driver: sim, forms, browser or manual');
      // The sim's pages are on this machine: the browser may resolve no other host.
      const driver = sca ? createScaDriver(sca, { say: io.err, returnUris: [SIM_FIXTURES.redirectUri, SIM_FIXTURES.nokRedirectUri], browserArgs: [LOCAL_ONLY], env: process.env }) : undefined;
      manualMs = sca ? manualTimeoutMs(sca) : undefined;
      target = await startSimTarget(driver ? { sca: driver } : {});
    } else {
      if (!flags.config) throw new ConfigError(`--target ${flags.target} needs --config FILE (certificates, customers, IBANs)`);
      const config = parseRemoteConfig(await readConfigFile(flags.config), flags.config);
      manualMs = manualTimeoutMs(withScaDriver(config.sca, scaFlag)!);
      target = await remoteTarget({ baseUrl: flags.target, configFile: flags.config, config, say: io.err, env: process.env, ...(scaFlag ? { scaDriver: scaFlag } : {}) });
      // Reachability first: an unreachable target is exit 2, not 40 failed scenarios.
      await createClient({ baseUrl: target.baseUrl, ca: target.ca, certificate: target.provider, label: 'preflight', record: () => {} }).call({ path: '/v1/revocation-callback' });
    }
    // A person approves on a remote target, or with the manual driver: say up front how often.
    const approvals = approvalsNeeded(scenarios, target.capabilities);
    const asksPeople = flags.target !== 'sim' || manualMs !== undefined;
    io.err(`${plural(scenarios.length, 'scenario')} selected${asksPeople ? `; a manual run would ask for ${plural(approvals, 'customer approval')}` : ''}.\n`);
    // A person needs time: each approval of a manual run may take the driver's whole time-out.
    const approvalsPerScenario = Math.max(0, ...scenarios.map((scenario) => scenario.approvals));
    const scenarioTimeoutMs = manualMs === undefined ? undefined : 60_000 + manualMs * approvalsPerScenario;
    const summary = await runScenarios({ target, scenarios, reporters, ...(scenarioTimeoutMs === undefined ? {} : { scenarioTimeoutMs }) });
    for (const reporter of reporters) await reporter.close?.();
    // Without the console reporter the run still ends with its one-line result; on stderr when a report fills stdout.
    if (!specs.some((spec) => spec === 'console')) {
      const line = `${summary.passed} passed, ${summary.failed} failed, ${summary.skipped} skipped in ${(summary.durationMs / 1000).toFixed(1)} s\n`;
      (specs.some((spec) => !spec.includes(':')) ? io.err : io.out)(line);
    }
    io.err(`Finished in ${elapsed()}.\n`);
    return summary.failed > 0 ? 1 : 0;
  } catch (error) {
    if (error instanceof ConfigError || error instanceof CatalogueMissing || error instanceof UnknownReporter || error instanceof TargetUnreachable) {
      io.err(`xs2a-kit conformance: ${error.message}\n`);
      return 2;
    }
    // The sim target failing to start is the target being unavailable too.
    io.err(`xs2a-kit conformance: ${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  } finally {
    await target?.close();
  }
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** Keeps the browser on this machine: every other host name fails to resolve. */
const LOCAL_ONLY = '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1';

function scaDriverName(value: string | undefined): ScaDriverName | undefined {
  if (value === undefined) return undefined;
  if (!(SCA_DRIVERS as readonly string[]).includes(value)) throw new ConfigError(`unknown SCA driver "${value}" (known: ${SCA_DRIVERS.join(', ')})`);
  return value as ScaDriverName;
}

export function conformanceCommand(program: Command, io: CliIo): void {
  program
    .command('conformance')
    .description('run the conformance scenarios against the in-process sandbox or a real implementation')
    .option('--target <sim|BASE_URL>', 'sim (an in-process sandbox) or the https base URL of a real target', 'sim')
    .option('--config <FILE>', 'JSON config: for a remote target certificates, customers, IBANs, SCA driver, capabilities; for sim only the SCA driver')
    .option('--sca <DRIVER>', `who acts as the customer on the SCA page: ${SCA_DRIVERS.join(', ')} (over the config's sca.driver)`)
    .option('--only <GLOB>', 'run only scenarios whose id or area matches (repeatable, comma-separated)', collect, [])
    .option('--skip <GLOB>', 'leave out scenarios whose id or area matches (repeatable, comma-separated)', collect, [])
    .option('--reporter <NAME[:FILE]>', `${REPORTER_NAMES.join(', ')}; FILE writes the report there (repeatable)`, collect, [])
    .action(async (flags: ConformanceFlags) => {
      process.exitCode = await runConformance(flags, io, { isTTY: Boolean(process.stdout.isTTY), columns: process.stdout.columns });
    });
}
