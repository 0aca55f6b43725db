import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from './endpoints.js';
import { REQUEST_BODIES } from './request-bodies.js';

const TODAY = '2026-03-01';
const IBAN = 'DE12123456780000100001';
const codeOf = (read: () => unknown) => {
  try {
    read();
  } catch (error) {
    const e = error as { code: string; path?: string };
    return { code: e.code, path: e.path };
  }
  return undefined;
};

describe('the request bodies of the endpoint table', () => {
  it('have a reader for every body a row names, and nothing else', () => {
    const named = [...new Set(ENDPOINTS.flatMap((row) => (row.requestBody ? [row.requestBody] : [])))].sort();
    expect(Object.keys(REQUEST_BODIES).sort()).toEqual(named);
  });

  it('read a CoF consent request without recurringIndicator and frequencyPerDay, and refuse a past validUntil', () => {
    const read = REQUEST_BODIES.FundsConfirmationConsentRequest.read;
    expect(read({ account: { iban: IBAN }, recurringIndicator: 'x', frequencyPerDay: -1 }, TODAY)).toEqual({
      account: { iban: IBAN },
    });
    expect(codeOf(() => read({ account: { iban: IBAN }, validUntil: '2026-02-28' }, TODAY))).toEqual({
      code: 'FORMAT_ERROR',
      path: 'validUntil',
    });
    expect(read({ account: { iban: IBAN }, validUntil: TODAY }, TODAY)).toMatchObject({ validUntil: TODAY });
    expect(codeOf(() => read([], TODAY))).toEqual({ code: 'FORMAT_ERROR', path: undefined });
  });

  it('read a funds confirmation and a callback registration, refusing an absent body field by field', () => {
    expect(codeOf(() => REQUEST_BODIES.FundsConfirmationRequest.read(undefined))).toEqual({
      code: 'FORMAT_ERROR',
      path: 'account',
    });
    expect(codeOf(() => REQUEST_BODIES.RevocationCallbackRequest.read(undefined))).toEqual({
      code: 'FORMAT_ERROR',
      path: 'url',
    });
    expect(codeOf(() => REQUEST_BODIES.RevocationCallbackRequest.read({ url: 'http://tpp.example/cb' }))).toEqual({
      code: 'FORMAT_ERROR',
      path: 'url',
    });
    expect(REQUEST_BODIES.RevocationCallbackRequest.read({ url: 'https://tpp.example/cb' })).toEqual({
      url: 'https://tpp.example/cb',
    });
  });
});
