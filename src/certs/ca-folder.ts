/**
 * The test CA's folder as its database, as `openssl ca` keeps one: the certificates it issued are
 * the `.crt` files in the folder that it signed (so a certificate made by `certs tpp`, `certs
 * refused` or `sandbox.provider()` is known without a separate log), and its revocations are
 * `revocations.json` beside them. Shared by every process that serves the folder: each reads the
 * file again when it changed (a write is a rename, so a new file), and changes are made under the
 * folder's lock.
 */
import { X509Certificate, createPrivateKey, type KeyObject } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CERT_FILES, writeFileAtomic } from './cert-files.js';
import { withCreationLock } from './creation-lock.js';
import { serialHex } from './certificate-parts.js';
import {
  isRevocationReason,
  type IssuedCertificate,
  type RevocationRecord,
} from './revocation.js';

export const REVOCATIONS_FILE = 'revocations.json';
/**
 * Certificates issued without files of their own in the folder (the library's `sandbox.provider()`
 * keeps its keys in memory): the certificate alone, by serial, as `openssl ca` keeps newcerts/.
 */
export const ISSUED_DIR = 'issued';

export interface TestCa {
  certificate: X509Certificate;
  key: KeyObject;
  pem: string;
}

export interface CaFolder {
  readonly dir: string;
  ca(): TestCa;
  /** Every certificate in the folder the CA signed, by serial (serialHex form). */
  issued(): ReadonlyMap<string, IssuedCertificate>;
  records(): readonly RevocationRecord[];
  /** Applies `change` to the records read afresh under the folder's lock and writes the result; a throw changes nothing. */
  change(change: (records: readonly RevocationRecord[], issued: ReadonlyMap<string, IssuedCertificate>) => RevocationRecord[]): Promise<RevocationRecord[]>;
}

function fileStamp(path: string): string | undefined {
  try {
    const stat = statSync(path);
    return `${stat.ino}:${stat.mtimeMs}:${stat.size}`;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

function readRecords(path: string): RevocationRecord[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const parsed = JSON.parse(text) as { records?: unknown };
  if (!parsed || !Array.isArray(parsed.records)) throw new Error(`${path}: expected {"records":[…]}`);
  return parsed.records.map((entry: unknown, i: number) => {
    const record = entry as Partial<RevocationRecord>;
    if (
      typeof record.serial !== 'string' ||
      (record.state !== 'revoked' && record.state !== 'suspended') ||
      !isRevocationReason(record.reason) ||
      typeof record.at !== 'string' ||
      Number.isNaN(Date.parse(record.at))
    )
      throw new Error(`${path}: record ${i} is not a revocation record`);
    return { serial: serialHex(record.serial), state: record.state, reason: record.reason, at: record.at };
  });
}

function certificateFiles(dir: string): string[] {
  const names = (folder: string) => {
    try {
      return readdirSync(join(dir, folder)).filter((name) => name.endsWith('.crt')).map((name) => join(folder, name));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
  };
  return [...names('.'), ...names(ISSUED_DIR)];
}

function scanIssued(dir: string, ca: X509Certificate): Map<string, IssuedCertificate> {
  const issued = new Map<string, IssuedCertificate>();
  for (const name of certificateFiles(dir)) {
    let certificate: X509Certificate;
    try {
      certificate = new X509Certificate(readFileSync(join(dir, name)));
    } catch {
      continue; // not a certificate: not the CA's
    }
    const self = certificate.raw.equals(ca.raw);
    if (!self && !(certificate.checkIssued(ca) && certificate.verify(ca.publicKey))) continue;
    issued.set(serialHex(certificate.serialNumber), {
      serial: serialHex(certificate.serialNumber),
      subject: certificate.subject.replace(/\n/g, ', '),
      notBefore: new Date(certificate.validFrom),
      notAfter: new Date(certificate.validTo),
      isCa: certificate.ca,
      file: name.replace(/^\.\//, ''),
    });
  }
  return issued;
}

export function openCaFolder(dir: string): CaFolder {
  const recordsPath = join(dir, REVOCATIONS_FILE);
  let ca: TestCa | undefined;
  let issuedCache: { stamp: string; issued: Map<string, IssuedCertificate> } | undefined;
  let recordsCache: { stamp: string | undefined; records: RevocationRecord[] } | undefined;

  const folder: CaFolder = {
    dir,
    ca() {
      if (!ca) {
        const pem = readFileSync(join(dir, CERT_FILES.caCert), 'utf8');
        ca = {
          certificate: new X509Certificate(pem),
          key: createPrivateKey(readFileSync(join(dir, CERT_FILES.caKey), 'utf8')),
          pem,
        };
      }
      return ca;
    },
    issued() {
      // A file written into the folder is renamed into it, which changes the folder's own stamp.
      const stamp = `${fileStamp(dir) ?? ''}/${fileStamp(join(dir, ISSUED_DIR)) ?? ''}`;
      if (issuedCache?.stamp !== stamp) issuedCache = { stamp, issued: scanIssued(dir, folder.ca().certificate) };
      return issuedCache.issued;
    },
    records() {
      const stamp = fileStamp(recordsPath);
      if (!recordsCache || recordsCache.stamp !== stamp) recordsCache = { stamp, records: readRecords(recordsPath) };
      return recordsCache.records;
    },
    change(change) {
      return withCreationLock(dir, async () => {
        const next = change(readRecords(recordsPath), folder.issued());
        await writeFileAtomic(recordsPath, `${JSON.stringify({ records: next }, null, 2)}\n`, 0o644);
        return next;
      });
    },
  };
  return folder;
}

/** Records a certificate the CA issued without a file in the folder (issued/SERIAL.crt), so OCSP knows it and it can be revoked. */
export function recordIssued(dir: string, pem: string): string {
  const serial = serialHex(new X509Certificate(pem).serialNumber);
  mkdirSync(join(dir, ISSUED_DIR), { recursive: true });
  writeFileSync(join(dir, ISSUED_DIR, `${serial}.crt`), pem, { mode: 0o644 });
  return serial;
}
