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

describe('a bounded map under churn', () => {
  it('evicts in the order of writing after deletions, rewrites and emptying', () => {
    const limit = 50;
    const map = new BoundedMap<number, number>(limit);
    const model: number[] = []; // keys, oldest first
    let seed = 7;
    const random = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed % n);
    for (let step = 0; step < 20_000; step++) {
      const key = random(120);
      const action = random(10);
      if (action < 7) {
        map.set(key, step);
        const at = model.indexOf(key);
        if (at >= 0) model.splice(at, 1);
        model.push(key);
        if (model.length > limit) model.shift();
      } else if (action < 9) {
        expect(map.delete(key)).toBe(model.includes(key));
        const at = model.indexOf(key);
        if (at >= 0) model.splice(at, 1);
      } else if (step % 1000 === 999) {
        for (const kept of [...model]) map.delete(kept);
        model.length = 0;
      }
      expect([...map.entries()].map(([kept]) => kept)).toEqual(model);
    }
  });
});
