/**
 * A provider's revocation-callback receiver for tests: HTTPS with the sandbox CA's localhost
 * certificate (start the sandbox with `callbackCa: [`${certs}/ca.crt`]`), recording each event's
 * `eventId` and signature and answering `status` (200 unless changed).
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';

export interface CallbackReceiver {
  url: string;
  received: { eventId: string; signature: string }[];
  status: number;
  /** How long it takes to answer (a slow receiver keeps an attempt on the wire). */
  delayMs: number;
  close(): void;
}

export async function callbackReceiver(certs: string): Promise<CallbackReceiver> {
  const receiver: Omit<CallbackReceiver, 'url' | 'close'> = { received: [], status: 200, delayMs: 0 };
  const server = createServer(
    { key: readFileSync(`${certs}/server.key`), cert: readFileSync(`${certs}/server.crt`) },
    (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const { eventId } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { eventId: string };
        receiver.received.push({ eventId, signature: String(req.headers['x-service-signature']) });
        res.statusCode = receiver.status;
        if (receiver.delayMs > 0) setTimeout(() => res.end(), receiver.delayMs);
        else res.end();
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `https://localhost:${(server.address() as AddressInfo).port}/xs2a/revocations`;
  return Object.assign(receiver, { url, close: () => server.close() });
}
