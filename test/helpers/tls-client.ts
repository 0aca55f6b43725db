/**
 * A minimal XS2A client for tests: mutual TLS with whatever certificate the test hands it (or
 * none), a fresh connection per call so every call is judged on its own certificate. Every
 * answer is held against the published OpenAPI document (openapi-check.ts); a mismatch rejects.
 */
import { randomUUID } from 'node:crypto';
import { request } from 'node:https';
import { contractMismatch } from './openapi-check.js';

export interface ClientCertificate {
  cert: string;
  key: string;
}

export interface CallOptions {
  method?: string;
  path: string;
  headers?: Record<string, string | string[] | undefined>;
  /** JSON-serialised unless `rawBody` is given. */
  body?: unknown;
  rawBody?: string | Buffer;
  /** null: present no certificate at all. */
  client: ClientCertificate | null;
  /** false: send no X-Request-ID. */
  requestId?: string | false;
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json: unknown;
}

export function apiCaller(apiUrl: string, caPem: string) {
  return (options: CallOptions): Promise<Answer> => {
    const url = new URL(options.path, apiUrl);
    const headers: Record<string, string | string[]> = {};
    if (options.requestId !== false) headers['X-Request-ID'] = options.requestId ?? randomUUID();
    let payload: string | Buffer | undefined = options.rawBody;
    if (payload === undefined && options.body !== undefined) {
      payload = JSON.stringify(options.body);
      headers['Content-Type'] = 'application/json';
    }
    for (const [name, value] of Object.entries(options.headers ?? {})) {
      if (value === undefined) delete headers[name];
      else headers[name] = value;
    }
    return new Promise((resolve, reject) => {
      const req = request(
        url,
        {
          method: options.method ?? 'GET',
          headers,
          ca: caPem,
          agent: false,
          ...(options.client ? { cert: options.client.cert, key: options.client.key } : {}),
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let json: unknown;
            try {
              json = text ? JSON.parse(text) : undefined;
            } catch {
              json = undefined;
            }
            const answer = { status: res.statusCode ?? 0, headers: res.headers, text, json };
            const method = options.method ?? 'GET';
            let mismatch: string | undefined;
            try {
              mismatch = contractMismatch({ method, url, requestHeaders: headers, status: answer.status, responseHeaders: res.headers, text, json });
            } catch (error) {
              reject(error instanceof Error ? error : new Error(String(error)));
              return;
            }
            if (mismatch) reject(new Error(`The answer does not match the OpenAPI document: ${mismatch}`));
            else resolve(answer);
          });
        },
      );
      req.on('error', reject);
      if (payload !== undefined) req.write(payload);
      req.end();
    });
  };
}
