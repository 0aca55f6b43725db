/**
 * A careless bank: a real sandbox behind a proxy that changes what one rule does and leaves every
 * other rule to the sandbox. Unlike `breakingProxy`, which edits bodies on the way, the proxy gives a
 * behaviour the whole request (method, path, query, headers, body) and lets it answer itself, forward
 * the request as it is or forward a changed one: enough to play an implementation that gets a rule
 * almost right (a budget counted per account, an idempotency key compared on the amount alone).
 */
import { X509Certificate } from 'node:crypto';
import { createServer, request } from 'node:https';
import type { IncomingHttpHeaders } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { listen, type KnownCertificates, type MockServer, type ServerCertificates } from './misbehaving-targets.js';

export interface ProxiedRequest {
  method: string;
  /** The path without the query. */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** The raw body as text ('' when there is none). */
  text: string;
  /** The SHA-256 fingerprint of the client certificate: which provider is calling. */
  provider: string;
}

export interface ProxiedAnswer {
  status: number;
  headers: Record<string, string>;
  /** The raw body as text ('' when there is none). */
  text: string;
}

export type Forward = (request: ProxiedRequest) => Promise<ProxiedAnswer>;
export type Behaviour = (request: ProxiedRequest, forward: Forward) => Promise<ProxiedAnswer>;

/** A header's single value, whatever the case it was sent in (node lower-cases incoming names). */
export function headerOf(request: ProxiedRequest, name: string): string | undefined {
  const value = request.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/** An answer in the interface's error envelope, as the careless bank would write it. */
export function refusal(
  status: number,
  code: string,
  requestId: string | undefined,
  extra: Record<string, string> = {},
  path?: string,
): ProxiedAnswer {
  return {
    status,
    headers: { 'content-type': 'application/json', ...(requestId ? { 'x-request-id': requestId } : {}), ...extra },
    text: JSON.stringify({
      tppMessages: [{ category: 'ERROR', code, ...(path ? { path } : {}), text: `careless bank: ${code}` }],
    }),
  };
}

export async function carelessBank(
  certs: ServerCertificates,
  upstream: { baseUrl: string; ca: string },
  known: KnownCertificates,
  behave: Behaviour,
): Promise<MockServer> {
  const byFingerprint = new Map(known.map((pair) => [new X509Certificate(pair.cert).fingerprint256, pair]));
  const forward: Forward = (sent) =>
    new Promise((resolve, reject) => {
      const target = new URL(sent.path, upstream.baseUrl);
      target.search = sent.query.toString();
      const body = Buffer.from(sent.text, 'utf8');
      const headers = { ...sent.headers, host: target.host };
      delete headers['content-length'];
      delete headers['transfer-encoding'];
      if (body.length > 0) headers['content-length'] = String(body.length);
      const pair = byFingerprint.get(sent.provider);
      const outgoing = request(
        target,
        { method: sent.method, headers, ca: upstream.ca, ...(pair ?? {}), agent: false },
        (answer) => {
          const parts: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => parts.push(chunk));
          answer.on('end', () => {
            const kept: Record<string, string> = {};
            for (const [name, value] of Object.entries(answer.headers)) {
              if (value === undefined || name === 'content-length' || name === 'transfer-encoding') continue;
              kept[name] = Array.isArray(value) ? value.join(', ') : value;
            }
            resolve({ status: answer.statusCode ?? 502, headers: kept, text: Buffer.concat(parts).toString('utf8') });
          });
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });

  const server = createServer(
    { key: certs.key, cert: certs.cert, requestCert: true, rejectUnauthorized: false },
    (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const peer = (req.socket as TLSSocket).getPeerCertificate();
        const url = new URL(req.url ?? '/', 'https://localhost');
        const proxied: ProxiedRequest = {
          method: req.method ?? 'GET',
          path: url.pathname,
          query: url.searchParams,
          headers: { ...req.headers },
          text: Buffer.concat(chunks).toString('utf8'),
          provider: peer?.fingerprint256 ?? '',
        };
        behave(proxied, forward).then(
          (answer) => {
            res.writeHead(answer.status, { ...answer.headers, 'content-length': Buffer.byteLength(answer.text) });
            res.end(answer.text);
          },
          () => req.socket.destroy(),
        );
      });
    },
  );
  return listen(server);
}
