import { request, createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureCertificates, loadCertificates, writeProviderCertificate } from './cert-files.js';
import { createCa } from './ca.js';
import { issueQwac, readQwac, type QwacIdentity } from './qwac.js';

// End to end: the files ensureCertificates writes are enough for a mutual-TLS
// server that identifies the TPP from its client certificate, the way the
// sandbox will in production.

interface Seen {
  authorized: boolean;
  authorizationError: string | undefined;
  identity: QwacIdentity | undefined;
}

const dir = mkdtempSync(join(tmpdir(), 'xs2a-tls-'));
let server: Server;
let port: number;
let caPem: string;

beforeAll(async () => {
  const { paths } = await ensureCertificates(dir);
  const loaded = loadCertificates(paths);
  caPem = loaded.ca;
  server = createServer(
    { cert: loaded.serverCert, key: loaded.serverKey, ca: loaded.ca, requestCert: true, rejectUnauthorized: false },
    (req, res) => {
      const socket = req.socket as TLSSocket;
      const peer = socket.getPeerCertificate();
      const seen: Seen = {
        authorized: socket.authorized,
        authorizationError: socket.authorizationError?.toString(),
        identity: peer && peer.raw ? readQwac(peer.raw) : undefined,
      };
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(seen));
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

function call(client: { cert?: string; key?: string }): Promise<Seen> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path: '/', method: 'GET', ca: caPem, agent: false, ...client },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve(JSON.parse(body) as Seen));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('mutual TLS with the sandbox certificates', () => {
  it('authorises the default TPP certificate and reads its roles from the peer certificate', async () => {
    const seen = await call({ cert: readFileSync(join(dir, 'tpp.crt'), 'utf8'), key: readFileSync(join(dir, 'tpp.key'), 'utf8') });
    expect(seen.authorized).toBe(true);
    expect(seen.identity?.roles).toEqual(['PSP_AI', 'PSP_PI', 'PSP_IC']);
    expect(seen.identity?.organizationIdentifier).toBe('PSDDE-BAFIN-123456');
  });

  it('authorises an EC QWAC written for an extra provider', async () => {
    const files = await writeProviderCertificate(dir, {
      name: 'ec-tpp',
      roles: ['PSP_PI'],
      organizationIdentifier: 'PSDGB-FCA-900001',
      keyType: 'ec',
    });
    const seen = await call({ cert: readFileSync(files.cert, 'utf8'), key: readFileSync(files.key, 'utf8') });
    expect(seen.authorized).toBe(true);
    expect(seen.identity?.roles).toEqual(['PSP_PI']);
    expect(seen.identity?.country).toBe('GB');
  });

  it('does not authorise a QWAC from a foreign CA, though the server can still read it', async () => {
    const foreign = issueQwac({
      ca: await createCa(),
      name: 'Impostor',
      organizationIdentifier: 'PSDDE-BAFIN-123456',
      roles: ['PSP_AI'],
      keyType: 'ec',
    });
    const seen = await call(foreign);
    expect(seen.authorized).toBe(false);
    // Every sandbox CA has the same name, so OpenSSL picks ours as the issuer
    // and then fails on the signature.
    expect(seen.authorizationError).toMatch(/CERT_SIGNATURE_FAILURE|UNABLE_TO_VERIFY_LEAF_SIGNATURE|UNABLE_TO_GET_ISSUER_CERT/);
    expect(seen.identity?.organizationName).toBe('Impostor');
  });

  it('reports a client without a certificate as unauthorised', async () => {
    const seen = await call({});
    expect(seen.authorized).toBe(false);
    expect(seen.identity).toBeUndefined();
  });
});
