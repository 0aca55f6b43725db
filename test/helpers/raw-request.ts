/**
 * One request to the XS2A API over the sandbox's TLS material, headers exactly as given (a header
 * given as a list is sent once per value), a fresh connection each time, no contract check of the
 * answer (`certificate: false` presents none). For tables that pin what the edge makes of odd
 * paths, bodies and headers.
 */
import { request } from 'node:https';
import type { Sandbox } from '../../src/index.js';

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json: unknown;
}

export function rawRequest(
  sandbox: Sandbox,
  path: string,
  init: {
    method?: string;
    headers?: Record<string, string | string[]>;
    body?: string | Buffer;
    certificate?: boolean;
  } = {},
): Promise<RawAnswer> {
  const { ca, cert, key } = sandbox.tls;
  return new Promise((resolve, reject) => {
    const req = request(
      new URL(path, sandbox.apiUrl),
      {
        method: init.method ?? 'GET',
        headers: init.headers ?? {},
        ca,
        ...(init.certificate === false ? {} : { cert, key }),
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text,
            json: text ? (JSON.parse(text) as unknown) : undefined,
          });
        });
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}
