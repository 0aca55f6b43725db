import { describe, expect, it } from 'vitest';
import { readConsentId, readNokRedirectUri, readPsuIpAddress, readRedirectUri } from './request-headers.js';

const refusal = (read: () => unknown) => {
  try {
    read();
  } catch (error) {
    const e = error as { code: string; message: string };
    return { code: e.code, text: e.message };
  }
  return undefined;
};

describe('request header readers', () => {
  it('require TPP-Redirect-URI, absolute https without fragment, and name the header in the refusal', () => {
    expect(readRedirectUri('https://tpp.example/ok', 'FORMAT_ERROR')).toBe('https://tpp.example/ok');
    expect(refusal(() => readRedirectUri(undefined, 'FORMAT_ERROR'))).toEqual({
      code: 'FORMAT_ERROR',
      text: 'TPP-Redirect-URI is required: an absolute https URI without fragment.',
    });
    expect(refusal(() => readRedirectUri('', 'FORMAT_ERROR'))).toMatchObject({ code: 'FORMAT_ERROR' });
    expect(refusal(() => readRedirectUri('http://tpp.example/ok', 'FORMAT_ERROR'))).toEqual({
      code: 'FORMAT_ERROR',
      text: 'TPP-Redirect-URI must use https.',
    });
  });

  it('leave TPP-NOK-Redirect-URI optional but hold a sent one to the same rules', () => {
    expect(readNokRedirectUri(undefined)).toBeUndefined();
    expect(readNokRedirectUri('https://tpp.example/nok')).toBe('https://tpp.example/nok');
    expect(refusal(() => readNokRedirectUri(''))).toEqual({
      code: 'FORMAT_ERROR',
      text: 'TPP-NOK-Redirect-URI is required: an absolute https URI without fragment.',
    });
    expect(refusal(() => readNokRedirectUri('https://tpp.example/nok#x'))).toEqual({
      code: 'FORMAT_ERROR',
      text: 'TPP-NOK-Redirect-URI must not carry a fragment.',
    });
  });

  it('accept PSU-IP-Address as IPv4 or IPv6 only', () => {
    expect(readPsuIpAddress(undefined)).toBeUndefined();
    expect(readPsuIpAddress('192.0.2.1')).toBe('192.0.2.1');
    expect(readPsuIpAddress('2001:db8::1')).toBe('2001:db8::1');
    expect(refusal(() => readPsuIpAddress('not an address'))).toEqual({
      code: 'FORMAT_ERROR',
      text: 'PSU-IP-Address must be an IPv4 or IPv6 address.',
    });
  });

  it('require Consent-ID where an operation acts under a consent', () => {
    expect(readConsentId('c-1', 'account-data requests')).toBe('c-1');
    expect(refusal(() => readConsentId(undefined, 'account-data requests'))).toEqual({
      code: 'FORMAT_ERROR',
      text: 'Consent-ID is required on account-data requests.',
    });
  });
});
