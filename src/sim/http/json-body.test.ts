import { describe, expect, it } from 'vitest';
import { BODY_DEPTH_LIMIT, exceedsDepth } from './json-body.js';

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

describe('JSON body depth', () => {
  it('counts depth without recursion, so 30,000 levels are judged rather than overflowing the stack', () => {
    expect(exceedsDepth(JSON.parse(nested(30_000)), BODY_DEPTH_LIMIT)).toBe(true);
    expect(exceedsDepth(JSON.parse(nested(BODY_DEPTH_LIMIT)), BODY_DEPTH_LIMIT)).toBe(false);
    expect(exceedsDepth({ a: { b: [1, { c: 'x' }] } }, 4)).toBe(false);
    expect(exceedsDepth({ a: { b: [1, { c: 'x' }] } }, 3)).toBe(true);
    expect(exceedsDepth('scalar', 0)).toBe(false);
  });
});
