import { describe, expect, it } from 'vitest';
import { createClock } from './clock.js';

const fixedReal = () => Date.parse('2026-03-01T10:00:00.000Z');

describe('sandbox clock', () => {
  it('reads real time plus its offset', () => {
    const clock = createClock({ realNow: fixedReal, offsetMs: 60_000 });
    expect(clock.now().toISOString()).toBe('2026-03-01T10:01:00.000Z');
  });

  it('advances and tells its listeners where it went', () => {
    const clock = createClock({ realNow: fixedReal });
    const seen: string[] = [];
    clock.onChange(({ from, to }) => seen.push(`${from.toISOString()}>${to.toISOString()}`));
    clock.advance(3_600_000);
    expect(clock.now().toISOString()).toBe('2026-03-01T11:00:00.000Z');
    expect(seen).toEqual(['2026-03-01T10:00:00.000Z>2026-03-01T11:00:00.000Z']);
    expect(clock.offsetMs).toBe(3_600_000);
  });

  it('is set to a later instant but never moved back', () => {
    const clock = createClock({ realNow: fixedReal });
    clock.set(new Date('2026-09-01T00:00:00Z'));
    expect(clock.now().toISOString()).toBe('2026-09-01T00:00:00.000Z');
    expect(() => clock.set(new Date('2026-01-01T00:00:00Z'))).toThrow(/only moves forward/);
    expect(() => clock.advance(-1)).toThrow(/positive/);
    expect(() => clock.advance(0)).toThrow(/positive/);
  });

  it('resets to its configured start', () => {
    const clock = createClock({ realNow: fixedReal, startAt: Date.parse('2026-01-01T00:00:00Z') });
    clock.advance(86_400_000);
    clock.reset();
    expect(clock.now().toISOString()).toBe('2026-01-01T00:00:00.000Z');
  });

  it('resets to real time', () => {
    const clock = createClock({ realNow: fixedReal, offsetMs: 10_000 });
    clock.reset();
    expect(clock.offsetMs).toBe(0);
  });
});
