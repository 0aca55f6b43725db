import { expect, it } from 'vitest';
import { reduce, type Action } from './reducer.js';
import type { ScenarioStatus } from '../kit/events.js';
import {
  consentRows,
  payeeChecks,
  paymentRows,
  pendingAuthorisations,
  sandboxNow,
  selectedConsent,
} from './selectors.js';
import {
  FINDING_HISTORY,
  initialState,
  REQUEST_HISTORY,
  type AuthorisationSnapshot,
  type ConsentSnapshot,
  type DemoState,
  type PaymentSnapshot,
} from './state.js';

const T0 = Date.parse('2026-03-02T10:00:00Z');

function consent(over: Partial<ConsentSnapshot> = {}): ConsentSnapshot {
  return {
    consentId: 'c1111111-0000-4000-8000-000000000000',
    kind: 'ais',
    tpp: 'PSDDE-BAFIN-123456',
    consentStatus: 'valid',
    due: { status: 'expired', at: '2026-08-29T10:00:00.000Z' },
    psuId: 'anna',
    recurringIndicator: true,
    ibans: ['DE12123456780000100001'],
    frequencyPerDay: 4,
    budgets: ['accounts', 'balances'],
    used: { accounts: 1, balances: 3 },
    day: '2026-03-02',
    createdAt: '2026-03-02T09:00:00.000Z',
    ...over,
  };
}

function authorisation(over: Partial<AuthorisationSnapshot> = {}): AuthorisationSnapshot {
  return {
    authorisationId: 'a1',
    parent: { kind: 'consent', id: 'c1' },
    tpp: 'PSDDE-BAFIN-123456',
    scaStatus: 'received',
    due: { status: 'failed', at: '2026-03-02T10:15:00.000Z' },
    psuId: null,
    ibans: ['DE12123456780000100001'],
    createdAt: '2026-03-02T10:00:00.000Z',
    ...over,
  };
}

function payment(over: Partial<PaymentSnapshot> = {}): PaymentSnapshot {
  return {
    paymentId: 'p1',
    tpp: 'PSDDE-BAFIN-123456',
    product: 'instant-sepa-credit-transfers',
    transactionStatus: 'ACSP',
    due: { status: 'ACSC', at: '2026-03-02T10:00:10.000Z' },
    authorisationId: 'pa1',
    psuId: 'anna',
    debtorIban: 'DE12123456780000100001',
    creditorIban: 'DE89370400440532013000',
    creditorName: 'Merchant GmbH',
    amount: '12.30',
    createdAt: '2026-03-02T09:59:00.000Z',
    ...over,
  };
}

const on = (state: DemoState, ...actions: Action[]) => actions.reduce(reduce, state);
const sandbox = <A extends Action & { type: 'sandbox' }>(name: A['name'], event: A['event']): Action =>
  ({ type: 'sandbox', name, event, receivedAt: T0 }) as Action;
const at = (iso: string) => new Date(iso);

it('keeps the sandbox clock as an offset from real time, moved by clock-changed', () => {
  const state = on(
    initialState(0),
    sandbox('clock-changed', { from: '2026-03-02T10:00:00.000Z', to: '2026-03-03T10:00:00.000Z' }),
  );
  expect(state.clockOffsetMs).toBe(Date.parse('2026-03-03T10:00:00.000Z') - T0);
  expect(sandboxNow(state, T0 + 5000).toISOString()).toBe('2026-03-03T10:00:05.000Z');
});

it('logs requests in order, numbered, keeping only the newest fifty', () => {
  const request = (n: number): Action =>
    sandbox('request', {
      at: '2026-03-02T10:00:00.000Z',
      provider: undefined,
      method: 'GET',
      path: `/v1/x/${n}`,
      status: 200,
      code: undefined,
      latencyMs: 1,
    });
  const state = on(initialState(0), ...Array.from({ length: REQUEST_HISTORY + 2 }, (_, n) => request(n)));
  expect(state.requests).toHaveLength(REQUEST_HISTORY);
  expect(state.requests[0]).toMatchObject({ path: '/v1/x/2', seq: 3 });
  expect(state.requests.at(-1)).toMatchObject({ path: `/v1/x/${REQUEST_HISTORY + 1}`, seq: REQUEST_HISTORY + 2 });
  expect(state.requestCount).toBe(REQUEST_HISTORY + 2);
});

