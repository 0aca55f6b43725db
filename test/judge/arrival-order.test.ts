/**
 * Issue 39 "Done when": the judge judges in arrival order per provider and compares values as
 * values. Exchanges are fed to the judge as the sandbox emits them (in the order answers leave),
 * with their arrival and latency set exactly: no sandbox, no sleeping.
 */
import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { createEventBus, type EventBus, type ExchangeEvent } from '../../src/sim/events.js';
import { createClientJudge, type ClientJudge } from '../../src/sim/judge/judge.js';

const PROVIDER = 'PSDDE-BAFIN-123456';
const T0 = Date.UTC(2026, 2, 2, 10);
const PAYMENT = '/v1/payments/sepa-credit-transfers';

let bus: EventBus;
let judge: ClientJudge;
let ids = 0;

beforeEach(() => {
  bus = createEventBus();
  judge = createClientJudge(bus, { now: () => new Date(T0) });
  ids = 0;
});

interface Exchange {
  /** Arrival, ms after T0 (sandbox and host clock alike). */
  at: number;
  /** Arrival to answer written, ms. */
  latency: number;
  method?: string;
  path?: string;
  requestId?: string;
  headers?: Record<string, string>;
  body?: unknown;
  /** Null: the connection closed without an answer. */
  status: number | null;
  answerHeaders?: Record<string, string>;
  answerBody?: unknown;
  code?: string;
}

/** Emits the exchange as the sandbox's lifecycle does once its answer left. */
function emit(x: Exchange): void {
  const when = new Date(T0 + x.at).toISOString();
  const event: ExchangeEvent = {
    id: ++ids,
    at: when,
    realAt: when,
    provider: PROVIDER,
    request: {
      method: x.method ?? 'POST',
      path: x.path ?? PAYMENT,
      query: '',
      headers: {
        'x-request-id': x.requestId ?? randomUUID(),
        'tpp-redirect-uri': 'https://tpp.example/back',
        ...x.headers,
      },
      body: x.body === undefined ? undefined : JSON.stringify(x.body),
    },
    answer:
      x.status === null
        ? null
        : {
            status: x.status,
            headers: x.answerHeaders ?? {},
            body: x.answerBody === undefined ? undefined : JSON.stringify(x.answerBody),
          },
    code: x.code,
    operationId: undefined,
    params: undefined,
    fault: undefined,
    latencyMs: x.latency,
  };
  bus.emit('exchange', event);
}

const payment = (amount = '33.10') => ({
  debtorAccount: { iban: 'DE02120300000000202051' },
  instructedAmount: { currency: 'EUR', amount },
  creditorAccount: { iban: 'DE89370400440532013000' },
  creditorName: 'Merchant GmbH',
  remittanceInformationUnstructured: 'Invoice 4711',
});
const created = { transactionStatus: 'RCVD', paymentId: 'p-1', _links: {} };
const rules = () => judge.report().findings.map((finding) => finding.rule);

describe('a careful client meets no finding (issue 39)', () => {
  it('a slow answer, timed out by the client, resent under the same key, a 503 with Retry-After: 2, a wait of 2.15 s, resent', () => {
    const key = randomUUID();
    // A arrives at 0 and is held 4 s; the client gives up at 3 s and resends (B) at 3.2 s, which meets a 503;
    // A's answer leaves at 4 s; the client waits 2.15 s after the 503 and resends (C). The judge reads B, A, C:
    // A arrived before B's 503 left, so it is no retry of B.
    emit({
      at: 3_200,
      latency: 10,
      requestId: key,
      body: payment(),
      status: 503,
      answerHeaders: { 'retry-after': '2' },
    });
    emit({ at: 0, latency: 4_000, requestId: key, body: payment(), status: 201, answerBody: created });
    emit({ at: 5_360, latency: 20, requestId: key, body: payment(), status: 201, answerBody: created });
    expect(judge.report().findings).toEqual([]);
    expect(judge.report().hints).toEqual([]);
    expect(judge.report().judged).toBe(3);
  });

  it('a request refused only for its malformed X-Request-ID, resent with a valid one', () => {
    const path = '/v1/consents/c-1/status';
    emit({
      at: 0,
      latency: 5,
      method: 'GET',
      path,
      requestId: 'not-a-uuid',
      status: 400,
      code: 'FORMAT_ERROR',
      answerBody: { tppMessages: [{ category: 'ERROR', code: 'FORMAT_ERROR', path: 'X-Request-ID', text: '…' }] },
    });
    emit({ at: 1_000, latency: 5, method: 'GET', path, status: 200, answerBody: { consentStatus: 'received' } });
    expect(rules()).toEqual(['CLIENT-REQUEST-ID-FORM']);
  });

  it('a request that arrived before a 503 left is not judged against it, one sent after it is', () => {
    const path = '/v1/consents/c-1/status';
    // A meets a 503 that leaves at 2 s; B arrived at 0.1 s, before it left, and is answered just after, so read after A.
    emit({ at: 0, latency: 2_000, method: 'GET', path, status: 503, answerHeaders: { 'retry-after': '5' } });
    emit({ at: 100, latency: 1_910, method: 'GET', path, status: 200, answerBody: { consentStatus: 'valid' } });
    expect(rules()).toEqual([]);
    // C, sent 1 s after another 503 left, is a retry sooner than its Retry-After: arrival order still catches it.
    emit({ at: 10_000, latency: 5, method: 'GET', path, status: 503, answerHeaders: { 'retry-after': '5' } });
    emit({ at: 11_005, latency: 5, method: 'GET', path, status: 200, answerBody: { consentStatus: 'valid' } });
    expect(rules()).toEqual(['CLIENT-BACKOFF']);
  });
});

