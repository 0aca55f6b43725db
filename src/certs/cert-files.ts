/**
 * The on-disk certificate directory the sandbox serves from: CA, TLS server
 * pair and a default TPP pair, plus any extra provider pairs written on demand.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { createCa } from './ca.js';
import { withCreationLock } from './creation-lock.js';
import { DEFAULT_ORGANIZATION_ID, parseOrganizationIdentifier } from './organization-id.js';
import { pkiAddresses } from './pki-addresses.js';
import { issueQwac, type CertificateKind, type KeyType, type PemPair } from './qwac.js';
import { ALL_TPP_ROLES, assertPspRoles, type PspRole } from './roles.js';
import { issueServerCertificate } from './server-cert.js';

export const CERT_FILES = {
  caCert: 'ca.crt',
  caKey: 'ca.key',
  serverCert: 'server.crt',
  serverKey: 'server.key',
  tppCert: 'tpp.crt',
  tppKey: 'tpp.key',
} as const;

export interface CertificatePaths {
  dir: string;
  caCert: string;
  caKey: string;
  serverCert: string;
  serverKey: string;
  tppCert: string;
  tppKey: string;
}

const DEFAULT_TPP = {
  name: 'xs2a-kit Test TPP',
  organizationIdentifier: DEFAULT_ORGANIZATION_ID,
  roles: ALL_TPP_ROLES,
  keyType: 'rsa' as KeyType,
};

const PROVIDER_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
// Names whose files belong to the sandbox itself. Compared case-insensitively
// because "CA.crt" is the same file as "ca.crt" on macOS and Windows.
const RESERVED_PROVIDER_NAMES = ['ca', 'server'];

const PRIVATE_KEY_MODE = 0o600;
const CERTIFICATE_MODE = 0o644;

export function certificatePaths(dir: string): CertificatePaths {
  const abs = resolve(dir);
  return {
    dir: abs,
    caCert: join(abs, CERT_FILES.caCert),
    caKey: join(abs, CERT_FILES.caKey),
    serverCert: join(abs, CERT_FILES.serverCert),
    serverKey: join(abs, CERT_FILES.serverKey),
    tppCert: join(abs, CERT_FILES.tppCert),
    tppKey: join(abs, CERT_FILES.tppKey),
  };
}

/**
 * Write-then-rename so that a crash or a concurrent reader never sees half a
 * file; the temp file lives in the same directory so rename stays atomic.
 */
export async function writeFileAtomic(path: string, data: string, mode: number): Promise<void> {
  const tmp = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    // 'wx' so the mode applies: it is only honoured when the file is created.
    await writeFile(tmp, data, { mode, flag: 'wx' });
    await rename(tmp, path);
  } catch (err) {
    await unlink(tmp).catch(() => undefined);
    throw err;
  }
}

/** Writes a key/certificate pair, key first: a pair missing either file is re-issued as a whole. */
async function writePair(dir: string, certName: string, keyName: string, pair: PemPair, created: string[]): Promise<void> {
  await writeFileAtomic(join(dir, keyName), pair.key, PRIVATE_KEY_MODE);
  created.push(keyName);
  await writeFileAtomic(join(dir, certName), pair.cert, CERTIFICATE_MODE);
  created.push(certName);
}

function issueDefaultTpp(ca: PemPair): PemPair {
  return issueQwac({ ca, ...DEFAULT_TPP });
}

/**
 * Makes sure `dir` holds a consistent set of the six sandbox files, creating
 * only what is missing. A new CA invalidates everything it would have signed,
 * so in that case the server and TPP pairs are re-issued as well.
 */
export async function ensureCertificates(dir: string): Promise<{ paths: CertificatePaths; created: string[] }> {
  const paths = certificatePaths(dir);
  if (missingOf(paths).none) return { paths, created: [] };
  await mkdir(paths.dir, { recursive: true });
  // Another process may be creating them right now: wait for it, then create only what it left missing.
  return withCreationLock(paths.dir, () => createMissing(paths));
}

function missingOf(paths: CertificatePaths) {
  const ca = !existsSync(paths.caCert) || !existsSync(paths.caKey);
  const server = !existsSync(paths.serverCert) || !existsSync(paths.serverKey);
  const tpp = !existsSync(paths.tppCert) || !existsSync(paths.tppKey);
  return { ca, server, tpp, none: !ca && !server && !tpp };
}

