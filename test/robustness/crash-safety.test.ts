/**
 * kill -9 at any moment loses no answered write and leaves a data file that opens: payments and
 * consents are created four at a time until the server is killed with requests in flight; every
 * one that was answered 201 must be in the file, the file must pass SQLite's integrity check, and a
 * restarted server must serve them all.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDIRECT } from '../helpers/ais.js';
import { readDataFile } from '../helpers/data-file.js';
import { keepAliveClient } from '../helpers/keep-alive-client.js';
import { STANDARD, transfer } from '../helpers/pis.js';
import { certificateFolder } from '../helpers/sandbox.js';
import { killAllServes, serveProcess, stopServe, type ServeProcess } from '../helpers/serve-process.js';

let certs: string;
let ca: string;
let tpp: { cert: string; key: string };

beforeAll(async () => {
  certs = await certificateFolder();
  ca = readFileSync(join(certs, 'ca.crt'), 'utf8');
  tpp = { cert: readFileSync(join(certs, 'tpp.crt'), 'utf8'), key: readFileSync(join(certs, 'tpp.key'), 'utf8') };
});
afterAll(killAllServes);

interface Confirmed {
  payments: string[];
  consents: string[];
}

/**
 * Two workers initiate payments and two create consents until `killAfter` writes were answered,
 * then the server is SIGKILLed with requests in flight. Answers that arrived are kept; the
 * in-flight ones fail with a connection error.
 */
async function writeUntilKilled(server: ServeProcess, debtorIban: string, killAfter: number): Promise<Confirmed> {
  const client = keepAliveClient(server.apiUrl, ca, tpp, 4);
  const confirmed: Confirmed = { payments: [], consents: [] };
  let killed = false;
  const headers = { 'TPP-Redirect-URI': REDIRECT, 'Content-Type': 'application/json' };
  const requests = {
    payments: () => ({
      path: `/v1/payments/${STANDARD}`,
      body: transfer(debtorIban, { instructedAmount: { currency: 'EUR', amount: '0.01' } }),
      id: 'paymentId',
    }),
    consents: () => ({
      path: '/v1/consents',
      body: { access: { balances: [{ iban: debtorIban }] }, recurringIndicator: true, frequencyPerDay: 4 },
      id: 'consentId',
    }),
  };
  const worker = async (kind: keyof Confirmed) => {
    while (!killed) {
      const { path, body, id } = requests[kind]();
      try {
        const answer = await client.send({
          method: 'POST',
          path,
          headers: { ...headers, 'X-Request-ID': randomUUID() },
          body: JSON.stringify(body),
        });
        if (answer.status !== 201) throw new Error(`${path} answered ${answer.status}: ${answer.text}`);
        confirmed[kind].push((JSON.parse(answer.text) as Record<string, string>)[id]!);
        if (confirmed.payments.length + confirmed.consents.length >= killAfter && !killed) {
          killed = true;
          server.child.kill('SIGKILL');
        }
      } catch (error) {
        if (!killed) throw error;
      }
    }
  };
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  await Promise.all([worker('payments'), worker('payments'), worker('consents'), worker('consents')]);
  await exited;
  client.close();
  return confirmed;
}

describe('crash safety with --data', () => {
  it('keeps every payment and consent that got a 201 through three kill -9s mid-stream, and the file always opens', async () => {
    const data = join(mkdtempSync(join(tmpdir(), 'xs2a-crash-')), 'state.db');
    const confirmed: Confirmed = { payments: [], consents: [] };
    for (const killAfter of [40, 25, 3]) {
      const server = await serveProcess(certs, ['--data', data]);
      const customers = (await (await fetch(`${server.controlUrl}/customers`)).json()) as {
        psuId: string;
        accounts: { iban: string }[];
      }[];
      const anna = customers.find((customer) => customer.psuId === 'anna')!.accounts[0]!.iban;
      const round = await writeUntilKilled(server, anna, killAfter);
      confirmed.payments.push(...round.payments);
      confirmed.consents.push(...round.consents);
      const file = readDataFile(data);
      expect(file.integrity).toBe('ok');
      for (const paymentId of confirmed.payments)
        expect(file.records['payments']?.[paymentId], `payment ${paymentId} in the file`).toBeDefined();
      for (const consentId of confirmed.consents)
        expect(file.records['consents']?.[consentId], `consent ${consentId} in the file`).toBeDefined();
    }
    expect(confirmed.payments.length + confirmed.consents.length).toBeGreaterThanOrEqual(68);

    const restarted = await serveProcess(certs, ['--data', data]);
    const client = keepAliveClient(restarted.apiUrl, ca, tpp, 4);
    try {
      const read = (path: string) => client.send({ method: 'GET', path, headers: { 'X-Request-ID': randomUUID() } });
      const payments = await Promise.all(confirmed.payments.map((id) => read(`/v1/payments/${STANDARD}/${id}/status`)));
      expect(payments.map((answer) => answer.status)).toEqual(confirmed.payments.map(() => 200));
      expect(new Set(payments.map((answer) => answer.text))).toEqual(new Set(['{"transactionStatus":"RCVD"}']));
      const consents = await Promise.all(confirmed.consents.map((id) => read(`/v1/consents/${id}/status`)));
      expect(consents.map((answer) => answer.text)).toEqual(
        confirmed.consents.map(() => '{"consentStatus":"received"}'),
      );
    } finally {
      client.close();
      await stopServe(restarted);
    }
  }, 90_000);
});
