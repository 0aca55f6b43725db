/**
 * Two TPPs in one `--worlds organisation` sandbox on PostgreSQL, three processes behind HAProxy, each
 * running the whole catalogue at the same time as the other (test/helpers/two-worlds.ts).
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startFacility, type Facility } from '../helpers/facility.js';
import { firstTpp, secondTpp, TOKEN, twoWorlds } from '../helpers/two-worlds.js';

describe('two TPPs, two worlds, on PostgreSQL behind HAProxy', () => {
  let f: Facility;

  beforeAll(async () => {
    f = await startFacility('worlds-catalogue', 3, ['--worlds', 'organisation', '--control-token', TOKEN]);
  }, 60_000);
  afterAll(async () => {
    await f?.close();
  });

  it('three processes: both 0 failed, nothing of one world seen from the other', async () => {
    await twoWorlds(f.apiUrl, f.portalUrl, f.ca, firstTpp(f.certs), secondTpp(f.certs));
  }, 600_000);
});
