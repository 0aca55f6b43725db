/**
 * `xs2a-kit conformance [--target sim | BASE_URL] [--config FILE] [--only GLOB] [--skip GLOB] [--reporter NAME[:FILE]]`.
 * Exit codes (issue 8, point 6): 0 all passed, 1 a scenario failed, 2 configuration error or
 * unreachable target.
 */
import type { Command } from 'commander';
import { createClient, TargetUnreachable } from '../kit/client.js';
import type { Reporter } from '../kit/events.js';
import { selectScenarios } from '../kit/filter.js';
import { createReporter, REPORTER_NAMES, UnknownReporter } from '../kit/reporters/registry.js';
import { approvalsNeeded, runScenarios } from '../kit/runner.js';
import type { Scenario } from '../kit/scenario.js';
import { ConfigError, remoteTarget } from '../kit/targets/remote.js';
import { startSimTarget } from '../kit/targets/sim.js';
import type { Target } from '../kit/target.js';
import type { CliIo } from './io.js';
import { collect } from './parse.js';

interface ConformanceFlags {
  target: string;
  config?: string;
  only: string[];
  skip: string[];
  reporter: string[];
}

/** The catalogue is built beside the package (tsconfig.catalogue.json): dist/catalogue/conformance/index.js. */
async function loadCatalogue(): Promise<readonly Scenario[]> {
  const module = (await import(new URL('../catalogue/conformance/index.js', import.meta.url).href)) as { catalogue?: readonly Scenario[] };
  if (!Array.isArray(module.catalogue)) throw new ConfigError('the conformance catalogue is missing from the build');
  return module.catalogue;
}

export async function runConformance(flags: ConformanceFlags, io: CliIo, isTTY: boolean, catalogue?: readonly Scenario[]): Promise<0 | 1 | 2> {
  const started = performance.now();
  const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
  let target: Target | undefined;
  try {
    const reporters: Reporter[] = (flags.reporter.length ? flags.reporter : ['console']).map((spec) => createReporter(spec, { stdout: { write: io.out, isTTY } }));
    const scenarios = selectScenarios(catalogue ?? (await loadCatalogue()), { only: flags.only, skip: flags.skip });
    if (scenarios.length === 0) throw new ConfigError('--only/--skip select no scenario');
    if (flags.target === 'sim') {
      if (flags.config) throw new ConfigError('--config is for a remote target; --target sim needs none');
      target = await startSimTarget();
    } else {
      if (!flags.config) throw new ConfigError(`--target ${flags.target} needs --config FILE (certificates, customers, IBANs)`);
      target = await remoteTarget({ baseUrl: flags.target, configFile: flags.config, say: io.err });
      // Reachability first: an unreachable target is exit 2, not 40 failed scenarios.
      await createClient({ baseUrl: target.baseUrl, ca: target.ca, certificate: target.provider, label: 'preflight', record: () => {} }).call({ path: '/v1/revocation-callback' });
    }
    io.err(`${scenarios.length} scenarios selected; a manual run would ask for ${approvalsNeeded(scenarios, target.capabilities)} customer approvals.\n`);
    const summary = await runScenarios({ target, scenarios, reporters });
    for (const reporter of reporters) await reporter.close?.();
    io.err(`Finished in ${elapsed()}.\n`);
    return summary.failed > 0 ? 1 : 0;
  } catch (error) {
    if (error instanceof ConfigError || error instanceof UnknownReporter || error instanceof TargetUnreachable) {
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

export function conformanceCommand(program: Command, io: CliIo): void {
  program
    .command('conformance')
    .description('run the conformance scenarios against the in-process sandbox or a real implementation')
    .option('--target <sim|BASE_URL>', 'sim (an in-process sandbox) or the https base URL of a real target', 'sim')
    .option('--config <FILE>', 'JSON config of a remote target: certificates, customers, IBANs, SCA driver, capabilities')
    .option('--only <GLOB>', 'run only scenarios whose id or area matches (repeatable, comma-separated)', collect, [])
    .option('--skip <GLOB>', 'leave out scenarios whose id or area matches (repeatable, comma-separated)', collect, [])
    .option('--reporter <NAME[:FILE]>', `${REPORTER_NAMES.join(', ')}; FILE writes the report there (repeatable)`, collect, [])
    .action(async (flags: ConformanceFlags) => {
      process.exitCode = await runConformance(flags, io, Boolean(process.stdout.isTTY));
    });
}
