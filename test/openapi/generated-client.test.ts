/**
 * What a TPP developer does with the published document: generate types with openapi-typescript,
 * write a client with openapi-fetch against them, and run a consent flow over mutual TLS. The
 * client source is type-checked with tsc against the generated types, so a document a generator
 * cannot use, or one whose operations do not fit a real call, fails here.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import { promisify } from 'node:util';
import createClient from 'openapi-fetch';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ibansOf } from '../helpers/ais.js';
import { certificateFolder, testSandbox, type TestSandbox } from '../helpers/sandbox.js';

const OUT = new URL('../../test-artifacts/openapi-client/', import.meta.url).pathname;
const run = promisify(execFile);
let t: TestSandbox;

beforeAll(async () => {
  t = await testSandbox(await certificateFolder());
});
afterAll(() => t.sandbox.close());

/** openapi-fetch takes any fetch: this one speaks mutual TLS with the provider's QWAC through node:https. */
function mutualTlsFetch(client: { cert: string; key: string; ca: string }) {
  return async (input: Request): Promise<Response> => {
    const body = input.body ? Buffer.from(await input.arrayBuffer()) : undefined;
    return new Promise((resolve, reject) => {
      const req = request(
        input.url,
        { method: input.method, headers: Object.fromEntries(input.headers), ...client, agent: false },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const headers = new Headers();
            for (const [name, value] of Object.entries(res.headers))
              if (typeof value === 'string') headers.set(name, value);
            const status = res.statusCode ?? 500;
            resolve(new Response(status === 204 ? null : Buffer.concat(chunks), { status, headers }));
          });
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  };
}

const CLIENT_SOURCE = `import createClient from 'openapi-fetch';
import type { paths } from './schema.js';

export function consentFlow(baseUrl: string, fetch: (request: Request) => Promise<Response>, iban: string, requestId: string) {
  const client = createClient<paths>({ baseUrl, fetch });
  return client.POST('/v1/consents', {
    params: { header: { 'X-Request-ID': requestId, 'TPP-Redirect-URI': 'https://tpp.example/callback' } },
    body: { access: { balances: [{ iban }] }, recurringIndicator: true, frequencyPerDay: 4 },
  });
}

export function consentStatus(baseUrl: string, fetch: (request: Request) => Promise<Response>, consentId: string, requestId: string) {
  const client = createClient<paths>({ baseUrl, fetch });
  return client.GET('/v1/consents/{consent_id}/status', { params: { path: { consent_id: consentId }, header: { 'X-Request-ID': requestId } } });
}
`;

describe('a client generated from the published document', () => {
  it('generates types with openapi-typescript and type-checks an openapi-fetch client against them', async () => {
    const document = (await (await fetch(`${t.sandbox.portalUrl}/openapi.json`)).json()) as Parameters<
      typeof openapiTS
    >[0];
    const types = astToString(await openapiTS(document));
    expect(types).toContain('"/v1/consents"');
    expect(types).toContain('"/v1/payments/{payment_product}"');
    mkdirSync(OUT, { recursive: true });
    writeFileSync(`${OUT}schema.d.ts`, types);
    writeFileSync(`${OUT}client.ts`, CLIENT_SOURCE);
    const tsc = new URL('../../node_modules/typescript/bin/tsc', import.meta.url).pathname;
    await run(process.execPath, [
      tsc,
      '--noEmit',
      '--strict',
      '--module',
      'nodenext',
      '--moduleResolution',
      'nodenext',
      '--target',
      'es2022',
      '--skipLibCheck',
      `${OUT}client.ts`,
    ]);
  }, 60_000);

  it('runs a consent flow with openapi-fetch over mutual TLS', async () => {
    const tls = { cert: t.tpp.cert, key: t.tpp.key, ca: t.ca };
    const client = createClient<never>({ baseUrl: t.sandbox.apiUrl, fetch: mutualTlsFetch(tls) }) as unknown as {
      POST(
        path: string,
        init: unknown,
      ): Promise<{ data?: Record<string, unknown>; error?: unknown; response: Response }>;
      GET(
        path: string,
        init: unknown,
      ): Promise<{ data?: Record<string, unknown>; error?: unknown; response: Response }>;
    };
    const iban = ibansOf(t, 'anna')[0]!;
    const created = await client.POST('/v1/consents', {
      params: { header: { 'X-Request-ID': crypto.randomUUID(), 'TPP-Redirect-URI': 'https://tpp.example/callback' } },
      body: { access: { balances: [{ iban }] }, recurringIndicator: true, frequencyPerDay: 4 },
    });
    expect(created.response.status).toBe(201);
    const { consentId, authorisationId } = created.data as { consentId: string; authorisationId: string };
    await t.control(`/authorisations/${authorisationId}`, { body: { psuId: 'anna', decision: 'approve' } });
    const status = await client.GET('/v1/consents/{consent_id}/status', {
      params: { path: { consent_id: consentId }, header: { 'X-Request-ID': crypto.randomUUID() } },
    });
    expect(status.data).toEqual({ consentStatus: 'valid' });
    const accounts = await client.GET('/v1/accounts', {
      params: {
        header: { 'X-Request-ID': crypto.randomUUID(), 'Consent-ID': consentId, 'PSU-IP-Address': '192.0.2.1' },
      },
    });
    expect((accounts.data as { accounts: { iban: string }[] }).accounts.map((account) => account.iban)).toEqual([iban]);
    expect(readFileSync(`${OUT}schema.d.ts`, 'utf8').length).toBeGreaterThan(1000);
  });
});
