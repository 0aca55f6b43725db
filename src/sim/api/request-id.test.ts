import { describe, expect, it } from 'vitest';
import { echoable } from './request-id.js';

describe('X-Request-ID echo', () => {
  it('echoes printable ASCII, a UUID or not', () => {
    expect(echoable('5d2f7c1a-3b4e-4f6a-8c9d-0e1f2a3b4c5d')).toBe(true);
    expect(echoable('req-42 with spaces ~')).toBe(true);
  });

  it('does not echo bytes outside printable ASCII, which would come back re-encoded, nor a repeated header', () => {
    expect(echoable(Buffer.from('😀', 'utf8').toString('latin1'))).toBe(false);
    expect(echoable('a\u00a0b')).toBe(false);
    expect(echoable('tab\there')).toBe(false);
    expect(echoable(['a', 'b'])).toBe(false);
    expect(echoable(undefined)).toBe(false);
  });
});
