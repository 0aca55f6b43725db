import { describe, expect, it } from 'vitest';
import { parseDuration } from './duration.js';

describe('parseDuration', () => {
  it('reads weeks, days, hours, minutes and seconds', () => {
    expect(parseDuration('PT1H')).toBe(3_600_000);
    expect(parseDuration('P1D')).toBe(86_400_000);
    expect(parseDuration('P2W')).toBe(14 * 86_400_000);
    expect(parseDuration('P1DT2H30M15S')).toBe(86_400_000 + 2 * 3_600_000 + 30 * 60_000 + 15_000);
    expect(parseDuration('PT0.5S')).toBe(500);
    expect(parseDuration('P181D')).toBe(181 * 86_400_000);
  });

  it('refuses years, months, negatives, empty and malformed durations', () => {
    for (const text of ['P1Y', 'P1M', '-PT1H', 'P', 'PT', 'PT1H2D', '1H', 'PT1.2345S', '', 'P99999999999999999D']) {
      expect(parseDuration(text), text).toBeUndefined();
    }
  });
});
