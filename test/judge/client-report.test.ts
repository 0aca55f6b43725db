/**
 * Where a developer reads the client report: GET/DELETE /sandbox/client-report (?provider=),
 * acknowledging a rule, forged revocation events for a provider's receiver, and the same through
 * the library; bad input is FORMAT_ERROR with `path` and changes nothing, sends nothing.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SandboxError, startSandbox } from '../../src/index.js';
import { issueQwac } from '../../src/certs/index.js';
import { CLIENT_RULES } from '../../src/sim/judge/client-rules.js';
import type { ClientReport } from '../../src/sim/judge/judge.js';
import { ibansOf, validConsent } from '../helpers/ais.js';
import { callbackReceiver, type CallbackReceiver } from '../helpers/callback-receiver.js';
import { certificateFolder, testSandbox, type TestSandbox } from '../helpers/sandbox.js';
import type { ClientCertificate } from '../helpers/tls-client.js';
import { rawCaller } from '../faults/raw-call.js';

let t: TestSandbox;
let certs: string;
let other: ClientCertificate;
let receiver: CallbackReceiver;
const PROVIDER = 'PSDDE-BAFIN-123456';
const OTHER = 'PSDDE-BAFIN-654321';

beforeAll(async () => {
  certs = await certificateFolder();
  t = await testSandbox(certs, { clockStart: '2026-03-02T10:00:00Z', callbackCa: [`${certs}/ca.crt`] });
  other = issueQwac({
    ca: { cert: t.ca, key: t.caKey },
    name: 'Other TPP',
    organizationIdentifier: OTHER,
    roles: ['PSP_AI'],
  });
  receiver = await callbackReceiver(certs);
});
afterAll(async () => {
  await t.sandbox.close();
  receiver.close();
});
beforeEach(async () => {
  await t.sandbox.reset();
  receiver.received.length = 0;
});

const send = rawCallerOf;
function rawCallerOf(path: string, client?: ClientCertificate, requestId?: string) {
  return rawCaller(t)({ path, ...(client ? { client } : {}), ...(requestId ? { requestId } : {}) });
}
let mistakes = 0;
/** A path no endpoint has, different each time (the same refused request again would also be CLIENT-RETRY-4XX). */
const endpointMistake = (client?: ClientCertificate) => send(`/v1/acounts/${++mistakes}`, client);
const report = async (query = '') => (await t.control(`/client-report${query}`)).json as ClientReport;

it('answers the client rules at GET /sandbox/client-rules, as the catalogue has them', async () => {
  expect(await t.control('/client-rules')).toMatchObject({ status: 200, json: CLIENT_RULES });
});

