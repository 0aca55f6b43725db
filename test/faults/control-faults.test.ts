import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ibansOf } from '../helpers/ais.js';
import { certificateFolder, testSandbox, type TestSandbox } from '../helpers/sandbox.js';
import { CONSENT_BODY, rawCaller, REDIRECT_HEADERS } from './raw-call.js';

let certs: string;
let t: TestSandbox;

beforeAll(async () => {
  certs = await certificateFolder();
  t = await testSandbox(certs, { controlToken: 'drill', clockStart: '2026-03-02T10:00:00Z' });
});
afterAll(() => t.sandbox.close());
beforeEach(() => t.sandbox.reset());

const AUTH = { Authorization: 'Bearer drill' };
const control = (path: string, init: { method?: string; body?: unknown } = {}) =>
  t.control(path, { ...init, headers: AUTH });

describe('the fault control API', () => {
  it('adds a rule and answers every active rule with its id, count left and times applied', async () => {
    const added = await control('/faults', {
      body: { kind: 'slow', count: 2, delayMs: 10, match: { method: 'GET', path: '/v1/accounts' } },
    });
    expect(added.status).toBe(201);
    expect(added.json).toEqual({
      profile: null,
      rules: [
        {
          id: 'fault-1',
          kind: 'slow',
          count: 2,
          delayMs: 10,
          match: { method: 'GET', path: '/v1/accounts' },
          applied: 0,
          remaining: 2,
        },
      ],
    });
    const more = await control('/faults', {
      body: [
        { kind: 'drop', rate: 0.25, seed: 7 },
        { kind: 'callback-duplicate', count: 1, match: { provider: 'PSDDE-BAFIN-123456' } },
      ],
    });
    expect((more.json as { rules: { id: string; kind: string }[] }).rules.map((rule) => [rule.id, rule.kind])).toEqual([
      ['fault-1', 'slow'],
      ['fault-2', 'drop'],
      ['fault-3', 'callback-duplicate'],
    ]);
    expect((await control('/faults')).json).toEqual(more.json);
  });

  it('removes one rule by id, and answers 404 for an id that is not active', async () => {
    await control('/faults', {
      body: [
        { kind: 'error-500', count: 1 },
        { kind: 'drop', count: 1 },
      ],
    });
    const removed = await control('/faults/fault-1', { method: 'DELETE' });
    expect(removed.status).toBe(200);
    expect((removed.json as { rules: { id: string }[] }).rules.map((rule) => rule.id)).toEqual(['fault-2']);
    const unknown = await control('/faults/fault-1', { method: 'DELETE' });
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual({
      tppMessages: [{ category: 'ERROR', code: 'RESOURCE_UNKNOWN', text: 'No active fault rule has this id.' }],
    });
  });

  it('DELETE clears every rule and the API answers normally again', async () => {
    await control('/faults', { body: { kind: 'error-500', rate: 1 } });
    const call = rawCaller(t);
    const create = () =>
      call({
        method: 'POST',
        path: '/v1/consents',
        headers: REDIRECT_HEADERS,
        body: CONSENT_BODY(ibansOf(t, 'anna')[0]!),
      });
    expect((await create()).status).toBe(500);
    const cleared = await control('/faults', { method: 'DELETE' });
    expect([cleared.status, cleared.json]).toEqual([200, { profile: null, rules: [] }]);
    expect((await create()).status).toBe(201);
  });

  it.each([
    [{ kind: 'teapot', count: 1 }, 'kind'],
    [{ kind: 'error-500' }, 'count'],
    [{ kind: 'error-500', count: 1, rate: 0.5 }, 'rate'],
    [{ kind: 'error-500', rate: 2 }, 'rate'],
    [{ kind: 'slow', count: 1 }, 'delayMs'],
    [{ kind: 'slow', count: 1, delayMs: 60_000 }, 'delayMs'],
    [{ kind: 'unavailable-empty', count: 1, retryAfter: -1 }, 'retryAfter'],
    [{ kind: 'drop', count: 1, match: { path: 'v1/consents' } }, 'match.path'],
    [{ kind: 'drop', count: 1, match: { method: 'PATCH' } }, 'match.method'],
    [{ kind: 'drop', count: 1, match: { host: 'x' } }, 'match.host'],
    [{ kind: 'drop', count: 1, delayMs: 5 }, 'delayMs'],
    [{ kind: 'callback-reorder', count: 1, match: { path: '/v1/consents' } }, 'match.path'],
    [[{ kind: 'drop', count: 1 }, { kind: 'drop' }], '1.count'],
  ])('refuses %j with 400 FORMAT_ERROR on path %s and adds nothing', async (body, path) => {
    const answer = await control('/faults', { body });
    expect(answer.status).toBe(400);
    const message = (answer.json as { tppMessages: { category: string; code: string; path: string; text: string }[] })
      .tppMessages;
    expect(message).toEqual([
      { category: 'ERROR', code: 'FORMAT_ERROR', path, text: expect.stringContaining(`${path}: `) },
    ]);
    expect((await control('/faults')).json).toEqual({ profile: null, rules: [] });
  });

  it('refuses a body that is not a rule without a path', async () => {
    const answer = await control('/faults', { body: 'flaky' });
    expect(answer.status).toBe(400);
    expect((answer.json as { tppMessages: { code: string; path?: string }[] }).tppMessages[0]).toEqual(
      expect.not.objectContaining({ path: expect.anything() }),
    );
  });

  it('needs the control token like every other control call', async () => {
    for (const [method, body] of [
      ['GET', undefined],
      ['POST', { kind: 'drop', count: 1 }],
      ['DELETE', undefined],
    ] as const) {
      const answer = await t.control('/faults', { method, ...(body ? { body } : {}) });
      expect([
        method,
        answer.status,
        (answer.json as { tppMessages: { code: string }[] }).tppMessages[0]!.code,
      ]).toEqual([method, 401, 'TOKEN_INVALID']);
    }
    expect((await control('/faults')).json).toEqual({ profile: null, rules: [] });
  });
});

