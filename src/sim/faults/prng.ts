/**
 * The random stream of a rate rule: mulberry32, written as a pure step over a 32-bit state so a
 * rule's state is plain data (the same seed gives the same faults on every run and machine).
 */
export interface Draw {
  /** In [0, 1). */
  value: number;
  state: number;
}

export function draw(state: number): Draw {
  const next = (state + 0x6d2b79f5) >>> 0;
  let t = next;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return { value: ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296, state: next };
}
