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
import { certificateFolder } from '../helpers/sandbox.js';

async function setUp() {
  const certs = await certificateFolder();
  const read = (name: string) => readFileSync(join(certs, name), 'utf8');
  const dir = mkdtempSync(join(tmpdir(), 'xs2a-kit-abort-'));
  const config = join(dir, 'config.json');
  writeFileSync(
    config,
    JSON.stringify({
      ca: join(certs, 'ca.crt'),
      provider: { cert: join(certs, 'tpp.crt'), key: join(certs, 'tpp.key') },
      redirectUri: 'https://tpp.example/xs2a/ok',
      nokRedirectUri: 'https://tpp.example/xs2a/nok',
      psu: { id: 'anna', password: 'anna-1234' },
      ibans: {
        main: 'DE89370400440532013000',
        second: 'DE75512108001245126199',
        notHeld: 'DE02100100100006820101',
        creditor: 'DE02120300000000202051',
      },
      amounts: { small: '1.25', beyondBalance: '99999.00' },
      sca: { driver: 'none' },
    }),
  );
  return { dir, config, server: { key: read('server.key'), cert: read('server.crt'), ca: read('ca.crt') } };
}

const count = (text: string, part: string) => text.split(part).length - 1;

describe('a run the target stops answering', () => {
  it('prints the reason once, on the status line, while the JUnit file records it and every scenario not run', async () => {
    const { dir, config, server } = await setUp();
    const dying = await statelessMock(server, { answerFor: 30 });
    try {
      const said: string[] = [];
      const written: string[] = [];
      const junit = join(dir, 'dying.xml');
      const { exitCode, summary } = await runConformance({
        target: dying.baseUrl,
        config,
        reporter: ['console', `junit:${junit}`],
        stdout: { write: (text) => void written.push(text), isTTY: false },
        say: (text) => said.push(text),
      });
      expect(exitCode).toBe(2);
      const reason = summary!.aborted!;
      expect(reason).toMatch(/^the target stopped answering/);
      const stdout = written.join('');
      expect(count(said.join('') + stdout, reason)).toBe(1);
      expect(said.join('')).toContain(`xs2a-kit conformance: ${reason}\n`);
      expect(stdout).not.toContain('not run:');
      expect(stdout).not.toMatch(/^ABORTED/m);
      expect(stdout).toMatch(
        new RegExp(
          `^${summary!.passed} passed, ${summary!.failed} failed, ${summary!.skipped} skipped in [\\d.]+ s$`,
          'm',
        ),
      );
      const notRun = summary!.results.filter((result) => result.reason === `not run: ${reason}`).length;
      expect(notRun).toBeGreaterThan(100);
      expect(count(readFileSync(junit, 'utf8'), 'not run: the target stopped answering')).toBe(notRun);
    } finally {
      await dying.close();
    }
  });

  it('with only a report file, prints the counts and the reason each once', async () => {
    const { dir, config, server } = await setUp();
    const dying = await statelessMock(server, { answerFor: 30 });
    try {
      const said: string[] = [];
      const written: string[] = [];
      const { summary } = await runConformance({
        target: dying.baseUrl,
        config,
        reporter: [`junit:${join(dir, 'only-file.xml')}`],
        stdout: { write: (text) => void written.push(text), isTTY: false },
        say: (text) => said.push(text),
      });
      const all = said.join('') + written.join('');
      expect(count(all, summary!.aborted!)).toBe(1);
      expect(count(all, ' passed, ')).toBe(1);
    } finally {
      await dying.close();
    }
  });
});
