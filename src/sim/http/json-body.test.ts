import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorHandler } from './error-handler.js';
import { BODY_DEPTH_LIMIT, BODY_LIMIT_BYTES, exceedsDepth, jsonBody, jsonBodyReader } from './json-body.js';

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

const post = (body: string) =>
  fetch(`${base}/walk`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });

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
      tppMessages: [
        { category: 'ERROR', code: 'FORMAT_ERROR', text: `The body is nested deeper than ${BODY_DEPTH_LIMIT} levels.` },
      ],
    });
  });

  it('accepts a body exactly at the limit', async () => {
    const res = await post(nested(BODY_DEPTH_LIMIT));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ depth: BODY_DEPTH_LIMIT });
  });
});

describe('the API body reader (raw-body, no express)', () => {
  const request = (text: string, headers: Record<string, string>) =>
    Object.assign(Readable.from([Buffer.from(text)]), {
      headers: { 'content-length': String(Buffer.byteLength(text)), ...headers },
    }) as unknown as IncomingMessage;
  const read = jsonBodyReader();
  const json = { 'content-type': 'application/json' };
  const failure = async (text: string, headers: Record<string, string>) => {
    try {
      await read(request(text, headers));
    } catch (error) {
      return {
        status: (error as { status?: number }).status,
        type: (error as { type?: string }).type,
        code: (error as { code?: string }).code,
      };
    }
    return 'read';
  };

  it('answers no promise without a body, and the parsed object or array otherwise', async () => {
    expect(read(request('', { ...json, 'content-length': '0' }))).toBeUndefined();
    expect(await read(request(' {"a":[1,{"b":2}]}\n', json))).toEqual({ a: [1, { b: 2 }] });
    expect(await read(request('[]', { 'content-type': 'application/json; charset=UTF-8' }))).toEqual([]);
  });

  it('refuses what the strict JSON reader refuses, with the 4xx the error handler turns into FORMAT_ERROR', async () => {
    expect(await failure('\n', json)).toEqual({ status: 400, type: 'entity.parse.failed', code: undefined });
    expect(await failure('1', json)).toEqual({ status: 400, type: 'entity.parse.failed', code: undefined });
    expect(await failure('{"a":', json)).toEqual({ status: 400, type: 'entity.parse.failed', code: undefined });
    expect(await failure('x'.repeat(BODY_LIMIT_BYTES + 1), json)).toMatchObject({
      status: 413,
      type: 'entity.too.large',
    });
    expect(await failure('{}', { ...json, 'content-encoding': 'gzip' })).toEqual({
      status: 415,
      type: 'encoding.unsupported',
      code: undefined,
    });
    expect(await failure('{}', { 'content-type': 'application/json; charset=latin1' })).toEqual({
      status: 415,
      type: 'charset.unsupported',
      code: undefined,
    });
    expect(await failure('{}', { 'content-type': 'text/plain' })).toEqual({
      status: 400,
      type: undefined,
      code: 'FORMAT_ERROR',
    });
    expect(await failure('['.repeat(BODY_DEPTH_LIMIT + 1) + ']'.repeat(BODY_DEPTH_LIMIT + 1), json)).toEqual({
      status: 400,
      type: undefined,
      code: 'FORMAT_ERROR',
    });
  });
});
