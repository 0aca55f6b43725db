import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XsError } from '../../contract/index.js';
import { errorHandler } from './error-handler.js';

const logged: string[] = [];
let base: string;
let close: () => void;

beforeAll(async () => {
  const app = express();
  app.get('/boom', () => {
    throw new Error('database password is hunter2');
  });
  app.get('/async-boom', async () => {
    await Promise.resolve();
    throw new TypeError('cannot read properties of undefined');
  });
  app.get('/limit', () => {
    throw new XsError('ACCESS_EXCEEDED', { headers: { 'Retry-After': '3600' } });
  });
  app.use(errorHandler((line) => logged.push(line)));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

describe('error middleware', () => {
  it('answers an unexpected error with 500 INTERNAL_SERVER_ERROR and keeps the details in the log', async () => {
    for (const path of ['/boom', '/async-boom']) {
      const res = await fetch(`${base}${path}`);
      expect(res.status).toBe(500);
      const text = await res.text();
      expect(JSON.parse(text)).toEqual({
        tppMessages: [{ category: 'ERROR', code: 'INTERNAL_SERVER_ERROR', text: 'Internal server error.' }],
      });
      expect(text).not.toMatch(/hunter2|undefined|at /);
    }
    expect(logged.join('\n')).toContain('hunter2');
  });

  it('writes the headers an error carries', async () => {
    const res = await fetch(`${base}/limit`);
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('3600');
  });
});
