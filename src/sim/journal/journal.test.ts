import { describe, expect, it } from 'vitest';
import { createEventBus } from '../events.js';
import type { ExchangeEvent } from '../exchange-events.js';
import { createJournal } from './journal.js';

const exchange = (id: number, body?: string): ExchangeEvent => ({
  id,
  at: '2026-03-02T10:00:00.000Z',
  realAt: '2026-03-02T10:00:00.000Z',
  provider: 'PSDDE-BAFIN-123456',
  request: { method: 'PUT', path: '/v1/revocation-callback', query: 'a=1&a=2&b=%20', headers: {}, body },
  answer: { status: 200, headers: { 'content-type': 'application/json' }, body: '{"secret":"ab12","url":"x"}' },
  code: undefined,
  operationId: undefined,
  params: undefined,
  fault: undefined,
  latencyMs: 1.234,
});

describe('the request journal', () => {
  it('keeps up to its capacity, newest first, and counts what it dropped until cleared', () => {
    const events = createEventBus();
    const journal = createJournal(events, 2);
    for (const id of [1, 2, 3]) events.emit('exchange', exchange(id));
    const page = journal.read();
    expect(page.requests.map((entry) => entry.id)).toEqual([3, 2]);
    expect([page.matched, page.kept, page.dropped, page.capacity]).toEqual([2, 2, 1, 2]);
    expect(journal.clear()).toBe(2);
    expect(journal.read()).toMatchObject({ kept: 0, dropped: 0 });
  });

  it('shapes an entry when read: the query decoded, JSON bodies parsed and masked, text bodies kept', () => {
    const events = createEventBus();
    const journal = createJournal(events, 10);
    events.emit('exchange', exchange(1, 'not json'));
    const [entry] = journal.read().requests;
    expect(entry!.request).toMatchObject({
      url: '/v1/revocation-callback?a=1&a=2&b=%20',
      query: { a: ['1', '2'], b: ' ' },
      body: 'not json',
    });
    expect(entry!.response!.body).toEqual({ secret: '***', url: 'x' });
    expect(entry!.latencyMs).toBe(1.2);
  });

  it('is emptied by a reset, and with capacity 0 keeps nothing', () => {
    const events = createEventBus();
    const journal = createJournal(events, 10);
    events.emit('exchange', exchange(1));
    events.emit('reset', { at: '2026-03-02T10:00:00.000Z' });
    expect(journal.read().kept).toBe(0);
    const off = createEventBus();
    const none = createJournal(off, 0);
    expect(off.has('exchange')).toBe(false);
    off.emit('exchange', exchange(1));
    expect(none.read().kept).toBe(0);
  });
});
