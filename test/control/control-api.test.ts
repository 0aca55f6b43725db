import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ibanProblem } from '../../src/contract/index.js';
import { loadCustomersFixture } from '../../src/sim/seed/fixtures.js';
import { readDataFile } from '../helpers/data-file.js';
import { certificateFolder, testSandbox, type TestSandbox } from '../helpers/sandbox.js';

let certs: string;
let t: TestSandbox;

beforeAll(async () => {
  certs = await certificateFolder();
  t = await testSandbox(certs, { clockStart: '2026-03-01T10:00:00Z' });
});
afterAll(() => t.sandbox.close());

describe('GET /sandbox/customers', () => {
  it('lists the named fixture customers with PSU id, password and accounts', async () => {
    const answer = await t.control('/customers');
    expect(answer.status).toBe(200);
    const customers = answer.json as {
      psuId: string;
      password: string;
      name: string;
      accounts: { iban: string; resourceId: string; currency: string; name: string; status: string }[];
    }[];
    expect(customers).toHaveLength(loadCustomersFixture().customers.length + 5);
    expect(customers[0]).toMatchObject({ psuId: 'anna', password: 'anna-1234', name: 'Anna Schmidt' });
    expect(customers[0]!.accounts).toHaveLength(2);
    for (const account of customers.flatMap((customer) => customer.accounts)) {
      expect(Object.keys(account).sort()).toEqual(
        'compliance' in account
          ? ['compliance', 'currency', 'iban', 'name', 'resourceId', 'status']
          : ['currency', 'iban', 'name', 'resourceId', 'status'],
      );
      expect(ibanProblem(account.iban)).toBeUndefined();
      expect(account.currency).toBe('EUR');
      expect(account.resourceId).not.toContain(account.iban);
    }
  });

  it('shows which account is closed and which is under a compliance hold, facts the interface never carries', async () => {
    const customers = (await t.control('/customers')).json as {
      psuId: string;
      accounts: { name: string; status: string; compliance?: string }[];
    }[];
    const flagged = customers.flatMap((customer) =>
      customer.accounts
        .filter((account) => account.status !== 'live' || account.compliance !== undefined)
        .map((account) => [customer.psuId, account.name, account.status, account.compliance]),
    );
    expect(flagged).toEqual([
      ['gero', 'Altes Konto', 'closed', undefined],
      ['hanna', 'Girokonto', 'live', 'hold'],
    ]);
  });

  it('is the same world for the same seed in another sandbox', async () => {
    const twin = await testSandbox(certs);
    try {
      expect((await twin.control('/customers')).json).toEqual((await t.control('/customers')).json);
    } finally {
      await twin.sandbox.close();
    }
  });
});

describe('the sandbox clock', () => {
  it('starts where it was told and is read with GET', async () => {
    const answer = await t.control('/clock');
    expect(answer.status).toBe(200);
    const { now } = answer.json as { now: string };
    expect(Date.parse(now) - Date.parse('2026-03-01T10:00:00Z')).toBeGreaterThanOrEqual(0);
    expect(Date.parse(now) - Date.parse('2026-03-01T10:00:00Z')).toBeLessThan(60_000);
  });

  it('advances by an ISO 8601 duration, and the handle sees the same clock', async () => {
    const before = t.sandbox.clock.now().getTime();
    const answer = await t.control('/clock', { body: { advance: 'P1DT2H' } });
    expect(answer.status).toBe(200);
    const moved = Date.parse((answer.json as { now: string }).now) - before;
    expect(moved).toBeGreaterThanOrEqual(26 * 3_600_000);
    expect(moved).toBeLessThan(26 * 3_600_000 + 60_000);
    expect(Math.abs(t.sandbox.clock.now().getTime() - Date.parse((answer.json as { now: string }).now))).toBeLessThan(
      60_000,
    );
  });

  it('is set to a later instant, and refuses to go back', async () => {
    const set = await t.control('/clock', { body: { set: '2026-09-01T00:00:00Z' } });
    expect(set.status).toBe(200);
    expect((set.json as { now: string }).now.slice(0, 16)).toBe('2026-09-01T00:00');
    const back = await t.control('/clock', { body: { set: '2026-01-01T00:00:00Z' } });
    expect(back.status).toBe(400);
    expect(back.json).toEqual({
      tppMessages: [
        {
          category: 'ERROR',
          code: 'FORMAT_ERROR',
          path: 'set',
          text: 'The clock only moves forward; POST /sandbox/reset starts over at real time.',
        },
      ],
    });
  });

  it('refuses a malformed move with FORMAT_ERROR and the field at fault', async () => {
    const bad = await t.control('/clock', { body: { advance: 'one hour' } });
    expect(bad.status).toBe(400);
    expect((bad.json as { tppMessages: { path: string }[] }).tppMessages[0]?.path).toBe('advance');
    const both = await t.control('/clock', { body: { advance: 'PT1H', set: '2030-01-01T00:00:00Z' } });
    expect(both.status).toBe(400);
    const empty = await t.control('/clock', { body: {} });
    expect(empty.status).toBe(400);
  });

  it('is moved from code through the handle, through the same rules', async () => {
    const before = t.sandbox.clock.now().getTime();
    const view = await t.sandbox.clock.advance('PT1H');
    expect(Date.parse(view.now) - before).toBeGreaterThanOrEqual(3_600_000);
    await expect(t.sandbox.clock.advance('P1M')).rejects.toMatchObject({ code: 'FORMAT_ERROR', path: 'advance' });
  });
});