async function createMissing(paths: CertificatePaths): Promise<{ paths: CertificatePaths; created: string[] }> {
  const created: string[] = [];
  const missing = missingOf(paths);

  if (missing.ca) {
    const ca = await createCa();
    const server = await issueServerCertificate(ca);
    const tpp = issueDefaultTpp(ca);
    // The CA goes last: if we die half-way, the CA is still missing next time
    // and everything is re-issued, instead of a new CA beside stale leaves.
    await writePair(paths.dir, CERT_FILES.serverCert, CERT_FILES.serverKey, server, created);
    await writePair(paths.dir, CERT_FILES.tppCert, CERT_FILES.tppKey, tpp, created);
    await writePair(paths.dir, CERT_FILES.caCert, CERT_FILES.caKey, ca, created);
    return { paths, created };
  }

  if (missing.server || missing.tpp) {
    const ca: PemPair = { cert: await readFile(paths.caCert, 'utf8'), key: await readFile(paths.caKey, 'utf8') };
    if (missing.server) {
      await writePair(paths.dir, CERT_FILES.serverCert, CERT_FILES.serverKey, await issueServerCertificate(ca), created);
    }
    if (missing.tpp) {
      await writePair(paths.dir, CERT_FILES.tppCert, CERT_FILES.tppKey, issueDefaultTpp(ca), created);
    }
  }
  return { paths, created };
}

function checkProviderName(name: unknown): string {
  if (typeof name !== 'string' || !PROVIDER_NAME.test(name)) {
    throw new Error(
      `Invalid provider name ${JSON.stringify(name)}: use 1-64 letters, digits, ".", "_" or "-", starting with a letter or digit`,
    );
  }
  if (RESERVED_PROVIDER_NAMES.includes(name.toLowerCase())) {
    throw new Error(`Invalid provider name ${JSON.stringify(name)}: "${name}.crt" is reserved for the sandbox's own certificates`);
  }
  return name;
}

/** The file base name of a provider's certificate: NAME for its QWAC, NAME.seal for its QSealC. */
export function providerFileBase(name: string, kind: CertificateKind = 'qwac'): string {
  return kind === 'qseal' ? `${name}.seal` : name;
}

/**
 * Issues a QWAC (or with kind 'qseal' a QSealC) for an extra provider into `dir` as NAME.crt /
 * NAME.key (NAME.seal.crt / NAME.seal.key), creating the sandbox files first if needed. The name is
 * both the file base name and the certificate's O/CN, so what a user types is what they see.
 */
export async function writeProviderCertificate(
  dir: string,
  opts: {
    name: string;
    roles: PspRole[];
    organizationIdentifier: string;
    keyType?: KeyType;
    kind?: CertificateKind;
    /** Base address of the OCSP responder and CRL written into the certificate (default http://localhost:8080). */
    pkiBase?: string;
  },
): Promise<{ cert: string; key: string }> {
  // Validate before touching the disk so a bad request leaves no trace.
  const name = checkProviderName(opts.name);
  const roles = assertPspRoles(opts.roles);
  parseOrganizationIdentifier(opts.organizationIdentifier);
  const pki = pkiAddresses(opts.pkiBase);
  const { paths } = await ensureCertificates(dir);
  const ca: PemPair = { cert: await readFile(paths.caCert, 'utf8'), key: await readFile(paths.caKey, 'utf8') };
  const pair = issueQwac({
    ca,
    name,
    organizationIdentifier: opts.organizationIdentifier,
    roles,
    keyType: opts.keyType ?? 'rsa',
    kind: opts.kind ?? 'qwac',
    pki,
  });
  const base = providerFileBase(name, opts.kind);
  const files = { cert: join(paths.dir, `${base}.crt`), key: join(paths.dir, `${base}.key`) };
  await writePair(paths.dir, `${base}.crt`, `${base}.key`, pair, []);
  return files;
}

/** Synchronous on purpose: called once while the server starts, before it listens. */
export function loadCertificates(paths: CertificatePaths): { ca: string; serverCert: string; serverKey: string } {
  return {
    ca: readFileSync(paths.caCert, 'utf8'),
    serverCert: readFileSync(paths.serverCert, 'utf8'),
    serverKey: readFileSync(paths.serverKey, 'utf8'),
  };
}
