import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { createEventBus } from '../events.js';
import type { ExchangeEvent } from '../exchange-events.js';
import { createClientJudge } from './judge.js';

const CARD = '4111111111111111';

/** A balances read refused as malformed, naming a made-up Consent-ID that is a card number. */
const malformed = (): ExchangeEvent => ({
  id: 1,
  at: '2026-03-02T10:00:00.000Z',
  realAt: '2026-03-02T10:00:00.000Z',
  provider: 'PSDDE-BAFIN-123456',
  request: {
    method: 'GET',
    path: `/v1/accounts/acc-1/balances`,
    query: `withBalance=${CARD}`,
    headers: { 'x-request-id': randomUUID(), 'consent-id': CARD },
    body: undefined,
  },
  answer: {
    status: 400,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ tppMessages: [{ category: 'ERROR', code: 'FORMAT_ERROR', path: CARD, text: CARD }] }),
  },
  code: 'FORMAT_ERROR',
  operationId: 'getBalances',
  params: { account_id: 'acc-1' },
  fault: undefined,
  latencyMs: 1,
});

it('masks what a finding names of what the client sent: its consent id, the field, the detail and the evidence', () => {
  const events = createEventBus();
  const judge = createClientJudge(events, { now: () => new Date('2026-03-02T10:00:00Z') });
  events.emit('exchange', malformed());
  const [finding] = judge.report().findings;
  expect(finding).toMatchObject({ rule: 'CLIENT-MALFORMED', consentId: '************1111', field: '************1111' });
  expect(JSON.stringify(finding)).not.toContain(CARD.slice(0, 12));
});
