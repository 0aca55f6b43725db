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

/** A consent for funds confirmation refused as malformed, its body 60 KB with a card number in it. */
const bigRefusal = (id: number, requestId: string): ExchangeEvent => ({
  id,
  at: `2026-03-02T10:00:0${id}.000Z`,
  realAt: `2026-03-02T10:00:0${id}.000Z`,
  provider: 'PSDDE-BAFIN-123456',
  request: {
    method: 'POST',
    path: '/v1/consents/confirmation-of-funds',
    query: '',
    headers: { 'x-request-id': requestId, 'content-type': 'application/json' },
    body: JSON.stringify({ account: { iban: 'bad' }, cardNumber: CARD, note: 'n'.repeat(60_000) }),
  },
  answer: {
    status: 400,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ tppMessages: [{ category: 'ERROR', code: 'FORMAT_ERROR', path: 'account.iban' }] }),
  },
  code: 'FORMAT_ERROR',
  operationId: 'createFundsConfirmationConsent',
  params: {},
  fault: undefined,
  latencyMs: 1,
});

it('still finds a large refused request sent again unchanged, with both exchanges masked and cut in its evidence', () => {
  const events = createEventBus();
  const judge = createClientJudge(events, { now: () => new Date('2026-03-02T10:00:00Z') });
  events.emit('exchange', bigRefusal(1, randomUUID()));
  events.emit('exchange', bigRefusal(2, randomUUID()));
  const retry = judge.report().findings.find((finding) => finding.rule === 'CLIENT-RETRY-4XX');
  expect(retry?.exchanges.map((exchange) => exchange.id)).toEqual([1, 2]);
  for (const exchange of retry!.exchanges) {
    const body = exchange.request.body as string;
    expect(body).toMatch(
      /^\{"account":\{"iban":"bad"\},"cardNumber":"\*{12}1111","note":"n+…\[cut: \d+ more characters\]$/,
    );
    expect(body.length).toBeLessThan(8_192 + 40);
  }
});
