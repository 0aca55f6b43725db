/** `xs2a-kit serve`: the sandbox on fixed ports, until interrupted. */
import { InvalidArgumentError, type Command } from 'commander';
import { BUILT_IN_PROFILES, FaultProfileError, resolveFaults } from '../sim/faults/profiles.js';
import { startSandbox } from '../sim/sandbox.js';
import type { CliIo } from './io.js';
import { collect, integer } from './parse.js';
import { readyBanner } from './ready-banner.js';

interface ServeFlags {
  port: number;
  portalPort: number;
  host: string;
  allowHost: string[];
  seed: number;
  customers: number;
  data?: string;
  certs: string;
  controlToken?: string;
  trust: string[];
  callbackCa: string[];
  faults?: string;
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

export function serveCommand(program: Command, io: CliIo): void {
  program
    .command('serve')
    .description('start the sandbox: XS2A API behind mutual TLS and the customer surface')
    .option('--port <port>', 'XS2A API port (mutual TLS)', integer(0, 65_535), 8443)
    .option('--portal-port <port>', 'customer surface port (SCA pages, portal, control API)', integer(0, 65_535), 8080)
    .option('--host <host>', 'address both servers bind to', '127.0.0.1')
    .option('--allow-host <name>', 'also answer to this host name on the customer surface (besides IP addresses and localhost; repeatable)', collect, [])
    .option('--seed <n>', 'seed of the generated customers', integer(0, 2_147_483_647), 42)
    .option('--customers <n>', 'generated customers besides the named fixtures', integer(0, 100_000), 20)
    .option('--data <file>', 'keep state in this JSON file (memory only when absent)')
    .option('--certs <dir>', 'certificate folder; missing files are created', 'certs')
    .option('--control-token <token>', 'require "Authorization: Bearer <token>" on the control API')
    .option('--trust <file>', 'also trust client certificates issued by this CA (PEM; repeatable)', collect, [])
    .option('--callback-ca <file>', 'also trust this CA for revocation-callback receivers (PEM; repeatable)', collect, [])
    .option('--faults <profile>', `inject faults for client robustness drills: ${Object.keys(BUILT_IN_PROFILES).join(', ')}, or a JSON file of rules`, faultProfile)
    .action(async (flags: ServeFlags) => {
      const sandbox = await startSandbox({
        port: flags.port,
        portalPort: flags.portalPort,
        host: flags.host,
        allowHosts: flags.allowHost,
        seed: flags.seed,
        customers: flags.customers,
        data: flags.data,
        certsDir: flags.certs,
        controlToken: flags.controlToken,
        trust: flags.trust,
        callbackCa: flags.callbackCa,
        ...(flags.faults === undefined ? {} : { faults: flags.faults }),
        log: (message) => io.err(`${message}\n`),
      });
      // Process-level: from node starting to both servers listening, which is what a user waits for.
      const readyMs = performance.now();
      const customers = sandbox.customers();
      // Faults are never on by surprise: say so above the banner.
      if (flags.faults !== undefined) io.out(`Fault injection is ON (profile ${flags.faults}): GET ${sandbox.controlUrl}/faults lists the rules, DELETE turns them off.\n`);
      io.out(readyBanner(sandbox, { readyMs, seed: flags.seed, customers: customers.length, exampleIban: customers[0]?.accounts[0]?.iban ?? '' }));
      await new Promise<void>((resolve) => {
        const stop = () => {
          process.off('SIGINT', stop);
          process.off('SIGTERM', stop);
          resolve();
        };
        process.on('SIGINT', stop);
        process.on('SIGTERM', stop);
      });
      await sandbox.close();
      io.out('xs2a-kit sandbox stopped.\n');
    });
}
