/**
 * The sandbox as a test library: fetch and tls of the default provider, more providers, the
 * customer's hand, bookings and per-test faults — each through the same path as HTTP, each
 * refusal with the envelope's code, and nothing changed by a refused call.
 */
import { Agent, request } from 'node:https';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SandboxError, startSandbox, type Sandbox } from '../../src/index.js';
import { certificateFolder } from '../helpers/sandbox.js';

let sandbox: Sandbox;
let iban: string;

beforeAll(async () => {
  sandbox = await startSandbox({
    certsDir: await certificateFolder(),
    clockStart: '2026-03-02T10:00:00Z',
    log: () => {},
  });
  iban = sandbox.customers().find((customer) => customer.psuId === 'anna')!.accounts[0]!.iban;
});
beforeEach(() => sandbox.reset());
afterAll(() => sandbox.close());

const consentBody = () =>
  JSON.stringify({
    access: { balances: [{ iban }] },
    recurringIndicator: true,
    validUntil: '2026-06-01',
    frequencyPerDay: 4,
  });

async function approvedConsent(): Promise<string> {
  const created = await sandbox.fetch('/v1/consents', {
    method: 'POST',
    headers: { 'TPP-Redirect-URI': 'https://tpp.example/cb' },
    body: consentBody(),
  });
  expect(created.status).toBe(201);
  const { consentId, authorisationId } = (await created.json()) as { consentId: string; authorisationId: string };
  expect(await sandbox.psu('anna').approve(authorisationId)).toMatchObject({ scaStatus: 'finalised' });
  return consentId;
}

async function paymentsCount(): Promise<number> {
  return ((await (await fetch(`${sandbox.controlUrl}/payments`)).json()) as unknown[]).length;
}

