/**
 * A world's own bank profile: `PUT /sandbox/profile` on a world's control API serves another profile
 * in that world only, from its next request, on every process (kept in the world's state, followed
 * at each request's arrival), through a reset; `{"profile":null}` goes back to the facility's. A file
 * path is never read, and a bad choice is 400 with the field's `path`, nothing changed.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type TestDatabase } from '../helpers/postgres.js';
import { certificateFolder, testSandbox, type TestSandbox } from '../helpers/sandbox.js';
import { serveProcess, stopServe, type ServeProcess } from '../helpers/serve-process.js';
import type { ClientCertificate } from '../helpers/tls-client.js';
import { worldCall, type WorldCall } from '../helpers/world-call.js';

type Call = WorldCall;

/** A consent without validUntil and recurringIndicator: the strict profile requires both. */
const bareConsent = { access: { balances: [{ iban: 'DE12123456780000100001' }] } };

async function holdsApart(call: Call, owner: ClientCertificate, other: ClientCertificate): Promise<void> {
  const consent = (client: ClientCertificate) => call(client, 'POST', '/v1/consents', bareConsent);
  expect((await consent(owner)).status).toBe(201);
  expect((await consent(other)).status).toBe(201);

  const chosen = await call(owner, 'PUT', '/sandbox/profile', { profile: 'strict' });
  expect(chosen.status).toBe(200);
  expect(chosen.json.profile).toBe('strict');
  expect(chosen.json.settings['consent.validUntilDefault']).toBe('required');
  for (let i = 0; i < 3; i++) {
    const refused = await consent(owner);
    expect(refused.status).toBe(400);
    expect(refused.json.tppMessages[0].code).toBe('FORMAT_ERROR');
    expect((await consent(other)).status).toBe(201);
  }
  expect((await call(other, 'GET', '/sandbox/profile')).json.profile).toBeNull();

  // Kept through a reset of the world; null goes back to the facility's profile.
  expect((await call(owner, 'POST', '/sandbox/reset', {})).status).toBe(200);
  expect((await call(owner, 'GET', '/sandbox/profile')).json.profile).toBe('strict');
  expect((await consent(owner)).status).toBe(400);
  const back = await call(owner, 'PUT', '/sandbox/profile', { profile: null });
  expect(back.json.profile).toBeNull();
  expect((await consent(owner)).status).toBe(201);

  // Settings of its own: named ones as given, the rest at their defaults.
  const own = await call(owner, 'PUT', '/sandbox/profile', { settings: { 'transactions.order': 'oldest-first' } });
  expect(own.status).toBe(200);
  expect(own.json.settings['transactions.order']).toBe('oldest-first');
  expect(own.json.settings['consent.validUntilDefault']).toBe('180-days');

  // Bad choices: 400 with the field, nothing changed, no file read.
  const bad: [unknown, string][] = [
    [{ profile: '/etc/passwd' }, 'profile'],
    [{ profile: 'profile.json' }, 'profile'],
    [{ profile: 'extreme' }, 'profile'],
    [{ settings: { 'no.such.setting': true } }, 'settings.no.such.setting'],
    [{ settings: { 'transactions.order': 'sideways' } }, 'settings.transactions.order'],
    [{ settings: ['strict'] }, 'settings'],
    [{}, 'profile'],
    [{ profile: 'strict', settings: {} }, 'profile'],
    [{ profile: 'strict', also: 1 }, 'also'],
  ];
  for (const [body, path] of bad) {
    const refused = await call(owner, 'PUT', '/sandbox/profile', body);
    expect(refused.status, JSON.stringify(body)).toBe(400);
    expect(refused.json.tppMessages[0]).toMatchObject({ code: 'FORMAT_ERROR', path });
  }
  expect((await call(owner, 'GET', '/sandbox/profile')).json.settings['transactions.order']).toBe('oldest-first');
}

describe('in memory', () => {
  let t: TestSandbox;
  let other: ClientCertificate;
  beforeAll(async () => {
    t = await testSandbox(await certificateFolder(), { worlds: 'organisation' });
    const provider = await t.sandbox.provider('profile-other', { orgId: 'PSDDE-BAFIN-654201' });
    other = { cert: provider.tls.cert.toString(), key: provider.tls.key.toString() };
  });
  afterAll(async () => {
    await t?.sandbox.close();
  });

  it("serves the chosen profile in the chooser's world only", async () => {
    const call: Call = worldCall(t.sandbox.apiUrl, t.ca);
    await holdsApart(call, t.tpp, other);
    // The library's view follows the world's choice.
    await call(t.tpp, 'PUT', '/sandbox/profile', { profile: 'lenient' });
    expect(t.sandbox.profile.profile).toBe('lenient');
  });
});

describe('on PostgreSQL, two processes', () => {
  let db: TestDatabase;
  const processes: ServeProcess[] = [];
  afterAll(async () => {
    for (const p of processes) await stopServe(p);
    await db?.drop();
  });

  it('serves the chosen profile on every process at once', async () => {
    db = await createDatabase('world_profile');
    const certs = await certificateFolder();
    const args = ['--data', db.url, '--worlds', 'organisation', '--control-token', 'operator-secret'];
    processes.push(await serveProcess(certs, args), await serveProcess(certs, args));
    const ca = readFileSync(join(certs, 'ca.crt'), 'utf8');
    const read = (name: string) => readFileSync(join(certs, name), 'utf8');
    const { issueQwac } = await import('../../src/certs/index.js');
    const other = issueQwac({
      ca: { cert: ca, key: read('ca.key') },
      name: 'Profile Other TPP',
      organizationIdentifier: 'PSDDE-BAFIN-654202',
      roles: ['PSP_AI', 'PSP_PI'],
    });
    let turn = 0;
    // Every call on the next process in turn: a choice made on one is served by the other.
    const call: Call = worldCall(() => processes[turn++ % 2]!.apiUrl, ca);
    await holdsApart(call, { cert: read('tpp.crt'), key: read('tpp.key') }, other);
  });
});
