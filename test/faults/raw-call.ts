/**
 * Calls for fault tests: the kit's own HTTPS exchange with no contract check, since a faulted
 * answer (an HTML page, an empty 503) is exactly what the published document does not describe.
 */
import { randomUUID } from 'node:crypto';
import { sendHttps, type RawAnswer } from '../../src/kit/client.js';
import type { ClientCertificate } from '../helpers/tls-client.js';
import type { TestSandbox } from '../helpers/sandbox.js';

export interface RawCall {
  method?: string;
  path: string;
  client?: ClientCertificate;
  body?: unknown;
  requestId?: string;
  headers?: Record<string, string>;
}

export interface TimedAnswer extends RawAnswer {
  requestId: string;
  ms: number;
}

export function rawCaller(t: TestSandbox) {
  return async (call: RawCall): Promise<TimedAnswer> => {
    const requestId = call.requestId ?? randomUUID();
    const headers: Record<string, string> = { 'X-Request-ID': requestId, ...call.headers };
    const payload = call.body === undefined ? undefined : JSON.stringify(call.body);
    if (payload !== undefined) headers['Content-Type'] = 'application/json';
    const started = performance.now();
    const answer = await sendHttps(new URL(call.path, t.sandbox.apiUrl), {
      method: call.method ?? 'GET',
      headers,
      payload,
      ca: t.ca,
      certificate: call.client ?? t.tpp,
    });
    return { ...answer, requestId, ms: performance.now() - started };
  };
}

export const CONSENT_BODY = (iban: string) => ({
  access: { balances: [{ iban }] },
  recurringIndicator: true,
  frequencyPerDay: 4,
});
export const REDIRECT_HEADERS = { 'TPP-Redirect-URI': 'https://tpp.example/callback' };