describe('sandbox.fetch', () => {
  it('is a standard fetch over mutual TLS: from a consent to balances, X-Request-ID added and echoed, a string body sent as JSON', async () => {
    const consentId = await approvedConsent();
    const balances = await sandbox.fetch(`/v1/accounts/${sandbox.customers()[0]!.accounts[0]!.resourceId}/balances`, {
      headers: { 'Consent-ID': consentId },
    });
    expect(balances).toBeInstanceOf(Response);
    expect(balances.status).toBe(200);
    expect(balances.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(((await balances.json()) as { balances: unknown[] }).balances.length).toBeGreaterThan(0);
  });

  it('keeps an X-Request-ID and a Content-Type the caller gave, and answers 204 and refusals as Responses', async () => {
    const mine = '11111111-2222-4333-8444-555555555555';
    const refused = await sandbox.fetch(new URL('/v1/consents', sandbox.apiUrl), {
      method: 'POST',
      headers: { 'X-Request-ID': mine, 'Content-Type': 'text/plain', 'TPP-Redirect-URI': 'https://tpp.example/cb' },
      body: consentBody(),
    });
    expect(refused.status).toBe(400);
    expect(refused.headers.get('x-request-id')).toBe(mine);
    expect(await refused.json()).toMatchObject({ tppMessages: [{ code: 'FORMAT_ERROR' }] });
    const consentId = await approvedConsent();
    const deleted = await sandbox.fetch(`/v1/consents/${consentId}`, { method: 'DELETE' });
    expect([deleted.status, await deleted.text()]).toEqual([204, '']);
  });

  it('hands out the TLS material any client can use', async () => {
    const agent = new Agent({ ca: sandbox.tls.ca, cert: sandbox.tls.cert, key: sandbox.tls.key });
    const status = await new Promise<number>((resolve, reject) => {
      request(
        new URL('/v1/revocation-callback', sandbox.apiUrl),
        { agent, headers: { 'X-Request-ID': '11111111-2222-4333-8444-555555555556' } },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      )
        .on('error', reject)
        .end();
    });
    agent.destroy();
    expect(status).toBe(404);
    expect(sandbox.tls.cert.toString()).toContain('BEGIN CERTIFICATE');
  });
});

describe('sandbox.provider', () => {
  it('issues another provider once and reuses it; its resources are its own', async () => {
    const other = await sandbox.provider('Other TPP', { roles: ['PSP_AI'] });
    expect(await sandbox.provider('Other TPP')).toBe(other);
    expect(other.organizationIdentifier).toMatch(/^PSDDE-BAFIN-\d{6}$/);
    const consentId = await approvedConsent();
    const theirs = await other.fetch(`/v1/consents/${consentId}`);
    expect(theirs.status).toBe(403);
    expect(await theirs.json()).toMatchObject({ tppMessages: [{ code: 'CONSENT_UNKNOWN' }] });
    const noPayments = await other.fetch('/v1/payments/sepa-credit-transfers', {
      method: 'POST',
      headers: { 'TPP-Redirect-URI': 'https://tpp.example/cb' },
      body: '{}',
    });
    expect(await noPayments.json()).toMatchObject({ tppMessages: [{ code: 'ROLE_INVALID' }] });
  });

  it('refuses an unknown role and a malformed orgId, naming the field, and makes nothing', async () => {
    await expect(sandbox.provider('Bad Roles', { roles: ['PSP_XX' as never] })).rejects.toMatchObject({
      code: 'FORMAT_ERROR',
      path: 'roles',
    });
    await expect(sandbox.provider('Bad Org', { orgId: 'not-an-org-id' })).rejects.toMatchObject({
      code: 'FORMAT_ERROR',
      path: 'orgId',
    });
    await expect(sandbox.provider('Bad Org', { orgId: 'PSDDE-BAFIN-777001' })).resolves.toMatchObject({
      organizationIdentifier: 'PSDDE-BAFIN-777001',
    });
    await expect(sandbox.provider('Bad Org', { orgId: 'PSDDE-BAFIN-777002' })).rejects.toBeInstanceOf(SandboxError);
  });
});

describe('sandbox.psu', () => {
  it('throws for an unknown customer, naming psuId', () => {
    expect(() => sandbox.psu('nobody')).toThrow(expect.objectContaining({ code: 'FORMAT_ERROR', path: 'psuId' }));
  });

  it('declines, and refuses an action the state does not allow with the envelope code, changing nothing', async () => {
    const created = await sandbox.fetch('/v1/consents', {
      method: 'POST',
      headers: { 'TPP-Redirect-URI': 'https://tpp.example/cb' },
      body: consentBody(),
    });
    const { consentId, authorisationId } = (await created.json()) as { consentId: string; authorisationId: string };
    await expect(sandbox.psu('anna').approve('00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({
      code: 'RESOURCE_UNKNOWN',
    });
    expect(await sandbox.psu('anna').decline(authorisationId)).toMatchObject({ scaStatus: 'failed' });
    await expect(sandbox.psu('anna').approve(authorisationId)).rejects.toMatchObject({
      code: 'FORMAT_ERROR',
      path: 'authorisationId',
    });
    const status = await sandbox.fetch(`/v1/consents/${consentId}/status`);
    expect(await status.json()).toEqual({ consentStatus: 'rejected' });
    // A consent anna never approved is not hers to revoke.
    await expect(sandbox.psu('anna').revoke(consentId)).rejects.toMatchObject({ code: 'RESOURCE_UNKNOWN' });
  });

  it('revokes a consent as the portal does: revokedByPsu, and it stops working', async () => {
    const consentId = await approvedConsent();
    await expect(sandbox.psu('ben').revoke(consentId)).rejects.toMatchObject({ code: 'RESOURCE_UNKNOWN' });
    expect(await sandbox.psu('anna').revoke(consentId)).toEqual({ consentId, consentStatus: 'revokedByPsu' });
    const status = await sandbox.fetch(`/v1/consents/${consentId}/status`);
    expect(await status.json()).toEqual({ consentStatus: 'revokedByPsu' });
  });

  it('answers payee checks only for a payment waiting for one', async () => {
    const before = await paymentsCount();
    await expect(sandbox.psu('anna').confirmPayee('no-such-payment')).rejects.toMatchObject({
      code: 'RESOURCE_UNKNOWN',
    });
    await expect(sandbox.psu('anna').refusePayee('no-such-payment')).rejects.toMatchObject({
      code: 'RESOURCE_UNKNOWN',
    });
    expect(await paymentsCount()).toBe(before);
  });
});

describe('sandbox.bookTransaction and sandbox.faults', () => {
  it('books a movement a provider then reads, and refuses a bad one naming the field', async () => {
    const booked = await sandbox.bookTransaction({ iban, amount: '25.00', counterpartyName: 'Library Test' });
    expect(booked).toMatchObject({ iban, amount: '25.00', status: 'booked' });
    await expect(sandbox.bookTransaction({ iban: 'DE00000000000000000000', amount: '1.00' })).rejects.toMatchObject({
      code: 'FORMAT_ERROR',
      path: 'iban',
    });
    await expect(sandbox.bookTransaction({ iban, amount: '0.00' })).rejects.toMatchObject({
      code: 'FORMAT_ERROR',
      path: 'amount',
    });
  });

  it('adds per-test fault rules and clears them; a bad rule adds nothing', async () => {
    await expect(sandbox.faults.add({ kind: 'error-500', rate: 2 } as never)).rejects.toMatchObject({
      code: 'FORMAT_ERROR',
      path: 'rate',
    });
    expect((await sandbox.faults.clear()).rules).toEqual([]);
    const added = await sandbox.faults.add({ kind: 'error-500', count: 1, match: { path: '/v1/revocation-callback' } });
    expect(added.rules).toHaveLength(1);
    expect((await sandbox.fetch('/v1/revocation-callback')).status).toBe(500);
    expect((await sandbox.fetch('/v1/revocation-callback')).status).toBe(404);
    await sandbox.faults.add({ kind: 'error-500', count: 5 });
    expect((await sandbox.faults.clear()).rules).toEqual([]);
    expect((await sandbox.fetch('/v1/revocation-callback')).status).toBe(404);
  });
});
