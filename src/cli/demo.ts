/**
 * `xs2a-kit demo`: a sandbox in-process and the workshop terminal UI over it. The sandbox
 * trusts its own CA for callback receivers too, so the guided walk-through can receive the
 * revocation callback on a local HTTPS receiver that presents the sandbox's server certificate.
 */
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { ensureCertificates } from '../certs/index.js';
import { startSandbox } from '../sim/sandbox.js';
import { loadCatalogue } from '../kit/catalogue.js';
import type { CliIo } from './io.js';
import { withPortHint } from './port-hint.js';
import { sandboxFlags, sandboxInput, type SandboxFlags } from './sandbox-flags.js';

interface DemoFlags extends SandboxFlags {
  guided?: boolean;
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
    .action(async (flags: DemoFlags) => {
      if (!process.stdin.isTTY || !process.stdout.isTTY) {
        io.err('xs2a-kit demo: needs an interactive terminal (keys drive it); use `xs2a-kit serve` otherwise.\n');
        process.exitCode = 2;
        return;
      }
      const { paths } = await ensureCertificates(resolve(flags.certs));
      const logs: string[] = [];
      const sandbox = await startSandbox({
        ...sandboxInput(flags),
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
        });
      } finally {
        await sandbox.close();
      }
      for (const line of logs) io.err(`${line}\n`);
      io.out('xs2a-kit demo stopped.\n');
    });
}
