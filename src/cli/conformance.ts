/**
 * `xs2a-kit conformance [--target sim | BASE_URL] [--config FILE] [--sca DRIVER] [--only GLOB] [--skip GLOB] [--reporter NAME[:FILE]]`,
 * `[--strict] [--full]`, `--list-rules [--json]`, and `--init-config FILE --target BASE_URL [--control-url URL]
 * [--control-token T] [--certs DIR] [--force]`: thin calls of the kit's runConformance and initConfig. Exit
 * codes: 0 nothing failed or errored (or the config written), 1 a scenario failed or errored (with
 * `--strict` also one inconclusive), 2 configuration error, unreachable target or a malformed catalogue.
 */
import type { Command } from 'commander';
import { loadCatalogue, CatalogueMissing, type Catalogue } from '../kit/catalogue.js';
import { ConfigError } from '../kit/config-error.js';
import { initConfig } from '../kit/init-config/init-config.js';
import { REPORTER_NAMES } from '../kit/reporters/registry.js';
import { CatalogueMalformed, ruleCoverage, ruleListing } from '../kit/rule-catalogue.js';
import { runConformance } from '../kit/run-conformance.js';
import { SCA_DRIVERS } from '../kit/sca-drivers/sca-config.js';
import type { CliIo } from './io.js';
import { collect, integer } from './parse.js';

interface ConformanceFlags {
  target?: string;
  config?: string;
  sca?: string;
  only: string[];
  skip: string[];
  reporter: string[];
  listRules?: boolean;
  json?: boolean;
  profile?: string;
  seed?: number;
  writeProfile?: string;
  strict?: boolean;
  full?: boolean;
  initConfig?: string;
  controlUrl?: string;
  controlToken?: string;
  certs?: string;
  force?: boolean;
  manualWait?: number;
}

/** `--init-config FILE`: writes the config (exit 0), or says in one line why it could not (exit 2, no file). */
async function writeConfig(raw: ConformanceFlags & { initConfig: string }, io: CliIo): Promise<0 | 2> {
  // --init-config writes a config for a target: it reads none, so without --target there is only the sim.
  const flags = { ...raw, target: raw.target ?? 'sim' };
  try {
    const { kind, file } = await initConfig({
      file: flags.initConfig,
      target: flags.target,
      controlUrl: flags.controlUrl,
      controlToken: flags.controlToken,
      certsDir: flags.certs,
      force: flags.force,
      say: io.err,
    });
    io.out(
      kind === 'sandbox'
        ? `Wrote ${file}: a config for the xs2a-kit sandbox at ${flags.target}, read from its control API. Run it with\n  xs2a-kit conformance --target ${flags.target} --config ${flags.initConfig}\n`
        : `Wrote ${file}: a template for ${flags.target}. Fill in every "<fill in: …>" value (a run names the first one left) and uncomment the optional keys you have.\n`,
    );
    return 0;
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    io.err(`xs2a-kit conformance: ${error.message}\n`);
    return 2;
  }
}

/** What the console reporter needs to know of stdout: live progress on a terminal, plain lines otherwise. */
export interface Terminal {
  isTTY: boolean;
  columns?: number | undefined;
}

/** `--list-rules [--json]`: the rule catalogue with the scenarios that enforce each rule. */
export async function listRules(json: boolean, io: CliIo, catalogue?: Catalogue): Promise<0 | 2> {
  try {
    const { rules, scenarios } = catalogue ?? (await loadCatalogue());
    const coverage = ruleCoverage(rules, scenarios);
    io.out(
      json
        ? `${JSON.stringify(
            coverage.map(({ id, section, statement, scenarios: ids }) => ({ id, section, statement, scenarios: ids })),
            null,
            2,
          )}\n`
        : ruleListing(coverage),
    );
    return 0;
  } catch (error) {
    if (!(error instanceof CatalogueMalformed || error instanceof CatalogueMissing)) throw error;
    io.err(`xs2a-kit conformance: ${error.message}\n`);
    return 2;
  }
}

