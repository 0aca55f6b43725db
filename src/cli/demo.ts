/**
 * `xs2a-kit demo`: a sandbox in-process and the workshop terminal UI over it. The sandbox
 * trusts its own CA for callback receivers too, so the guided walk-through can receive the
 * revocation callback on a local HTTPS receiver that presents the sandbox's server certificate.
 */
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { readFileSync } from 'node:fs';
import { ensureCertificates, parseOrganizationIdentifier, readQwacPem } from '../certs/index.js';
import { startSandbox } from '../sim/sandbox.js';
import { loadCatalogue } from '../kit/catalogue.js';
import { worldCertificates } from './demo-world.js';
import type { CliIo } from './io.js';
import { withPortHint } from './port-hint.js';
import { sandboxFlags, sandboxInput, type SandboxFlags } from './sandbox-flags.js';

interface DemoFlags extends SandboxFlags {
  guided?: boolean;
  world?: string;
}

/** NO_COLOR (https://no-color.org) and terminals without colour: the UI then draws text only. */
export function colourWanted(env: NodeJS.ProcessEnv, stdout: { isTTY?: boolean; hasColors?: () => boolean }): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  return Boolean(stdout.isTTY && stdout.hasColors?.());
}

export function demoCommand(program: Command, io: CliIo): void {
  sandboxFlags(
    program
      .command('demo')
      .description(
        'workshop terminal UI: a sandbox with live panes, customer keys, a guided walk-through and a conformance run',
      ),
  )
    .option('--guided', 'start in the guided walk-through')
    .option(
      '--world <organizationIdentifier>',
      "with --worlds organisation: the world the demo shows and acts in (a QWAC naming it is issued from the sandbox CA); the default provider's otherwise",
    )
    .action(async (flags: DemoFlags) => {
      if (flags.world !== undefined && flags.worlds !== 'organisation') {
        io.err('xs2a-kit demo: --world needs --worlds organisation (with one world, there is nothing to choose).\n');
        process.exitCode = 2;
        return;
      }
      if (flags.world !== undefined) {
        try {
          parseOrganizationIdentifier(flags.world);
        } catch (error) {
          io.err(`xs2a-kit demo: --world: ${(error as Error).message}\n`);
          process.exitCode = 2;
          return;
        }
      }
      if (!process.stdin.isTTY || !process.stdout.isTTY) {
        io.err('xs2a-kit demo: needs an interactive terminal (keys drive it); use `xs2a-kit serve` otherwise.\n');
        process.exitCode = 2;
        return;
      }
      let certsDir = resolve(flags.certs);
      if (flags.world !== undefined) {
        try {
          certsDir = await worldCertificates(certsDir, flags.world);
        } catch (error) {
          io.err(`xs2a-kit demo: --world ${flags.world}: ${(error as Error).message}\n`);
          process.exitCode = 2;
          return;
        }
      }
      const { paths } = await ensureCertificates(certsDir);
      const logs: string[] = [];
      const sandbox = await startSandbox({
        ...sandboxInput(flags),
        certsDir,
        callbackCa: [paths.caCert],
        // The screen is the UI: sandbox log lines would tear it; they are printed after it closes.
        log: (message) => logs.push(message),
      }).catch((error: unknown) => Promise.reject(withPortHint(error)));
      // ink and react load only here: `serve` and the other commands start without them.
      const [{ runDemo }, { conformanceRunner }] = await Promise.all([
        import('../tui/render.js'),
        import('../tui/conformance-run.js'),
      ]);
      try {
        await runDemo({
          sandbox,
          color: colourWanted(process.env, process.stdout),
          startConformance: conformanceRunner(loadCatalogue),
          guided: flags.guided ?? false,
          // With worlds, the one shown: the chosen organisation's, or the default provider's.
          world:
            flags.worlds === 'organisation'
              ? (flags.world ?? readQwacPem(readFileSync(paths.tppCert, 'utf8')).organizationIdentifier)
              : undefined,
        });
      } finally {
        await sandbox.close();
      }
      for (const line of logs) io.err(`${line}\n`);
      io.out('xs2a-kit demo stopped.\n');
    });
}
