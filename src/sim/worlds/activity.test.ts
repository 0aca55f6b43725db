import { describe, expect, it } from 'vitest';
import { worldActivity } from './activity.js';

const MINUTE = 60_000;
const T0 = 1_800_000_000_000 - (1_800_000_000_000 % MINUTE);

describe('control calls per minute', () => {
  it('lets the quota through in a minute, refuses the next with the seconds to the next minute, and counts afresh then', () => {
    const activity = worldActivity(2);
    expect(activity.controlCall('a', T0 + 1000)).toBeUndefined();
    expect(activity.controlCall('a', T0 + 2000)).toBeUndefined();
    expect(activity.controlCall('a', T0 + 30_500)).toBe(30);
    expect(activity.controlCall('a', T0 + 59_999)).toBe(1);
    // Another world counts apart.
    expect(activity.controlCall('b', T0 + 59_999)).toBeUndefined();
    expect(activity.controlCall('a', T0 + MINUTE)).toBeUndefined();
  });

  it('counts nothing without a quota, and forgets an ended world', () => {
    const none = worldActivity(undefined);
    for (let i = 0; i < 100; i++) expect(none.controlCall('a', T0)).toBeUndefined();
    const one = worldActivity(1);
    one.controlCall('a', T0);
    expect(one.controlCall('a', T0)).toBe(60);
    one.forget('a');
    expect(one.controlCall('a', T0)).toBeUndefined();
  });
});

describe('idle worlds', () => {
  it('names the worlds last called before the instant, each by its latest call', () => {
    const activity = worldActivity(undefined);
    activity.touch('a', T0);
    activity.touch('b', T0);
    activity.touch('b', T0 + 10 * MINUTE);
    expect(activity.idleSince(T0 + 5 * MINUTE)).toEqual(['a']);
    expect(activity.idleSince(T0)).toEqual([]);
    expect(activity.idleSince(T0 + 11 * MINUTE).sort()).toEqual(['a', 'b']);
    activity.forget('a');
    expect(activity.idleSince(T0 + 11 * MINUTE)).toEqual(['b']);
  });
});
