/**
 * `--worlds organisation` with `--data FOLDER`: each world a data file of its own in the folder
 * (`FOLDER/<world>.db`, private), kept across a restart with its members, consents and clock; the
 * operator's delete removes the world's file; a damaged world file stops the start with one line, and a
 * data file of one world given as the folder is refused, both left as they were.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { REDIRECT } from '../helpers/ais.js';
import { xs2aKit } from '../helpers/cli.js';
import { certificateFolder, testSandbox, type TestSandbox } from '../helpers/sandbox.js';
import type { ClientCertificate } from '../helpers/tls-client.js';
import { worldCall } from '../helpers/world-call.js';

const TOKEN = 'operator-secret';
const OWNER = 'PSDDE-BAFIN-123456';
const OTHER = 'PSDDE-BAFIN-654002';
const MEMBER = 'PSDDE-BAFIN-654003';

let open: TestSandbox | undefined;
afterEach(async () => {
  await open?.sandbox.close();
  open = undefined;
});

async function start(certs: string, folder: string): Promise<TestSandbox> {
  open = await testSandbox(certs, { worlds: 'organisation', controlToken: TOKEN, data: folder });
  return open;
}

/** A control call of the caller's world, on the mutual-TLS port. */
const control = (t: TestSandbox, client: ClientCertificate, path: string, body?: unknown) =>
  worldCall(t.sandbox.apiUrl, t.ca)(client, body === undefined ? 'GET' : 'POST', `/sandbox${path}`, body);

async function provider(t: TestSandbox, name: string, orgId: string): Promise<ClientCertificate> {
  const made = await t.sandbox.provider(name, { orgId });
  return { cert: made.tls.cert.toString(), key: made.tls.key.toString() };
}

async function consent(t: TestSandbox, client: ClientCertificate): Promise<string> {
  const made = await t.call({
    method: 'POST',
    path: '/v1/consents',
    client,
    headers: { 'TPP-Redirect-URI': REDIRECT },
    body: { access: { balances: [{ iban: 'DE12123456780000100001' }] }, recurringIndicator: true, frequencyPerDay: 4 },
  });
  expect(made.status).toBe(201);
  return (made.json as { consentId: string }).consentId;
}

const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

