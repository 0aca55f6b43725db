/**
 * The operator's quotas, so one tenant cannot exhaust a facility: records per world (`--max-records`,
 * in every engine and mode), control calls per minute per world (`--control-rate`: 429 with
 * Retry-After), and idle worlds ended (`--world-idle-expiry`, or now by the operator). Each refusal
 * names its quota, and nothing of a refused request is kept. In memory and on PostgreSQL (where
 * every process counts as one).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { REDIRECT } from '../helpers/ais.js';
import { createDatabase, type TestDatabase } from '../helpers/postgres.js';
import { certificateFolder, testSandbox, type TestSandbox } from '../helpers/sandbox.js';
import { serveProcess, stopServe, type ServeProcess } from '../helpers/serve-process.js';
import type { ClientCertificate } from '../helpers/tls-client.js';
import { worldCall } from '../helpers/world-call.js';

const TOKEN = 'operator-secret';
const OTHER = 'PSDDE-BAFIN-654101';

let certs: string;
beforeAll(async () => {
  certs = await certificateFolder();
});

const consentBody = { access: { balances: [{ iban: 'DE12123456780000100001' }] }, recurringIndicator: false };

/** Makes consents until one is refused; answers how many were made and the refusal. */
async function fillUp(t: TestSandbox, client: ClientCertificate) {
  for (let made = 0; made < 50; made++) {
    const answer = await t.call({
      method: 'POST',
      path: '/v1/consents',
      client,
      headers: { 'TPP-Redirect-URI': REDIRECT },
      body: consentBody,
    });
    if (answer.status !== 201) return { made, refusal: answer };
  }
  throw new Error('the quota never refused');
}

/** A control call of the caller's own world, on the mutual-TLS port. */
const worldControl = (t: TestSandbox, client: ClientCertificate, path: string) =>
  worldCall(t.sandbox.apiUrl, t.ca)(client, 'GET', `/sandbox${path}`);

function expectRecordsRefusal(refusal: { status: number; json: unknown }, max: number): void {
  expect(refusal.status).toBe(403);
  const message = (refusal.json as { tppMessages: { category: string; code: string; text: string }[] }).tppMessages[0]!;
  expect(message.code).toBe('ROLE_INVALID');
  expect(message.text).toContain(`(${max}, its max-records quota)`);
}

