/**
 * Many requests over a few kept-alive mutual-TLS connections, for tests that send thousands or
 * need requests to land together (the shared client, tls-client.ts, opens a connection per call).
 * Both go through the kit's own HTTPS exchange (src/kit/client.ts). Headers may repeat (arrays)
 * and carry raw latin1 bytes, so a test can send what a hostile client would.
 */
import { Agent } from 'node:https';
import { sendHttps } from '../../src/kit/client.js';
import type { ClientCertificate } from './tls-client.js';

export interface RawRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[]>;
  body?: string;
}

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

export function keepAliveClient(apiUrl: string, ca: string, certificate: ClientCertificate, sockets = 8) {
  const agent = new Agent({ keepAlive: true, maxSockets: sockets, ca, cert: certificate.cert, key: certificate.key });
  const send = async (input: RawRequest): Promise<RawAnswer> => {
    // Node frames a GET or DELETE body only when told its length; unframed bytes would read as a next request.
    const headers =
      input.body === undefined
        ? input.headers
        : { ...input.headers, 'Content-Length': String(Buffer.byteLength(input.body)) };
    const answer = await sendHttps(new URL(input.path, apiUrl), {
      method: input.method,
      headers,
      payload: input.body,
      ca,
      agent,
    });
    return { status: answer.status, headers: answer.headers, text: answer.text };
  };
  return { send, close: () => agent.destroy() };
}
