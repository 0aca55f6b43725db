import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorHandler } from './error-handler.js';
import { BODY_DEPTH_LIMIT, exceedsDepth, jsonBody } from './json-body.js';

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
let base: string;
let close: () => void;

beforeAll(async () => {
  const app = express();
  app.use(...jsonBody());
  // Stands in for code that walks a body recursively, like the idempotency digest.
  app.post('/walk', (req, res) => {
    const walk = (value: unknown): number => (Array.isArray(value) ? 1 + Math.max(0, ...value.map(walk)) : 0);
    res.json({ depth: walk(req.body) });
  });
  app.use(errorHandler(() => {}));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

const post = (body: string) => fetch(`${base}/walk`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });

describe('JSON body depth', () => {
  it('counts depth without recursion, so 30,000 levels are judged rather than overflowing the stack', () => {
    expect(exceedsDepth(JSON.parse(nested(30_000)), BODY_DEPTH_LIMIT)).toBe(true);
    expect(exceedsDepth({ a: { b: [1, { c: 'x' }] } }, 4)).toBe(false);
    expect(exceedsDepth({ a: { b: [1, { c: 'x' }] } }, 3)).toBe(true);
    expect(exceedsDepth('scalar', 0)).toBe(false);
  });

  it('refuses a body nested deeper than the limit with 400 FORMAT_ERROR, before any handler walks it', async () => {
    const res = await post(nested(30_000));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      tppMessages: [{ category: 'ERROR', code: 'FORMAT_ERROR', text: `The body is nested deeper than ${BODY_DEPTH_LIMIT} levels.` }],
    });
  });

  it('accepts a body exactly at the limit', async () => {
    const res = await post(nested(BODY_DEPTH_LIMIT));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ depth: BODY_DEPTH_LIMIT });
  });
});
