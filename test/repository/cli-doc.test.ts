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

/** Each command's help, read once for the whole file: every start of the binary costs a second or two. */
const helps = new Map<string, Promise<string>>();

function help(command: string[]): Promise<string> {
  const key = command.join(' ');
  let text = helps.get(key);
  if (!text) helps.set(key, (text = run('node', [BIN, ...command, '--help']).then((answer) => answer.stdout)));
  return text;
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

/** The names in a help text's Commands section (`help` left out). */
function commandsOf(text: string): string[] {
  const section = /^Commands:\n([\s\S]*)/m.exec(text)?.[1] ?? '';
  return [...section.matchAll(/^ {2}([a-z][a-z-]*)/gm)].map((match) => match[1]!).filter((name) => name !== 'help');
}

/** Every command and subcommand of the binary, as its own help lists them: a new one is held to the page too. */
async function everyCommand(): Promise<string[][]> {
  const names = commandsOf(await help([]));
  // The subcommands' helps are read side by side: one start of the binary per command, at once.
  const subs = await Promise.all(names.map(async (name) => commandsOf(await help([name]))));
  return names.flatMap((name, i) => [[name], ...subs[i]!.map((sub) => [name, sub])]);
}

describe('docs/cli.md against the commands’ own help', () => {
  it('finds the commands the page is held to in the binary’s own help', async () => {
    const commands = (await everyCommand()).map((command) => command.join(' '));
    for (const known of ['serve', 'certs', 'certs tpp', 'certs refused', 'conformance', 'openapi', 'demo'])
      expect(commands).toContain(known);
    // One process per command and subcommand (about twenty starts of the binary), each read once.
  }, 60_000);

  it('names every flag of every command’s --help on the page', async () => {
    const missing: string[] = [];
    const commands = await everyCommand();
    const texts = await Promise.all(commands.map(help));
    commands.forEach((command, i) => {
      for (const flag of flagsOf(texts[i]!)) if (!names(page, flag)) missing.push(`${command.join(' ')} ${flag}`);
    });
    expect(missing).toEqual([]);
  }, 120_000);

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
