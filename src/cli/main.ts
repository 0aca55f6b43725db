/** The binary's entry: the only place that reads process.argv. */
import { InvalidArgumentError } from 'commander';
import { processIo } from './io.js';
import { buildProgram } from './program.js';

try {
  await buildProgram(processIo).parseAsync(process.argv);
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  processIo.err(`xs2a-kit: ${error instanceof InvalidArgumentError ? 'invalid argument: ' : ''}${message}\n`);
  process.exitCode = 1;
}
