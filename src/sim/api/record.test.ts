import { describe, expect, it } from 'vitest';
import { createEventBus } from '../events.js';
import type { Exchange } from './exchange.js';
import { exchangeRecorder } from './record.js';

/** An exchange whose every field throws when read: whatever the recorder reads, the test sees. */
const untouchable = new Proxy({} as Exchange, {
  get(_target, name) {
    throw new Error(`read ${String(name)}`);
  },
});

describe('the record stage', () => {
  it('reads nothing of the exchange while nobody listens', () => {
    const events = createEventBus();
    const record = exchangeRecorder({ events });
    expect(() => record(untouchable)).not.toThrow();
    events.on('exchange', () => undefined);
    expect(() => record(untouchable)).toThrow(/read /);
  });
});
