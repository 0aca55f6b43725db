import { describe, expect, it } from 'vitest';
import { globToRegExp, selectScenarios } from './filter.js';
import type { Area } from './scenario.js';

const all = [
  { id: 'AIS-PAGING-001', area: 'paging' as Area },
  { id: 'AIS-PAGING-002', area: 'paging' as Area },
  { id: 'PIS-IDEM-001', area: 'payments' as Area },
  { id: 'CB-SIGN-001', area: 'callbacks' as Area },
];
const ids = (selected: { id: string }[]) => selected.map((s) => s.id);

describe('scenario selection by glob', () => {
  it('matches a whole id, case-insensitively, with * and ?', () => {
    expect(globToRegExp('ais-paging-00?').test('AIS-PAGING-003')).toBe(true);
    expect(globToRegExp('AIS-*').test('PIS-IDEM-001')).toBe(false);
  });

  it('--only takes id globs and area names, repeated or comma-separated', () => {
    expect(ids(selectScenarios(all, { only: ['AIS-PAGING-002'] }))).toEqual(['AIS-PAGING-002']);
    expect(ids(selectScenarios(all, { only: ['payments,callbacks'] }))).toEqual(['PIS-IDEM-001', 'CB-SIGN-001']);
    expect(ids(selectScenarios(all, { only: ['*-IDEM-*', 'paging'] }))).toEqual([
      'AIS-PAGING-001',
      'AIS-PAGING-002',
      'PIS-IDEM-001',
    ]);
  });

  it('--skip removes what it matches, also from an --only selection', () => {
    expect(ids(selectScenarios(all, { skip: ['paging'] }))).toEqual(['PIS-IDEM-001', 'CB-SIGN-001']);
    expect(ids(selectScenarios(all, { only: ['paging'], skip: ['*-002'] }))).toEqual(['AIS-PAGING-001']);
  });

  it('selects everything when neither is given, and treats regex characters literally', () => {
    expect(selectScenarios(all, {})).toHaveLength(4);
    expect(selectScenarios(all, { only: ['AIS.PAGING.001'] })).toHaveLength(0);
  });
});
