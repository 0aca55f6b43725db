/**
 * One delivery attempt over HTTPS (spec "Events" 6: an http:// URL is never called). Receivers are
 * checked against the system CAs plus any `--callback-ca`; a connection failure or time-out is an
 * outcome like a non-2xx status, never an exception.
 */
import { request } from 'node:https';
import { rootCertificates } from 'node:tls';

export interface AttemptOutcome {
  status: number | null;
  error: string | null;
}

export function postCallback(url: string, body: string, headers: Record<string, string>, extraCa: readonly string[], timeoutMs: number): Promise<AttemptOutcome> {
  if (!url.startsWith('https://')) return Promise.resolve({ status: null, error: 'not an https URL: never called' });
  return new Promise((resolve) => {
    const req = request(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)), ...headers },
      ...(extraCa.length > 0 ? { ca: [...rootCertificates, ...extraCa] } : {}),
      timeout: timeoutMs,
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? null, error: null }));
    });
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ status: null, error: error.code ?? error.message }));
    req.end(body);
  });
}
