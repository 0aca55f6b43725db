/**
 * The request journal and the client report are bounded in bytes as well as entries: 512 requests
 * of 60 KB (each refused as malformed, so the judge keeps a finding with its evidence) leave the
 * journal within its 4 MiB, every body cut to 8,192 characters, the client report within its 2 MiB,
 * and the process's heap grows by about 20 MB (the journal, the report and what the rules remember,
 * each body masked and cut), not by the 30 MB the bodies weigh four times over (about 150 MB before).
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { JOURNAL_BYTES } from '../../src/sim/journal/journal.js';
import { BODY_KEPT_CHARACTERS } from '../../src/sim/kept-body.js';
import { certificateFolder, testSandbox, type TestSandbox } from '../helpers/sandbox.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const heap = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};

let t: TestSandbox;
beforeAll(async () => {
  t = await testSandbox(await certificateFolder());
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
