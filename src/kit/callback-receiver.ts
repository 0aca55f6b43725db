/**
 * An HTTPS receiver for revocation callbacks, as a conformance scenario needs one: it records the
 * raw bytes of every delivery and judges its signature with the exported verifier exactly as a
 * provider should (spec "Events" 4-5). It talks only HTTP, so it works against any implementation.
 */
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { HEADERS, verifyCallbackSignature, type CallbackVerdict } from '../contract/index.js';

export interface ReceivedCallback {
  receivedAt: Date;
  /** The exact bytes received: signatures are checked over these, never over a re-serialised parse. */
  rawBody: string;
  signature: string | undefined;
  verdict: CallbackVerdict;
  /**
   * The signature verified only with the secret's 64 characters as the HMAC key, not the 32 bytes
   * they spell: the other reading of "a hex string of 32 bytes", observed by CB-SIGN-002.
   */
  keyedWithText: boolean;
  /** What the receiver answered; 0 when it closed the connection without an answer. */
  status: number;
}

export interface CallbackReceiverOptions {
  /** TLS key and certificate the receiver presents (the target must trust their CA). */
  key: string;
  cert: string;
  host?: string;
  path?: string;
  /** The secret the target gave at registration; read at each delivery, since a new URL means a new secret. */
  secret: () => string | undefined;
  /** The receiver's clock for the 300-second tolerance (a sandbox's clock when testing one). */
  now?: () => Date;
}

export interface CallbackReceiver {
  readonly url: string;
  readonly received: readonly ReceivedCallback[];
  /**
   * How to answer the next deliveries, whatever their signature: a status, or `'drop'` to close the
   * connection without any answer (a connection failure to the sender).
   */
  answerNext(answers: (number | 'drop')[]): void;
  /** Resolves once `count` deliveries have arrived, or rejects after `timeoutMs` of real time. */
  waitFor(count: number, timeoutMs?: number): Promise<readonly ReceivedCallback[]>;
  close(): Promise<void>;
}

export async function startCallbackReceiver(options: CallbackReceiverOptions): Promise<CallbackReceiver> {
  const received: ReceivedCallback[] = [];
  const scripted: (number | 'drop')[] = [];
  const waiters = new Set<() => void>();
  const path = options.path ?? '/xs2a/revocations';
  const server = createServer({ key: options.key, cert: options.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      const header = req.headers[HEADERS.serviceSignature.toLowerCase()];
      const signature = typeof header === 'string' ? header : undefined;
      const secret = options.secret();
      const now = options.now?.() ?? new Date();
      let verdict: CallbackVerdict = secret
        ? verifyCallbackSignature(rawBody, signature, secret, now)
        : { ok: false, reason: 'malformed' };
      // The interface's "the HMAC key, a hex string of 32 bytes" has a second reading: the string
      // itself as the key. A bank that reads it so signs correctly by its reading; the kit accepts it
      // and says which reading the signature followed (keyedWithText), never a finding.
      let keyedWithText = false;
      if (secret && !verdict.ok && verdict.reason === 'mismatch') {
        const text = verifyCallbackSignature(rawBody, signature, secret, now, 'text');
        if (text.ok) [verdict, keyedWithText] = [text, true];
      }
      // A verified delivery is acknowledged; a failed check is dropped with 401, as a provider should.
      const answer = scripted.shift() ?? (verdict.ok && req.url === path ? 204 : 401);
      received.push({
        receivedAt: new Date(),
        rawBody,
        signature,
        verdict,
        keyedWithText,
        status: answer === 'drop' ? 0 : answer,
      });
      if (answer === 'drop') req.socket.destroy();
      else {
        res.statusCode = answer;
        res.end();
      }
      for (const wake of waiters) wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://localhost:${port}${path}`,
    received,
    answerNext: (statuses) => scripted.push(...statuses),
    waitFor(count, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (received.length < count) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(received);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`expected ${count} callback deliveries, got ${received.length} within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