it('shows remaining budgets per data type, and a full budget again on the next UTC day', () => {
  const state = on(initialState(0), sandbox('consent-changed', consent()));
  expect(consentRows(state, at('2026-03-02T23:59:59Z'))[0]?.budgets).toEqual([
    { budget: 'accounts', left: 3 },
    { budget: 'balances', left: 1 },
  ]);
  expect(consentRows(state, at('2026-03-03T00:00:00Z'))[0]?.budgets).toEqual([
    { budget: 'accounts', left: 4 },
    { budget: 'balances', left: 4 },
  ]);
});

it('turns a consent expired when its due instant passes, and replaces a snapshot by its newer one', () => {
  const state = on(initialState(0), sandbox('consent-changed', consent()));
  expect(consentRows(state, at('2026-08-29T09:59:59Z'))[0]?.status).toBe('valid');
  expect(consentRows(state, at('2026-08-29T10:00:00Z'))[0]?.status).toBe('expired');
  const revoked = on(state, sandbox('consent-changed', consent({ consentStatus: 'revokedByPsu', due: null })));
  expect(consentRows(revoked, at('2026-08-30T00:00:00Z')).map((row) => row.status)).toEqual(['revokedByPsu']);
});

it('shows budgets only while a consent is valid: none before approval, after its end or once it expired', () => {
  const valid = on(initialState(0), sandbox('consent-changed', consent()));
  expect(consentRows(valid, at('2026-08-29T09:59:59Z'))[0]?.budgets).toHaveLength(2);
  expect(consentRows(valid, at('2026-08-29T10:00:00Z'))[0]?.budgets).toEqual([]);
  for (const consentStatus of ['received', 'revokedByPsu', 'terminatedByTpp', 'rejected']) {
    const ended = on(valid, sandbox('consent-changed', consent({ consentStatus, due: null })));
    expect(consentRows(ended, at('2026-03-02T12:00:00Z'))[0]?.budgets, consentStatus).toEqual([]);
  }
});

it('moves the selection with the arrows within the consents, newest first, and stops at the ends', () => {
  const older = consent({ consentId: 'old', createdAt: '2026-03-02T08:00:00.000Z' });
  const newer = consent({ consentId: 'new', createdAt: '2026-03-02T09:00:00.000Z' });
  let state = on(initialState(0), sandbox('consent-changed', older), sandbox('consent-changed', newer));
  const rows = () => consentRows(state, at('2026-03-02T10:00:00Z'));
  expect(selectedConsent(state, rows())?.consentId).toBe('new');
  state = on(state, { type: 'select', delta: 1, realNow: T0 }, { type: 'select', delta: 1, realNow: T0 });
  expect(selectedConsent(state, rows())?.consentId).toBe('old');
  state = on(state, { type: 'select', delta: -1, realNow: T0 });
  expect(selectedConsent(state, rows())?.consentId).toBe('new');
});

it('lists pending authorisations oldest first and drops them when finished or past their 15 minutes', () => {
  const first = authorisation({
    authorisationId: 'first',
    createdAt: '2026-03-02T10:00:00.000Z',
    due: { status: 'failed', at: '2026-03-02T10:15:00.000Z' },
  });
  const second = authorisation({
    authorisationId: 'second',
    createdAt: '2026-03-02T10:05:00.000Z',
    due: { status: 'failed', at: '2026-03-02T10:20:00.000Z' },
  });
  const state = on(initialState(0), sandbox('authorisation-changed', second), sandbox('authorisation-changed', first));
  expect(pendingAuthorisations(state, at('2026-03-02T10:10:00Z')).map((a) => a.authorisationId)).toEqual([
    'first',
    'second',
  ]);
  expect(pendingAuthorisations(state, at('2026-03-02T10:15:00Z')).map((a) => a.authorisationId)).toEqual(['second']);
  const finished = on(state, sandbox('authorisation-changed', { ...first, scaStatus: 'finalised', due: null }));
  expect(pendingAuthorisations(finished, at('2026-03-02T10:10:00Z')).map((a) => a.authorisationId)).toEqual(['second']);
});

