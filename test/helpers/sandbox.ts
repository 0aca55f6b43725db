/**
 * Test fixtures: one certificate folder per test file (a copy of the suite's, generated once), sandboxes
 * on free ports, and a client per certificate.
 */
import { cpSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { startSandbox, type Sandbox, type SandboxOptionsInput } from '../../src/index.js';
import { apiCaller, type ClientCertificate } from './tls-client.js';

/** A folder of its own (a test may add certificates to it) holding the suite's certificates, kit's included. */
export async function certificateFolder(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'xs2a-certs-'));
  cpSync(inject('certificatesOnce'), dir, { recursive: true });
  return dir;
}

export interface TestSandbox {
  sandbox: Sandbox;
  ca: string;
  caKey: string;
  /** The default provider's QWAC (all roles). */
  tpp: ClientCertificate;
  call: ReturnType<typeof apiCaller>;
  control(
    path: string,
    init?: { method?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<{ status: number; headers: Headers; json: unknown }>;
}

export async function testSandbox(certsDir: string, options: SandboxOptionsInput = {}): Promise<TestSandbox> {
  const logs: string[] = [];
  const sandbox = await startSandbox({ certsDir, customers: 5, log: (line) => logs.push(line), ...options });
  const c = sandbox.certificates;
  const ca = readFileSync(c.caCert, 'utf8');
  return {
    sandbox,
    ca,
    caKey: readFileSync(c.caKey, 'utf8'),
    tpp: { cert: readFileSync(c.tppCert, 'utf8'), key: readFileSync(c.tppKey, 'utf8') },
    call: apiCaller(sandbox.apiUrl, ca),
    async control(path, init = {}) {
      const method = init.method ?? (init.body === undefined ? 'GET' : 'POST');
      const res = await fetch(`${sandbox.controlUrl}${path}`, {
        method,
        // State-changing control calls carry the JSON content type, with or without a body.
        headers: { ...(method === 'GET' ? {} : { 'content-type': 'application/json' }), ...init.headers },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      });
      const text = await res.text();
      return { status: res.status, headers: res.headers, json: text ? JSON.parse(text) : undefined };
    },
  };
}
