/**
 * The kit client's kept-alive connections: one agent per certificate, each connection presenting
 * only its own; a kept connection the server dropped is tried once more on a new one, while a
 * fresh connection that breaks is the target not answering.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connectionPool, createClient, TargetUnreachable, type ConnectionPool } from '../../src/kit/client.js';
import { certificateFolder } from '../helpers/sandbox.js';

let server: Server;
let baseUrl: string;
let ca: string;
let tpp: { cert: string; key: string };
/** What the server does with the n-th request on a connection: answer, or drop the connection unanswered. */
let onRequest: (nth: number) => 'answer' | 'drop' = () => 'answer';
const sockets = new Set<TLSSocket>();
const requestsOn = new WeakMap<TLSSocket, number>();
const subjects: string[] = [];
let pool: ConnectionPool;

beforeAll(async () => {
  const certs = await certificateFolder();
  const read = (name: string) => readFileSync(`${certs}/${name}`, 'utf8');
  ca = read('ca.crt');
  tpp = { cert: read('tpp.crt'), key: read('tpp.key') };
  server = createServer(
    { key: read('server.key'), cert: read('server.crt'), ca, requestCert: true, rejectUnauthorized: false },
    (req, res) => {
      const socket = req.socket as TLSSocket;
      sockets.add(socket);
      const nth = (requestsOn.get(socket) ?? 0) + 1;
      requestsOn.set(socket, nth);
      subjects.push(String(socket.getPeerCertificate().subject?.CN ?? '(none)'));
      if (onRequest(nth) === 'drop') {
        socket.destroy();
        return;
      }
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ nth }));
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `https://localhost:${(server.address() as AddressInfo).port}`;
});
afterEach(() => {
  pool?.close();
  sockets.clear();
  subjects.length = 0;
  onRequest = () => 'answer';
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const clientOf = (certificate: typeof tpp | null) =>
  createClient({ baseUrl, ca, certificate, label: 'test', record: () => {}, pool });

describe('kept-alive connections', () => {
  it('reuses one connection per certificate, each presenting only its own', async () => {
    pool = connectionPool(ca);
    const withCert = clientOf(tpp);
    const without = clientOf(null);
    const answers = [
      await withCert.call({ path: '/one' }),
      await withCert.call({ path: '/two' }),
      await without.call({ path: '/three' }),
      await without.call({ path: '/four' }),
    ];
    expect(answers.map((answer) => (answer.json as { nth: number }).nth)).toEqual([1, 2, 1, 2]);
    expect(sockets.size).toBe(2);
    expect(subjects[0]).not.toBe('(none)');
    expect(subjects.slice(1)).toEqual([subjects[0], '(none)', '(none)']);
  });

  it('sends a request again on a new connection when the kept one was dropped before any answer', async () => {
    pool = connectionPool(ca);
    const client = clientOf(tpp);
    expect((await client.call({ path: '/first' })).status).toBe(200);
    onRequest = (nth) => (nth === 2 ? 'drop' : 'answer');
    const again = await client.call({ path: '/second' });
    expect([again.status, (again.json as { nth: number }).nth]).toEqual([200, 1]);
    expect(sockets.size).toBe(2);
  });

  it('reports a fresh connection dropped before any answer as the target not answering, without trying again', async () => {
    pool = connectionPool(ca);
    onRequest = () => 'drop';
    await expect(clientOf(tpp).call({ path: '/dropped' })).rejects.toBeInstanceOf(TargetUnreachable);
    expect(subjects).toHaveLength(1);
  });
});
