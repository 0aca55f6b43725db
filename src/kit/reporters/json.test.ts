import { describe, expect, it } from 'vitest';
import { fakeTarget } from '../../../test/helpers/fake-target.js';
import { fail } from '../failure.js';
import { runScenarios } from '../runner.js';
import { scenario } from '../scenario.js';
import type { ScaDriver } from '../target.js';
import { jsonReporter } from './json.js';

const PEM = '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----';
const SECRET = 'c0ffee'.repeat(10);

/** A driver that hands the runner raw secrets, as a careless one might: the report must still hide them. */
const leakyDriver: ScaDriver = {
  name: 'leaky',
  async authorise(request) {
    request.record({
      actor: 'customer',
      method: 'POST',
      url: '/sca/1/login',
      requestHeaders: { Authorization: 'Bearer let-me-in', Cookie: 'xs2a_browser=abc', 'X-Request-ID': 'r-1' },
      requestBody: { psuId: 'anna', password: 'anna-1234', secret: SECRET },
      status: 302,
      headers: { 'set-cookie': 'xs2a_sca=proof', location: 'https://tpp.example/ok?state=s' },
      body: { certificate: PEM, note: 'kept' },
      durationMs: 3,
    });
    return { location: 'https://tpp.example/ok?state=s' };
  },
};

const target = fakeTarget(['sca'], { sca: leakyDriver });

const scenarios = [
  scenario({
    id: 'T-SCA-001',
    title: 'approves',
    spec: 'Authorisation hand-over 2',
    rules: [],
    area: 'sca',
    approvals: 1,
    expect: {},
    async run(ctx) {
      await ctx.authorise('https://127.0.0.1:9/sca/1?state=s', {
        authorisationId: 'a-1',
        status: async () => 'received',
      });
      ctx.observe('certificate seen', { pem: PEM, key: 'raw-key' });
    },
  }),
  scenario({
    id: 'T-CLOCK-001',
    title: 'moves the clock',
    spec: 'Limits 1',
    rules: [],
    area: 'limits',
    needs: ['clock'],
    expect: {},
    run: async () => {},
  }),
  scenario({
    id: 'T-CB-001',
    title: 'registers a callback',
    spec: 'Callbacks 2',
    rules: [],
    area: 'callbacks',
    expect: { status: 201 },
    run: async (_ctx, e) =>
      fail(`status: expected ${e.status}, got 200`, { expected: e.status, actual: { status: 200, secret: SECRET } }),
  }),
];

async function report(full = false): Promise<{
  text: string;
  json: Record<string, unknown> & { results: Record<string, unknown>[] };
}> {
  let text = '';
  const reporter = jsonReporter(
    async (written) => {
      text += written;
    },
    { full },
  );
  await runScenarios({ target, scenarios, reporters: [reporter] });
  await reporter.close?.();
  return { text, json: JSON.parse(text) };
}

describe('JSON reporter', () => {
  it('writes one document with the target, the counts and every scenario in run order once the run is closed', async () => {
    const { text, json } = await report();
    expect(text.endsWith('}\n')).toBe(true);
    expect(json).toMatchObject({
      tool: 'xs2a-kit conformance',
      target: 'fake bank',
      passed: 1,
      failed: 1,
      inconclusive: 0,
      skipped: 1,
      errors: 0,
      durationMs: expect.any(Number),
    });
    expect(json.results.map((result) => [result.id, result.status])).toEqual([
      ['T-SCA-001', 'passed'],
      ['T-CLOCK-001', 'skipped'],
      ['T-CB-001', 'failed'],
    ]);
  });

  it('keeps the skip reason, the failure with expected and actual, the spec section and the observations', async () => {
    const { json } = await report();
    const [passed, skipped, failed] = json.results;
    expect(skipped).toMatchObject({
      spec: 'Limits 1',
      area: 'limits',
      reason: 'the target lacks control of the target clock (clock)',
      exchanges: [],
    });
    expect(failed).toMatchObject({
      spec: 'Callbacks 2',
      failure: {
        kind: 'expectation',
        message: 'status: expected 201, got 200',
        expected: 201,
        actual: { status: 200, secret: '***' },
      },
    });
    expect(passed!.observations).toEqual([{ point: 'certificate seen', value: { pem: '[PEM masked]', key: '***' } }]);
  });

  it('keeps the exchanges of failed and inconclusive scenarios only, unless asked for every one', async () => {
    const { json } = await report();
    expect(json.results.map((result) => (result.exchanges as unknown[]).length)).toEqual([0, 0, 0]);
    const full = await report(true);
    expect(full.json.results.map((result) => (result.exchanges as unknown[]).length)).toEqual([1, 0, 0]);
  });

  it('writes every exchange with credentials headers, passwords, secrets and PEM blocks masked', async () => {
    const { text, json } = await report(true);
    expect(json.results[0]!.exchanges).toEqual([
      {
        actor: 'customer',
        method: 'POST',
        url: '/sca/1/login',
        requestHeaders: { Authorization: '***', Cookie: '***', 'X-Request-ID': 'r-1' },
        requestBody: { psuId: 'anna', password: '***', secret: '***' },
        status: 302,
        headers: { 'set-cookie': '***', location: 'https://tpp.example/ok?state=s' },
        body: { certificate: '[PEM masked]', note: 'kept' },
        durationMs: 3,
      },
    ]);
    for (const leak of ['anna-1234', SECRET, 'let-me-in', 'BEGIN PRIVATE KEY', 'raw-key', 'xs2a_sca=proof'])
      expect(text).not.toContain(leak);
  });
});
