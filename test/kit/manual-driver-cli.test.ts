/**
 * Issue 39: the `manual` SCA driver waits what it says and no longer, refuses to wait for nobody
 * (stdin not a terminal, no wait given), and Ctrl-C writes the reports of what ran. Run as a user
 * runs it: the built binary against --target sim, nobody approving.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, xs2aKit } from '../helpers/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'xs2a-kit-manual-'));

/** Spawns the binary; resolves what it printed and its exit code, and how long after `mark` appeared it exited. */
function spawnRun(args: string[], onOutput: (output: string, kill: (signal: NodeJS.Signals) => void) => void) {
  const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  const kill = (signal: NodeJS.Signals) => child.kill(signal);
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    onOutput(stderr, kill);
  });
  return new Promise<{ code: number | null; stdout: string; stderr: string; endedAt: number }>((resolve) =>
    child.on('exit', (code) => resolve({ code, stdout, stderr, endedAt: performance.now() })),
  );
}

describe('the manual SCA driver (the built binary)', () => {
  it('refuses to start when stdin is not a terminal and no wait was given: exit 2, one line, nothing run', async () => {
    const { code, stdout, stderr } = await xs2aKit(['conformance', '--sca', 'manual', '--only', 'PIS-SCA-001']);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toBe(
      'xs2a-kit conformance: --sca manual waits for a person to approve at this terminal, but standard input is not a terminal: give --manual-wait SECONDS (or "sca.manual.timeoutSeconds" in the config) to wait that long for each approval anyway, or a driver that needs nobody (--sca control, forms or browser)\n',
    );
  });

  it('waits the time it prints and no longer, names the scenario and address when it gives up, and exits promptly', async () => {
    const started = performance.now();
    const outcome = await spawnRun(
      ['conformance', '--sca', 'manual', '--manual-wait', '2', '--only', 'PIS-SCA-001'],
      () => {},
    );
    expect(outcome.stderr).toContain(
      '1 scenario selected; a manual run would ask for 1 customer approval, each waited for up to 2 s.\n',
    );
    expect(outcome.stderr).toMatch(
      /\nPIS-SCA-001 [^\n]+: open this address as customer \S+ and approve there \(waiting up to 2 s\):\n {2}https?:\/\/\S+\n/,
    );
    expect(outcome.stderr).toMatch(
      /\nPIS-SCA-001 [^\n]+: no answer from customer \S+ within 2 s at https?:\/\/\S+ \(status still RCVD\); going on\.\n/,
    );
    expect(outcome.stdout).toMatch(
      /^INCONCLUSIVE PIS-SCA-001 .*\n {5}inconclusive: the SCA driver \(manual\) could not act: the customer did not act on https?:\/\/\S+ within 2 s/m,
    );
    expect(outcome.code).toBe(0);
    // The wait, the sandbox's start and stop: nothing like the five minutes the process used to live on.
    expect(outcome.endedAt - started).toBeLessThan(20_000);
  }, 30_000);

  it('SIGINT ends the wait at once, runs no more and writes the reports of what ran (exit 2)', async () => {
    const junit = join(dir, 'interrupted.xml');
    const json = join(dir, 'interrupted.json');
    let signalledAt = 0;
    const outcome = await spawnRun(
      [
        'conformance',
        '--sca',
        'manual',
        '--manual-wait',
        '600',
        '--only',
        'PIS-SCA-001,PIS-SCA-002',
        '--reporter',
        'console',
        '--reporter',
        `junit:${junit}`,
        '--reporter',
        `json:${json}`,
      ],
      (stderr, kill) => {
        if (signalledAt === 0 && stderr.includes('open this address')) {
          signalledAt = performance.now();
          kill('SIGINT');
        }
      },
    );
    expect(signalledAt).toBeGreaterThan(0);
    expect(outcome.code).toBe(2);
    expect(outcome.endedAt - signalledAt).toBeLessThan(10_000);
    expect(outcome.stderr).toContain('xs2a-kit conformance: interrupted; writing the reports of what ran');
    expect(existsSync(junit)).toBe(true);
    const report = JSON.parse(readFileSync(json, 'utf8')) as {
      aborted?: string;
      results: { id: string; status: string; reason?: string }[];
    };
    expect(report.aborted).toBe('interrupted (SIGINT): the scenarios after it were not run');
    expect(report.results.map(({ id, status, reason }) => [id, status, reason])).toEqual([
      ['PIS-SCA-001', 'inconclusive', expect.stringContaining('interrupted before the scenario finished (SIGINT)')],
      ['PIS-SCA-002', 'skipped', 'not run: interrupted (SIGINT): the scenarios after it were not run'],
    ]);
    expect(readFileSync(junit, 'utf8')).toContain('PIS-SCA-001');
  }, 60_000);
});
