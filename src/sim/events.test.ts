import { describe, expect, it } from 'vitest';
import { createEventBus } from './events.js';

describe('the event bus', () => {
  it('says whether an event has a listener, so costly events are built only for one', () => {
    const bus = createEventBus();
    expect(bus.has('request')).toBe(false);
    const off = bus.on('request', () => {});
    expect([bus.has('request'), bus.has('consent-changed')]).toEqual([true, false]);
    off();
    expect(bus.has('request')).toBe(false);
  });
});
