/**
 * The sandbox control API (`/sandbox`): how the kit moves the clock and acts as the customer's portal
 * without touching the simulator's internals. A remote sandbox that offers the same API can declare it
 * in its config. Over plain HTTP on the customer surface; over HTTPS with the provider's certificate
 * where a sandbox serves each provider's world its own control API on the mutual-TLS API port.
 */
import { request as httpsRequest } from 'node:https';
import type { ClientCertificate } from '../client.js';
import type { TargetClock, TargetControl } from '../target.js';

/** What an `https://` control API is called with: the CA its server chains to, and the provider's certificate. */
export interface ControlTls {
  ca: string;
  certificate: ClientCertificate;
}

export interface ControlAnswer {
  status: number;
  text: string;
  /** The body parsed as JSON, or undefined when it is empty or no JSON. */
  json: unknown;
}

/** One call of the control API, whatever its answer; connection failures reject. */
export type ControlRequest = (method: string, path: string, body?: unknown) => Promise<ControlAnswer>;

const parsed = (text: string): unknown => {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
};

/** One HTTPS call with the provider's certificate; a connection that fails rejects, as fetch does. */
function tlsCall(
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
  tls: ControlTls,
) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = httpsRequest(
      url,
      { method: init.method, headers: init.headers, agent: false, ca: tls.ca, ...tls.certificate, timeout: 30_000 },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer in time from ${url}`)));
    req.on('error', (error) => reject(new TypeError(`${init.method} ${url} failed`, { cause: error })));
    req.end(init.body);
  });
}

/**
 * `controlUrl` may be read late (a sim target knows its address only once it listens). `tls` is used
 * for an `https://` address (a world's control API, which knows the caller by its certificate); a
 * function when the certificates are read after the driver is made.
 */
export function controlRequest(
  controlUrl: string | (() => string),
  token?: string,
  tls?: ControlTls | (() => ControlTls),
): ControlRequest {
  return async (method, path, body) => {
    // `…/sandbox/` and `…/sandbox` are one address: the paths below start with a slash.
    const url = `${(typeof controlUrl === 'string' ? controlUrl : controlUrl()).replace(/\/+$/, '')}${path}`;
    const headers = {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    };
    const payload = body === undefined ? undefined : JSON.stringify(body);
    if (tls && url.startsWith('https:')) {
      const credentials = typeof tls === 'function' ? tls() : tls;
      const answer = await tlsCall(
        url,
        { method, headers, ...(payload === undefined ? {} : { body: payload }) },
        credentials,
      );
      return { ...answer, json: parsed(answer.text) };
    }
    const res = await fetch(url, { method, headers, ...(payload === undefined ? {} : { body: payload }) });
    const text = await res.text();
    return { status: res.status, text, json: parsed(text) };
  };
}

export function controlApi(controlUrl: string, token?: string, tls?: ControlTls | (() => ControlTls)) {
  const request = controlRequest(controlUrl, token, tls);
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
