/**
 * The sandbox control API (customer surface, `/sandbox`) over plain HTTP: how the kit moves the
 * clock and acts as the customer's portal without touching the simulator's internals. A remote
 * sandbox that offers the same API can declare it in its config.
 */
import type { TargetClock, TargetControl } from '../target.js';

export interface ControlAnswer {
  status: number;
  text: string;
  /** The body parsed as JSON, or undefined when it is empty or no JSON. */
  json: unknown;
}

/** One call of the control API, whatever its answer; connection failures reject. */
export type ControlRequest = (method: string, path: string, body?: unknown) => Promise<ControlAnswer>;

/** `controlUrl` may be read late (a sim target knows its address only once it listens). */
export function controlRequest(controlUrl: string | (() => string), token?: string): ControlRequest {
  return async (method, path, body) => {
    // `…/sandbox/` and `…/sandbox` are one address: the paths below start with a slash.
    const base = (typeof controlUrl === 'string' ? controlUrl : controlUrl()).replace(/\/+$/, '');
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: res.status, text, json };
  };
}

export function controlApi(controlUrl: string, token?: string) {
  const request = controlRequest(controlUrl, token);
  const call = async (method: string, path: string, body?: unknown): Promise<unknown> => {
    const answer = await request(method, path, body);
    if (answer.status < 200 || answer.status > 299)
      throw new Error(`control API ${method} ${path} answered ${answer.status}: ${answer.text.slice(0, 200)}`);
    return answer.json;
  };
  const clock: TargetClock = {
    now: async () => new Date(((await call('GET', '/clock')) as { now: string }).now),
    advance: async (by) => void (await call('POST', '/clock', { advance: by })),
  };
  const control: TargetControl = {
    revokeConsent: async (consentId) =>
      void (await call('POST', `/consents/${encodeURIComponent(consentId)}/revoke`, {})),
    bookTransaction: async (iban, amount) =>
      void (await call('POST', '/transactions', { iban, amount, counterpartyName: 'xs2a-kit conformance' })),
    setAuthorised: async (organizationIdentifier, authorised) =>
      void (await call('POST', `/register/${encodeURIComponent(organizationIdentifier)}`, { authorised })),
    amendPayment: async (paymentId, change) =>
      void (await call('POST', `/payments/${encodeURIComponent(paymentId)}/amend`, change)),
    answerPayee: async (paymentId, confirm) =>
      void (await call('POST', `/payments/${encodeURIComponent(paymentId)}/payee`, { confirm })),
  };
  return { clock, control };
}
