/**
 * `sandbox.fetch` and each provider's `fetch`: a standard fetch bound to the API and one
 * provider's QWAC over mutual TLS (docs/library.md).
 */
import { randomUUID } from 'node:crypto';
import { Agent, request } from 'node:https';

/** PEM material of a provider, as Buffers any TLS client takes (node `https.Agent`, undici, axios). */
export interface SandboxTls {
  /** The sandbox CA: trust it for the API's server certificate. */
  readonly ca: Buffer;
  /** The provider's QWAC. */
  readonly cert: Buffer;
  readonly key: Buffer;
}

/**
 * A standard `fetch` bound to the API's `{base_url}` and one provider's QWAC over mutual TLS. A
 * relative path is resolved against the API (`/v1/accounts`); `X-Request-ID` gets a new UUID when
 * absent, and a string body without a Content-Type is sent as `application/json`.
 */
export type SandboxFetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

function headersOf(raw: NodeJS.Dict<string | string[]>): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  return headers;
}

/** A fetch over node:https with one keep-alive agent holding the given certificate. */
export function boundFetch(apiUrl: string, tls: SandboxTls): SandboxFetch {
  const agent = new Agent({ keepAlive: true, ca: tls.ca, cert: tls.cert, key: tls.key });
  return async (input, init = {}) => {
    // A Request (what openapi-fetch and other clients hand over) keeps its own URL, method, headers and body.
    const base = input instanceof Request ? input : new Request(new URL(input, apiUrl));
    const url = new URL(base.url);
    const headers = new Headers(init.headers ?? base.headers);
    if (!headers.has('X-Request-ID')) headers.set('X-Request-ID', randomUUID());
    if (typeof init.body === 'string' && !headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
    // Request normalises the method and reads any body kind fetch takes into bytes.
    const prepared = new Request(base, { ...init, headers });
    const method = prepared.method;
    const payload = method === 'GET' || method === 'HEAD' ? undefined : Buffer.from(await prepared.arrayBuffer());
    const outgoing: Record<string, string> = {};
    prepared.headers.forEach((value, name) => (outgoing[name] = value));
    if (payload !== undefined) outgoing['content-length'] = String(payload.length);
    return new Promise<Response>((resolve, reject) => {
      const req = request(url, { method, headers: outgoing, agent, signal: init.signal ?? undefined }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          const empty = method === 'HEAD' || status === 204 || status === 304;
          resolve(
            new Response(empty ? null : Buffer.concat(chunks), {
              status,
              statusText: res.statusMessage ?? '',
              headers: headersOf(res.headers),
            }),
          );
        });
      });
      req.on('error', reject);
      req.end(payload);
    });
  };
}
