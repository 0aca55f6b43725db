/**
 * One delivery attempt over HTTPS (spec "Events" 6: an http:// URL is never called). Receivers are
 * checked against the system CAs plus any `--callback-ca`. An attempt has one deadline for all of
 * it, connection, head and body: a receiver that answers its head and then drips the body is cut
 * there like one that never answers. A connection failure, a cut or a non-2xx status is an outcome,
 * never an exception.
 */
import { request } from 'node:https';
import { rootCertificates } from 'node:tls';

export interface AttemptOutcome {
  status: number | null;
  error: string | null;
}

export function postCallback(
  url: string,
  body: string,
  headers: Record<string, string>,
  extraCa: readonly string[],
  deadlineMs: number,
): Promise<AttemptOutcome> {
  if (!url.startsWith('https://')) return Promise.resolve({ status: null, error: 'not an https URL: never called' });
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: AttemptOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      resolve(outcome);
    };
    const req = request(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)), ...headers },
      ...(extraCa.length > 0 ? { ca: [...rootCertificates, ...extraCa] } : {}),
    });
    const deadline = setTimeout(() => {
      finish({ status: null, error: `no complete answer within ${deadlineMs} ms` });
      req.destroy();
    }, deadlineMs);
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => finish({ status: res.statusCode ?? null, error: null }));
      res.on('error', (error: NodeJS.ErrnoException) => finish({ status: null, error: error.code ?? error.message }));
    });
    req.on('error', (error: NodeJS.ErrnoException) => finish({ status: null, error: error.code ?? error.message }));
    req.end(body);
  });
}
