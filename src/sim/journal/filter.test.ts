import { describe, expect, it } from 'vitest';
import { XsError } from '../../contract/index.js';
import type { ExchangeEvent } from '../exchange-events.js';
import { readFilter } from './filter.js';

function event(over: { method?: string; path?: string; status?: number | null; provider?: string; at?: string }) {
  return {
    id: 1,
    at: over.at ?? '2026-03-02T10:00:00.000Z',
    realAt: '2026-03-02T10:00:00.000Z',
    provider: over.provider,
    request: {
      method: over.method ?? 'GET',
      path: over.path ?? '/v1/accounts',
      query: '',
      headers: {},
      body: undefined,
    },
    answer: over.status === null ? null : { status: over.status ?? 200, headers: {}, body: undefined },
    code: undefined,
    operationId: undefined,
    params: undefined,
    fault: undefined,
    latencyMs: 1,
  } satisfies ExchangeEvent;
}

const refusal = (filter: Record<string, unknown>) => {
  try {
    readFilter(filter);
  } catch (error) {
    return error instanceof XsError ? [error.code, error.path] : error;
  }
  return undefined;
};

describe('the journal filter', () => {
  it('matches everything when empty, and combines members with "and"', () => {
    expect(readFilter({}).matches(event({}))).toBe(true);
    const filter = readFilter({ method: 'get', status: '2xx' });
    expect(filter.matches(event({}))).toBe(true);
    expect(filter.matches(event({ status: 404 }))).toBe(false);
    expect(filter.matches(event({ method: 'POST' }))).toBe(false);
  });

  it('takes an exact path as sent, or the endpoint template the path is routed to', () => {
    const exact = readFilter({ path: '/v1/consents/abc' });
    expect(exact.matches(event({ path: '/v1/consents/abc' }))).toBe(true);
    expect(exact.matches(event({ path: '/v1/consents/abcd' }))).toBe(false);
    const template = readFilter({ path: '/v1/consents/{consent_id}' });
    expect(template.matches(event({ path: '/v1/consents/abc' }))).toBe(true);
    // A literal segment outranks a parameter: this is the CoF consent endpoint, not an AIS consent read.
    expect(template.matches(event({ path: '/v1/consents/confirmation-of-funds' }))).toBe(false);
    expect(template.matches(event({ path: '/v1/consents/abc/status' }))).toBe(false);
  });

  it('takes a status or a class, and never matches a dropped request by status', () => {
    expect(readFilter({ status: 404 }).matches(event({ status: 404 }))).toBe(true);
    expect(readFilter({ status: '5xx' }).matches(event({ status: 503 }))).toBe(true);
    expect(readFilter({ status: '5xx' }).matches(event({ status: null }))).toBe(false);
  });

  it('counts since on the sandbox clock, inclusive', () => {
    const since = readFilter({ since: '2026-03-02T11:00:00+01:00' });
    expect(since.matches(event({ at: '2026-03-02T10:00:00.000Z' }))).toBe(true);
    expect(since.matches(event({ at: '2026-03-02T09:59:59.999Z' }))).toBe(false);
    expect(readFilter({ since: new Date('2026-03-02T10:00:01Z') }).matches(event({}))).toBe(false);
  });

  it('reads a limit from text or a number', () => {
    expect(readFilter({ limit: '3' }).limit).toBe(3);
    expect(readFilter({ limit: 7 }).limit).toBe(7);
    expect(readFilter({}).limit).toBeUndefined();
  });

  it('refuses what it cannot read with FORMAT_ERROR naming the member', () => {
    expect(refusal({ status: 'abc' })).toEqual(['FORMAT_ERROR', 'status']);
    expect(refusal({ status: 99 })).toEqual(['FORMAT_ERROR', 'status']);
    expect(refusal({ limit: '-1' })).toEqual(['FORMAT_ERROR', 'limit']);
    expect(refusal({ limit: 1.5 })).toEqual(['FORMAT_ERROR', 'limit']);
    expect(refusal({ since: 'yesterday' })).toEqual(['FORMAT_ERROR', 'since']);
    expect(refusal({ since: '2026-03-02T10:00:00' })).toEqual(['FORMAT_ERROR', 'since']);
    expect(refusal({ path: '/v1/accounts/{id}' })).toEqual(['FORMAT_ERROR', 'path']);
    expect(refusal({ method: '' })).toEqual(['FORMAT_ERROR', 'method']);
    expect(refusal({ provider: 5 })).toEqual(['FORMAT_ERROR', 'provider']);
    expect(refusal({ sort: 'asc' })).toEqual(['FORMAT_ERROR', 'sort']);
  });
});
