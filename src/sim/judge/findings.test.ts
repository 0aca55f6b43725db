import { expect, it } from 'vitest';
import { createFindingStore, FINDINGS_PER_PROVIDER, type ClientFinding } from './findings.js';

const finding = (provider: string, detail: string, rule = 'CLIENT-ENDPOINT'): ClientFinding => ({
  rule,
  statement: '',
  section: '',
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