describe('the double payments the judge catches (issue 39)', () => {
  it('a payment resent under a new key after the client’s own time-out (outcome unknown) is CLIENT-PAYMENT-KEY', () => {
    const first = randomUUID();
    const second = randomUUID();
    // The first is held 5 s; the client times out at 3 s and sends the same payment under a new key at 3.5 s.
    emit({
      at: 3_500,
      latency: 15,
      requestId: second,
      body: payment(),
      status: 201,
      answerBody: { ...created, paymentId: 'p-2' },
    });
    emit({ at: 0, latency: 5_000, requestId: first, body: payment(), status: 201, answerBody: created });
    const { findings } = judge.report();
    expect(findings.map((finding) => finding.rule)).toEqual(['CLIENT-PAYMENT-KEY']);
    const [finding] = findings;
    // Dated by the resend that broke the rule, with both initiations as evidence in arrival order.
    expect(finding!.at).toBe(new Date(T0 + 3_500).toISOString());
    expect(finding!.paymentId).toBe('p-2');
    expect(finding!.exchanges.map((exchange) => exchange.request.headers['x-request-id'])).toEqual([first, second]);
    expect(finding!.detail).toContain('was still unanswered');
  });

  it('the same payment resent under a new key with the amount written differently ("33.10", then "33.1") is CLIENT-PAYMENT-KEY', () => {
    emit({ at: 0, latency: 10, body: payment('33.10'), status: 503, answerHeaders: { 'retry-after': '1' } });
    emit({ at: 2_000, latency: 10, body: payment('33.1'), status: 201, answerBody: created });
    expect(rules()).toEqual(['CLIENT-PAYMENT-KEY']);
  });

  it('is reported once however often the resend is read against the first', () => {
    emit({ at: 0, latency: 10, body: payment(), status: null });
    emit({ at: 2_000, latency: 10, body: payment(), status: 201, answerBody: created });
    emit({ at: 4_000, latency: 10, method: 'GET', path: `${PAYMENT}/p-1/status`, status: 200 });
    expect(rules()).toEqual(['CLIENT-PAYMENT-KEY']);
  });

  it('but a new payment of the same money after the first key was answered 201 is none', () => {
    const key = randomUUID();
    emit({ at: 0, latency: 10, requestId: key, body: payment(), status: null });
    emit({ at: 1_000, latency: 10, requestId: key, body: payment(), status: 201, answerBody: created });
    emit({ at: 60_000, latency: 10, body: payment('33.1'), status: 201, answerBody: { ...created, paymentId: 'p-2' } });
    expect(rules()).toEqual([]);
  });
});

describe('stricter habits are advice, reported apart (issue 39)', () => {
  it('a correlation id reused outside payment initiation is ADVICE-REQUEST-ID-NEW, no finding', () => {
    const id = randomUUID();
    emit({ at: 0, latency: 5, method: 'GET', path: '/v1/consents/c-1/status', requestId: id, status: 200 });
    emit({ at: 1_000, latency: 5, method: 'GET', path: '/v1/consents/c-1', requestId: id, status: 200 });
    const report = judge.report();
    expect(report.findings).toEqual([]);
    expect(report.hints.map((hint) => hint.rule)).toEqual(['ADVICE-REQUEST-ID-NEW']);
    expect(report.hints[0]!.why).toContain('correlation id');
  });

  it('an initiation of another payment under an earlier initiation’s key is still CLIENT-REQUEST-ID-NEW', () => {
    const id = randomUUID();
    emit({ at: 0, latency: 5, requestId: id, body: payment('10.00'), status: 201, answerBody: created });
    emit({ at: 1_000, latency: 5, requestId: id, body: payment('12.00'), status: 409, code: 'REQUEST_ID_REUSED' });
    expect(rules()).toEqual(['CLIENT-REQUEST-ID-NEW']);
  });

  it('the same initiation resent with its amount written differently is a replay, not a reuse', () => {
    const id = randomUUID();
    emit({ at: 0, latency: 5, requestId: id, body: payment('33.10'), status: null });
    emit({ at: 1_000, latency: 5, requestId: id, body: payment('33.1'), status: 201, answerBody: created });
    expect(judge.report()).toMatchObject({ findings: [], hints: [] });
  });

  it('a resend 200 ms after a 500 that named no Retry-After is ADVICE-BACKOFF; before a named Retry-After it is CLIENT-BACKOFF', () => {
    const path = '/v1/consents/c-1/status';
    emit({ at: 0, latency: 5, method: 'GET', path, status: 500 });
    emit({ at: 205, latency: 5, method: 'GET', path, status: 200 });
    expect(judge.report()).toMatchObject({ findings: [], hints: [{ rule: 'ADVICE-BACKOFF' }] });
    emit({ at: 1_000, latency: 5, method: 'GET', path, status: 503, answerHeaders: { 'retry-after': '2' } });
    emit({ at: 2_000, latency: 5, method: 'GET', path, status: 200 });
    expect(rules()).toEqual(['CLIENT-BACKOFF']);
  });

  it('reading the revocation callback again while none is registered is ADVICE-CALLBACK-READ', () => {
    const path = '/v1/revocation-callback';
    const notFound = { tppMessages: [{ category: 'ERROR', code: 'RESOURCE_UNKNOWN', text: '…' }] };
    emit({ at: 0, latency: 5, method: 'GET', path, status: 404, code: 'RESOURCE_UNKNOWN', answerBody: notFound });
    emit({ at: 1_000, latency: 5, method: 'GET', path, status: 404, code: 'RESOURCE_UNKNOWN', answerBody: notFound });
    expect(judge.report()).toMatchObject({ findings: [], hints: [{ rule: 'ADVICE-CALLBACK-READ' }] });
  });
});
