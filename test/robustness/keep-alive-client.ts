/**
 * One keep-alive mutual-TLS agent for many requests (the shared test client opens a connection
 * per call, too slow for thousands). Headers may repeat (arrays) and carry raw latin1 bytes, so
 * a test can send what a hostile client would.
 */
import { Agent, request } from 'node:https';
import type { ClientCertificate } from '../helpers/tls-client.js';

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
  const send = (input: RawRequest) =>
    new Promise<RawAnswer>((resolve, reject) => {
      // Node frames a GET or DELETE body only when told its length; unframed bytes would read as a next request.
      const headers = input.body === undefined ? input.headers : { ...input.headers, 'Content-Length': String(Buffer.byteLength(input.body)) };
      const req = request(new URL(input.path, apiUrl), { method: input.method, agent, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(input.body);
    });
  return { send, close: () => agent.destroy() };
}
