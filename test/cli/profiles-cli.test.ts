/**
 * The CLI's bank profiles: `xs2a-kit profiles` (table and --json), `serve --profile` with a
 * built-in, a file and a random draw printed for replay, and a bad profile refused before anything starts.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtInSettings, completeSettings, randomSettings, SETTINGS } from '../../src/index.js';
import { serving, xs2aKit } from '../helpers/cli.js';

const servedProfile = async (controlUrl: string) => (await fetch(`${controlUrl}/profile`)).json();

describe('xs2a-kit profiles', () => {
  it('lists every setting with its values, default and open point as a table', async () => {
    const { code, stdout } = await xs2aKit(['profiles']);
    expect(code).toBe(0);
    expect(stdout.split('\n')[0]).toMatch(/^SETTING\s+VALUES \(default first\)\s+DEFAULT\s+OPEN POINT$/);
    for (const definition of SETTINGS) {
      const line = stdout.split('\n').find((row) => row.startsWith(`${definition.name} `));
      expect(line).toBeDefined();
      expect(line).toContain(definition.values.map(String).join(' | '));
      expect(line).toContain(definition.rule);
    }
    expect(stdout).toContain('Built-in profiles: default, strict, lenient, random');
  });

  it('prints exactly the settings and the built-in names with --json', async () => {
    const { code, stdout } = await xs2aKit(['profiles', '--json']);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual({
      settings: SETTINGS.map((definition) => ({
        name: definition.name,
        values: definition.values,
        default: definition.default,
        rule: definition.rule,
      })),
      profiles: ['default', 'strict', 'lenient', 'random'],
    });
  });
});

describe('xs2a-kit serve --profile', () => {
  it('serves a built-in and says which', async () => {
    await serving(['--profile', 'strict'], async (out, controlUrl) => {
      expect(out).toContain(`Bank profile strict; its settings:\n  curl -s ${controlUrl}/profile\n`);
      expect(await servedProfile(controlUrl)).toEqual({ profile: 'strict', settings: builtInSettings('strict', 42) });
    });
  });

  it('serves a profile file', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'xs2a-profile-')), 'bank.json');
    writeFileSync(file, JSON.stringify({ settings: { 'request.bodyLimit': '16KiB' } }));
    await serving(['--profile', file], async (_out, controlUrl) => {
      expect(await servedProfile(controlUrl)).toEqual({
        profile: file,
        settings: completeSettings({ 'request.bodyLimit': '16KiB' }),
      });
    });
  });

  it('prints a random draw as a profile-file JSON line that serves the same settings again, and --seed picks the draw', async () => {
    let line = '';
    await serving(['--profile', 'random', '--seed', '7'], async (out, controlUrl) => {
      expect(out).toContain(
        `Bank profile random drawn from seed 7; its settings:\n  curl -s ${controlUrl}/profile\n--profile random --seed 7 serves it again, as does this line saved as a profile file:\n{"settings":`,
      );
      line = out.split('\n').find((row) => row.startsWith('{"settings":'))!;
      expect(JSON.parse(line)).toEqual({ settings: randomSettings(7) });
      expect(await servedProfile(controlUrl)).toEqual({ profile: 'random', settings: randomSettings(7) });
    });
    const file = join(mkdtempSync(join(tmpdir(), 'xs2a-profile-')), 'replay.json');
    writeFileSync(file, line);
    await serving(['--profile', file], async (_out, controlUrl) => {
      expect(((await servedProfile(controlUrl)) as { settings: unknown }).settings).toEqual(randomSettings(7));
    });
  });

  it.each([
    ['an unknown setting', { settings: { 'consent.colour': 'blue' } }, 'unknown setting "consent.colour"'],
    [
      'a value outside the setting',
      { settings: { 'payment.maximum': '5.00' } },
      'setting "payment.maximum" cannot be "5.00"',
    ],
  ])(
    'refuses %s before starting, with exit code 1 and one line naming the setting',
    async (_what, profile, message) => {
      const file = join(mkdtempSync(join(tmpdir(), 'xs2a-profile-')), 'bad.json');
      writeFileSync(file, JSON.stringify(profile));
      const failure = await xs2aKit(['serve', '--port', '0', '--portal-port', '0', '--profile', file]);
      expect(failure.code).toBe(1);
      expect(failure.stdout).toBe('');
      expect(failure.stderr).toContain(message);
      expect(failure.stderr.trim().split('\n')).toHaveLength(1);
    },
  );

  it('refuses an unknown name and a malformed file the same way', async () => {
    const unknown = await xs2aKit(['serve', '--port', '0', '--portal-port', '0', '--profile', 'paranoid']);
    expect([unknown.code, unknown.stdout]).toEqual([1, '']);
    expect(unknown.stderr).toContain(
      'unknown bank profile "paranoid": the built-in profiles are default, strict, lenient, random',
    );
    const file = join(mkdtempSync(join(tmpdir(), 'xs2a-profile-')), 'broken.json');
    writeFileSync(file, '{"settings":');
    const broken = await xs2aKit(['serve', '--port', '0', '--portal-port', '0', '--profile', file]);
    expect([broken.code, broken.stdout]).toEqual([1, '']);
    expect(broken.stderr).toContain(`the bank profile file ${file} is not JSON`);
  });
});