describe('GET and DELETE /sandbox/client-report', () => {
  it('answers the findings, per provider with ?provider=, and DELETE clears them', async () => {
    await endpointMistake();
    await endpointMistake(other);
    const all = await report();
    expect(all.findings.map((finding) => [finding.rule, finding.provider])).toEqual([
      ['CLIENT-ENDPOINT', PROVIDER],
      ['CLIENT-ENDPOINT', OTHER],
    ]);
    expect([all.judged, all.dropped, all.acknowledged]).toEqual([2, 0, []]);
    const [finding] = all.findings;
    expect(finding).toMatchObject({
      statement: CLIENT_RULES.find((rule) => rule.id === 'CLIENT-ENDPOINT')!.statement,
      section: 'Endpoint list; Links; Versioning 3-4',
      cites: CLIENT_RULES.find((rule) => rule.id === 'CLIENT-ENDPOINT')!.cites,
      severity: 'minor',
      at: expect.stringMatching(/^2026-03-02T10:00/),
      realAt: expect.stringMatching(/^\d{4}-/),
      callbacks: [],
    });
    expect(finding!.exchanges[0]).toMatchObject({
      request: { method: 'GET', path: expect.stringMatching(/^\/v1\/acounts\//) },
      answer: { status: 404 },
    });
    expect((await report(`?provider=${OTHER}`)).findings.map((one) => one.provider)).toEqual([OTHER]);
    const cleared = await t.control(`/client-report?provider=${OTHER}`, { method: 'DELETE' });
    expect([cleared.status, (cleared.json as ClientReport).findings]).toEqual([200, []]);
    expect((await report()).findings.map((one) => one.provider)).toEqual([PROVIDER]);
    await t.control('/client-report', { method: 'DELETE' });
    expect((await report()).findings).toEqual([]);
  });

  it('masks the evidence as the kit masks: the callback secret of an earlier answer is *** (in a hint too)', async () => {
    const requestId = randomUUID();
    await rawCaller(t)({ method: 'PUT', path: '/v1/revocation-callback', body: { url: receiver.url }, requestId });
    await send('/v1/revocation-callback', undefined, requestId);
    const [finding] = (await report()).hints;
    expect(finding!.rule).toBe('ADVICE-REQUEST-ID-NEW');
    expect(finding!.exchanges.map((exchange) => (exchange.answer?.body as { secret?: string }).secret)).toEqual([
      '***',
      '***',
    ]);
  });

  it('keeps findings in memory only: a reset forgets them', async () => {
    await endpointMistake();
    await t.sandbox.reset();
    expect((await report()).findings).toEqual([]);
  });
});

describe('acknowledging a rule', () => {
  it('keeps its later findings out of the report and counts them, for every provider or one', async () => {
    const ack = await t.control('/client-report/acknowledge', {
      body: { rule: 'CLIENT-ENDPOINT', provider: PROVIDER },
    });
    expect([ack.status, ack.json]).toEqual([
      200,
      { acknowledged: [{ rule: 'CLIENT-ENDPOINT', provider: PROVIDER, findings: 0 }] },
    ]);
    await endpointMistake();
    await endpointMistake(other);
    const after = await report();
    expect(after.findings.map((finding) => finding.provider)).toEqual([OTHER]);
    expect(after.acknowledged).toEqual([{ rule: 'CLIENT-ENDPOINT', provider: PROVIDER, findings: 1 }]);
    t.sandbox.clientReport.acknowledge('CLIENT-ENDPOINT');
    await endpointMistake(other);
    expect(t.sandbox.clientReport({ provider: OTHER }).findings).toHaveLength(1);
  });

  it('refuses an unknown rule or field with FORMAT_ERROR and path, and acknowledges nothing', async () => {
    const unknown = await t.control('/client-report/acknowledge', { body: { rule: 'CLIENT-NOPE' } });
    expect(unknown.status).toBe(400);
    expect(unknown.json).toMatchObject({ tppMessages: [{ category: 'ERROR', code: 'FORMAT_ERROR', path: 'rule' }] });
    const extra = await t.control('/client-report/acknowledge', { body: { rule: 'CLIENT-ENDPOINT', rules: [] } });
    expect(extra.json).toMatchObject({ tppMessages: [{ code: 'FORMAT_ERROR', path: 'rules' }] });
    expect(() => t.sandbox.clientReport.acknowledge('CLIENT-NOPE')).toThrow(SandboxError);
    expect(() => t.sandbox.clientReport.acknowledge('CLIENT-NOPE')).toThrow(expect.objectContaining({ path: 'rule' }));
    expect((await report()).acknowledged).toEqual([]);
  });
});

describe('forged revocation events', () => {
  const forge = async (kind: string) => {
    await rawCaller(t)({ method: 'PUT', path: '/v1/revocation-callback', body: { url: receiver.url } });
    const consentId = await validConsent(t, [ibansOf(t, 'anna')[0]!]);
    return { consentId, answer: await t.control('/callbacks/forge', { body: { consentId, kind } }) };
  };

  it('sends a correct event and records the receiver’s answer', async () => {
    const { consentId, answer } = await forge('correct');
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ consentId, kind: 'correct', url: receiver.url, sent: [{ status: 200 }] });
    expect(receiver.received).toHaveLength(1);
    expect((await report()).provoked.map((one) => one.fault)).toEqual(['forge:correct']);
  });

  it('sends a duplicate with the same eventId and two out-of-order events, the later first', async () => {
    await forge('duplicate');
    expect(receiver.received[0]!.eventId).toBe(receiver.received[1]!.eventId);
    receiver.received.length = 0;
    const { answer } = await forge('out-of-order');
    expect(receiver.received).toHaveLength(2);
    expect((answer.json as { sent: unknown[] }).sent).toHaveLength(2);
  });

  it('signs a stale event with a t more than 300 s old and a wrong-secret one with another key', async () => {
    await forge('stale');
    const t0 = Number(/t=(\d+)/.exec(receiver.received[0]!.signature)![1]);
    expect(Date.parse('2026-03-02T10:00:00Z') / 1000 - t0).toBeGreaterThan(300);
    const { answer } = await forge('wrong-secret');
    expect((answer.json as { sent: { signature: string }[] }).sent[0]!.signature).toBe('wrong-secret');
  });

  it('refuses an unknown kind, an unknown consent and a consent whose provider registered no callback; sends nothing', async () => {
    const consentId = await validConsent(t, [ibansOf(t, 'anna')[0]!]);
    const none = await t.control('/callbacks/forge', { body: { consentId, kind: 'correct' } });
    expect([none.status, none.json]).toMatchObject([
      400,
      { tppMessages: [{ code: 'FORMAT_ERROR', path: 'consentId' }] },
    ]);
    await rawCaller(t)({ method: 'PUT', path: '/v1/revocation-callback', body: { url: receiver.url } });
    const kind = await t.control('/callbacks/forge', { body: { consentId, kind: 'loud' } });
    expect(kind.json).toMatchObject({ tppMessages: [{ code: 'FORMAT_ERROR', path: 'kind' }] });
    const unknown = await t.control('/callbacks/forge', { body: { consentId: randomUUID(), kind: 'correct' } });
    expect(unknown.json).toMatchObject({ tppMessages: [{ code: 'FORMAT_ERROR', path: 'consentId' }] });
    await expect(t.sandbox.callbacks.forge({ consentId, kind: 'loud' as 'correct' })).rejects.toMatchObject({
      name: 'SandboxError',
      code: 'FORMAT_ERROR',
      path: 'kind',
    });
    expect(receiver.received).toEqual([]);
    expect((await report()).provoked).toEqual([]);
  });
});

it('refuses the report in the library and the control API when the judge is off, rather than claim a clean client', async () => {
  const off = await startSandbox({ certsDir: certs, clientJudge: false });
  try {
    expect(() => off.clientReport()).toThrow(SandboxError);
    const answer = await fetch(`${off.controlUrl}/client-report`);
    expect(answer.status).toBe(404);
    expect(await answer.json()).toMatchObject({ tppMessages: [{ code: 'RESOURCE_UNKNOWN' }] });
  } finally {
    await off.close();
  }
});
