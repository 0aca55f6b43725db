import { describe, expect, it } from 'vitest';
import { businessDayAfter, businessDayOnOrAfter, easterSunday, isTarget2BusinessDay } from './target2.js';

describe('TARGET2 calendar', () => {
  it('finds Easter Sunday in known years', () => {
    expect(['2024', '2025', '2026', '2027', '2038'].map((year) => easterSunday(Number(year)))).toEqual([
      '2024-03-31',
      '2025-04-20',
      '2026-04-05',
      '2027-03-28',
      '2038-04-25',
    ]);
  });

  it('closes on weekends and the six holidays, and is open on an ordinary weekday', () => {
    for (const closed of [
      '2026-03-07',
      '2026-03-08',
      '2026-01-01',
      '2026-04-03',
      '2026-04-06',
      '2026-05-01',
      '2026-12-25',
      '2026-12-26',
    ]) {
      expect(isTarget2BusinessDay(closed), closed).toBe(false);
    }
    for (const open of ['2026-03-06', '2026-03-09', '2026-04-02', '2026-04-07', '2026-12-24', '2026-12-31']) {
      expect(isTarget2BusinessDay(open), open).toBe(true);
    }
  });

  it('moves to the next business day past weekends and holidays', () => {
    expect(businessDayAfter('2026-03-06')).toBe('2026-03-09');
    expect(businessDayAfter('2026-04-02')).toBe('2026-04-07');
    expect(businessDayAfter('2026-12-24')).toBe('2026-12-28');
    expect(businessDayAfter('2026-12-31')).toBe('2027-01-04');
    expect(businessDayAfter('2026-03-03')).toBe('2026-03-04');
  });

  it('keeps a business day as it is when asked for on or after', () => {
    expect(businessDayOnOrAfter('2026-03-04')).toBe('2026-03-04');
    expect(businessDayOnOrAfter('2026-03-07')).toBe('2026-03-09');
  });
});
