/**
 * The `profile` option of startSandbox: a built-in name, a profile file or `{ settings }`, exposed
 * as `sandbox.profile` and `GET /sandbox/profile`; bad input rejects naming the setting, and
 * nothing starts.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  builtInSettings,
  completeSettings,
  SandboxError,
  randomSettings,
  startSandbox,
  type ProfileOption,
  type Sandbox,
} from '../../src/index.js';
import { certificateFolder } from '../helpers/sandbox.js';

let certsDir: string;
const started: Sandbox[] = [];
const files = mkdtempSync(join(tmpdir(), 'xs2a-profiles-'));

beforeAll(async () => {
  certsDir = await certificateFolder();
});
afterAll(() => Promise.all(started.map((sandbox) => sandbox.close())));

async function serving(profile: ProfileOption | undefined, seed?: number): Promise<Sandbox> {
  const sandbox = await startSandbox({
    certsDir,
    customers: 1,
    log: () => {},
    ...(profile === undefined ? {} : { profile }),
    ...(seed === undefined ? {} : { seed }),
  });
  started.push(sandbox);
  return sandbox;
}

async function served(sandbox: Sandbox): Promise<unknown> {
  const answer = await fetch(`${sandbox.controlUrl}/profile`);
  expect(answer.status).toBe(200);
  return answer.json();
}

function file(name: string, text: string): string {
  const path = join(files, name);
  writeFileSync(path, text);
  return path;
}

/** Resolves when nothing accepts connections on the port. */
function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

describe('the profile a sandbox serves', () => {
  it('is the default profile without the option, named null', async () => {
    const sandbox = await serving(undefined);
    expect(sandbox.profile).toEqual({ profile: null, settings: completeSettings({}) });
    expect(await served(sandbox)).toEqual({ profile: null, settings: completeSettings({}) });
  });

  it('is a built-in by name, and random draws from the seed option', async () => {
    const strict = await serving('strict');
    expect(await served(strict)).toEqual({ profile: 'strict', settings: builtInSettings('strict', 42) });
    const random = await serving('random', 7);
    expect(random.profile).toEqual({ profile: 'random', settings: randomSettings(7) });
    expect(await served(random)).toEqual(random.profile);
  });

  it('is read from a profile file, unnamed settings at their defaults, and named by the file', async () => {
    const path = file(
      'bank.json',
      JSON.stringify({ settings: { 'transactions.order': 'oldest-first', 'status.CONSENT_INVALID': 403 } }),
    );
    const sandbox = await serving(path);
    expect(await served(sandbox)).toEqual({
      profile: path,
      settings: completeSettings({ 'transactions.order': 'oldest-first', 'status.CONSENT_INVALID': 403 }),
    });
  });

  it('is the { settings } object itself, named null', async () => {
    const sandbox = await serving({ settings: { 'payment.maximum': '1000.00' } });
    expect(sandbox.profile).toEqual({ profile: null, settings: completeSettings({ 'payment.maximum': '1000.00' }) });
  });

  it('is answered by GET /sandbox/profile behind the control token like the rest of the control API', async () => {
    const sandbox = await startSandbox({
      certsDir,
      customers: 1,
      controlToken: 'secret',
      profile: 'lenient',
      log: () => {},
    });
    started.push(sandbox);
    expect((await fetch(`${sandbox.controlUrl}/profile`)).status).toBe(401);
    const answer = await fetch(`${sandbox.controlUrl}/profile`, { headers: { Authorization: 'Bearer secret' } });
    expect(await answer.json()).toEqual({ profile: 'lenient', settings: builtInSettings('lenient', 42) });
  });
});

describe('a profile that cannot be served', () => {
  const bad: [string, () => unknown, RegExp][] = [
    ['an unknown setting', () => ({ settings: { 'consent.colour': 'blue' } }), /unknown setting "consent\.colour"/],
    [
      'a value outside the setting',
      () => ({ settings: { 'status.CONSENT_INVALID': 404 } }),
      /setting "status\.CONSENT_INVALID" cannot be 404/,
    ],
    [
      'a file with a value outside the setting',
      () => file('bad-value.json', JSON.stringify({ settings: { 'transactions.order': 'random' } })),
      /setting "transactions\.order" cannot be "random"/,
    ],
    ['a malformed file', () => file('broken.json', '{ "settings": '), /bank profile file .*broken\.json is not JSON/],
    ['a file that is not a profile', () => file('list.json', '[]'), /list\.json is not a bank profile/],
    [
      'an unreadable file',
      () => join(files, 'missing.json'),
      /cannot read the bank profile file .*missing\.json: ENOENT/,
    ],
    ['an unknown built-in name', () => 'paranoid', /unknown bank profile "paranoid"/],
  ];

  it.each(bad)('rejects %s with one line naming it, and nothing listens', async (_what, option, message) => {
    const probe = await startSandbox({ certsDir, customers: 0, log: () => {} });
    const port = Number(new URL(probe.apiUrl).port);
    const portalPort = Number(new URL(probe.portalUrl).port);
    await probe.close();
    const attempt = startSandbox({
      certsDir,
      customers: 0,
      port,
      portalPort,
      profile: option() as never,
      log: () => {},
    });
    await expect(attempt).rejects.toBeInstanceOf(SandboxError);
    await expect(attempt).rejects.toMatchObject({ code: 'FORMAT_ERROR', path: 'profile' });
    await expect(attempt).rejects.toThrow(message);
    const text = await attempt.then(
      () => '',
      (caught: unknown) => (caught as Error).message,
    );
    expect(text).not.toContain('\n');
    expect(await refused(port)).toBe(true);
    expect(await refused(portalPort)).toBe(true);
  });
});
