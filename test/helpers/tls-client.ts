/**
 * A minimal XS2A client for tests: mutual TLS with whatever certificate the test hands it (or
 * none), a fresh connection per call so every call is judged on its own certificate. Every
 * answer is held against the published OpenAPI document (openapi-check.ts); a mismatch rejects.
 */
import { randomUUID } from 'node:crypto';
import { sendHttps } from '../../src/kit/client.js';
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
  return async (options: CallOptions): Promise<Answer> => {
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
    const method = options.method ?? 'GET';
    const answer = await sendHttps(url, { method, headers, payload, ca: caPem, certificate: options.client });
    // Every answer is held against the published document; a mismatch fails the calling test.
    const mismatch = contractMismatch({
      method,
      url,
      requestHeaders: headers,
      status: answer.status,
      responseHeaders: answer.headers,
      text: answer.text,
      json: answer.json,
    });
    if (mismatch) throw new Error(`The answer does not match the OpenAPI document: ${mismatch}`);
    return answer;
  };
}
