/** `xs2a-kit openapi [--out FILE]`: the interface as an OpenAPI 3.1 document (stdout without --out). */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Command } from 'commander';
import { buildOpenApiDocument } from '../contract/openapi.js';
import type { CliIo } from './io.js';

export function openApiCommand(program: Command, io: CliIo): void {
  program
    .command('openapi')
    .description('write the interface as an OpenAPI 3.1 document (sandbox server first, then production)')
    .option('--out <file>', 'write to this file instead of stdout')
    .action((flags: { out?: string }) => {
      const text = `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`;
      if (flags.out === undefined) {
        io.out(text);
        return;
      }
      const file = resolve(flags.out);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, text);
      // Status to stderr so stdout stays clean for pipes even with --out.
      io.err(`Wrote ${file}\n`);
    });
}
