/**
 * `--worlds organisation` on PostgreSQL with two processes behind HAProxy: each organisation's world
 * is one for every process (its clock, faults and records in the database, its row its lock), another
 * world's ids are unknown ones whichever process answers, an SCA page is found by its authorisation
 * on any process, and the operator's list and deletion see the worlds every process made.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueQwac } from '../../src/certs/index.js';
import { sendHttps } from '../../src/kit/client.js';
import { REDIRECT } from '../helpers/ais.js';
import { startFacility, type Facility } from '../helpers/facility.js';
import type { ClientCertificate } from '../helpers/tls-client.js';

let f: Facility;
let other: ClientCertificate;
const OWNER = 'PSDDE-BAFIN-123456';
const OTHER = 'PSDDE-BAFIN-654002';
const TOKEN = 'operator-secret';

beforeAll(async () => {
  f = await startFacility('worlds', 2, ['--worlds', 'organisation', '--control-token', TOKEN]);
  other = issueQwac({
    ca: { cert: readFileSync(join(f.certs, 'ca.crt'), 'utf8'), key: readFileSync(join(f.certs, 'ca.key'), 'utf8') },
    name: 'Other TPP',
    organizationIdentifier: OTHER,
    roles: ['PSP_AI', 'PSP_PI'],
  });
}, 60_000);
afterAll(async () => {
  await f?.close();
});

/** A control call of the caller's world, on the XS2A port through the balancer. */
const control = (client: ClientCertificate, path: string, body?: unknown) =>
  sendHttps(new URL(`/sandbox${path}`, f.apiUrl), {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'X-Request-ID': randomUUID(), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    payload: body === undefined ? undefined : JSON.stringify(body),
    ca: f.ca,
    certificate: client,
  });

const consent = (client: ClientCertificate) =>
  f.call({
    method: 'POST',
    path: '/v1/consents',
    client,
    headers: { 'TPP-Redirect-URI': REDIRECT },
    body: { access: { balances: [{ iban: 'DE12123456780000100001' }] }, recurringIndicator: true },
  });

describe('worlds on one database, two processes', () => {
  it("keeps one world's ids unknown to the other on every process, and each world's clock and faults its own", async () => {
    const made = await consent(f.tpp);
    const consentId = (made.json as { consentId: string }).consentId;
    expect((await consent(other)).status).toBe(201);
    for (let i = 0; i < 4; i++) {
      const foreign = await f.call({ path: `/v1/consents/${consentId}/status`, client: other });
      const unknown = await f.call({ path: `/v1/consents/${randomUUID()}/status`, client: other });
      expect(foreign.status).toBe(403);
      expect(foreign.text).toBe(unknown.text);
    }
    const ours = ((await control(f.tpp, '/clock')).json as { offsetMs: number }).offsetMs;
    expect((await control(other, '/clock', { advance: 'P3D' })).status).toBe(200);
    for (let i = 0; i < 4; i++) {
      expect(((await control(other, '/clock')).json as { offsetMs: number }).offsetMs).toBeGreaterThan(259_000_000);
      expect(((await control(f.tpp, '/clock')).json as { offsetMs: number }).offsetMs).toBe(ours);
    }
    expect((await control(other, '/faults', { kind: 'status', status: 500, count: 2 })).status).toBe(201);
    const path = () => `/v1/payments/sepa-credit-transfers/${randomUUID()}/status`;
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await f.call({ path: path(), client: other })).status);
    expect(statuses).toEqual([500, 500, 404, 404]);
    expect((await f.call({ path: path(), client: f.tpp })).status).toBe(404);
  });

  it("admits an organisation into the owner's world for every process", async () => {
    const third = issueQwac({
      ca: { cert: readFileSync(join(f.certs, 'ca.crt'), 'utf8'), key: readFileSync(join(f.certs, 'ca.key'), 'utf8') },
      name: 'Third TPP',
      organizationIdentifier: 'PSDDE-BAFIN-654005',
      roles: ['PSP_AI', 'PSP_PI'],
    });
    expect((await control(f.tpp, '/members', { organizationIdentifier: 'PSDDE-BAFIN-654005' })).status).toBe(201);
    const ours = ((await control(f.tpp, '/clock')).json as { offsetMs: number }).offsetMs;
    for (let i = 0; i < 4; i++) {
      expect(((await control(third, '/clock')).json as { offsetMs: number }).offsetMs).toBe(ours);
      expect(((await control(third, '/members')).json as { world: string }).world).toBe(OWNER);
    }
  });

  it("serves an SCA page from its authorisation's world on any process, and lets the operator list and delete worlds", async () => {
    const made = await consent(other);
    const link = new URL((made.json as { _links: { scaRedirect: { href: string } } })._links.scaRedirect.href);
    let cookie = '';
    for (let i = 0; i < 3; i++) {
      const page = await fetch(new URL(link.pathname + link.search, f.portalUrl));
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('User ID');
      const set = page.headers.getSetCookie().find((c) => c.startsWith('xs2a_world='))!;
      // Every process signs the world alike (the key is in the database).
      if (cookie) expect(set.split(';')[0]).toBe(cookie);
      cookie = set.split(';')[0]!;
    }
    // The customer portal of that world answers on every process.
    for (let i = 0; i < 3; i++) {
      const portal = await fetch(new URL('/', f.portalUrl), { headers: { cookie } });
      expect(portal.status).toBe(200);
      expect(await portal.text()).toContain('User ID');
    }
    for (let i = 0; i < 3; i++) {
      const listed = await f.control('/worlds');
      expect(listed.json.worlds.map((w: { world: string }) => w.world).sort()).toEqual([OTHER, OWNER].sort());
    }
    const consentId = (made.json as { consentId: string }).consentId;
    const res = await fetch(`${f.controlUrl}/worlds/${OTHER}`, {
      method: 'DELETE',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
    });
    expect(res.status).toBe(200);
    for (let i = 0; i < 3; i++) {
      const gone = await f.call({ path: `/v1/consents/${consentId}/status`, client: other });
      expect(gone.status).toBe(403);
    }
    // The organisation's next request made its world afresh: its provider again, and no consent.
    const kinds = await f.db.sql('SELECT kind FROM xs2a_records WHERE world = $1 ORDER BY kind', [OTHER]);
    expect(kinds.rows).toEqual([{ kind: 'providers' }]);
  });
});
