/**
 * "Almost right" certificates for testing a relying party's validation code: each is a provider
 * certificate from the test CA with one planted fault, and names the `certs lint` finding it
 * triggers (the clause and words). Revoked and suspended ones are recorded in the CA's folder, so the
 * sandbox's OCSP responder, CRL and `--check-revocation` refuse them; the expired one is valid for a
 * day from `now`, so it expires when the sandbox clock moves two.
 */
import { X509Certificate } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { openCaFolder } from './ca-folder.js';
import { ensureCertificates, writeFileAtomic } from './cert-files.js';
import { createCa } from './ca.js';
import { serialHex } from './certificate-parts.js';
import { pkiAddresses } from './pki-addresses.js';
import { issueQwac, type PemPair, type QwacRequest } from './qwac.js';
import { revoke, suspend } from './revocation.js';
import { PSP_ROLES } from './roles.js';

export interface AlmostRight {
  /** File base name in the folder: almost-NAME.crt / .key. */
  name: string;
  /** What the planted fault is. */
  fault: string;
  /** The `certs lint` flags that find it besides the file (e.g. --ocsp, --at). */
  lintWith: string[];
  /** The clause the finding names, and words it contains. */
  finding: { clause: string; contains: string };
}

const DAY_MS = 24 * 60 * 60 * 1000;

export async function writeAlmostRight(
  dir: string,
  options: { now?: Date; pkiBase?: string; organizationIdentifier?: string } = {},
): Promise<{ files: { cert: string; key: string; certificate: AlmostRight }[]; caCert: string }> {
  const now = options.now ?? new Date();
  const { paths } = await ensureCertificates(dir);
  const ca: PemPair = { cert: await readFile(paths.caCert, 'utf8'), key: await readFile(paths.caKey, 'utf8') };
  const pki = pkiAddresses(options.pkiBase);
  const orgId = options.organizationIdentifier ?? 'PSDDE-BAFIN-123456';
  const base: QwacRequest = { ca, name: 'xs2a-kit Almost Right TPP', organizationIdentifier: orgId, roles: ['PSP_AI', 'PSP_PI'], pki };
  const intermediate = await createCa();
  const ocspLint = ['--ca', 'ca.crt', '--ocsp'];

  const plan: { certificate: AlmostRight; request: QwacRequest }[] = [
    {
      certificate: {
        name: 'wrong-nca-id',
        fault: 'nCAId written DE_BAFIN instead of DE-BAFIN',
        lintWith: [],
        finding: { clause: 'ETSI TS 119 495 clause 5.2.3', contains: 'is not in the form CC-NCA' },
      },
      request: { ...base, ncaIdOverride: 'DE_BAFIN' },
    },
    {
      certificate: {
        name: 'role-name-mismatch',
        fault: 'the PSP_AI role OID named "PSP_PI"',
        lintWith: [],
        finding: { clause: 'ETSI TS 119 495 clause 5.2.2', contains: 'the name associated with that OID is "PSP_AI"' },
      },
      request: { ...base, statementRoles: [{ oid: PSP_ROLES.PSP_AI, name: 'PSP_PI' }] },
    },
    {
      certificate: {
        name: 'seal-as-qwac',
        fault: 'a seal certificate (QcType eseal) that also claims TLS client and server use',
        lintWith: [],
        finding: { clause: 'ETSI TS 119 495 clause 5.4', contains: 'a QSealC is no QWAC' },
      },
      request: { ...base, kind: 'qseal', sealWithTlsUse: true },
    },
    {
      certificate: {
        name: 'missing-qc-type',
        fault: 'no QcType statement',
        lintWith: [],
        finding: { clause: 'ETSI EN 319 412-5 clause 4.2.3', contains: 'carry no QcType' },
      },
      request: { ...base, qcTypesOverride: [] },
    },
    {
      certificate: {
        name: 'revoked',
        fault: 'revoked by the test CA (keyCompromise)',
        lintWith: ocspLint,
        finding: { clause: 'RFC 6960 2.2', contains: 'OCSP: revoked' },
      },
      request: base,
    },
    {
      certificate: {
        name: 'suspended',
        fault: 'suspended by the test CA (certificateHold)',
        lintWith: ocspLint,
        finding: { clause: 'RFC 6960 2.2', contains: '(certificateHold)' },
      },
      request: base,
    },
    {
      certificate: {
        name: 'expired-on-sandbox-clock',
        fault: 'valid for one day: expired once the sandbox clock moves two',
        lintWith: ['--at', new Date(now.getTime() + 2 * DAY_MS).toISOString()],
        finding: { clause: 'RFC 5280 4.1.2.5', contains: 'expired on' },
      },
      request: { ...base, notBefore: new Date(now.getTime() - 60_000), notAfter: new Date(now.getTime() + DAY_MS) },
    },
    {
      certificate: {
        name: 'untrusted-intermediate',
        fault: 'issued by an intermediate CA the relying party does not trust',
        lintWith: ['--ca', 'ca.crt'],
        finding: { clause: 'RFC 5280 6.1', contains: 'does not chain to --ca' },
      },
      request: { ...base, ca: intermediate },
    },
  ];

  const files: { cert: string; key: string; certificate: AlmostRight }[] = [];
  const serials = new Map<string, string>();
  for (const { certificate, request } of plan) {
    const pair = issueQwac(request);
    const cert = join(paths.dir, `almost-${certificate.name}.crt`);
    const key = join(paths.dir, `almost-${certificate.name}.key`);
    await writeFileAtomic(key, pair.key, 0o600);
    await writeFileAtomic(cert, pair.cert, 0o644);
    serials.set(certificate.name, serialHex(new X509Certificate(pair.cert).serialNumber));
    files.push({ cert, key, certificate });
  }
  await writeFileAtomic(join(paths.dir, 'almost-untrusted-intermediate-ca.crt'), intermediate.cert, 0o644);

  // Recorded as the CA's own revocations, from `now` on.
  const folder = openCaFolder(paths.dir);
  await folder.change((records, issued) => {
    // A folder's earlier almost-right set is replaced: its records leave with its files.
    const kept = records.filter((record) => issued.has(record.serial));
    let next = revoke(kept, issued, { serial: serials.get('revoked')!, reason: 'keyCompromise', at: now });
    next = suspend(next, issued, { serial: serials.get('suspended')!, at: now });
    return next;
  });
  return { files, caCert: paths.caCert };
}
