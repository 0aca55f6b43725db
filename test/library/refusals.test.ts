/**
 * The library refuses bad input one way: a `SandboxError` with the envelope's `code` and the `path`
 * of the field at fault, and nothing changes. Every public member that takes input is here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxError, startSandbox, type Sandbox, type SandboxOptionsInput } from '../../src/index.js';
import { certificateFolder } from '../helpers/sandbox.js';

let certsDir: string;
let sandbox: Sandbox;

beforeAll(async () => {
  certsDir = await certificateFolder();
  sandbox = await startSandbox({ certsDir, customers: 1, clockStart: '2026-03-02T10:00:00Z', log: () => {} });
});
afterAll(() => sandbox.close());

/** What a call threw or rejected with, as code and path, or a note that it was not a SandboxError. */
async function refusal(call: () => unknown): Promise<[string, string | undefined] | string> {
  try {
    await call();
  } catch (error) {
    if (error instanceof SandboxError) return [error.code, error.path];
    return `not a SandboxError: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`;
  }
  return 'nothing was refused';
}

describe('sandbox.clock', () => {
  it.each([
    ['advance("1 day")', () => sandbox.clock.advance('1 day'), 'advance'],
    ['advance("P1M")', () => sandbox.clock.advance('P1M'), 'advance'],
    ['advance(-1000)', () => sandbox.clock.advance(-1000), 'advance'],
    ['advance past year 9999', () => sandbox.clock.advance('P3000000D'), 'advance'],
    ['set("tomorrow")', () => sandbox.clock.set('tomorrow'), 'set'],
    ['set to an earlier instant', () => sandbox.clock.set(new Date('2026-01-01T00:00:00Z')), 'set'],
    ['set(an invalid Date)', () => sandbox.clock.set(new Date(Number.NaN)), 'set'],
  ])(
    'refuses %s with SandboxError FORMAT_ERROR naming the argument, and the clock does not move',
    async (_what, call, path) => {
      const before = sandbox.clock.now().getTime();
      expect(await refusal(call)).toEqual(['FORMAT_ERROR', path]);
      expect(sandbox.clock.now().getTime() - before).toBeLessThan(5_000);
    },
  );
});

describe('the other members that take input', () => {
  it.each([
    ['provider("")', () => sandbox.provider(''), ['FORMAT_ERROR', 'name']],
    [
      'provider with roles as text',
      () => sandbox.provider('x', { roles: 'PSP_AI' as never }),
      ['FORMAT_ERROR', 'roles'],
    ],
    [
      'provider with an unknown role',
      () => sandbox.provider('x', { roles: ['PSP_XX' as never] }),
      ['FORMAT_ERROR', 'roles'],
    ],
    ['provider with no role', () => sandbox.provider('x', { roles: [] }), ['FORMAT_ERROR', 'roles']],
    ['provider with a malformed orgId', () => sandbox.provider('x', { orgId: 'BAFIN-1' }), ['FORMAT_ERROR', 'orgId']],
    ['provider with orgId a number', () => sandbox.provider('x', { orgId: 5 as never }), ['FORMAT_ERROR', 'orgId']],
    ['psu of nobody', () => sandbox.psu('nobody'), ['FORMAT_ERROR', 'psuId']],
    ['approve of an unknown authorisation', () => sandbox.psu('anna').approve('nope'), ['RESOURCE_UNKNOWN', undefined]],
    ['revoke of an unknown consent', () => sandbox.psu('anna').revoke('nope'), ['RESOURCE_UNKNOWN', undefined]],
    [
      'confirmPayee of an unknown payment',
      () => sandbox.psu('anna').confirmPayee('nope'),
      ['RESOURCE_UNKNOWN', undefined],
    ],
    [
      'bookTransaction on an unknown IBAN',
      () => sandbox.bookTransaction({ iban: 'DE89370400440532013000', amount: '1.00' }),
      ['FORMAT_ERROR', 'iban'],
    ],
    ['bookTransaction of no amount', () => sandbox.bookTransaction({ iban: 'x' } as never), ['FORMAT_ERROR', 'amount']],
    ['faults.add of an unknown kind', () => sandbox.faults.add({ kind: 'teapot' } as never), ['FORMAT_ERROR', 'kind']],
    ['requests with a bad status', () => sandbox.requests({ status: 'abc' }), ['FORMAT_ERROR', 'status']],
    ['requests with null for a filter', () => sandbox.requests(null as never), ['FORMAT_ERROR', 'filter']],
    ['requests with text for a filter', () => sandbox.requests('status=400' as never), ['FORMAT_ERROR', 'filter']],
  ] as const)('refuses %s with a SandboxError carrying code and path', async (_what, call, expected) => {
    expect(await refusal(call)).toEqual(expected);
  });
});

describe('startSandbox', () => {
  it.each([
    ['a port out of range', { port: 70_000 }, 'port'],
    ['an unknown option', { colour: 'red' } as never, undefined],
    ['a host name to allow that is not one', { allowHosts: ['not a host'] }, 'allowHosts.0'],
    ['an unknown bank profile', { profile: 'paranoid' }, 'profile'],
    ['an unknown fault profile', { faults: 'flakey' }, 'faults'],
    ['a malformed fault rule', { faults: [{ kind: 'slow', count: 1 }] as never }, 'faults.0.delayMs'],
    ['a trusted CA file that does not exist', { trust: ['/nonexistent/ca.pem'] }, 'trust'],
    ['a callback CA file that is not PEM', { callbackCa: [new URL(import.meta.url).pathname] }, 'callbackCa'],
  ])('refuses %s with a SandboxError naming the option', async (_what, options, path) => {
    const input = { certsDir, customers: 0, log: () => {}, ...options } as SandboxOptionsInput;
    expect(await refusal(() => startSandbox(input))).toEqual(['FORMAT_ERROR', path]);
  });
});
