/**
 * The whole conformance catalogue against three processes on one database behind HAProxy, as a
 * remote target: what the kit checks of one sandbox holds of the facility (0 failed, 0 errors).
 * The config is the one `--init-config` writes from the balancer's control API.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { xs2aKit } from '../helpers/cli.js';
import { startFacility, type Facility } from '../helpers/facility.js';

let f: Facility;

beforeAll(async () => {
  f = await startFacility('catalogue');
}, 60_000);

afterAll(async () => {
  await f?.close();
});

it('passes the whole catalogue through the balancer with nothing failed', async () => {
  const config = join(f.certs, 'facility.json');
  const report = join(f.certs, 'facility-report.json');
  const init = await xs2aKit([
    'conformance',
    '--init-config',
    config,
    '--target',
    f.apiUrl,
    '--control-url',
    f.controlUrl,
    '--certs',
    f.certs,
  ]);
  expect(init.code, init.stderr).toBe(0);
  const run = await xs2aKit(
    ['conformance', '--target', f.apiUrl, '--config', config, '--reporter', `json:${report}`],
    240_000,
  );
  const result = JSON.parse(readFileSync(report, 'utf8')) as {
    passed: number;
    failed: number;
    errors: number;
    inconclusive: number;
    results: { id: string; verdict: string; reason?: string }[];
  };
  const broken = result.results.filter((r) => ['failed', 'error', 'inconclusive'].includes(r.verdict));
  expect(broken, JSON.stringify(broken.slice(0, 5), null, 1)).toEqual([]);
  expect(run.code).toBe(0);
  expect(result.failed).toBe(0);
  expect(result.errors).toBe(0);
  expect(result.passed).toBeGreaterThan(400);
}, 300_000);
