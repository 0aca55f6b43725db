import { describe, expect, it } from 'vitest';
import { formatCents, toCents } from './money.js';

describe('money', () => {
  it('reads decimal strings as integer cents', () => {
    expect(toCents('12.3')).toBe(1230);
    expect(toCents('12.30')).toBe(1230);
    expect(toCents('-0.05')).toBe(-5);
    expect(toCents('1500')).toBe(150000);
    expect(() => toCents('1,5')).toThrow(RangeError);
  });

  it('writes cents with two decimals and the sign as direction', () => {
    expect(formatCents(1230)).toBe('12.30');
    expect(formatCents(-5)).toBe('-0.05');
    expect(formatCents(0)).toBe('0.00');
  });
});
