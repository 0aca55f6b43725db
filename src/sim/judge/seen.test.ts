import { describe, expect, it } from 'vitest';
import type { ExchangeEvent } from '../exchange-events.js';
import { ENDPOINTS } from '../../contract/endpoints.js';
import { amountValue, canonical, ENDPOINT_FACTS, seenOf } from './seen.js';

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

describe('the judge’s facts about endpoints come from the endpoint table', () => {
  it('every row with Consent-ID uses a consent and draws on a budget; every capped row has one', () => {
    for (const row of ENDPOINTS) {
      const facts = ENDPOINT_FACTS.get(row.operationId)!;
      expect([row.operationId, facts.consentAction === 'use']).toEqual([
        row.operationId,
        row.headers.includes('Consent-ID'),
      ]);
      expect([row.operationId, facts.dataType !== undefined]).toEqual([row.operationId, row.capped === true]);
    }
  });

  it('reads and deletes of a consent are told by their rows, both kinds of consent', () => {
    const byAction = (action: string) =>
      [...ENDPOINT_FACTS].filter(([, facts]) => facts.consentAction === action).map(([id]) => id);
    expect(byAction('read').sort()).toEqual([
      'getConsent',
      'getConsentStatus',
      'getFundsConfirmationConsent',
      'getFundsConfirmationConsentStatus',
    ]);
    expect(byAction('delete').sort()).toEqual(['deleteConsent', 'deleteFundsConfirmationConsent']);
    expect(ENDPOINT_FACTS.get('getBalances')).toEqual({
      dataType: 'balances',
      consentAction: 'use',
      initiatesPayment: false,
    });
    expect([...ENDPOINT_FACTS].filter(([, facts]) => facts.initiatesPayment).map(([id]) => id)).toEqual([
      'initiatePayment',
    ]);
    expect(ENDPOINT_FACTS.get('readAccountDetails')?.dataType).toBe('accounts');
    expect(ENDPOINT_FACTS.get('checkAvailabilityOfFunds')).toEqual({
      dataType: 'funds',
      consentAction: 'use',
      initiatesPayment: false,
    });
  });
});

describe('values are compared as values', () => {
  it('an amount by its decimal value, an IBAN without spaces in upper case, keys in any order', () => {
    expect(canonical({ instructedAmount: { amount: '33.10', currency: 'EUR' } })).toBe(
      canonical({ instructedAmount: { currency: 'EUR', amount: '33.1' } }),
    );
    expect(canonical({ amount: '033.10' })).toBe(canonical({ amount: '33.1' }));
    expect(canonical({ amount: '100' })).not.toBe(canonical({ amount: '1' }));
    expect(canonical({ amount: '1.00' })).toBe(canonical({ amount: '1' }));
    expect(canonical({ amount: '0.50' })).toBe(canonical({ amount: '.5' }));
    expect(canonical({ amount: '1.05' })).not.toBe(canonical({ amount: '1.5' }));
    expect(canonical({ debtorAccount: { iban: 'de89 3704 0044 0532 0130 00' } })).toBe(
      canonical({ debtorAccount: { iban: 'DE89370400440532013000' } }),
    );
    // Only the fields the interface types so: another string keeps its writing.
    expect(canonical({ creditorName: 'A  B' })).not.toBe(canonical({ creditorName: 'A B' }));
    expect(amountValue('abc')).toBeUndefined();
    expect(amountValue('1e5')).toBeUndefined();
  });
});
