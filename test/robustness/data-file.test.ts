/**
 * `--data FILE`: a file of the wrong shape is refused before anything is written to it, the file
 * is private (it holds the key callback secrets derive from), and a write that fails leaves nothing
 * behind — the request answers 500 and a retry finds the state exactly as before the failed call.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createConsent, ibansOf, validConsent } from '../helpers/ais.js';
import { authorise, created, transfer } from '../helpers/pis.js';
import { certificateFolder, testSandbox } from '../helpers/sandbox.js';

const bin = new URL('../../bin/xs2a-kit.js', import.meta.url).pathname;
let certs: string;
beforeAll(async () => {
  certs = await certificateFolder();
});

const fresh = () => join(mkdtempSync(join(tmpdir(), 'xs2a-data-file-')), 'state.json');

describe('a data file of the wrong shape', () => {
  const cases: [string, string, RegExp][] = [
    ['null', 'null', /\(root\): expected a JSON object, got null/],
    ['an array', '[]', /\(root\): expected a JSON object, got an array/],
    ['another version', '{"version":2}', /version: expected 1, got 2/],
    ['collections of the wrong type', JSON.stringify({ version: 1, consents: [] }), /consents: /],
    [
      'a record missing what the rules read',
      JSON.stringify({ version: 1, consents: { c1: { consentId: 'c1' } } }),
      /consents\.c1\.kind: /,
    ],
    ['a clock past the end of year 9999', JSON.stringify({ version: 1, clockOffsetMs: 9e15 }), /clockOffsetMs: /],
  ];

  it.each(cases)(
    'is refused at start when it holds %s: nothing starts and the file is untouched',
    async (_what, content, problem) => {
      const file = fresh();
      writeFileSync(file, content);
      await expect(testSandbox(certs, { data: file })).rejects.toThrow(problem);
      await expect(testSandbox(certs, { data: file })).rejects.toThrow(
        `The data file ${file} is not an xs2a-kit data file`,
      );
      expect(readFileSync(file, 'utf8')).toBe(content);
    },
  );

  it('stops `serve` with exit 1 and one line naming the file and the field', () => {
    const file = fresh();
    writeFileSync(file, JSON.stringify({ version: 1, usage: { 'c|balances|2026-03-01': 'four' } }));
    const run = spawnSync(
      process.execPath,
      [bin, 'serve', '--port', '0', '--portal-port', '0', '--certs', certs, '--data', file],
      { encoding: 'utf8', timeout: 30_000 },
    );
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain(file);
    expect(run.stderr).toContain('usage.c|balances|2026-03-01');
  });
});

describe('the data file', () => {
  it('is written with mode 0600', async () => {
    const file = fresh();
    writeFileSync(file, '', { mode: 0o644 });
    rmSync(file);
    const t = await testSandbox(certs, { data: file });
    try {
      await createConsent(t, { access: { balances: [{ iban: ibansOf(t, 'anna')[0] }] } });
      expect(statSync(file).mode & 0o777).toBe(0o600);
    } finally {
      await t.sandbox.close();
    }
  });

  it('survives a restart after the clock was moved to its last instant and work was done there', async () => {
    const file = fresh();
    const first = await testSandbox(certs, { data: file });
    const iban = ibansOf(first, 'anna')[0]!;
    await first.control('/clock', { body: { set: '9999-12-31T23:00:00Z' } });
    await validConsent(first, [iban]);
    const payment = await created(first, transfer(iban));
    await authorise(first, payment.authorisationId, 'anna');
    await first.sandbox.close();
    const second = await testSandbox(certs, { data: file });
    try {
      const status = await second.call({
        path: `/v1/payments/sepa-credit-transfers/${payment.paymentId}/status`,
        client: second.tpp,
      });
      expect(status.json).toEqual({ transactionStatus: 'ACSP' });
    } finally {
      await second.sandbox.close();
    }
  });
});

describe('a write that fails', () => {
  it('answers 500 and leaves nothing: the retry makes exactly one consent', async () => {
    const folder = join(mkdtempSync(join(tmpdir(), 'xs2a-data-fail-')), 'kept');
    mkdirSync(folder);
    const file = join(folder, 'state.json');
    const logs: string[] = [];
    const t = await testSandbox(certs, { data: file, log: (line) => logs.push(line) });
    try {
      const iban = ibansOf(t, 'anna')[0]!;
      const body = { access: { balances: [{ iban }] }, recurringIndicator: true };
      const before = (await t.control('/consents')).json as unknown[];
      // The folder is gone: the atomic write's temporary file cannot be created, whatever the user's rights.
      rmSync(folder, { recursive: true, force: true });
      const failed = await createConsent(t, body);
      expect(failed.answer.status).toBe(500);
      expect(failed.answer.json).toEqual({
        tppMessages: [{ category: 'ERROR', code: 'INTERNAL_SERVER_ERROR', text: 'Internal server error.' }],
      });
      expect(logs.join('\n')).toMatch(/store could not be written/);
      expect((await t.control('/consents')).json).toEqual(before);

      mkdirSync(folder);
      const retried = await createConsent(t, body);
      expect(retried.answer.status).toBe(201);
      const consents = (await t.control('/consents')).json as { consentId: string }[];
      expect(consents.map((consent) => consent.consentId)).toEqual([retried.consentId]);
      const stored = JSON.parse(readFileSync(file, 'utf8')) as { consents: Record<string, unknown> };
      expect(Object.keys(stored.consents)).toEqual([retried.consentId]);
    } finally {
      await t.sandbox.close();
    }
  });

  it('takes back a payment, its authorisation, its idempotency key and its reserved money alike', async () => {
    const folder = join(mkdtempSync(join(tmpdir(), 'xs2a-data-fail-')), 'kept');
    mkdirSync(folder);
    const t = await testSandbox(certs, { data: join(folder, 'state.json'), log: () => {} });
    try {
      const iban = ibansOf(t, 'anna')[0]!;
      const payment = await created(t, transfer(iban));
      const balances = async () => {
        const consentId = await validConsent(t, [iban]);
        const account = t.sandbox
          .customers()
          .flatMap((customer) => customer.accounts)
          .find((a) => a.iban === iban)!.resourceId;
        return (
          await t.call({
            path: `/v1/accounts/${account}/balances`,
            client: t.tpp,
            headers: { 'Consent-ID': consentId, 'PSU-IP-Address': '192.0.2.1' },
          })
        ).json;
      };
      const before = await balances();
      rmSync(folder, { recursive: true, force: true });
      const key = '6f1c4a9e-2b7d-4e8a-9c3f-5a6b7c8d9e0f';
      expect(
        (
          await t.call({
            method: 'POST',
            path: '/v1/payments/sepa-credit-transfers',
            client: t.tpp,
            requestId: key,
            headers: { 'TPP-Redirect-URI': 'https://tpp.example/cb' },
            body: transfer(iban),
          })
        ).status,
      ).toBe(500);
      expect((await authorise(t, payment.authorisationId, 'anna')).status).toBe(500);
      mkdirSync(folder);
      expect(await balances()).toEqual(before);
      expect(((await t.control('/payments')).json as { paymentId: string }[]).map((row) => row.paymentId)).toEqual([
        payment.paymentId,
      ]);
      const again = await t.call({
        method: 'POST',
        path: '/v1/payments/sepa-credit-transfers',
        client: t.tpp,
        requestId: key,
        headers: { 'TPP-Redirect-URI': 'https://tpp.example/cb' },
        body: transfer(iban, { remittanceInformationUnstructured: 'another body' }),
      });
      // The failed initiation bound no key: another body under it is a new payment, not a conflict.
      expect(again.status).toBe(201);
    } finally {
      await t.sandbox.close();
    }
  });
});
