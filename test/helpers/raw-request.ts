/**
 * One request to the XS2A API exactly as written: the path is sent as given (no URL parser
 * normalises it), over a fresh mutual-TLS connection, with no contract check of the answer.
 * For tables that pin what the edge makes of odd paths, bodies and headers.
 */
import { request } from 'node:https';

export interface RawExchange {
  method: string;
  path: string;
  headers?: Record<string, string | string[]>;
  body?: string | Buffer;
}

export interface RawReply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json: unknown;
}

export function rawRequester(
  apiUrl: string,
  tls: { ca: string | Buffer; cert: string | Buffer; key: string | Buffer },
) {
  const { hostname, port } = new URL(apiUrl);
  return (exchange: RawExchange): Promise<RawReply> =>
    new Promise((resolve, reject) => {
      const req = request(
        {
          host: hostname,
          port,
          agent: false,
          method: exchange.method,
          path: exchange.path,
          headers: exchange.headers,
          ...tls,
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
              json: text ? JSON.parse(text) : undefined,
            });
          });
        },
      );
      req.on('error', reject);
      req.end(exchange.body);
    });
}
