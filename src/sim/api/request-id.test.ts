import { describe, expect, it } from 'vitest';
import { isRequestId, RequestIdSchema } from '../../contract/index.js';
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

describe('the X-Request-ID check', () => {
  it('gives the contract schema’s verdict on every kind of id', () => {
    const ids = [
      '5d2f7c1a-3b4e-4f6a-8c9d-0e1f2a3b4c5d',
      '5D2F7C1A-3B4E-4F6A-8C9D-0E1F2A3B4C5D',
      '00000000-0000-0000-0000-000000000000',
      '5d2f7c1a-3b4e-0f6a-8c9d-0e1f2a3b4c5d',
      '5d2f7c1a3b4e4f6a8c9d0e1f2a3b4c5d',
      'req-42',
      '',
    ];
    expect(ids.map(isRequestId)).toEqual(ids.map((id) => RequestIdSchema.safeParse(id).success));
    expect(ids.map(isRequestId)).toEqual([true, true, true, false, false, false, false]);
  });
});