describe('records per world (--max-records)', () => {
  let t: TestSandbox | undefined;
  afterEach(async () => {
    await t?.sandbox.close();
    t = undefined;
  });

  it('refuses the request that would hold one record too many, keeps nothing of it, and serves again after a reset', async () => {
    t = await testSandbox(certs, { maxRecords: 8 });
    const { made, refusal } = await fillUp(t, t.tpp);
    expect(made).toBeGreaterThan(0);
    expectRecordsRefusal(refusal, 8);
    const consents = (await t.control('/consents')).json as unknown[];
    expect(consents).toHaveLength(made);
    // Refused again, the same: nothing half-made counted against it.
    expectRecordsRefusal((await fillUp(t, t.tpp)).refusal, 8);
    expect((await t.control('/consents')).json).toHaveLength(made);
    // Reads of what is kept still answer.
    const status = await t.call({
      path: `/v1/consents/${(consents[0] as { consentId: string }).consentId}/status`,
      client: t.tpp,
    });
    expect(status.status, JSON.stringify(status.json)).toBe(200);
    expect((await t.control('/reset', { method: 'POST' })).status).toBe(200);
    expect((await fillUp(t, t.tpp)).made).toBe(made);
  });

  it('holds in a data file (SQLite) as in memory', async () => {
    const { mkdtempSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const file = `${mkdtempSync(`${tmpdir()}/xs2a-quota-`)}/sandbox.db`;
    t = await testSandbox(certs, { maxRecords: 8, data: file });
    const { made, refusal } = await fillUp(t, t.tpp);
    expect(made).toBeGreaterThan(0);
    expectRecordsRefusal(refusal, 8);
    expect((await t.control('/consents')).json).toHaveLength(made);
  });

  it("counts each world's records apart: one world full, the other serves", async () => {
    t = await testSandbox(certs, { worlds: 'organisation', maxRecords: 8 });
    const provider = await t.sandbox.provider('quota-other', { orgId: OTHER });
    const other = { cert: provider.tls.cert.toString(), key: provider.tls.key.toString() };
    const { made, refusal } = await fillUp(t, t.tpp);
    expectRecordsRefusal(refusal, 8);
    expect((await fillUp(t, other)).made).toBe(made);
  });
});

describe('findings kept per provider (--report-size)', () => {
  it('keeps the newest N findings of each provider in each world, counting the rest as dropped', async () => {
    const t = await testSandbox(certs, { worlds: 'organisation', reportSize: 2 });
    try {
      const provider = await t.sandbox.provider('report-other', { orgId: 'PSDDE-BAFIN-654104' });
      const other = { cert: provider.tls.cert.toString(), key: provider.tls.key.toString() };
      // A malformed X-Request-ID is a finding each time (CLIENT-REQUEST-ID-FORM).
      for (let i = 0; i < 3; i++) await t.call({ path: '/v1/accounts', client: t.tpp, requestId: `not-a-uuid-${i}` });
      await t.call({ path: '/v1/accounts', client: other, requestId: 'not-a-uuid' });
      const ours = t.sandbox.clientReport();
      // Three malformed ids (and the resends the judge also notes): two kept, the older ones dropped.
      expect(ours.findings).toHaveLength(2);
      expect(ours.dropped).toBeGreaterThanOrEqual(1);
      const theirs = await worldCall(t.sandbox.apiUrl, t.ca)(other, 'GET', '/sandbox/client-report');
      expect(theirs.json.findings).toHaveLength(1);
      expect(theirs.json.dropped).toBe(0);
    } finally {
      await t.sandbox.close();
    }
  });
});

describe('control calls per minute per world (--control-rate)', () => {
  let t: TestSandbox;
  beforeAll(async () => {
    t = await testSandbox(certs, { worlds: 'organisation', controlRate: 3, controlToken: TOKEN });
  });
  afterAll(async () => {
    await t?.sandbox.close();
  });

  it('answers 429 with Retry-After and the envelope beyond the quota, to that world only', async () => {
    const provider = await t.sandbox.provider('rate-other', { orgId: 'PSDDE-BAFIN-654102' });
    const other = { cert: provider.tls.cert.toString(), key: provider.tls.key.toString() };
    // The first XS2A request makes each world; the XS2A API is not counted.
    for (const client of [t.tpp, other]) await t.call({ path: `/v1/consents/${randomUUID()}`, client });
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await worldControl(t, t.tpp, '/clock'));
    // All four can fall in two minutes: at most one fresh minute's three more.
    const statuses = answers.map((a) => a.status);
    if (statuses[3] === 200) return void expect(statuses.slice(0, 3)).toContain(429);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = answers[3]!;
    const retryAfter = Number(refused.headers['retry-after']);
    expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60).toBe(true);
    expect(refused.headers['content-type']).toMatch(/^application\/json/);
    expect((refused.json as any).tppMessages[0]).toMatchObject({
      category: 'ERROR',
      code: 'ACCESS_EXCEEDED',
    });
    expect((refused.json as any).tppMessages[0].text).toContain("(3, the facility's control-rate quota)");
    // Nothing done for the refused call; the other world and the XS2A API go on.
    expect((await worldControl(t, other, '/clock')).status).toBe(200);
    expect((await t.call({ path: `/v1/consents/${randomUUID()}`, client: t.tpp })).status).toBe(403);
    // The operator is not a world's provider: not counted.
    const operator = await fetch(`${t.sandbox.portalUrl}/sandbox/worlds/PSDDE-BAFIN-123456/clock`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(operator.status).toBe(200);
  });
});

