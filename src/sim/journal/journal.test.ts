import { describe, expect, it } from 'vitest';
import { createEventBus } from '../events.js';
import type { ExchangeEvent } from '../exchange-events.js';
import { BODY_KEPT_CHARACTERS } from '../kept-body.js';
import { createJournal, entrySize, JOURNAL_BYTES } from './journal.js';

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

  it('is bounded in bytes as well as entries: a body is kept up to BODY_KEPT_CHARACTERS, the rest cut with a marker', () => {
    const events = createEventBus();
    const journal = createJournal(events, 1000);
    const big = JSON.stringify({ note: 'x'.repeat(60_000) });
    for (let id = 1; id <= 512; id++) events.emit('exchange', exchange(id, big));
    const page = journal.read({ limit: 1 });
    expect(page.bytes).toBeLessThanOrEqual(JOURNAL_BYTES);
    expect(page.capacityBytes).toBe(JOURNAL_BYTES);
    // Each entry counts about 17 KB (its cut body at two bytes a character): the oldest went beyond 4 MiB.
    expect(page.dropped).toBeGreaterThan(0);
    expect(page.kept + page.dropped).toBe(512);
    const body = page.requests[0]!.request.body as string;
    expect(body).toBe(
      `${big.slice(0, BODY_KEPT_CHARACTERS)}…[cut: ${big.length - BODY_KEPT_CHARACTERS} more characters]`,
    );
  });

  it('drops the oldest entries when their bytes pass the bound, and counts them', () => {
    const events = createEventBus();
    const journal = createJournal(events, 1000, 50_000);
    const body = JSON.stringify({ note: 'y'.repeat(20_000) });
    for (let id = 1; id <= 20; id++) events.emit('exchange', exchange(id, body));
    const page = journal.read();
    expect(page.bytes).toBeLessThanOrEqual(50_000);
    expect(page.kept).toBe(Math.floor(50_000 / entrySize(exchange(1, body))));
    expect(page.dropped).toBe(20 - page.kept);
    expect(page.requests.map((entry) => entry.id)[0]).toBe(20);
  });

  it("bounds each journal on its own: one per world in a hosted sandbox, a busy world never drops a quiet one's", () => {
    const busy = createEventBus();
    const quiet = createEventBus();
    const busyJournal = createJournal(busy, 1000, 50_000);
    const quietJournal = createJournal(quiet, 1000, 50_000);
    quiet.emit('exchange', exchange(1, '{}'));
    for (let id = 1; id <= 20; id++) busy.emit('exchange', exchange(id, JSON.stringify({ note: 'y'.repeat(20_000) })));
    expect(busyJournal.read().dropped).toBeGreaterThan(0);
    expect(quietJournal.read()).toMatchObject({ kept: 1, dropped: 0 });
  });
});
