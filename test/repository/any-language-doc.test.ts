/**
 * docs/any-language.md shows no code of its own: every code block on it is a run of lines of a file
 * the suite runs (the examples' sources and scripts, and the bash of the test that runs
 * start-sandbox.sh), so the page cannot drift from what works. Lines are compared without their
 * indentation and without a leading comment marker, so a usage line that a script's header comment
 * gives may be shown as the command it is.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(join(root, file), 'utf8');
const { version } = JSON.parse(read('package.json')) as { version: string };

/** Each file a block may come from, with the test that runs it and what that test names it by. */
const SOURCES: Record<string, { runBy: string; named: string }> = {
  'examples/java/run.sh': { runBy: 'test/examples/java-example.test.ts', named: "'run.sh'" },
  'examples/java/convert-certificates.sh': {
    runBy: 'test/examples/java-example.test.ts',
    named: "'convert-certificates.sh'",
  },
  // run.sh compiles every source of examples/java/src/.
  'examples/java/src/ConsentAndPaymentFlow.java': { runBy: 'examples/java/run.sh', named: 'ConsentAndPaymentFlow' },
  'examples/java/src/Sandbox.java': { runBy: 'examples/java/run.sh', named: '"$here"/src/*.java' },
  'examples/java/src/MutualTls.java': { runBy: 'examples/java/run.sh', named: '"$here"/src/*.java' },
  'examples/java/src/Xs2aClient.java': { runBy: 'examples/java/run.sh', named: '"$here"/src/*.java' },
  'examples/python/conftest.py': { runBy: 'test/examples/python-example.test.ts', named: "'../../examples/python/'" },
  'examples/python/test_consent_flow.py': {
    runBy: 'test/examples/python-example.test.ts',
    named: "'../../examples/python/'",
  },
  'examples/curl/common.sh': { runBy: 'examples/curl/account-information.sh', named: 'common.sh' },
  'examples/curl/start-sandbox.sh': { runBy: 'test/examples/start-sandbox.test.ts', named: "'start-sandbox.sh'" },
  'test/examples/start-sandbox.test.ts': { runBy: 'test/examples/start-sandbox.test.ts', named: "run('bash'" },
};

/** A line as compared: no indentation, no leading `#` or `//` comment marker. */
function normal(line: string): string {
  return line
    .trim()
    .replace(/^(#|\/\/)\s?/, '')
    .trim();
}

/** The fenced code blocks of a Markdown text: language and lines. */
function blocks(text: string): { language: string; lines: string[] }[] {
  return [...text.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)].map((match) => ({
    language: match[1]!,
    lines: match[2]!.replace(/\n$/, '').split('\n'),
  }));
}

/** The source files holding the block's lines in a row. */
function holders(lines: string[]): string[] {
  const wanted = lines.map(normal);
  return Object.keys(SOURCES).filter((file) => {
    const have = read(file).split('\n').map(normal);
    return have.some((_, start) => wanted.every((line, offset) => have[start + offset] === line));
  });
}

const EXTENSIONS: Record<string, RegExp> = { java: /\.java$/, python: /\.py$/, sh: /\.sh$|\.test\.ts$/ };

describe('docs/any-language.md', () => {
  const page = read('docs/any-language.md');
  const found = blocks(page);

  it('has the code blocks of the walk-through, each with its language', () => {
    expect(found.length).toBeGreaterThanOrEqual(15);
    for (const block of found) expect(Object.keys(EXTENSIONS)).toContain(block.language);
  });

  it.each(found.map((block, index) => [index + 1, block.lines[0]!, block] as const))(
    'block %i (%s) is lines of a file the suite runs, in its language',
    (_index, _first, block) => {
      const files = holders(block.lines);
      expect(files, block.lines.join('\n')).not.toEqual([]);
      expect(files.some((file) => EXTENSIONS[block.language]!.test(file))).toBe(true);
    },
  );

  it('takes them only from files a test or a script of the suite runs', () => {
    for (const [file, { runBy, named }] of Object.entries(SOURCES)) expect(read(runBy), file).toContain(named);
    // And every script that runs one is run by a test itself.
    expect(read('test/examples/java-example.test.ts')).toContain("script('run.sh'");
    expect(read('test/examples/curl-scripts.test.ts')).toContain("script('account-information.sh')");
  });

  it('never promises xs2a-kit from the npm registry: every npx names the packed tarball or runs an installed copy', () => {
    const npx = found.flatMap((block) => block.lines).filter((line) => /\bnpx\b/.test(line) && !line.startsWith('#'));
    expect(npx).toEqual([
      'XS2A_KIT="npx xs2a-kit"',
      `XS2A_KIT="npx --yes --package=./vendor/xs2a-kit-${version}.tgz xs2a-kit"`,
      `npx --yes --package=./vendor/xs2a-kit-${version}.tgz xs2a-kit --version`,
    ]);
    expect(page).toContain('in a project that installed the tarball');
  });
});