describe('idle worlds', () => {
  it("ends the worlds not called for the given time on the operator's call, never the sandbox's own", async () => {
    const t = await testSandbox(certs, { worlds: 'organisation', controlToken: TOKEN, worldIdleExpiry: 'P30D' });
    try {
      const provider = await t.sandbox.provider('idle-other', { orgId: 'PSDDE-BAFIN-654103' });
      const other = { cert: provider.tls.cert.toString(), key: provider.tls.key.toString() };
      for (const client of [t.tpp, other]) await t.call({ path: `/v1/consents/${randomUUID()}`, client });
      const expire = (body: unknown) =>
        fetch(`${t.sandbox.portalUrl}/sandbox/worlds/expire-idle`, {
          method: 'POST',
          headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      const bad = await expire({ idleFor: 'soon' });
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as any).tppMessages[0]).toMatchObject({ code: 'FORMAT_ERROR', path: 'idleFor' });
      expect(await (await expire({ idleFor: 'P1D' })).json()).toEqual({ ended: [] });
      await new Promise((resolve) => setTimeout(resolve, 5));
      expect(await (await expire({ idleFor: 'PT0S' })).json()).toEqual({ ended: ['PSDDE-BAFIN-654103'] });
      const listed = await fetch(`${t.sandbox.portalUrl}/sandbox/worlds`, {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(((await listed.json()) as any).worlds.map((w: { world: string }) => w.world)).toEqual([
        'PSDDE-BAFIN-123456',
      ]);
      const unauthorised = await fetch(`${t.sandbox.portalUrl}/sandbox/worlds/expire-idle`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"idleFor":"PT0S"}',
      });
      expect(unauthorised.status).toBe(401);
    } finally {
      await t.sandbox.close();
    }
  });

  it('refuses the quotas of worlds without --worlds organisation, naming the option', async () => {
    await expect(testSandbox(certs, { controlRate: 5 })).rejects.toThrow(/controlRate needs worlds: organisation/);
    await expect(testSandbox(certs, { worldIdleExpiry: 'PT10S' } as never)).rejects.toThrow(/worldIdleExpiry/);
  });
});

describe('on PostgreSQL, two processes count as one', () => {
  let db: TestDatabase;
  const processes: ServeProcess[] = [];
  beforeAll(async () => {
    db = await createDatabase('quotas');
  });
  afterAll(async () => {
    for (const p of processes) await stopServe(p);
    await db?.drop();
  });

  it('holds the records quota and the control rate across processes', async () => {
    const args = [
      '--data',
      db.url,
      '--worlds',
      'organisation',
      '--control-token',
      TOKEN,
      '--max-records',
      '8',
      '--control-rate',
      '4',
    ];
    processes.push(await serveProcess(certs, args), await serveProcess(certs, args));
    const { readFileSync } = await import('node:fs');
    const ca = readFileSync(`${certs}/ca.crt`, 'utf8');
    const tpp = { cert: readFileSync(`${certs}/tpp.crt`, 'utf8'), key: readFileSync(`${certs}/tpp.key`, 'utf8') };
    let turn = 0;
    const call = worldCall(() => processes[turn++ % 2]!.apiUrl, ca);
    const xs2a = (method: string, path: string, body?: unknown) => call(tpp, method, path, body);
    let made = 0;
    let refusal;
    for (let i = 0; i < 50 && !refusal; i++) {
      const answer = await xs2a('POST', '/v1/consents', consentBody);
      if (answer.status === 201) made++;
      else refusal = answer;
    }
    expectRecordsRefusal(refusal!, 8);
    const counted = await db.sql("SELECT count(*)::int AS n FROM xs2a_records WHERE world = 'PSDDE-BAFIN-123456'");
    expect(counted.rows[0].n).toBeLessThanOrEqual(8);
    const consents = await db.sql(
      "SELECT count(*)::int AS n FROM xs2a_records WHERE world = 'PSDDE-BAFIN-123456' AND kind = 'consents'",
    );
    expect(consents.rows[0].n).toBe(made);

    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await xs2a('GET', '/sandbox/clock')).status);
    // Five calls on two processes: the fifth is refused (or, across a minute's turn, an earlier one).
    if (statuses[4] === 200) expect(statuses.slice(0, 4)).toContain(429);
    else expect(statuses).toEqual([200, 200, 200, 200, 429]);
  });
});
