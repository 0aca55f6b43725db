import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCa, issueQwac } from '../../src/certs/index.js';
import { certificateFolder, testSandbox, type TestSandbox } from '../helpers/sandbox.js';

let t: TestSandbox;
const REQUEST_ID = '0b6c9a52-6f0e-4b8e-9d3c-2f1a7e5d4c3b';
const DAY = 86_400_000;

beforeAll(async () => {
  t = await testSandbox(await certificateFolder());
});
afterAll(() => t.sandbox.close());

const qwac = (overrides: Partial<Parameters<typeof issueQwac>[0]> = {}) =>
  issueQwac({
    ca: { cert: t.ca, key: t.caKey },
    name: 'Probe TPP',
    organizationIdentifier: 'PSDDE-BAFIN-500001',
    roles: ['PSP_AI'],
    ...overrides,
  });

describe('identity is the client certificate', () => {
  it('answers 401 CERTIFICATE_MISSING in the envelope with X-Request-ID echoed when no certificate is presented', async () => {
    const answer = await t.call({ path: '/v1/accounts', client: null, requestId: REQUEST_ID });
    expect(answer.status).toBe(401);
    expect(answer.headers['x-request-id']).toBe(REQUEST_ID);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(answer.json).toEqual({
      tppMessages: [
        { category: 'ERROR', code: 'CERTIFICATE_MISSING', text: expect.stringContaining('No client certificate') },
      ],
    });
  });

  it('refuses a request without certificate with CERTIFICATE_MISSING whatever else it contains', async () => {
    const answer = await t.call({
      method: 'POST',
      path: '/v1/consents',
      client: null,
      requestId: false,
      rawBody: '{broken',
      headers: { 'Content-Type': 'text/plain' },
    });
    expect(answer.status).toBe(401);
    expect((answer.json as { tppMessages: { code: string }[] }).tppMessages[0]?.code).toBe('CERTIFICATE_MISSING');
  });

  it('refuses a QWAC from a CA the sandbox does not trust', async () => {
    const foreignCa = await createCa();
    const answer = await t.call({
      path: '/v1/accounts',
      client: issueQwac({
        ca: foreignCa,
        name: 'Rogue',
        organizationIdentifier: 'PSDDE-BAFIN-500002',
        roles: ['PSP_AI'],
      }),
    });
    expect(answer.status).toBe(401);
    expect(answer.json).toEqual({
      tppMessages: [
        {
          category: 'ERROR',
          code: 'CERTIFICATE_MISSING',
          text: 'The client certificate was not issued by a certificate authority this service trusts.',
        },
      ],
    });
  });

  it('refuses an expired and a not yet valid QWAC of the sandbox CA', async () => {
    const expired = qwac({ notBefore: new Date(Date.now() - 400 * DAY), notAfter: new Date(Date.now() - DAY) });
    const early = qwac({ notBefore: new Date(Date.now() + DAY), notAfter: new Date(Date.now() + 400 * DAY) });
    const a = await t.call({ path: '/v1/accounts', client: expired });
    const b = await t.call({ path: '/v1/accounts', client: early });
    expect([a.status, b.status]).toEqual([401, 401]);
    expect((a.json as { tppMessages: { text: string }[] }).tppMessages[0]).toEqual({
      category: 'ERROR',
      code: 'CERTIFICATE_MISSING',
      text: 'The client certificate has expired.',
    });
    expect((b.json as { tppMessages: { text: string }[] }).tppMessages[0]).toEqual({
      category: 'ERROR',
      code: 'CERTIFICATE_MISSING',
      text: 'The client certificate is not valid yet.',
    });
  });

  it('refuses a trusted certificate without the PSD2 statement with 403 ROLE_INVALID', async () => {
    const answer = await t.call({ path: '/v1/accounts', client: qwac({ withPsd2Statement: false }) });
    expect(answer.status).toBe(403);
    expect((answer.json as { tppMessages: { code: string }[] }).tppMessages[0]?.code).toBe('ROLE_INVALID');
  });

  it('registers a provider whose only roles are those the current ETSI edition added, and grants it no XS2A operation', async () => {
    const client = qwac({ organizationIdentifier: 'PSDDE-BAFIN-500009', roles: ['VOP_RS', 'PSP_CB'] });
    // Registered: the revocation callback answers any registered provider (404: none registered yet).
    const callback = await t.call({ path: '/v1/revocation-callback', client });
    expect(callback.status).toBe(404);
    const accounts = await t.call({
      path: '/v1/accounts',
      client,
      headers: { 'Consent-ID': '3f1c8a9e-0d2b-4c6a-9e7f-1a2b3c4d5e6f' },
    });
    expect(accounts.status).toBe(403);
    expect((accounts.json as { tppMessages: { code: string }[] }).tppMessages[0]?.code).toBe('ROLE_INVALID');
    const registered = (
      (await t.control('/providers')).json as { organizationIdentifier: string; roles: string[] }[]
    ).find((p) => p.organizationIdentifier === 'PSDDE-BAFIN-500009');
    expect(registered?.roles.sort()).toEqual(['PSP_CB', 'VOP_RS']);
  });

  it('registers a provider on its first accepted request, from its certificate', async () => {
    const before = await t.control('/providers');
    expect(
      (before.json as { organizationIdentifier: string }[]).some(
        (p) => p.organizationIdentifier === 'PSDDE-BAFIN-500003',
      ),
    ).toBe(false);
    const answer = await t.call({
      path: '/v1/nowhere',
      client: qwac({
        name: 'First Sight GmbH',
        organizationIdentifier: 'PSDDE-BAFIN-500003',
        roles: ['PSP_PI', 'PSP_AI'],
      }),
    });
    expect(answer.status).toBe(404);
    const after = await t.control('/providers');
    expect(
      (after.json as object[]).find(
        (p) => (p as { organizationIdentifier: string }).organizationIdentifier === 'PSDDE-BAFIN-500003',
      ),
    ).toEqual({
      organizationIdentifier: 'PSDDE-BAFIN-500003',
      name: 'First Sight GmbH',
      roles: ['PSP_AI', 'PSP_PI'],
      nca: { id: 'DE-BAFIN', name: 'Federal Financial Supervisory Authority' },
      registeredAt: expect.any(String),
      updatedAt: expect.any(String),
    });
  });

  it('does not register a provider whose request was refused', async () => {
    const client = qwac({ organizationIdentifier: 'PSDDE-BAFIN-500004' });
    expect((await t.call({ path: '/v1/accounts', client, requestId: false })).status).toBe(400);
    expect(
      (
        await t.call({
          method: 'POST',
          path: '/v1/consents',
          client,
          rawBody: '{',
          headers: { 'Content-Type': 'application/json' },
        })
      ).status,
    ).toBe(400);
    const providers = (await t.control('/providers')).json as { organizationIdentifier: string }[];
    expect(providers.some((p) => p.organizationIdentifier === 'PSDDE-BAFIN-500004')).toBe(false);
  });

  it('accepts an EC P-256 QWAC like an RSA one', async () => {
    const answer = await t.call({
      path: '/v1/nowhere',
      client: qwac({ keyType: 'ec', organizationIdentifier: 'PSDDE-BAFIN-500005' }),
    });
    expect(answer.status).toBe(404);
    const providers = (await t.control('/providers')).json as { organizationIdentifier: string }[];
    expect(providers.some((p) => p.organizationIdentifier === 'PSDDE-BAFIN-500005')).toBe(true);
  });

  it('stops a provider at once when the regulator withdraws it, and lets it back when restored', async () => {
    const client = qwac({ organizationIdentifier: 'PSDDE-BAFIN-500006' });
    expect((await t.call({ path: '/v1/nowhere', client })).status).toBe(404);
    const withdrawn = await t.control('/register/PSDDE-BAFIN-500006', { body: { authorised: false } });
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.json).toMatchObject({ organizationIdentifier: 'PSDDE-BAFIN-500006', authorised: false });
    const refused = await t.call({ path: '/v1/nowhere', client, requestId: REQUEST_ID });
    expect(refused.status).toBe(403);
    expect(refused.headers['x-request-id']).toBe(REQUEST_ID);
    expect(refused.json).toEqual({
      tppMessages: [
        {
          category: 'ERROR',
          code: 'ROLE_INVALID',
          text: "The provider's authorisation has been withdrawn by its competent authority.",
        },
      ],
    });
    await t.control('/register/PSDDE-BAFIN-500006', { body: { authorised: true } });
    expect((await t.call({ path: '/v1/nowhere', client })).status).toBe(404);
  });

  it('refuses a provider the register fixture lists as withdrawn', async () => {
    const answer = await t.call({
      path: '/v1/nowhere',
      client: qwac({ organizationIdentifier: 'PSDDE-BAFIN-999000' }),
    });
    expect(answer.status).toBe(403);
    expect((answer.json as { tppMessages: { code: string }[] }).tppMessages[0]?.code).toBe('ROLE_INVALID');
  });
});

describe('--trust adds certificate authorities', () => {
  it('accepts QWACs of a CA given with trust and still refuses other CAs', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const partnerCa = await createCa();
    const file = join(mkdtempSync(join(tmpdir(), 'xs2a-trust-')), 'partner-ca.crt');
    writeFileSync(file, partnerCa.cert);
    const trusting = await testSandbox(t.sandbox.certificates.dir, { trust: [file] });
    try {
      const partner = issueQwac({
        ca: partnerCa,
        name: 'Partner',
        organizationIdentifier: 'PSDDE-BAFIN-500007',
        roles: ['PSP_AI'],
      });
      expect((await trusting.call({ path: '/v1/nowhere', client: partner })).status).toBe(404);
      expect((await trusting.call({ path: '/v1/nowhere', client: trusting.tpp })).status).toBe(404);
      const other = issueQwac({
        ca: await createCa(),
        name: 'Other',
        organizationIdentifier: 'PSDDE-BAFIN-500008',
        roles: ['PSP_AI'],
      });
      expect((await trusting.call({ path: '/v1/nowhere', client: other })).status).toBe(401);
    } finally {
      await trusting.sandbox.close();
    }
  });
});
