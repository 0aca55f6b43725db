/**
 * One call of a sandbox's mutual-TLS port as a provider: an XS2A operation, or with worlds the
 * provider's own world's control API under /sandbox/. A fresh X-Request-ID each time; a body goes as
 * JSON (with the TPP-Redirect-URI an initiation needs). `base` may be a function, so a test can send
 * each call to the next process of a facility.
 */
import { randomUUID } from 'node:crypto';
import { sendHttps } from '../../src/kit/client.js';
import { REDIRECT } from './ais.js';
import type { ClientCertificate } from './tls-client.js';

export interface WorldAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  json: any;
}

export type WorldCall = (
  client: ClientCertificate | null,
  method: string,
  path: string,
  body?: unknown,
) => Promise<WorldAnswer>;

export function worldCall(base: string | (() => string), ca: string): WorldCall {
  return async (client, method, path, body) => {
    const answer = await sendHttps(new URL(path, typeof base === 'string' ? base : base()), {
      method,
      headers: {
        'X-Request-ID': randomUUID(),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json', 'TPP-Redirect-URI': REDIRECT }),
      },
      payload: body === undefined ? undefined : JSON.stringify(body),
      ca,
      certificate: client ?? undefined,
    });
    return { status: answer.status, headers: answer.headers, json: answer.json };
  };
}