describe('start profiles and reproducibility', () => {
  const statusesOf = async (sandbox: TestSandbox, n: number) => {
    const call = rawCaller(sandbox);
    const statuses: number[] = [];
    for (let i = 0; i < n; i++)
      statuses.push(
        (
          await call({
            method: 'POST',
            path: '/v1/consents',
            headers: REDIRECT_HEADERS,
            body: CONSENT_BODY(ibansOf(sandbox, 'anna')[0]!),
          })
        ).status,
      );
    return statuses;
  };

  it('a rate gives the same faults for the same seed, in another sandbox and after a reset', async () => {
    const rules = [{ kind: 'unavailable-empty' as const, rate: 0.4 }];
    const a = await testSandbox(certs, { faults: rules });
    const b = await testSandbox(certs, { faults: rules });
    const c = await testSandbox(certs, { faults: rules, seed: 43 });
    try {
      const first = await statusesOf(a, 30);
      expect(first.filter((status) => status === 503).length).toBeGreaterThan(3);
      expect(first.filter((status) => status === 201).length).toBeGreaterThan(3);
      expect(await statusesOf(b, 30)).toEqual(first);
      expect(await statusesOf(c, 30)).not.toEqual(first);
      await a.sandbox.reset();
      expect(await statusesOf(a, 30)).toEqual(first);
    } finally {
      await Promise.all([a.sandbox.close(), b.sandbox.close(), c.sandbox.close()]);
    }
  });

  it('POST /sandbox/reset goes back to the start profile: added rules gone, spent counts restored', async () => {
    const started = await testSandbox(certs, { faults: 'flaky' });
    try {
      const flaky = { id: 'fault-1', kind: 'unavailable-empty', rate: 0.1, retryAfter: 1, match: {}, applied: 0 };
      expect((await started.control('/faults')).json).toEqual({ profile: 'flaky', rules: [flaky] });
      await started.control('/faults', { body: { kind: 'error-500', count: 1 } });
      await started.control('/faults', { method: 'DELETE' });
      expect((await started.control('/faults')).json).toEqual({ profile: 'flaky', rules: [] });
      expect((await started.control('/reset', { body: {} })).status).toBe(200);
      expect((await started.control('/faults')).json).toEqual({ profile: 'flaky', rules: [flaky] });
    } finally {
      await started.sandbox.close();
    }
  });

  it('startSandbox refuses an unknown profile and malformed rules before starting', async () => {
    await expect(testSandbox(certs, { faults: 'flakey' })).rejects.toThrow('unknown fault profile "flakey"');
    await expect(testSandbox(certs, { faults: [{ kind: 'slow', count: 1 }] as never })).rejects.toThrow(
      'Invalid sandbox option faults.0.delayMs',
    );
  });
});
