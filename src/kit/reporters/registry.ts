/** Reporters by name, as `--reporter NAME[:FILE]` selects them; without FILE a report goes to stdout. */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Reporter } from '../events.js';
import { consoleReporter, type ConsoleSink } from './console.js';
import { htmlReporter } from './html.js';
import { jsonReporter } from './json.js';
import { junitReporter } from './junit.js';

export interface ReporterOutput {
  stdout: ConsoleSink;
  /** Reports keep every scenario's exchanges, not only the evidence of failed and inconclusive ones (`--full`). */
  full?: boolean;
  writeFile?: (file: string, text: string) => Promise<void>;
}

const REPORTERS = {
  console: (file: string | undefined, out: ReporterOutput) =>
    file === undefined ? consoleReporter(out.stdout) : consoleFile(sink(file, out)),
  junit: (file: string | undefined, out: ReporterOutput) => junitReporter(sink(file, out)),
  json: (file: string | undefined, out: ReporterOutput) => jsonReporter(sink(file, out), { full: out.full ?? false }),
  html: (file: string | undefined, out: ReporterOutput) => htmlReporter(sink(file, out)),
} as const;

export const REPORTER_NAMES = Object.keys(REPORTERS) as (keyof typeof REPORTERS)[];

export class UnknownReporter extends Error {}

function sink(file: string | undefined, out: ReporterOutput) {
  return async (text: string) => {
    if (file === undefined) out.stdout.write(text);
    else await (out.writeFile ?? writeReport)(file, text);
  };
}

/** `console:FILE`: the console's plain lines (no progress, no control characters), written to FILE at the end. */
function consoleFile(write: (text: string) => Promise<void>): Reporter {
  const lines: string[] = [];
  const reporter = consoleReporter({ write: (text) => void lines.push(text), isTTY: false });
  return { onEvent: (event) => reporter.onEvent(event), close: () => write(lines.join('')) };
}

/** `junit:reports/x.xml` in a fresh CI checkout: the folder does not exist yet. */
async function writeReport(file: string, text: string): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, text, 'utf8');
}

/** `junit:reports/x.xml` → the JUnit reporter writing that file. */
export function createReporter(spec: string, out: ReporterOutput): Reporter {
  const index = spec.indexOf(':');
  const name = index === -1 ? spec : spec.slice(0, index);
  const file = index === -1 ? undefined : spec.slice(index + 1);
  if (!(name in REPORTERS))
    throw new UnknownReporter(`unknown reporter "${name}" (known: ${REPORTER_NAMES.join(', ')})`);
  if (file === '') throw new UnknownReporter(`reporter "${name}:" names no file`);
  return REPORTERS[name as keyof typeof REPORTERS](file, out);
}
