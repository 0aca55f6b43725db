import { describe, expect, it } from 'vitest';
import { fakeTarget } from '../../test/helpers/fake-target.js';
import { runScenarios } from './runner.js';
import { ensureEqual, fail, Inconclusive } from './failure.js';
import { given } from './given.js';
import { scenario, type Capability } from './scenario.js';
import type { ScaDriver } from './target.js';

const target = (capabilities: Capability[], sca?: ScaDriver) => fakeTarget(capabilities, { sca });

const named = (
  id: string,
  run: Parameters<typeof scenario>[0]['run'],
  more: { approvals?: number; rules?: string[] } = {},
) => scenario({ id, title: id, spec: 's', rules: [], area: 'consents', expect: {}, run, ...more });

/** A step of the situation governed by rule CREATE-1 that always breaks. */
const creation = () =>
  given('CREATE-1', 'consent creation', async () => fail('consent creation answered 400 FORMAT_ERROR (expected 201)'));
/** The scenario enforcing CREATE-1, first in run order. */
const owner = named('T-OWNER-001', async () => void (await creation()), { rules: ['CREATE-1'] });

describe('verdicts', () => {
  it('makes a scenario that recorded a check as not checked inconclusive, never passed, with the reason', async () => {
    const summary = await runScenarios({
      target: target([]),
      scenarios: [named('T-UNCHECKED-001', async (ctx) => ctx.unchecked('the rule in PDNG', 'PDNG not reached'))],
    });
    expect(summary.results[0]).toMatchObject({
      status: 'inconclusive',
      reason: 'not checked: the rule in PDNG (PDNG not reached)',
    });
    expect([summary.passed, summary.inconclusive]).toEqual([0, 1]);
  });

  it('keeps a failure failed when a check was also recorded as not checked', async () => {
    const summary = await runScenarios({
      target: target([]),
      scenarios: [
        named('T-UNCHECKED-002', async (ctx) => {
          ctx.unchecked('the return', 'the driver cannot see it');
          ensureEqual(200, 429, 'status');
        }),
      ],
    });
    expect(summary.results[0]!.status).toBe('failed');
  });

  it('makes a broken step of the situation inconclusive, naming the scenario that enforces the step’s rule, which fails', async () => {
    const summary = await runScenarios({
      target: target([]),
      scenarios: [owner, named('T-READ-001', async () => void (await creation()))],
    });
    expect(summary.results[0]).toMatchObject({
      status: 'failed',
      failure: { kind: 'expectation', message: 'consent creation answered 400 FORMAT_ERROR (expected 201)' },
    });
    expect(summary.results[1]).toMatchObject({
      status: 'inconclusive',
      owner: 'T-OWNER-001',
      reason: 'consent creation answered 400 FORMAT_ERROR (expected 201); see T-OWNER-001',
    });
  });

  it('names the owner from the owners it is given, when the selection leaves the owner out', async () => {
    const summary = await runScenarios({
      target: target([]),
      owners: new Map([['CREATE-1', 'T-OWNER-001']]),
      scenarios: [named('T-READ-001', async () => void (await creation()))],
    });
    expect(summary.results[0]).toMatchObject({ status: 'inconclusive', owner: 'T-OWNER-001' });
    const alone = await runScenarios({
      target: target([]),
      scenarios: [named('T-READ-001', async () => void (await creation()))],
    });
    expect(alone.results[0]!.reason).toMatch(/; see rule CREATE-1$/);
  });

  it('keeps the nearer rule when a step of the situation fails inside another one', async () => {
    const approval = () => given('APPROVE-1', 'consent approval', creation);
    const summary = await runScenarios({
      target: target([]),
      scenarios: [owner, named('T-APPROVAL-001', async () => void (await approval()), { rules: ['APPROVE-1'] })],
    });
    expect(summary.results[1]).toMatchObject({ status: 'inconclusive', owner: 'T-OWNER-001' });
  });

  it('makes a scenario inconclusive when the SCA driver cannot act, and hands the driver the authorisation id', async () => {
    const asked: (string | undefined)[] = [];
    const driver: ScaDriver = {
      name: 'stuck',
      authorise: async (request) => {
        asked.push(request.authorisationId);
        throw new Error('no login form on the page');
      },
    };
    const summary = await runScenarios({
      target: target(['sca'], driver),
      scenarios: [
        named(
          'T-SCA-001',
          async (ctx) =>
            void (await ctx.authorise('https://bank.example/sca', {
              authorisationId: 'auth-7',
              status: async () => 'received',
            })),
          { approvals: 1 },
        ),
      ],
    });
    expect(asked).toEqual(['auth-7']);
    expect(summary.results[0]).toMatchObject({
      status: 'inconclusive',
      reason: 'the SCA driver (stuck) could not act: no login form on the page',
    });
  });

  it('makes a scenario inconclusive when a fixture its target declares is missing', async () => {
    const summary = await runScenarios({
      target: target(['second-provider']),
      scenarios: [
        scenario({
          id: 'T-FIXTURE-001',
          title: 'second provider',
          spec: 's',
          rules: [],
          area: 'identity',
          needs: ['second-provider'],
          expect: {},
          run: async (ctx) => void ctx.secondApi(),
        }),
      ],
    });
    expect(summary.results[0]).toMatchObject({
      status: 'inconclusive',
      reason: 'the target declares second-provider but its config does not provide it',
    });
  });

  it('makes a scenario that does not finish in time inconclusive', async () => {
    const summary = await runScenarios({
      target: target([]),
      scenarioTimeoutMs: 20,
      scenarios: [named('T-SLOW-001', () => new Promise((resolve) => setTimeout(resolve, 500)))],
    });
    expect(summary.results[0]).toMatchObject({
      status: 'inconclusive',
      reason: "the scenario did not finish within 20 ms of the kit's own time",
    });
  });

  it('keeps an inconclusive thrown by a step as it is', async () => {
    const summary = await runScenarios({
      target: target([]),
      scenarios: [
        named('T-INCO-001', async () => {
          throw new Inconclusive('the target has no account with 500 transactions', {
            request: 'GET /v1/accounts',
            status: 200,
            body: {},
          });
        }),
      ],
    });
    expect(summary.results[0]).toMatchObject({
      status: 'inconclusive',
      exchange: { request: 'GET /v1/accounts', status: 200 },
    });
  });
});
