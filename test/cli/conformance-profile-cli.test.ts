/**
 * `xs2a-kit conformance --profile … --write-profile FILE`: the in-process sandbox serves the
 * profile, the kit writes back what it observed; a profile that cannot be served is exit 1 with one
 * line naming the setting, and `--profile` with a real target is a configuration error.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { xs2aKit } from '../helpers/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'xs2a-kit-conformance-profile-'));

describe('xs2a-kit conformance with bank profiles', () => {
  it('serves --profile lenient in-process and writes the settings it observed with --write-profile', async () => {
    const file = join(dir, 'lenient.json');
    const { code, stderr } = await xs2aKit([
      'conformance',
      '--profile',
      'lenient',
      '--only',
      'ID-REQID-001,ID-BODY-001',
      '--reporter',
      'json:' + join(dir, 'report.json'),
      '--write-profile',
      file,
    ]);
    expect(code).toBe(0);
    expect(stderr).toContain(`The target's profile (3 settings observed of 24) is in ${file}.`);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      settings: { 'requestId.missing': 'generate', 'requestId.notUuid': 'accept', 'request.bodyLimit': '1MiB' },
    });
  });

  it('writes the default profile’s values when no profile is served', async () => {
    const file = join(dir, 'default.json');
    const { code } = await xs2aKit([
      'conformance',
      '--only',
      'ID-REQID-001',
      '--reporter',
      'json:' + join(dir, 'report-default.json'),
      '--write-profile',
      file,
    ]);
    expect(code).toBe(0);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      settings: { 'requestId.missing': 'refuse', 'requestId.notUuid': 'refuse' },
    });
  });

  it.each([
    [
      'an unknown setting',
      { settings: { 'transactions.sort': 'oldest-first' } },
      'unknown setting "transactions.sort"',
    ],
    [
      'a value outside the setting',
      { settings: { 'status.CONSENT_INVALID': 404 } },
      'setting "status.CONSENT_INVALID" cannot be 404',
    ],
  ])('refuses %s with exit 1 and one line naming the setting; nothing runs', async (what, profile, message) => {
    const file = join(dir, `${what.replaceAll(' ', '-')}.json`);
    writeFileSync(file, JSON.stringify(profile));
    const { code, stdout, stderr } = await xs2aKit(['conformance', '--profile', file]);
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toContain(message);
    expect(stdout).toBe('');
  });

  it('refuses a malformed profile file and an unknown built-in name the same way', async () => {
    const file = join(dir, 'broken.json');
    writeFileSync(file, '{ "settings": ');
    for (const profile of [file, 'stricter']) {
      const { code, stdout, stderr } = await xs2aKit(['conformance', '--profile', profile]);
      expect(code).toBe(1);
      expect(stderr.trim().split('\n')).toHaveLength(1);
      expect(stdout).toBe('');
    }
  });

  it('refuses --profile with a real target: a real bank serves its own profile (exit 2)', async () => {
    const config = join(dir, 'remote.json');
    writeFileSync(config, '{}');
    const { code, stderr } = await xs2aKit([
      'conformance',
      '--target',
      'https://127.0.0.1:9',
      '--config',
      config,
      '--profile',
      'strict',
    ]);
    expect(code).toBe(2);
    expect(stderr).toContain('--profile');
  });
});
