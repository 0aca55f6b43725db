import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { BIN, serving } from '../helpers/cli.js';

const run = promisify(execFile);

const refused = (...args: string[]) =>
  run(process.execPath, [BIN, ...args]).then(
    () => {
      throw new Error('expected a failure');
    },
    (error: { code: number; stdout: string; stderr: string }) => error,
  );

describe('xs2a-kit serve --faults', () => {
  it('starts with a built-in profile, says so, and lists its rules on the control API', async () => {
    await serving(['--faults', 'flaky'], async (out, controlUrl) => {
      expect(out).toContain(
        `Fault injection is ON (profile flaky); the rules, and turning them off:\n  curl -s ${controlUrl}/faults\n  curl -s -X DELETE -H 'Content-Type: application/json' ${controlUrl}/faults\n`,
      );
      const faults = (await (await fetch(`${controlUrl}/faults`)).json()) as unknown;
      expect(faults).toEqual({
        profile: 'flaky',
        rules: [{ id: 'fault-1', kind: 'unavailable-empty', rate: 0.1, retryAfter: 1, match: {}, applied: 0 }],
      });
    });
  });

  it('starts with a JSON file of rules', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'xs2a-faults-')), 'drill.json');
    writeFileSync(
      file,
      JSON.stringify({ rules: [{ kind: 'error-500', count: 2, match: { method: 'POST', path: '/v1/payments/**' } }] }),
    );
    await serving(['--faults', file], async (_out, controlUrl) => {
      const faults = (await (await fetch(`${controlUrl}/faults`)).json()) as {
        profile: string;
        rules: { kind: string; remaining: number }[];
      };
      expect(faults.profile).toBe(file);
      expect(faults.rules.map((rule) => [rule.kind, rule.remaining])).toEqual([['error-500', 2]]);
    });
  });

  it('is off without the flag', async () => {
    await serving([], async (out, controlUrl) => {
      expect(out).not.toContain('Fault injection');
      expect(await (await fetch(`${controlUrl}/faults`)).json()).toEqual({ profile: null, rules: [] });
    });
  });

  it('refuses an unknown profile before starting, naming the built-ins, with the exit code of every bad flag value', async () => {
    const failure = await refused('serve', '--port', '0', '--portal-port', '0', '--faults', 'flakey');
    expect(failure.code).toBe(1);
    expect(failure.stdout).toBe('');
    expect(failure.stderr).toContain(
      'unknown fault profile "flakey": the built-in profiles are flaky, slow, chaos, callbacks, client-check; or give the path of a JSON file of rules.',
    );
    expect(failure.stderr).not.toMatch(/\n\s+at /);
  });

  it('refuses a rules file with a bad rule, naming the rule and field', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'xs2a-faults-')), 'bad.json');
    writeFileSync(file, '[{"kind":"slow","rate":0.5}]');
    const failure = await refused('serve', '--port', '0', '--portal-port', '0', '--faults', file);
    expect(failure.code).toBe(1);
    expect(failure.stderr).toContain(`the fault profile file ${file} is not a list of fault rules: 0.delayMs:`);
  });
});
