import { describe, expect, it } from 'vitest';
import { maskBody, maskHeaders, maskValue } from './mask.js';

const PEM = '-----BEGIN PRIVATE KEY-----\nMIIEv...\n-----END PRIVATE KEY-----';

describe('masking of recorded exchanges', () => {
  it('masks Authorization and cookies but keeps other headers', () => {
    expect(
      maskHeaders({ Authorization: 'Bearer t0ken', cookie: 'sid=1', 'X-Request-ID': 'abc', skipped: undefined }),
    ).toEqual({ Authorization: '***', cookie: '***', 'X-Request-ID': 'abc' });
  });

  it('masks secret, password and key fields at any depth', () => {
    expect(
      maskValue({ url: 'https://x', secret: 'ab'.repeat(32), nested: [{ password: 'p', key: 'k', iban: 'DE12' }] }),
    ).toEqual({
      url: 'https://x',
      secret: '***',
      nested: [{ password: '***', key: '***', iban: 'DE12' }],
    });
  });

  it('replaces any PEM block inside a string, certificate or key', () => {
    expect(maskValue({ note: `before ${PEM} after` })).toEqual({ note: 'before [PEM masked] after' });
  });

  it('masks a JSON body field by field and keeps a non-JSON body as masked text', () => {
    expect(maskBody('{"secret":"s","consentId":"c"}')).toEqual({ secret: '***', consentId: 'c' });
    expect(maskBody(`plain ${PEM}`)).toBe('plain [PEM masked]');
    expect(maskBody('')).toBeUndefined();
  });
});
