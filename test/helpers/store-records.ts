/** Records for the store's own tests (every engine): a consent as the bank stores one, changed by `over`. */
import type { ConsentRecord } from '../../src/sim/store/data.js';

export const storedConsent = (consentId: string, over: Partial<ConsentRecord> = {}): ConsentRecord => ({
  consentId,
  kind: 'ais',
  tpp: 'PSDDE-BAFIN-1',
  status: 'received',
  recurringIndicator: true,
  frequencyPerDay: 4,
  requested: { accounts: [], balances: ['DE1'], transactions: [] },
  currencies: {},
  requestedValidUntil: undefined,
  redirectUri: 'https://tpp.example/cb',
  nokRedirectUri: undefined,
  authorisationId: `a-${consentId}`,
  createdAt: '2026-03-01T10:00:00.000Z',
  lastActionAt: '2026-03-01T10:00:00.000Z',
  ...over,
});