it('settles an accepted payment at its due instant and shows a received one whose ceremony failed as RJCT', () => {
  const state = on(
    initialState(0),
    sandbox('payment-changed', payment()),
    sandbox(
      'payment-changed',
      payment({
        paymentId: 'p2',
        transactionStatus: 'RCVD',
        due: null,
        authorisationId: 'pa2',
        psuId: null,
        createdAt: '2026-03-02T09:59:30.000Z',
      }),
    ),
    sandbox(
      'authorisation-changed',
      authorisation({
        authorisationId: 'pa2',
        parent: { kind: 'payment', id: 'p2' },
        due: { status: 'failed', at: '2026-03-02T10:14:30.000Z' },
      }),
    ),
  );
  expect(paymentRows(state, at('2026-03-02T10:00:09Z')).map((row) => [row.paymentId, row.status])).toEqual([
    ['p2', 'RCVD'],
    ['p1', 'ACSP'],
  ]);
  expect(paymentRows(state, at('2026-03-02T10:14:30Z')).map((row) => [row.paymentId, row.status])).toEqual([
    ['p2', 'RJCT'],
    ['p1', 'ACSC'],
  ]);
});

it('lists payee checks (PDNG) oldest first until they turn CANC after their day', () => {
  const waiting = (id: string, createdAt: string) =>
    sandbox(
      'payment-changed',
      payment({
        paymentId: id,
        transactionStatus: 'PDNG',
        createdAt,
        due: { status: 'CANC', at: '2026-03-03T10:00:00.000Z' },
      }),
    );
  const state = on(
    initialState(0),
    waiting('late', '2026-03-02T09:30:00.000Z'),
    waiting('early', '2026-03-02T09:00:00.000Z'),
  );
  expect(payeeChecks(state, at('2026-03-02T12:00:00Z')).map((row) => row.paymentId)).toEqual(['early', 'late']);
  expect(payeeChecks(state, at('2026-03-03T10:00:00Z'))).toEqual([]);
});

it('keeps one callback row per revocation event with its latest attempt, newest event first', () => {
  const attempt = (eventId: string, n: number, status: number | null, outcome: string) =>
    sandbox('callback-attempt', {
      eventId,
      consentId: `c-${eventId}`,
      attempt: n,
      status,
      error: status === null ? 'ECONNREFUSED' : null,
      outcome,
    });
  const state = on(
    initialState(0),
    attempt('e1', 1, null, 'pending'),
    attempt('e2', 1, 204, 'delivered'),
    attempt('e1', 2, 204, 'delivered'),
  );
  expect(state.callbacks.map((row) => [row.eventId, row.attempt, row.outcome])).toEqual([
    ['e1', 2, 'delivered'],
    ['e2', 1, 'delivered'],
  ]);
});

it('forgets consents, payments, authorisations and callbacks on reset but keeps the request log', () => {
  const state = on(
    initialState(0),
    sandbox('request', {
      at: '2026-03-02T10:00:00.000Z',
      provider: undefined,
      method: 'GET',
      path: '/v1/accounts',
      status: 401,
      code: 'CERTIFICATE_MISSING',
      latencyMs: 2,
    }),
    sandbox('consent-changed', consent()),
    sandbox('payment-changed', payment()),
    sandbox('authorisation-changed', authorisation()),
    sandbox('reset', { at: '2026-03-02T10:00:00.000Z' }),
  );
  expect([state.consents, state.payments, state.authorisations, state.callbacks]).toEqual([{}, {}, {}, []]);
  expect(state.requests).toHaveLength(1);
  expect(state.message).toEqual({ text: 'The sandbox was reset to its seeded state.', tone: 'info' });
});

