/** The commander program: one file per command, each a thin call into the library. */
import { Command } from 'commander';
import { packageVersion } from '../package-root.js';
import { certsCommand } from './certs.js';
import { clientRulesCommand } from './client-rules.js';
import { conformanceCommand } from './conformance.js';
import { demoCommand } from './demo.js';
import type { CliIo } from './io.js';
import { openApiCommand } from './openapi.js';
import { profilesCommand } from './profiles.js';
import { serveCommand } from './serve.js';

export function buildProgram(io: CliIo): Command {
  const program = new Command('xs2a-kit')
    .description('Berlin Group NextGenPSD2 XS2A sandbox and conformance kit')
    .version(packageVersion())
    .enablePositionalOptions()
    .configureOutput({ writeOut: io.out, writeErr: io.err });
  serveCommand(program, io, process.env);
  certsCommand(program, io);
  conformanceCommand(program, io, process.env);
  openApiCommand(program, io);
  profilesCommand(program, io);
  clientRulesCommand(program, io);
  demoCommand(program, io);
  return program;
}
