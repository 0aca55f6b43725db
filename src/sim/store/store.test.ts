import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openStore } from './store.js';

describe('store', () => {
  it('keeps data in memory by default', async () => {
    const store = await openStore({ seedAnchor: '2026-03-01' });
    store.data.registerDecisions['PSDDE-BAFIN-1'] = { authorised: false, decidedAt: '2026-03-01T00:00:00Z' };
    await store.write();
    expect(store.file).toBeUndefined();
    expect(store.data.registerDecisions['PSDDE-BAFIN-1']?.authorised).toBe(false);
  });

  it('writes a JSON file with --data and reads it back after a restart', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'xs2a-store-')), 'data.json');
    const first = await openStore({ file, seedAnchor: '2026-03-01' });
    first.data.clockOffsetMs = 42;
    await first.write();
    const again = await openStore({ file, seedAnchor: '2026-04-01' });
    expect(again.data.clockOffsetMs).toBe(42);
    expect(again.data.seedAnchor).toBe('2026-03-01');
    expect(JSON.parse(readFileSync(file, 'utf8')).clockOffsetMs).toBe(42);
  });

  it('refuses a file that is not JSON with a clear message', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'xs2a-store-')), 'data.json');
    writeFileSync(file, '{not json');
    await expect(openStore({ file, seedAnchor: '2026-03-01' })).rejects.toThrow(/Cannot read the data file/);
  });
});
