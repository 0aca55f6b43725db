/**
 * An abort is printed once: the status line says why the run stopped; the console reporter neither
 * repeats the reason nor lists every scenario left unrun with it, and the result line gives the
 * counts. Report files still record the abort and every scenario not run.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runConformance } from '../../src/kit/run-conformance.js';
import { statelessMock } from '../helpers/misbehaving-targets.js';
import { remoteConfig } from '../helpers/remote-config.js';
import { certificateFolder } from '../helpers/sandbox.js';

async function setUp() {
  const certs = await certificateFolder();
  const read = (name: string) => readFileSync(join(certs, name), 'utf8');
  const dir = mkdtempSync(join(tmpdir(), 'xs2a-kit-abort-'));
  const config = join(dir, 'config.json');
  writeFileSync(config, JSON.stringify(remoteConfig(certs, { sca: { driver: 'none' } })));
  return { dir, config, server: { key: read('server.key'), cert: read('server.crt'), ca: read('ca.crt') } };
}

const count = (text: string, part: string) => text.split(part).length - 1;

/** A run against a mock that answers 30 requests and then none, with what it said and wrote. */
async function runUntilItDies(reporter: (dir: string) => string[]) {
  const { dir, config, server } = await setUp();
  const dying = await statelessMock(server, { answerFor: 30 });
  try {
    const said: string[] = [];
    const written: string[] = [];
    const outcome = await runConformance({
      target: dying.baseUrl,
      config,
      reporter: reporter(dir),
      stdout: { write: (text) => void written.push(text), isTTY: false },
      say: (text) => said.push(text),
    });
    return { ...outcome, dir, stderr: said.join(''), stdout: written.join('') };
  } finally {
    await dying.close();
  }
}

describe('a run the target stops answering', () => {
  it('prints the reason once, on the status line, while the JUnit file records it and every scenario not run', async () => {
    const { exitCode, summary, dir, stderr, stdout } = await runUntilItDies((dir) => [
      'console',
      `junit:${join(dir, 'dying.xml')}`,
    ]);
    expect(exitCode).toBe(2);
    const reason = summary!.aborted!;
    expect(reason).toMatch(/^the target stopped answering/);
    expect(count(stderr + stdout, reason)).toBe(1);
    expect(stderr).toContain(`xs2a-kit conformance: ${reason}\n`);
    expect(stdout).not.toContain('not run:');
    expect(stdout).not.toMatch(/^ABORTED/m);
    expect(stdout).toMatch(
      new RegExp(
        `^${summary!.passed} passed, ${summary!.failed} failed, ${summary!.inconclusive} inconclusive, ${summary!.skipped} skipped, ${summary!.errors} errors in [\\d.]+ s`,
        'm',
      ),
    );
    const notRun = summary!.results.filter((result) => result.reason === `not run: ${reason}`).length;
    expect(notRun).toBeGreaterThan(100);
    expect(count(readFileSync(join(dir, 'dying.xml'), 'utf8'), 'not run: the target stopped answering')).toBe(notRun);
  });

  it('with only a report file, prints the counts and the reason each once', async () => {
    const { summary, stderr, stdout } = await runUntilItDies((dir) => [`junit:${join(dir, 'only-file.xml')}`]);
    expect(count(stderr + stdout, summary!.aborted!)).toBe(1);
    expect(count(stderr + stdout, ' passed, ')).toBe(1);
  });
});
