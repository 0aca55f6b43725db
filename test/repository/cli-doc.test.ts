/**
 * docs/cli.md is held to the commands' own help (issue 39: `--strict`, `--full` and the `html`
 * reporter were missing from it): every flag a command's `--help` lists is on the page, and the
 * conformance synopsis names every flag of `conformance --help` and every reporter it takes.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { BIN } from '../helpers/cli.js';

const run = promisify(execFile);
const page = readFileSync(join(import.meta.dirname, '../../docs/cli.md'), 'utf8');
const synopsis = /```\n(xs2a-kit [\s\S]*?)```/.exec(page)![1]!;

async function help(command: string[]): Promise<string> {
  return (await run('node', [BIN, ...command, '--help'])).stdout;
}

/** The long flags of a help text's Options section, --help itself left out. */
function flagsOf(text: string): string[] {
  const options = /^Options:\n([\s\S]*?)(?:^Commands:|$(?![\s\S]))/m.exec(text)![1]!;
  return [...new Set([...options.matchAll(/(?<![\w-])--([a-z][a-z0-9-]*)/g)].map((match) => `--${match[1]}`))]
    .filter((flag) => flag !== '--help')
    .sort();
}

/** Whether the text names the flag as a whole word (`--only`, not `--only-this`). */
const names = (text: string, flag: string) => new RegExp(`(?<![\\w-])${flag}(?![\\w-])`).test(text);

describe('docs/cli.md against the commands’ own help', () => {
  it.each([
    ['serve'],
    ['certs'],
    ['certs tpp'],
    ['certs refused'],
    ['conformance'],
    ['openapi'],
    ['profiles'],
    ['client-rules'],
    ['demo'],
  ])('every flag of `%s --help` is on the page', async (command) => {
    const flags = flagsOf(await help(command.split(' ')));
    expect(flags.length).toBeGreaterThan(0);
    expect(flags.filter((flag) => !names(page, flag))).toEqual([]);
  });

  it('the conformance synopsis names every flag of its help and every reporter it takes', async () => {
    const text = await help(['conformance']);
    const lines = synopsis
      .split('\n')
      .filter((line, i, all) => {
        // A command's lines: its own, and the indented ones after it.
        const start = all.slice(0, i + 1).findLast((one) => one.startsWith('xs2a-kit '));
        return start?.startsWith('xs2a-kit conformance') ?? false;
      })
      .join('\n');
    expect(flagsOf(text).filter((flag) => !names(lines, flag))).toEqual([]);
    const reporters = /--reporter <NAME\[:FILE\]>\s+([a-z, ]+);/.exec(text)![1]!.split(/,\s*/);
    expect(reporters).toContain('html');
    const written = /\[--reporter ([a-z|]+)\[:FILE\]\]/.exec(lines)![1]!.split('|');
    expect(written).toEqual(reporters);
  });
});
