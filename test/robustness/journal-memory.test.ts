/**
 * The request journal and the client report are bounded in bytes as well as entries: 512 requests
 * of 60 KB (each refused as malformed, so the judge keeps a finding with its evidence) leave the
 * journal within its 4 MiB, every body cut to 8,192 characters, the client report within its 2 MiB,
 * and the process's heap grows by about 20 MB (the journal, the report and what the rules remember,
 * each body masked and cut), not by the 30 MB the bodies weigh four times over (about 150 MB before).
 * In a sandbox of worlds each provider's world keeps a journal and a report of its own, each within
 * the same bounds, so one provider's flood neither passes them nor drops another's requests.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { JOURNAL_BYTES } from '../../src/sim/journal/journal.js';
import { BODY_KEPT_CHARACTERS } from '../../src/sim/kept-body.js';
import { certificateFolder, testSandbox, type TestSandbox } from '../helpers/sandbox.js';
import { secondTpp } from '../helpers/two-worlds.js';
import { worldCall } from '../helpers/world-call.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const heap = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};

let certs: string;
let t: TestSandbox;
beforeAll(async () => {
  certs = await certificateFolder();
  t = await testSandbox(certs);
});
afterAll(() => t?.sandbox.close());

it('keeps 512 requests of 60 KB within the journal’s 4 MiB and the heap within a small multiple of it', async () => {
  const note = 'x'.repeat(60_000);
  const before = heap();
  for (let n = 0; n < 512; n++) {
    const answer = await t.call({
      method: 'POST',
      path: '/v1/consents/confirmation-of-funds',
      client: t.tpp,
      body: { account: { iban: 'not-an-iban' }, note: `${n} ${note}` },
    });
    expect(answer.status).toBe(400);
  }
  const grown = heap() - before;
  const page = t.sandbox.requests.read({ limit: 1 });
  expect(page.bytes).toBeLessThanOrEqual(JOURNAL_BYTES);
  expect(page.kept + page.dropped).toBe(512);
  expect((page.requests[0]!.request.body as string).length).toBeLessThan(BODY_KEPT_CHARACTERS + 40);
  const report = t.sandbox.clientReport();
  expect(report.findings.length + report.dropped).toBe(512);
  expect(Buffer.byteLength(JSON.stringify(report.findings))).toBeLessThanOrEqual(2 * 1024 * 1024 + 64 * 1024);
  // The journal, the report, and what the rules remember of each exchange; the bodies sent weigh 30 MB.
  expect(grown).toBeLessThan(40 * 1024 * 1024);
}, 120_000);

it('keeps each world of a hosted sandbox within the same bounds: one provider’s flood, another’s journal untouched', async () => {
  const hosted = await testSandbox(certs, { worlds: 'organisation' });
  try {
    const call = worldCall(hosted.sandbox.apiUrl, hosted.ca);
    const other = secondTpp(certs).cert;
    expect((await call(other, 'GET', '/v1/accounts')).status).toBe(400);
    const note = 'x'.repeat(60_000);
    // About 17 KB each as kept: 300 pass the 4 MiB of the flooding provider's world.
    for (let n = 0; n < 300; n++) {
      const answer = await call(hosted.tpp, 'POST', '/v1/consents/confirmation-of-funds', {
        account: { iban: 'not-an-iban' },
        note: `${n} ${note}`,
      });
      expect(answer.status).toBe(400);
    }
    const page = (await call(hosted.tpp, 'GET', '/sandbox/requests?limit=1')).json as {
      requests: { request: { body: unknown } }[];
      kept: number;
      dropped: number;
      bytes: number;
      capacityBytes: number;
    };
    expect(page.capacityBytes).toBe(JOURNAL_BYTES);
    expect(page.bytes).toBeLessThanOrEqual(JOURNAL_BYTES);
    expect(page.dropped).toBeGreaterThan(0);
    expect(page.kept + page.dropped).toBe(300);
    expect(page.requests[0]!.request.body as string).toMatch(/…\[cut: \d+ more characters\]$/);
    const report = (await call(hosted.tpp, 'GET', '/sandbox/client-report')).json as { findings: unknown[] };
    expect(Buffer.byteLength(JSON.stringify(report.findings))).toBeLessThanOrEqual(2 * 1024 * 1024 + 64 * 1024);
    // The other provider's world kept its one request, and nothing of the flood.
    const theirs = (await call(other, 'GET', '/sandbox/requests')).json as { kept: number; dropped: number };
    expect([theirs.kept, theirs.dropped]).toEqual([1, 0]);
  } finally {
    await hosted.sandbox.close();
  }
}, 120_000);
