/** `xs2a-kit serve`: the sandbox on fixed ports, until interrupted. */
import { InvalidArgumentError, Option, type Command } from 'commander';
import { BUILT_IN_PROFILES, FaultProfileError, resolveFaults } from '../sim/faults/profiles.js';
import { profileFile } from '../contract/profile.js';
import type { ServedProfile } from '../sim/profile.js';
import { startSandbox } from '../sim/sandbox.js';
import { finishClientReport, printFindings, reportTarget, type ReportTarget } from './client-report-output.js';
import type { CliIo } from './io.js';
import { withPortHint } from './port-hint.js';
import { collect } from './parse.js';
import { CONTROL_TOKEN_VARIABLE, controlCurl } from './paste-hints.js';
import { readyBanner } from './ready-banner.js';
import { sandboxFlags, sandboxInput, type SandboxFlags } from './sandbox-flags.js';

interface ServeFlags extends SandboxFlags {
  controlToken?: string;
  trust: string[];
  clientCertHeader?: string;
  trustedProxy: string[];
  callbackCa: string[];
  faults?: string;
  clientReport: ReportTarget[];
  clientJudge: boolean;
}

/**
 * Which bank profile is served. A random draw is printed in full as a profile file's JSON line,
 * so a TPP test that failed against it can be replayed (`--seed N`, or the line saved as a file).
 */
function profileBanner(served: ServedProfile, seed: number, listSettings: string): string {
  if (served.profile !== 'random')
    return `Bank profile ${served.profile ?? 'default'}; its settings:\n  ${listSettings}\n`;
  return [
    `Bank profile random drawn from seed ${seed}; its settings:`,
    `  ${listSettings}`,
    `--profile random --seed ${seed} serves it again, as does this line saved as a profile file:`,
    JSON.stringify(profileFile(served.settings)),
    '',
  ].join('\n');
}

/** An empty token (an exported but empty variable, most likely) would leave the control API open: refused. */
function controlToken(value: string): string {
  if (value === '') throw new InvalidArgumentError('an empty token would leave the control API open.');
  return value;
}

/** Checked while the flags are read, so a bad profile stops `serve` before anything starts. */
function faultProfile(value: string): string {
  try {
    resolveFaults(value);
  } catch (error) {
    if (error instanceof FaultProfileError) throw new InvalidArgumentError(error.message);
    throw error;
  }
  return value;
}

export function serveCommand(program: Command, io: CliIo, env: NodeJS.ProcessEnv): void {
  sandboxFlags(
    program.command('serve').description('start the sandbox: XS2A API behind mutual TLS and the customer surface'),
  )
    .addOption(
      new Option(
        '--control-token <token>',
        `require "Authorization: Bearer <token>" on the control API (the commands serve prints read it from $${CONTROL_TOKEN_VARIABLE})`,
      )
        .env(CONTROL_TOKEN_VARIABLE)
        .argParser(controlToken),
    )
    .option('--trust <file>', 'also trust client certificates issued by this CA (PEM; repeatable)', collect, [])
    .option(
      '--client-cert-header <name>',
      'behind a TLS-terminating proxy: the header it forwards the client certificate in (URL-encoded PEM or base64 DER), believed only from --trusted-proxy',
    )
    .option(
      '--trusted-proxy <addresses>',
      'IP addresses of the proxies whose --client-cert-header is believed (comma-separated; repeatable)',
      (value: string, previous: string[]) => [
        ...previous,
        ...value
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean),
      ],
      [],
    )
    .option(
      '--callback-ca <file>',
      'also trust this CA for revocation-callback receivers (PEM; repeatable)',
      collect,
      [],
    )
    .option(
      '--faults <profile>',
      `inject faults for client robustness drills: ${Object.keys(BUILT_IN_PROFILES).join(', ')}, or a JSON file of rules`,
      faultProfile,
    )
    .option(
      '--client-report <format:file>',
      'write the client report when stopped (junit:FILE, json:FILE or html:FILE; repeatable); exit code 1 when it has findings',
      reportTarget,
      [],
    )
    .option('--no-client-judge', 'do not judge the clients (no client report; saves its cost per request)')
    .action(async (flags: ServeFlags) => {
      if (!flags.clientJudge && flags.clientReport.length > 0)
        throw new InvalidArgumentError('--client-report needs the client judge: leave out --no-client-judge.');
      // A facility of worlds answers every TPP's browser on the customer surface: without a token its
      // operator API (/sandbox/worlds/…) would let anyone who reaches that port read every world.
      if (flags.worlds === 'organisation' && flags.controlToken === undefined)
        throw new InvalidArgumentError(
          `--worlds organisation needs --control-token (or $${CONTROL_TOKEN_VARIABLE}): without one, anyone who reaches the customer surface could call the operator API and read every world.`,
        );
      const sandbox = await startSandbox({
        ...sandboxInput(flags),
        controlToken: flags.controlToken,
        trust: flags.trust,
        callbackCa: flags.callbackCa,
        ...(flags.clientCertHeader === undefined ? {} : { clientCertHeader: flags.clientCertHeader }),
        trustedProxies: flags.trustedProxy,
        ...(flags.faults === undefined ? {} : { faults: flags.faults }),
        clientJudge: flags.clientJudge,
        log: (message) => io.err(`${message}\n`),
      }).catch((error: unknown) => Promise.reject(withPortHint(error)));
      const stopPrinting = flags.clientJudge ? printFindings(sandbox, io) : () => {};
      // Process-level: from node starting to both servers listening, which is what a user waits for.
      const readyMs = performance.now();
      const customers = sandbox.customers();
      // Every hint is a command that works when pasted, with the token where one is set.
      const controlToken = flags.controlToken !== undefined;
      const control = (path: string, method?: 'DELETE') =>
        controlCurl(`${sandbox.controlUrl}${path}`, { controlToken, ...(method ? { method } : {}) });
      // Faults are never on by surprise: say so above the banner.
      if (flags.faults !== undefined)
        io.out(
          `Fault injection is ON (profile ${flags.faults}); the rules, and turning them off:\n  ${control('/faults')}\n  ${control('/faults', 'DELETE')}\n`,
        );
      if (flags.profile !== undefined) io.out(profileBanner(sandbox.profile, flags.seed, control('/profile')));
      if (flags.clientJudge)
        io.out(
          `Client judge on: each finding prints here as it happens (xs2a-kit client-rules lists the rules); the evidence:\n  ${control('/client-report')}\n`,
        );
      io.out(
        readyBanner(sandbox, {
          readyMs,
          seed: flags.seed,
          customers: customers.length,
          exampleIban: customers[0]?.accounts[0]?.iban ?? '',
          controlToken,
          // Given as a flag only: the shell the commands are pasted into has no variable to read.
          tokenToExport: controlToken && env[CONTROL_TOKEN_VARIABLE] !== flags.controlToken,
        }),
      );
      await new Promise<void>((resolve) => {
        const stop = () => {
          process.off('SIGINT', stop);
          process.off('SIGTERM', stop);
          resolve();
        };
        process.on('SIGINT', stop);
        process.on('SIGTERM', stop);
      });
      stopPrinting();
      await sandbox.close();
      if (flags.clientJudge) process.exitCode = finishClientReport(sandbox, flags.clientReport, io);
      io.out('xs2a-kit sandbox stopped.\n');
    });
}
