import { describe, expect, it } from 'vitest';
import { BoundedMap } from './bounded.js';

describe('a bounded map', () => {
  it('keeps at most its limit, dropping the entry written longest ago', () => {
    const map = new BoundedMap<string, number>(2);
    map.set('a', 1).set('b', 2).set('a', 3).set('c', 4);
    expect([...map.entries()]).toEqual([
      ['a', 3],
      ['c', 4],
    ]);
    expect(map.has('b')).toBe(false);
  });
});
