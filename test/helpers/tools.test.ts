import { describe, expect, it } from 'vitest';
import { NO_OPENSSL, opensslPath } from './tools.js';

describe('finding openssl', () => {
  it('takes OPENSSL_PATH, then PATH', () => {
    expect(opensslPath({ OPENSSL_PATH: process.execPath })).toBe(process.execPath);
    expect(opensslPath({ PATH: '/no/such/dir:/usr/bin' })).toMatch(/openssl$/);
  });

  it('fails with one line saying how to install it when it is nowhere', () => {
    expect(() => opensslPath({ PATH: '/no/such/dir' }, [])).toThrow(NO_OPENSSL);
    expect(NO_OPENSSL).not.toContain('\n');
    expect(NO_OPENSSL).toContain('apt-get install openssl');
  });
});