export function conformanceCommand(
  program: Command,
  io: CliIo,
  env: Readonly<Record<string, string | undefined>> = {},
): void {
  program
    .command('conformance')
    .description('run the conformance scenarios against the in-process sandbox or a real implementation')
    .option(
      '--target <sim|BASE_URL>',
      'sim (an in-process sandbox) or the https base URL of a real target (default: the config\'s "baseUrl", else sim)',
    )
    .option(
      '--config <FILE>',
      'JSON config: for a remote target certificates, customers, IBANs, SCA driver, capabilities; for sim only the SCA driver',
    )
    .option(
      '--sca <DRIVER>',
      `who acts as the customer on the SCA page: ${SCA_DRIVERS.join(', ')} (over the config's sca.driver)`,
    )
    .option(
      '--manual-wait <SECONDS>',
      'with the manual SCA driver: how long to wait for each approval (over sca.manual.timeoutSeconds); needed when stdin is not a terminal',
      integer(1, 86_400),
    )
    .option('--only <GLOB>', 'run only scenarios whose id or area matches (repeatable, comma-separated)', collect, [])
    .option('--skip <GLOB>', 'leave out scenarios whose id or area matches (repeatable, comma-separated)', collect, [])
    .option(
      '--reporter <NAME[:FILE]>',
      `${REPORTER_NAMES.join(', ')}; FILE writes the report there (repeatable)`,
      collect,
      [],
    )
    .option(
      '--profile <NAME|FILE>',
      'with --target sim: the bank profile the sandbox serves (default, strict, lenient, random, or a profile file)',
    )
    .option(
      '--seed <n>',
      "with --target sim: the sandbox seed (generated customers; the random profile's draw)",
      integer(0, 2_147_483_647),
    )
    .option(
      '--write-profile <FILE>',
      'write the bank profile the target showed: every setting observed, as a profile file',
    )
    .option('--strict', 'a certification run: an inconclusive scenario (a check that could not run) also exits 1')
    .option('--full', "reports keep every scenario's exchanges, not only those of failed and inconclusive ones")
    .option(
      '--list-rules',
      'print the rule catalogue: every rule of the interface with the scenarios that enforce it; runs nothing',
    )
    .option('--json', 'with --list-rules: a JSON array of {id, section, statement, scenarios}')
    .option(
      '--init-config <FILE>',
      "write a config for --target: read from the bank's control API when it is an xs2a-kit build, else a template naming every key; runs nothing",
    )
    .option('--control-url <URL>', "with --init-config: the bank's control API (…/sandbox)")
    .option('--control-token <T>', 'with --init-config: the bearer token of that control API')
    .option(
      '--certs <DIR>',
      "with --init-config: the bank's certificate folder (ca.crt, tpp.crt, tpp.key; with ca.key the extra certificates are issued)",
    )
    .option('--force', 'with --init-config: overwrite an existing FILE')
    // A mistyped option is a configuration error like any other: exit 2 with the one line commander
    // printed; help and version end as they always do.
    .exitOverride((error) =>
      process.exit(error.code === 'commander.helpDisplayed' || error.code === 'commander.version' ? error.exitCode : 2),
    )
    .action(async (flags: ConformanceFlags) => {
      if (flags.listRules) {
        process.exitCode = await listRules(flags.json ?? false, io);
        return;
      }
      if (flags.initConfig !== undefined) {
        process.exitCode = await writeConfig({ ...flags, initConfig: flags.initConfig }, io);
        return;
      }
      const initOnly = (['controlUrl', 'controlToken', 'certs', 'force'] as const).filter(
        (flag) => flags[flag] !== undefined,
      );
      if (initOnly.length > 0) {
        const names = {
          controlUrl: '--control-url',
          controlToken: '--control-token',
          certs: '--certs',
          force: '--force',
        };
        io.err(
          `xs2a-kit conformance: ${names[initOnly[0]!]} goes with --init-config; a run reads these from its --config file\n`,
        );
        process.exitCode = 2;
        return;
      }
      if (flags.json) {
        io.err('xs2a-kit conformance: --json goes with --list-rules; for a JSON report use --reporter json[:FILE]\n');
        process.exitCode = 2;
        return;
      }
      // A profile that cannot be served is bad input like serve's: exit 1, one line naming the setting, nothing runs.
      if (flags.profile !== undefined && (flags.target ?? 'sim') === 'sim') {
        const { resolveProfile } = await import('../sim/profile.js');
        try {
          resolveProfile(flags.profile, flags.seed ?? 0); // any seed: a random draw is always a valid profile
        } catch (error) {
          io.err(`xs2a-kit conformance: ${error instanceof Error ? error.message : String(error)}\n`);
          process.exitCode = 1;
          return;
        }
      }
      // Ctrl-C ends the scenario under way, runs no more and writes the reports of what ran; a second one quits at once.
      const interrupt = new AbortController();
      const onSigint = () => {
        if (interrupt.signal.aborted) process.exit(130);
        io.err('\nxs2a-kit conformance: interrupted; writing the reports of what ran (Ctrl-C again quits at once)\n');
        interrupt.abort('SIGINT');
      };
      process.on('SIGINT', onSigint);
      try {
        const outcome = await runConformance({
          ...(flags.profile === undefined ? {} : { profile: flags.profile }),
          ...(flags.seed === undefined ? {} : { seed: flags.seed }),
          ...(flags.writeProfile === undefined ? {} : { writeProfile: flags.writeProfile }),
          strict: flags.strict ?? false,
          full: flags.full ?? false,
          target: flags.target,
          config: flags.config,
          sca: flags.sca,
          only: flags.only,
          skip: flags.skip,
          reporter: flags.reporter,
          stdout: { write: io.out, isTTY: Boolean(process.stdout.isTTY), columns: process.stdout.columns },
          say: io.err,
          env,
          interrupt: interrupt.signal,
          terminal: Boolean(process.stdin.isTTY),
          manualWaitSeconds: flags.manualWait,
        });
        process.exitCode = outcome.exitCode;
      } finally {
        process.off('SIGINT', onSigint);
      }
    });
}
