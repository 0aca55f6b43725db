import { expect, it } from 'vitest';
import type { ExchangeEvidence } from './evidence.js';
import { createProvocationLog, FOLLOW_UP, PROVOCATION_BYTES_PER_PROVIDER } from './provoked.js';

const evidence = (id: number, size: number): ExchangeEvidence => ({
  id,
  at: '2026-03-02T10:00:00.000Z',
  realAt: '2026-03-02T10:00:00.000Z',
  request: { method: 'GET', path: '/v1/accounts', query: '', headers: {}, body: 'b'.repeat(size) },
  answer: { status: 503, headers: {} },
});

it('keeps at most PROVOCATION_BYTES_PER_PROVIDER bytes of provocations and their follow-ups per provider', () => {
  const log = createProvocationLog();
  for (let id = 1; id <= 40; id++) {
    log.provoked({
      fault: 'status',
      provider: 'A',
      at: '',
      realAt: `${id}`.padStart(3, '0'),
      exchange: evidence(id, 30_000),
    });
    for (let next = 0; next < FOLLOW_UP; next++) log.followed('A', () => evidence(1000 + id, 30_000), []);
  }
  const kept = log.list('A');
  expect(Buffer.byteLength(JSON.stringify(kept))).toBeLessThanOrEqual(PROVOCATION_BYTES_PER_PROVIDER + 1024);
  expect(kept.length).toBeLessThan(40);
  expect(kept.at(-1)!.exchange!.id).toBe(40);
  expect(kept.at(-1)!.then).toHaveLength(FOLLOW_UP);
});
