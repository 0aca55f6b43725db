import { expect, it } from 'vitest';
import {
  createFindingStore,
  FINDING_BYTES_PER_PROVIDER,
  FINDINGS_PER_PROVIDER,
  type ClientFinding,
} from './findings.js';

const finding = (provider: string, detail: string, rule = 'CLIENT-ENDPOINT'): ClientFinding => ({
  rule,
  statement: '',
  section: '',
  cites: '',
  severity: 'minor',
  provider,
  detail,
  at: '2026-03-02T10:00:00.000Z',
  realAt: '2026-03-02T10:00:00.000Z',
  exchanges: [],
  callbacks: [],
});

it('keeps at most FINDINGS_PER_PROVIDER findings per provider, drops the oldest and counts them', () => {
  const store = createFindingStore();
  for (let i = 0; i <= FINDINGS_PER_PROVIDER; i++) store.add(finding('A', String(i)));
  store.add(finding('B', 'b'));
  const a = store.list('A');
  expect([a.findings.length, a.findings[0]!.detail, a.dropped]).toEqual([FINDINGS_PER_PROVIDER, '1', 1]);
  expect(store.list().findings).toHaveLength(FINDINGS_PER_PROVIDER + 1);
  expect(store.list('B')).toEqual({ findings: [finding('B', 'b')], dropped: 0 });
});

it('counts an acknowledged rule’s findings instead of keeping them; clearing keeps the acknowledgement', () => {
  const store = createFindingStore();
  store.acknowledge('CLIENT-ENDPOINT', 'A');
  expect(store.add(finding('A', 'x'))).toBe(false);
  expect(store.add(finding('B', 'y'))).toBe(true);
  expect(store.acknowledgements()).toEqual([{ rule: 'CLIENT-ENDPOINT', provider: 'A', findings: 1 }]);
  store.clear();
  expect([store.list().findings, store.acknowledgements()]).toEqual([
    [],
    [{ rule: 'CLIENT-ENDPOINT', provider: 'A', findings: 0 }],
  ]);
  store.reset();
  expect(store.acknowledgements()).toEqual([]);
});

it('keeps at most FINDING_BYTES_PER_PROVIDER bytes of findings per provider: the oldest go first, counted as dropped', () => {
  const store = createFindingStore();
  const detail = 'z'.repeat(100_000);
  for (let i = 0; i < 50; i++) store.add(finding('A', `${i} ${detail}`));
  const a = store.list('A');
  const bytes = a.findings.reduce((sum, one) => sum + Buffer.byteLength(JSON.stringify(one)), 0);
  expect(bytes).toBeLessThanOrEqual(FINDING_BYTES_PER_PROVIDER);
  expect(a.findings.length + a.dropped).toBe(50);
  expect(a.dropped).toBeGreaterThan(0);
  expect(a.findings.at(-1)!.detail.startsWith('49 ')).toBe(true);
  // Another provider's findings are bounded on their own.
  store.add(finding('B', detail));
  expect(store.list('B').findings).toHaveLength(1);
});
