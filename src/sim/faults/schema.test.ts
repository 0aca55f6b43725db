import { describe, expect, it } from 'vitest';
import { FaultRuleSchema, parseFaultRules } from './schema.js';

const firstIssue = (input: unknown) => {
  const result = FaultRuleSchema.safeParse(input);
  if (result.success) throw new Error('expected a refusal');
  return { path: result.error.issues[0]!.path.join('.'), message: result.error.issues[0]!.message };
};

describe('fault rules', () => {
  it('read a rule with an empty match by default', () => {
    expect(FaultRuleSchema.parse({ kind: 'unavailable-empty', count: 3, retryAfter: 2 })).toEqual({
      kind: 'unavailable-empty',
      count: 3,
      retryAfter: 2,
      match: {},
    });
  });

  it('need count or rate, never both', () => {
    expect(firstIssue({ kind: 'error-500' })).toEqual({
      path: 'count',
      message: 'give count (the next N matching requests) or rate (a probability from 0 to 1)',
    });
    expect(firstIssue({ kind: 'error-500', count: 1, rate: 0.5 })).toEqual({
      path: 'rate',
      message: 'give count or rate, not both',
    });
  });

  it('name the field at fault', () => {
    expect(firstIssue({ kind: 'teapot', count: 1 }).path).toBe('kind');
    expect(firstIssue({ kind: 'error-500', rate: 1.5 }).path).toBe('rate');
    expect(firstIssue({ kind: 'error-500', count: 0 }).path).toBe('count');
    expect(firstIssue({ kind: 'slow', count: 1 }).path).toBe('delayMs');
    expect(firstIssue({ kind: 'slow', count: 1, delayMs: 30_001 }).path).toBe('delayMs');
    expect(firstIssue({ kind: 'error-500', count: 1, match: { path: 'v1/accounts' } })).toEqual({
      path: 'match.path',
      message: 'a path pattern starts with /',
    });
    expect(firstIssue({ kind: 'error-500', count: 1, match: { method: 'PATCH' } }).path).toBe('match.method');
    expect(firstIssue({ kind: 'error-500', count: 1, delayMs: 5 }).path).toBe('');
  });

  it('let callback rules match a provider only', () => {
    expect(
      FaultRuleSchema.parse({ kind: 'callback-reorder', count: 1, match: { provider: 'PSDDE-BAFIN-123456' } }).match,
    ).toEqual({ provider: 'PSDDE-BAFIN-123456' });
    expect(firstIssue({ kind: 'callback-duplicate', count: 1, match: { path: '/v1/consents' } }).path).toBe('match');
  });

  it('read a status rule with one of the statuses a fault answers, Retry-After optional', () => {
    expect(FaultRuleSchema.parse({ kind: 'status', status: 503, count: 1, retryAfter: 2 })).toEqual({
      kind: 'status',
      status: 503,
      retryAfter: 2,
      count: 1,
      match: {},
    });
    expect(FaultRuleSchema.parse({ kind: 'too-many-requests', rate: 0.5 })).toEqual({
      kind: 'too-many-requests',
      rate: 0.5,
      match: {},
    });
  });

  it('refuse a status no fault answers, naming the field and the statuses it may be', () => {
    expect(firstIssue({ kind: 'status', status: 418, count: 1 })).toEqual({
      path: 'status',
      message: 'a status a fault answers: 429, 500, 502, 503, 504',
    });
    expect(firstIssue({ kind: 'status', count: 1 }).path).toBe('status');
    expect(firstIssue({ kind: 'too-many-requests', count: 1, retryAfter: -1 }).path).toBe('retryAfter');
  });

  it('name the field at fault in a list of rules by its place', () => {
    expect(() =>
      parseFaultRules([
        { kind: 'drop', count: 1 },
        { kind: 'status', status: 200, count: 1 },
      ]),
    ).toThrow(expect.objectContaining({ code: 'FORMAT_ERROR', path: '1.status' }));
  });
});