describe('worlds kept in a folder of data files', () => {
  it('keeps each world in its own private file, with its members, consents and clock, across a restart', async () => {
    const certs = await certificateFolder();
    const folder = join(mkdtempSync(join(tmpdir(), 'xs2a-worlds-')), 'worlds');
    let t = await start(certs, folder);
    const other = await provider(t, 'other-tpp', OTHER);
    const member = await provider(t, 'member-tpp', MEMBER);
    const ours = await consent(t, t.tpp);
    const theirs = await consent(t, other);
    expect((await control(t, t.tpp, '/members', { organizationIdentifier: MEMBER })).status).toBe(201);
    expect((await control(t, other, '/clock', { advance: 'P3D' })).status).toBe(200);
    const clockOf = async (client: ClientCertificate) =>
      ((await control(t, client, '/clock')).json as { offsetMs: number }).offsetMs;
    const otherClock = await clockOf(other);
    const ownClock = await clockOf(t.tpp);
    expect(otherClock - ownClock).toBeGreaterThan(3 * 86_400_000 - 60_000);

    // A data file per world (each with its write-ahead log), and the folder's lock.
    expect(
      readdirSync(folder)
        .filter((name) => name.endsWith('.db'))
        .sort(),
    ).toEqual(['.lock.db', `${OWNER}.db`, `${OTHER}.db`]);
    expect(statSync(folder).mode & 0o777).toBe(0o700);
    // One process per folder: a second is refused at start, with one line, as one on a data file is.
    const args = ['serve', '--port', '0', '--portal-port', '0', '--certs', certs, '--worlds', 'organisation'];
    const second = await xs2aKit([...args, '--control-token', TOKEN, '--data', folder]);
    expect(second.code).toBe(1);
    expect(second.stderr).toBe(
      `xs2a-kit: The data folder ${folder} is in use by another sandbox process (one process per folder).\n`,
    );
    for (const name of readdirSync(folder)) expect(statSync(join(folder, name)).mode & 0o777).toBe(0o600);
    await t.sandbox.close();
    open = undefined;

    t = await start(certs, folder);
    expect((await t.call({ path: `/v1/consents/${ours}/status`, client: t.tpp })).json).toEqual({
      consentStatus: 'received',
    });
    // The admitted organisation is still in the owner's world (where the owner's consent is another
    // provider's, so unknown to it, as the interface has it).
    expect((await control(t, member, '/members')).json).toMatchObject({ world: OWNER, members: [OWNER, MEMBER] });
    const foreign = await t.call({ path: `/v1/consents/${theirs}/status`, client: t.tpp });
    const unknown = await t.call({ path: `/v1/consents/${randomUUID()}/status`, client: t.tpp });
    expect(foreign.status).toBe(403);
    expect(foreign.text).toBe(unknown.text);
    expect((await t.call({ path: `/v1/consents/${theirs}/status`, client: other })).status).toBe(200);
    expect(Math.abs((await clockOf(other)) - otherClock)).toBeLessThan(60_000);
    expect(Math.abs((await clockOf(t.tpp)) - ownClock)).toBeLessThan(60_000);

    const listed = await fetch(`${t.sandbox.portalUrl}/sandbox/worlds`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    const worlds = ((await listed.json()) as { worlds: { world: string; members: string[] }[] }).worlds;
    expect(worlds.map((w) => w.world).sort()).toEqual([OWNER, OTHER]);
    expect(worlds.find((w) => w.world === OWNER)?.members).toEqual([OWNER, MEMBER]);

    const deleted = await fetch(`${t.sandbox.portalUrl}/sandbox/worlds/${OTHER}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    });
    expect(deleted.status).toBe(200);
    expect(readdirSync(folder).filter((name) => name.startsWith(OTHER))).toEqual([]);
    // Its organisation starts afresh: the consent it had is unknown now.
    expect((await t.call({ path: `/v1/consents/${theirs}/status`, client: other })).status).toBe(403);
  });

  it('refuses a damaged world file at start with one line, and a data file given as the folder, each left as it was', async () => {
    const certs = await certificateFolder();
    const folder = join(mkdtempSync(join(tmpdir(), 'xs2a-worlds-')), 'worlds');
    const t = await start(certs, folder);
    await t.sandbox.close();
    open = undefined;
    const file = join(folder, `${OWNER}.db`);
    const bytes = readFileSync(file);
    // The page after the header, overwritten: a file whose marks are right and whose tables are not.
    bytes.fill(0x5a, 100, 4096);
    writeFileSync(file, bytes);
    const damaged = sha256(file);
    const args = ['serve', '--port', '0', '--portal-port', '0', '--certs', certs, '--worlds', 'organisation'];
    const refused = await xs2aKit([...args, '--control-token', TOKEN, '--data', folder]);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr.trim().split('\n')).toHaveLength(1);
    expect(refused.stderr).toContain(file);
    expect(sha256(file)).toBe(damaged);
    expect(readdirSync(folder).sort()).toEqual(['.lock.db', `${OWNER}.db`]);

    const single = join(mkdtempSync(join(tmpdir(), 'xs2a-data-')), 'sandbox.db');
    writeFileSync(single, 'not a folder');
    const asFolder = await xs2aKit([...args, '--control-token', TOKEN, '--data', single]);
    expect(asFolder.code).toBe(1);
    expect(asFolder.stderr).toBe(
      `xs2a-kit: With --worlds organisation, --data names a folder holding one data file per world; ${single} is a file. It was left as it is.\n`,
    );
    expect(readFileSync(single, 'utf8')).toBe('not a folder');
  });
});
