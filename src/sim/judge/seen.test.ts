import { describe, expect, it } from 'vitest';
import type { ExchangeEvent } from '../exchange-events.js';
import { seenOf } from './seen.js';

function event(
  path: string,
  routed: Pick<ExchangeEvent, 'operationId' | 'params'>,
): ExchangeEvent & { provider: string } {
  return {
    id: 1,
    at: '2026-03-02T10:00:00.000Z',
    realAt: '2026-03-02T10:00:00.000Z',
    provider: 'PSDDE-BAFIN-123456',
    request: { method: 'GET', path, query: '', headers: {}, body: undefined },
    answer: { status: 403, headers: {}, body: undefined },
    code: 'CONSENT_UNKNOWN',
    fault: undefined,
    latencyMs: 1,
    ...routed,
  };
}

describe('an exchange as the client rules read it', () => {
  it('takes the row and the parameters the route stage decoded, without decoding them again', () => {
    const seen = seenOf(
      event('/v1/consents/a%2541/status', { operationId: 'getConsentStatus', params: { consent_id: 'a%41' } }),
    );
    expect([seen.operationId, seen.consentId]).toEqual(['getConsentStatus', 'a%41']);
  });

  it('finds the row of a request answered before routing, decoding its parameters once', () => {
    const seen = seenOf(event('/v1/consents/a%2541/status', { operationId: undefined, params: undefined }));
    expect([seen.operationId, seen.consentId]).toEqual(['getConsentStatus', 'a%41']);
    const malformed = seenOf(event('/v1/consents/a%zz/status', { operationId: undefined, params: undefined }));
    expect(malformed.consentId).toBe('a%zz');
    expect(seenOf(event('/v1/nowhere', { operationId: undefined, params: undefined })).operationId).toBeUndefined();
  });
});
