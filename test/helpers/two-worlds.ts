/**
 * Two TPPs in one `--worlds organisation` sandbox, each running the whole conformance catalogue at the
 * same time as the other, each through its own world's control API (on the mutual-TLS port, known by
 * its certificate): `twoWorlds` plays it against one address, in memory (worlds-catalogue-memory) and
 * on PostgreSQL with three processes behind HAProxy (worlds-catalogue-postgres), two files so that
 * the two run side by side. Both end with nothing failed; each moved its own clock and met its own
 * fault; neither world holds the other's customers, consents, journal or findings; the operator lists
 * both and resets one alone.
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { issueQwac } from '../../src/certs/index.js';
import { sendHttps } from '../../src/kit/client.js';
import { xs2aKit } from './cli.js';

export const TOKEN = 'operator-secret';
const ORG_A = 'PSDDE-BAFIN-123456';
const ORG_B = 'PSDFR-ACPR-777001';

export interface Tpp {
  org: string;
  /** Its certificate folder: the facility's CA (with the key, so the kit issues its extra providers) and its QWAC. */
  certs: string;
  cert: { cert: string; key: string };
}

/** A second TPP's folder: the facility's CA beside a QWAC of its own organisation. */
export function secondTpp(facilityCerts: string): Tpp {
  const dir = mkdtempSync(join(tmpdir(), 'xs2a-tpp-b-'));
  for (const name of ['ca.crt', 'ca.key']) cpSync(join(facilityCerts, name), join(dir, name));
  const ca = { cert: readFileSync(join(dir, 'ca.crt'), 'utf8'), key: readFileSync(join(dir, 'ca.key'), 'utf8') };
  const cert = issueQwac({
    ca,
    name: 'Second Company TPP',
    organizationIdentifier: ORG_B,
    roles: ['PSP_AS', 'PSP_PI', 'PSP_AI', 'PSP_IC'],
  });
  writeFileSync(join(dir, 'tpp.crt'), cert.cert);
  writeFileSync(join(dir, 'tpp.key'), cert.key, { mode: 0o600 });
  return { org: ORG_B, certs: dir, cert };
}

export function firstTpp(certs: string): Tpp {
  const read = (name: string) => readFileSync(join(certs, name), 'utf8');
  return { org: ORG_A, certs, cert: { cert: read('tpp.crt'), key: read('tpp.key') } };
}

