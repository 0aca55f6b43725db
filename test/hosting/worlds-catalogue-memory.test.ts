/**
 * Two TPPs in one `--worlds organisation` sandbox in memory (one process), each running the whole
 * catalogue at the same time as the other (test/helpers/two-worlds.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { certificateFolder } from '../helpers/sandbox.js';
import { serveProcess, stopServe, type ServeProcess } from '../helpers/serve-process.js';
import { firstTpp, secondTpp, TOKEN, twoWorlds } from '../helpers/two-worlds.js';

describe('two TPPs, two worlds, the whole catalogue each', () => {
  let serve: ServeProcess | undefined;
  let certs: string;

  beforeAll(async () => {
    certs = await certificateFolder();
    serve = await serveProcess(certs, ['--worlds', 'organisation', '--control-token', TOKEN, '--customers', '5']);
  }, 60_000);
  afterAll(async () => {
    if (serve) await stopServe(serve);
  });

  it('in memory, one process: both 0 failed, nothing of one world seen from the other', async () => {
    const ca = readFileSync(join(certs, 'ca.crt'), 'utf8');
    const portalUrl = new URL(serve!.controlUrl).origin;
    await twoWorlds(serve!.apiUrl, portalUrl, ca, firstTpp(certs), secondTpp(certs));
  }, 600_000);
});
