/**
 * Reads the PSD2 identity out of a (possibly hostile) client certificate:
 * the TLS layer hands us whatever the TPP presented, so everything is parsed
 * defensively and any structural problem becomes a thrown Error.
 */
import { createHash } from 'node:crypto';
import { certificateParts, nameAttributes } from './certificate-parts.js';
import { certificatePemToDer } from './pem.js';
import { QC_STATEMENTS_OID, decodeQcStatements, type Psd2Statement } from './qc-statements.js';
import { roleForOid, type PspRole } from './roles.js';

export interface QwacIdentity {
  organizationIdentifier: string | undefined;
  organizationName: string | undefined;
  commonName: string | undefined;
  country: string | undefined;
  /** Known PSD2 roles, read by OID. */
  roles: PspRole[];
  /** Every role OID in the PSD2 statement, including ones this sandbox does not know. */
  roleOids: string[];
  nca: { name: string; id: string } | undefined;
  hasPsd2Statement: boolean;
  notBefore: Date;
  notAfter: Date;
  /** serialNumber, lowercase hex without leading zeros. */
  serialNumber: string;
  /** The QcType OIDs of the qcStatements (web, eseal, esign); empty without the statement. */
  qcTypes: string[];
  /** SHA-256 of the DER, uppercase hex pairs joined by ':' (the format of Node's fingerprint256). */
  fingerprint256: string;
}

const ATTR = {
  country: '2.5.4.6',
  organizationName: '2.5.4.10',
  commonName: '2.5.4.3',
  organizationIdentifier: '2.5.4.97',
} as const;

function fingerprint256(der: Uint8Array): string {
  const hex = createHash('sha256').update(der).digest('hex').toUpperCase();
  return (hex.match(/../g) ?? []).join(':');
}

export function readQwac(der: Buffer): QwacIdentity {
  if (!(der instanceof Uint8Array)) throw new Error('Certificate: expected DER bytes (a Buffer)');
  const parts = certificateParts(der, 'Certificate');
  const subject = nameAttributes(parts.subject, Object.values(ATTR), 'Certificate subject');

  let psd2: Psd2Statement | undefined;
  let qcTypes: string[] = [];
  const qcExtension = parts.extensions.get(QC_STATEMENTS_OID);
  if (qcExtension) {
    try {
      const decoded = decodeQcStatements(qcExtension.value);
      psd2 = decoded.psd2;
      qcTypes = decoded.qcTypes;
    } catch (err) {
      throw new Error(`Certificate: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
    }
  }

  // Roles are decided by OID only: roleOfPspName is informational per ETSI
  // TS 119 495, and trusting it would let "PSP_PI" with the AI OID pass as PI.
  const roleOids = psd2 ? psd2.roles.map((role) => role.oid) : [];
  const roles: PspRole[] = [];
  for (const oid of roleOids) {
    const role = roleForOid(oid);
    if (role && !roles.includes(role)) roles.push(role);
  }

  return {
    organizationIdentifier: subject.get(ATTR.organizationIdentifier),
    organizationName: subject.get(ATTR.organizationName),
    commonName: subject.get(ATTR.commonName),
    country: subject.get(ATTR.country),
    roles,
    roleOids,
    nca: psd2 ? { name: psd2.ncaName, id: psd2.ncaId } : undefined,
    hasPsd2Statement: psd2 !== undefined,
    notBefore: parts.notBefore,
    notAfter: parts.notAfter,
    serialNumber: parts.serialNumber,
    qcTypes,
    fingerprint256: fingerprint256(der),
  };
}

/** Same as readQwac, for the first CERTIFICATE block of a PEM string. */
export function readQwacPem(pem: string): QwacIdentity {
  return readQwac(certificatePemToDer(pem));
}