/** A control call of the TPP's own world, on the mutual-TLS port. */
async function worldControl(apiUrl: string, ca: string, tpp: Tpp, method: string, path: string, body?: unknown) {
  const answer = await sendHttps(new URL(`/sandbox${path}`, apiUrl), {
    method,
    headers: {
      'X-Request-ID': randomUUID(),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    payload: body === undefined ? undefined : JSON.stringify(body),
    ca,
    certificate: tpp.cert,
  });
  return { status: answer.status, json: answer.json as any };
}

/** A GET of the XS2A API with the TPP's certificate. */
function xs2aGet(apiUrl: string, ca: string, tpp: Tpp, path: string) {
  return sendHttps(new URL(path, apiUrl), {
    method: 'GET',
    headers: { 'X-Request-ID': randomUUID() },
    ca,
    certificate: tpp.cert,
  });
}

async function operator(portalUrl: string, method: string, path: string) {
  const res = await fetch(`${portalUrl}/sandbox/worlds${path}`, {
    method,
    headers: { authorization: `Bearer ${TOKEN}`, ...(method === 'GET' ? {} : { 'content-type': 'application/json' }) },
  });
  return { status: res.status, json: (await res.json()) as any };
}

interface Report {
  passed: number;
  failed: number;
  errors: number;
  inconclusive: number;
  results: { id: string; verdict: string; reason?: string }[];
}

/** `--init-config` from the TPP's world's control API, then the whole catalogue against it. */
async function runCatalogue(apiUrl: string, tpp: Tpp): Promise<Report> {
  const config = join(tpp.certs, `world-${tpp.org}.json`);
  const report = join(tpp.certs, `world-${tpp.org}-report.json`);
  const init = await xs2aKit([
    'conformance',
    '--init-config',
    config,
    '--force',
    '--target',
    apiUrl,
    '--control-url',
    `${apiUrl}/sandbox`,
    '--certs',
    tpp.certs,
  ]);
  expect(init.code, init.stderr).toBe(0);
  const run = await xs2aKit(
    ['conformance', '--target', apiUrl, '--config', config, '--reporter', `json:${report}`],
    420_000,
  );
  expect(run.stderr).not.toMatch(/error/i);
  return JSON.parse(readFileSync(report, 'utf8')) as Report;
}

function expectClean(report: Report): void {
  const broken = report.results.filter((r) => ['failed', 'error', 'inconclusive'].includes(r.verdict));
  expect(broken, JSON.stringify(broken.slice(0, 5), null, 1)).toEqual([]);
  expect(report.failed).toBe(0);
  expect(report.errors).toBe(0);
  expect(report.passed).toBeGreaterThan(400);
}

/** The whole Done-when of worlds against one address: `apiUrl` (a process or the balancer) and `portalUrl`. */
export async function twoWorlds(apiUrl: string, portalUrl: string, ca: string, a: Tpp, b: Tpp): Promise<void> {
  const control = (tpp: Tpp, method: string, path: string, body?: unknown) =>
    worldControl(apiUrl, ca, tpp, method, path, body);
  // Each world's first request makes it; each has its own customers.
  for (const tpp of [a, b]) {
    const first = await xs2aGet(apiUrl, ca, tpp, '/v1/accounts');
    expect(first.status).toBe(400);
    expect((first.json as any).tppMessages[0].code).toBe('FORMAT_ERROR');
  }
  const customersA = (await control(a, 'GET', '/customers')).json;
  const customersB = (await control(b, 'GET', '/customers')).json;
  // The named customers are in every world (copies of their own); those generated come from the world's seed.
  expect(customersA).toHaveLength(customersB.length);
  expect(JSON.stringify(customersA)).not.toEqual(JSON.stringify(customersB));

  // A's clock moves a day, B's stays; A's fault fires in A only.
  const clockB = Date.parse((await control(b, 'GET', '/clock')).json.now);
  await control(a, 'POST', '/clock', { advance: 'P1D' });
  expect(Date.parse((await control(a, 'GET', '/clock')).json.now) - clockB).toBeGreaterThan(86_000_000);
  expect(Math.abs(Date.parse((await control(b, 'GET', '/clock')).json.now) - clockB)).toBeLessThan(60_000);
  const fault = { kind: 'status', status: 503, count: 1, match: { method: 'GET', path: '/v1/accounts' } };
  expect((await control(a, 'POST', '/faults', fault)).status).toBe(201);
  const accountsB = await xs2aGet(apiUrl, ca, b, '/v1/accounts');
  expect(accountsB.status).toBe(400);
  const accountsA = await xs2aGet(apiUrl, ca, a, '/v1/accounts');
  expect(accountsA.status).toBe(503);
  expect((await xs2aGet(apiUrl, ca, a, '/v1/accounts')).status).toBe(400);

  // Both run the whole catalogue at the same time.
  const [reportA, reportB] = await Promise.all([runCatalogue(apiUrl, a), runCatalogue(apiUrl, b)]);
  expectClean(reportA);
  expectClean(reportB);

  // Neither world's journal holds the other's requests; a consent of one is unknown in the other.
  const journalA = (await control(a, 'GET', '/requests')).json;
  const journalB = (await control(b, 'GET', '/requests')).json;
  expect(journalA.kept).toBeGreaterThan(0);
  expect(journalB.kept).toBeGreaterThan(0);
  const providers = (journal: { requests: { provider: string | null }[] }) =>
    new Set(journal.requests.map((e) => e.provider).filter((p) => p !== null));
  for (const org of providers(journalA)) expect(org.startsWith(a.org)).toBe(true);
  for (const org of providers(journalB)) expect(org.startsWith(b.org)).toBe(true);
  const consentsA = (await control(a, 'GET', '/consents')).json as { consentId: string }[];
  expect(consentsA.length).toBeGreaterThan(0);
  const theirs = await xs2aGet(apiUrl, ca, b, `/v1/consents/${consentsA[0]!.consentId}`);
  const unknown = await xs2aGet(apiUrl, ca, b, `/v1/consents/${randomUUID()}`);
  expect(theirs.status).toBe(403);
  expect((theirs.json as any).tppMessages[0].code).toBe('CONSENT_UNKNOWN');
  expect(theirs.status).toBe(unknown.status);
  expect(theirs.json).toEqual(unknown.json);
  const findingsB = (await control(b, 'GET', '/client-report')).json;
  expect(JSON.stringify(findingsB)).not.toContain(a.org);

  // The operator lists both, and resets A alone.
  const listed = await operator(portalUrl, 'GET', '');
  expect(listed.json.worlds.map((w: { world: string }) => w.world)).toEqual(expect.arrayContaining([a.org, b.org]));
  const consentsB = ((await control(b, 'GET', '/consents')).json as unknown[]).length;
  const clockBefore = (await control(b, 'GET', '/clock')).json.now;
  expect((await operator(portalUrl, 'POST', `/${a.org}/reset`)).status).toBe(200);
  expect((await control(a, 'GET', '/consents')).json).toEqual([]);
  expect(((await control(b, 'GET', '/consents')).json as unknown[]).length).toBe(consentsB);
  expect(Date.parse((await control(b, 'GET', '/clock')).json.now)).toBeGreaterThanOrEqual(Date.parse(clockBefore));
}