describe('control API plumbing', () => {
  it('answers a wrong method with 405 and Allow, and an unknown call with 404', async () => {
    const wrong = await t.control('/clock', { method: 'DELETE' });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('GET, POST, HEAD');
    expect((wrong.json as { tppMessages: { code: string }[] }).tppMessages[0]?.code).toBe('METHOD_NOT_ALLOWED');
    const unknown = await t.control('/nothing');
    expect(unknown.status).toBe(404);
    expect((unknown.json as { tppMessages: { code: string }[] }).tppMessages[0]?.code).toBe('RESOURCE_UNKNOWN');
  });

  it('refuses a register decision without a boolean, and a malformed escape in its path', async () => {
    const bad = await t.control('/register/PSDDE-BAFIN-1', { body: { authorised: 'no' } });
    expect(bad.status).toBe(400);
    expect(bad.json).toEqual({
      tppMessages: [
        {
          category: 'ERROR',
          code: 'FORMAT_ERROR',
          path: 'authorised',
          text: 'Send {"authorised":false} to withdraw or {"authorised":true} to restore.',
        },
      ],
    });
    const escape = await t.control('/register/%E0%A4%A', { body: { authorised: false } });
    expect(escape.status).toBe(400);
    expect((escape.json as { tppMessages: { code: string }[] }).tppMessages[0]?.code).toBe('FORMAT_ERROR');
  });

  it('reset returns to the freshly seeded state: the clock at its start, no providers, no register decisions', async () => {
    await t.call({ path: '/v1/nowhere', client: t.tpp });
    await t.control('/register/PSDDE-BAFIN-123456', { body: { authorised: false } });
    expect((await t.call({ path: '/v1/nowhere', client: t.tpp })).status).toBe(403);
    const reset = await t.control('/reset', { body: {} });
    expect(reset.status).toBe(200);
    expect(Math.abs(Date.parse((reset.json as { now: string }).now) - Date.parse('2026-03-01T10:00:00Z'))).toBeLessThan(
      60_000,
    );
    expect((await t.control('/providers')).json).toEqual([]);
    expect((await t.call({ path: '/v1/nowhere', client: t.tpp })).status).toBe(404);
  });
});

describe('--control-token', () => {
  it('refuses control calls without the bearer token with 401 and accepts them with it', async () => {
    const guarded = await testSandbox(certs, { controlToken: 's3cret' });
    try {
      const none = await guarded.control('/customers');
      expect(none.status).toBe(401);
      expect((none.json as { tppMessages: { code: string }[] }).tppMessages[0]?.code).toBe('TOKEN_INVALID');
      expect(
        (await guarded.control('/clock', { body: { advance: 'PT1H' }, headers: { authorization: 'Bearer wrong' } }))
          .status,
      ).toBe(401);
      expect((await guarded.control('/customers', { headers: { authorization: 'Bearer s3cret' } })).status).toBe(200);
    } finally {
      await guarded.sandbox.close();
    }
  });
});

describe('--data keeps state across restarts', () => {
  it('keeps providers, register decisions and the clock in its data file', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'xs2a-data-')), 'state.json');
    const first = await testSandbox(certs, { data: file });
    await first.call({ path: '/v1/nowhere', client: first.tpp });
    await first.control('/register/PSDDE-BAFIN-777777', { body: { authorised: false } });
    await first.control('/clock', { body: { advance: 'P10D' } });
    const movedTo = first.sandbox.clock.now().getTime();
    await first.sandbox.close();

    const stored = readDataFile(file);
    expect(Object.keys(stored.records['providers'] ?? {})).toEqual(['PSDDE-BAFIN-123456']);
    expect(stored.records['registerDecisions']).toHaveProperty('PSDDE-BAFIN-777777');
    expect(readFileSync(file).toString('latin1')).not.toContain('anna-1234');

    const second = await testSandbox(certs, { data: file });
    try {
      expect(second.sandbox.clock.now().getTime()).toBeGreaterThanOrEqual(movedTo);
      expect(second.sandbox.clock.now().getTime() - movedTo).toBeLessThan(60_000);
      expect(
        ((await second.control('/providers')).json as { organizationIdentifier: string }[]).map(
          (p) => p.organizationIdentifier,
        ),
      ).toEqual(['PSDDE-BAFIN-123456']);
    } finally {
      await second.sandbox.close();
    }
  });

  it('keeps a reset: after a restart nothing from before it comes back, and the callback key is the new one', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'xs2a-data-')), 'state.db');
    const first = await testSandbox(certs, { data: file });
    await first.control('/register/PSDDE-BAFIN-123456', { body: { authorised: false } });
    expect((await first.call({ path: '/v1/nowhere', client: first.tpp })).status).toBe(403);
    await first.control('/clock', { body: { advance: 'P10D' } });
    await first.sandbox.close();
    const before = readDataFile(file);
    expect(before.records['registerDecisions']).toHaveProperty('PSDDE-BAFIN-123456');

    const second = await testSandbox(certs, { data: file });
    expect((await second.control('/reset', { body: {} })).status).toBe(200);
    const resetTo = second.sandbox.clock.now().getTime();
    await second.sandbox.close();
    const after = readDataFile(file);
    expect(after.records).toEqual({});
    expect(after.state.callbackKey).toMatch(/^[0-9a-f]{64}$/);
    expect(after.state.callbackKey).not.toBe(before.state.callbackKey);

    const third = await testSandbox(certs, { data: file });
    try {
      expect(Math.abs(third.sandbox.clock.now().getTime() - resetTo)).toBeLessThan(60_000);
      expect((await third.control('/providers')).json).toEqual([]);
      expect((await third.call({ path: '/v1/nowhere', client: third.tpp })).status).toBe(404);
    } finally {
      await third.sandbox.close();
    }
  });
});
