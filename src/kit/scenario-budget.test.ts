import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { scenarioBudget } from './scenario-budget.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('a scenario’s time limit', () => {
  it('expires after its limit of the kit’s own time', () => {
    const expired = vi.fn();
    scenarioBudget(1_000, expired);
    vi.advanceTimersByTime(999);
    expect(expired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(expired).toHaveBeenCalledTimes(1);
  });

  it('does not count the time a person is waited for, however long, and counts on after it', () => {
    const expired = vi.fn();
    const budget = scenarioBudget(1_000, expired);
    vi.advanceTimersByTime(600);
    const release = budget.hold();
    const nested = budget.hold();
    vi.advanceTimersByTime(300_000);
    nested();
    vi.advanceTimersByTime(10_000);
    expect(expired).not.toHaveBeenCalled();
    release();
    release(); // twice is once
    vi.advanceTimersByTime(399);
    expect(expired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(expired).toHaveBeenCalledTimes(1);
  });

  it('never fires once cancelled', () => {
    const expired = vi.fn();
    const budget = scenarioBudget(1_000, expired);
    const release = budget.hold();
    budget.cancel();
    release();
    vi.advanceTimersByTime(5_000);
    expect(expired).not.toHaveBeenCalled();
  });
});
