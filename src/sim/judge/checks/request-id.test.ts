import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ExchangeEvent } from '../../exchange-events.js';
import { seenOf } from '../seen.js';
import { createSubjects } from '../subjects.js';
import { REMEMBERED_EXCHANGES, REMEMBERED_IDS, requestIdNew } from './request-id.js';

const PROVIDER = 'PSDDE-BAFIN-123456';

function exchange(requestId: string, at: number, request: Partial<ExchangeEvent['request']> = {}) {
  const time = new Date(Date.UTC(2026, 2, 2, 10) + at * 1000).toISOString();
  return seenOf({
    id: at,
    at: time,
    realAt: time,
    provider: PROVIDER,
    request: {
      method: 'GET',
      path: '/v1/accounts/acc-1/balances',
      query: '',
      headers: { 'x-request-id': requestId, 'consent-id': 'c-1', 'psu-ip-address': '192.0.2.10' },
      body: undefined,
      ...request,
    },
    answer: { status: 200, headers: {}, body: '{}' },
    code: undefined,
    operationId: undefined,
    params: undefined,
    fault: undefined,
    latencyMs: 1,
  });
}

const initiation = (requestId: string, at: number, amount: string) =>
  exchange(requestId, at, {
    method: 'POST',
    path: '/v1/payments/sepa-credit-transfers',
    body: JSON.stringify({ instructedAmount: { currency: 'EUR', amount } }),
  });

function judge() {
  const memory = requestIdNew.memory();
  const world = { subjects: createSubjects(), tick: 0 };
  return (seen: ReturnType<typeof exchange>) => requestIdNew.judge(memory, seen, world);
}

describe('CLIENT-REQUEST-ID-NEW remembers ids, and the exchanges of the newest', () => {
  it('a reuse among the newest exchanges has the earlier exchange as evidence', () => {
    const seen = judge();
    const id = randomUUID();
    const first = exchange(id, 0);
    expect(seen(first)).toBeUndefined();
    const violation = seen(exchange(id.toUpperCase(), 1, { path: '/v1/accounts' }));
    expect(violation).toEqual({
      rule: 'ADVICE-REQUEST-ID-NEW',
      detail: 'GET /v1/accounts reused the X-Request-ID of an earlier GET /v1/accounts/acc-1/balances.',
      earlier: [first],
    });
  });

  it(`a reuse older than the newest ${REMEMBERED_EXCHANGES} exchanges names the earlier request and its time, without its exchange`, () => {
    const seen = judge();
    const id = randomUUID();
    seen(exchange(id, 0, { query: 'withBalance=true' }));
    for (let at = 1; at <= REMEMBERED_EXCHANGES; at++) expect(seen(exchange(randomUUID(), at))).toBeUndefined();
    expect(seen(exchange(id, REMEMBERED_EXCHANGES + 1))).toEqual({
      rule: 'ADVICE-REQUEST-ID-NEW',
      detail:
        'GET /v1/accounts/acc-1/balances reused the X-Request-ID of an earlier GET /v1/accounts/acc-1/balances?withBalance=true at 2026-03-02T10:00:00.000Z (an exchange too old to be kept as evidence).',
    });
  });

  it(`the newest ${REMEMBERED_EXCHANGES} exchanges are kept, not fewer`, () => {
    const seen = judge();
    const id = randomUUID();
    const first = exchange(id, 0);
    seen(first);
    for (let at = 1; at < REMEMBERED_EXCHANGES; at++) seen(exchange(randomUUID(), at));
    expect(seen(exchange(id, REMEMBERED_EXCHANGES))?.earlier).toEqual([first]);
  });

  it(`an id is remembered for ${REMEMBERED_IDS} requests, then forgotten`, () => {
    const seen = judge();
    const kept = randomUUID();
    const forgotten = randomUUID();
    seen(exchange(forgotten, 0));
    seen(exchange(kept, 1));
    for (let at = 2; at <= REMEMBERED_IDS; at++) seen(exchange(randomUUID(), at));
    expect(seen(exchange(kept, REMEMBERED_IDS + 1))?.rule).toBe('ADVICE-REQUEST-ID-NEW');
    expect(seen(exchange(forgotten, REMEMBERED_IDS + 2))).toBeUndefined();
  });

  it('an initiation sent again with the same body (by value) is a replay, with another body a finding, also when its exchange is no longer kept', () => {
    const seen = judge();
    const id = randomUUID();
    seen(initiation(id, 0, '10.00'));
    expect(seen(initiation(id, 1, '10.00'))).toBeUndefined();
    expect(seen(initiation(id, 2, '10.0'))).toBeUndefined();
    for (let at = 3; at < REMEMBERED_EXCHANGES + 3; at++) seen(exchange(randomUUID(), at));
    expect(seen(initiation(id, 200, '10.00'))).toBeUndefined();
    expect(seen(initiation(id, 201, '10.01'))).toEqual({
      rule: 'CLIENT-REQUEST-ID-NEW',
      detail:
        "POST /v1/payments/sepa-credit-transfers initiated a different payment under the X-Request-ID of an earlier initiation POST /v1/payments/sepa-credit-transfers at 2026-03-02T10:00:00.000Z (an exchange too old to be kept as evidence): that id is the first payment's idempotency key.",
    });
    // A GET after an initiation under the same id is advice, and so is an initiation after a GET.
    expect(seen(exchange(id, 202))).toMatchObject({
      rule: 'ADVICE-REQUEST-ID-NEW',
      detail: expect.stringMatching(/^GET \S+ reused the X-Request-ID of an earlier POST /),
    });
    const read = randomUUID();
    seen(exchange(read, 203));
    expect(seen(initiation(read, 204, '10.00'))).toMatchObject({
      rule: 'ADVICE-REQUEST-ID-NEW',
      detail:
        'POST /v1/payments/sepa-credit-transfers reused the X-Request-ID of an earlier GET /v1/accounts/acc-1/balances.',
    });
    // The id now binds that initiation's payment: another payment under it is a finding.
    expect(seen(initiation(read, 205, '11.00'))?.rule).toBe('CLIENT-REQUEST-ID-NEW');
  });
});