it('counts a conformance run from its events by verdict, keeping failures and errors apart', () => {
  const info = (id: string) => ({ id, title: id, spec: 'Limits', area: 'limits' as const, rules: [] });
  const result = (id: string, status: ScenarioStatus, extra = {}) => ({
    ...info(id),
    status,
    observations: [],
    unchecked: [],
    exchanges: [],
    durationMs: 1,
    ...extra,
  });
  const state = on(
    initialState(0),
    { type: 'run-starting' },
    { type: 'run', event: { type: 'run-started', target: 'sim', total: 3, approvals: 0 } },
    { type: 'run', event: { type: 'scenario-started', scenario: info('a') } },
    { type: 'run', event: { type: 'scenario-finished', result: result('a', 'passed') } },
    {
      type: 'run',
      event: {
        type: 'scenario-finished',
        result: result('b', 'failed', { failure: { kind: 'expectation', message: 'expected 429' } }),
      },
    },
    {
      type: 'run',
      event: {
        type: 'scenario-finished',
        result: result('b2', 'inconclusive', { reason: 'consent creation answered 500; see AIS-CONSENT-004' }),
      },
    },
    {
      type: 'run',
      event: {
        type: 'scenario-finished',
        result: result('b3', 'error', { failure: { kind: 'error', message: 'bug' } }),
      },
    },
    { type: 'run', event: { type: 'scenario-started', scenario: info('c') } },
  );
  expect(state.view).toBe('conformance');
  expect(state.conformance).toMatchObject({
    phase: 'running',
    total: 3,
    passed: 1,
    failed: 1,
    inconclusive: 1,
    skipped: 0,
    errors: 1,
    current: 'c',
  });
  expect(state.conformance.failures).toEqual([
    { id: 'b', status: 'failed', detail: 'expected 429' },
    { id: 'b3', status: 'error', detail: 'bug' },
  ]);
  const done = on(state, {
    type: 'run',
    event: { type: 'scenario-finished', result: result('c', 'skipped', { reason: 'the target lacks a clock' }) },
  });
  expect(done.conformance.finished[0]).toEqual({ id: 'c', status: 'skipped', detail: 'the target lacks a clock' });
  expect(done.conformance.durationMs).toBeNull();
  const summary = {
    target: 'sim',
    results: [],
    passed: 1,
    failed: 1,
    inconclusive: 1,
    skipped: 1,
    errors: 1,
    durationMs: 6400,
  };
  const finished = on(done, { type: 'run', event: { type: 'run-finished', summary } });
  expect(finished.conformance).toMatchObject({ phase: 'finished', current: null, durationMs: 6400 });
});

it('advances guided mode only after a step succeeded, and shows its result as the message', () => {
  let state = on(initialState(0), { type: 'guided', active: true }, { type: 'guided-busy' });
  expect(state.guided).toMatchObject({ active: true, next: 0, busy: true });
  state = on(state, { type: 'guided-done', result: '201 received', failed: false });
  expect(state.guided).toMatchObject({ next: 1, busy: false, failed: false });
  expect(state.message).toEqual({ text: '201 received', tone: 'good' });
  state = on(state, { type: 'guided-busy' }, { type: 'guided-done', result: 'POST answered 500', failed: true });
  expect(state.guided).toMatchObject({ next: 1, failed: true });
  expect(state.message).toEqual({ text: 'POST answered 500', tone: 'bad' });
});

it('keeps the client report’s findings as they happen, the latest FINDING_HISTORY, and counts them all', () => {
  const finding = (detail: string) =>
    sandbox('client-finding', {
      rule: 'CLIENT-ENDPOINT',
      statement: '',
      section: 'Endpoint list',
      cites: '',
      severity: 'minor',
      provider: 'PSDDE-BAFIN-123456',
      detail,
      at: '2026-03-02T10:00:00.000Z',
      realAt: '2026-03-02T10:00:00.000Z',
      exchanges: [],
      callbacks: [],
    });
  let state = initialState(0);
  for (let i = 1; i <= FINDING_HISTORY + 1; i++) state = reduce(state, finding(`mistake ${i}`));
  expect(state.findingCount).toBe(FINDING_HISTORY + 1);
  expect(state.findings).toHaveLength(FINDING_HISTORY);
  expect(state.findings.at(-1)).toEqual({
    seq: FINDING_HISTORY + 1,
    rule: 'CLIENT-ENDPOINT',
    severity: 'minor',
    provider: 'PSDDE-BAFIN-123456',
    detail: `mistake ${FINDING_HISTORY + 1}`,
  });
});
