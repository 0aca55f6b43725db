/**
 * One HTTPS request on a fresh connection that tells how far it got: refused or unresolved before
 * any connection, broken during the TLS handshake (and with which code: a server certificate the CA
 * does not verify, a plain-HTTP server, an alert of the server about the client certificate), or
 * broken after it, or answered. The preflight reads these to name the configuration mistake.
 */
import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request } from 'node:https';
import type { TLSSocket } from 'node:tls';
import { targetUrl, type ClientCertificate } from '../client.js';

export type ProbeOutcome =
  | {
      kind: 'answer';
      status: number;
      headers: Record<string, string | string[] | undefined>;
      text: string;
      json: unknown;
    }
  /** `secured`: the TLS handshake had completed when the connection broke. */
  | { kind: 'broken'; code: string; message: string; secured: boolean };

export interface ProbeInit {
  /** The CA the server certificate must chain to; without one the server is not verified (asking only whether it speaks XS2A). */
  ca: string | undefined;
  certificate: ClientCertificate | null;
  timeoutMs?: number;
  /** Headers besides the X-Request-ID every request carries. */
  headers?: Record<string, string>;
}

/**
 * `{base_url}` joined with a path: the one join of the kit (client.ts `targetUrl`), so the preflight
 * asks exactly the URLs the scenarios will (a base URL's own path is kept: `https://bank.example/psd2`
 * + `/v1/…`).
 */
export function apiUrl(baseUrl: string, path: string): URL {
  return targetUrl(baseUrl, path);
}

/** Whether something answers plain HTTP at the URL's host and port (a portal port given as the API's). */
export function answersPlainHttp(url: URL, timeoutMs = 5_000): Promise<boolean> {
  return new Promise((resolve) => {
    const req = httpRequest(
      {
        host: url.hostname.replace(/^\[|\]$/g, ''),
        port: url.port || 443,
        path: '/',
        method: 'GET',
        agent: false,
        timeout: timeoutMs,
      },
      (res) => {
        res.resume();
        resolve(true);
      },
    );
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(false));
    req.end();
  });
}

export function probeHttps(url: URL, init: ProbeInit): Promise<ProbeOutcome> {
  return new Promise((resolve) => {
    let secured = false;
    const req = request(
      url,
      {
        method: 'GET',
        agent: false,
        ...(init.ca === undefined ? { rejectUnauthorized: false } : { ca: init.ca }),
        ...(init.certificate ?? {}),
        headers: { ...init.headers, 'X-Request-ID': randomUUID() },
        timeout: init.timeoutMs ?? 15_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', (error: NodeJS.ErrnoException) =>
          resolve({ kind: 'broken', code: error.code ?? 'ECONNRESET', message: error.message, secured }),
        );
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: unknown;
          try {
            json = text ? JSON.parse(text) : undefined;
          } catch {
            json = undefined;
          }
          resolve({ kind: 'answer', status: res.statusCode ?? 0, headers: res.headers, text, json });
        });
      },
    );
    req.on('socket', (socket) => (socket as TLSSocket).once('secureConnect', () => (secured = true)));
    req.on('timeout', () => {
      const error = Object.assign(new Error(`no answer within ${init.timeoutMs ?? 15_000} ms`), { code: 'ETIMEDOUT' });
      req.destroy(error);
    });
    req.on('error', (error: NodeJS.ErrnoException) =>
      resolve({ kind: 'broken', code: error.code ?? 'UNKNOWN', message: error.message, secured }),
    );
    req.end();
  });
}
