import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDIRECT } from '../helpers/ais.js';
import { certificateFolder } from '../helpers/sandbox.js';
import { STANDARD, transfer } from '../helpers/pis.js';
import { keepAliveClient } from '../helpers/keep-alive-client.js';

const bin = new URL('../../bin/xs2a-kit.js', import.meta.url).pathname;
let certs: string;
let ca: string;
let tpp: { cert: string; key: string };
const running = new Set<ChildProcessWithoutNullStreams>();

beforeAll(async () => {
  certs = await certificateFolder();
  ca = readFileSync(join(certs, 'ca.crt'), 'utf8');
  tpp = { cert: readFileSync(join(certs, 'tpp.crt'), 'utf8'), key: readFileSync(join(certs, 'tpp.key'), 'utf8') };
});
afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
});

/** `xs2a-kit serve --data FILE` on free ports; resolves with the URLs its ready banner prints. */
function serve(data: string): Promise<{ child: ChildProcessWithoutNullStreams; apiUrl: string; controlUrl: string }> {
  const child = spawn(process.execPath, [
    bin,
    'serve',
    '--port',
    '0',
    '--portal-port',
    '0',
    '--certs',
    certs,
    '--data',
    data,
  ]);
  running.add(child);
  child.on('exit', () => running.delete(child));
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const api = /XS2A API \(mutual TLS\)\s+(\S+)/.exec(out);
      const control = /Control API\s+(\S+)/.exec(out);
      if (/ready in \d+ ms/.test(out) && api && control) resolve({ child, apiUrl: api[1]!, controlUrl: control[1]! });
    });
    child.on('exit', (code) => reject(new Error(`serve exited (${String(code)}) before ready: ${out}${err}`)));
  });
}

/**
 * Initiates payments four at a time until `kill` fires, then SIGKILLs the server with requests
 * in flight. Answers that arrived are kept; the in-flight ones fail with a connection error.
 */
async function streamUntilKilled(
  apiUrl: string,
  child: ChildProcessWithoutNullStreams,
  debtorIban: string,
  killAfter: number,
): Promise<string[]> {
  const client = keepAliveClient(apiUrl, ca, tpp, 4);
  const confirmed: string[] = [];
  let killed = false;
  const worker = async () => {
    while (!killed) {
      try {
        const answer = await client.send({
          method: 'POST',
          path: `/v1/payments/${STANDARD}`,
          headers: { 'X-Request-ID': randomUUID(), 'TPP-Redirect-URI': REDIRECT, 'Content-Type': 'application/json' },
          body: JSON.stringify(transfer(debtorIban, { instructedAmount: { currency: 'EUR', amount: '0.01' } })),
        });
        if (answer.status !== 201) throw new Error(`initiation answered ${answer.status}: ${answer.text}`);
        confirmed.push((JSON.parse(answer.text) as { paymentId: string }).paymentId);
        if (confirmed.length >= killAfter && !killed) {
          killed = true;
          child.kill('SIGKILL');
        }
      } catch (error) {
        if (!killed) throw error;
      }
    }
  };
  const exited = new Promise((resolve) => child.once('exit', resolve));
  await Promise.all([worker(), worker(), worker(), worker()]);
  await exited;
  client.close();
  return confirmed;
}

describe('crash safety with --data', () => {
  it('keeps every payment that got a 201 through two kill -9s mid-stream, and the file always parses', async () => {
    const data = join(mkdtempSync(join(tmpdir(), 'xs2a-crash-')), 'state.json');
    const confirmed: string[] = [];
    for (const killAfter of [40, 25]) {
      const server = await serve(data);
      const customers = (await (await fetch(`${server.controlUrl}/customers`)).json()) as {
        psuId: string;
        accounts: { iban: string }[];
      }[];
      const anna = customers.find((customer) => customer.psuId === 'anna')!.accounts[0]!.iban;
      confirmed.push(...(await streamUntilKilled(server.apiUrl, server.child, anna, killAfter)));
      const file = JSON.parse(readFileSync(data, 'utf8')) as { payments: Record<string, unknown> };
      for (const paymentId of confirmed)
        expect(file.payments[paymentId], `payment ${paymentId} in the file`).toBeDefined();
    }
    expect(confirmed.length).toBeGreaterThanOrEqual(65);

    const restarted = await serve(data);
    const client = keepAliveClient(restarted.apiUrl, ca, tpp, 4);
    try {
      const reads = await Promise.all(
        confirmed.map((paymentId) =>
          client.send({
            method: 'GET',
            path: `/v1/payments/${STANDARD}/${paymentId}/status`,
            headers: { 'X-Request-ID': randomUUID() },
          }),
        ),
      );
      expect(reads.map((read) => read.status)).toEqual(confirmed.map(() => 200));
      expect(new Set(reads.map((read) => read.text))).toEqual(new Set(['{"transactionStatus":"RCVD"}']));
    } finally {
      client.close();
      restarted.child.kill('SIGTERM');
    }
  }, 60_000);
});
