/**
 * The test CA's revocation records and the rules over them, as plain functions over data and an
 * instant: a certificate is revoked (RFC 5280 5.3.1 reason) or suspended (certificateHold) from an
 * instant on the sandbox clock, and its status at any instant follows. Every refusal names the
 * field at fault, so the control API and the command line can say it with `path`; a refused change
 * returns no new list, so nothing is changed.
 */

/** RFC 5280 5.3.1 CRLReason values a revocation may give (certificateHold is what a suspension is). */
export const REVOCATION_REASONS = {
  unspecified: 0,
  keyCompromise: 1,
  cACompromise: 2,
  affiliationChanged: 3,
  superseded: 4,
  cessationOfOperation: 5,
  certificateHold: 6,
  privilegeWithdrawn: 9,
  aACompromise: 10,
} as const;

export type RevocationReason = keyof typeof REVOCATION_REASONS;

export interface RevocationRecord {
  /** serialHex() form. */
  serial: string;
  /** 'revoked' for good, or 'suspended' (reason certificateHold) until resumed. */
  state: 'revoked' | 'suspended';
  reason: RevocationReason;
  /** ISO instant on the sandbox clock from which the record holds. */
  at: string;
}

/** What the CA knows it issued (certs in its folder): enough to refuse what cannot be revoked. */
export interface IssuedCertificate {
  serial: string;
  subject: string;
  notBefore: Date;
  notAfter: Date;
  isCa: boolean;
  file: string;
}

export type CertificateStatus =
  | { status: 'good' }
  | { status: 'revoked'; reason: RevocationReason; at: Date }
  | { status: 'unknown' };

export class RevocationRefusal extends Error {
  constructor(
    message: string,
    readonly path: string,
    readonly notFound = false,
  ) {
    super(message);
    this.name = 'RevocationRefusal';
  }
}

export function isRevocationReason(value: unknown): value is RevocationReason {
  return typeof value === 'string' && Object.hasOwn(REVOCATION_REASONS, value);
}

/** The record of a serial that holds at `now` (one scheduled later does not hold yet). */
export function recordAt(records: readonly RevocationRecord[], serial: string, now: Date): RevocationRecord | undefined {
  const record = records.find((entry) => entry.serial === serial);
  return record && Date.parse(record.at) <= now.getTime() ? record : undefined;
}

/** OCSP's view (RFC 6960 2.2): revoked (suspension included, as certificateHold), good, or unknown when the CA never issued it. */
export function statusAt(
  records: readonly RevocationRecord[],
  issued: ReadonlyMap<string, IssuedCertificate>,
  serial: string,
  now: Date,
): CertificateStatus {
  const record = recordAt(records, serial, now);
  if (record) return { status: 'revoked', reason: record.reason, at: new Date(record.at) };
  return issued.has(serial) ? { status: 'good' } : { status: 'unknown' };
}

function target(issued: ReadonlyMap<string, IssuedCertificate>, serial: string): IssuedCertificate {
  const certificate = issued.get(serial);
  if (!certificate)
    throw new RevocationRefusal(`The test CA issued no certificate with serial number ${serial}.`, 'serial', true);
  if (certificate.isCa)
    throw new RevocationRefusal(
      `Serial number ${serial} is the CA certificate itself (${certificate.subject}); a CA does not revoke itself.`,
      'serial',
    );
  return certificate;
}

/** Revokes for good. A suspended certificate may be revoked (the hold becomes final); a revoked one may not be again. */
export function revoke(
  records: readonly RevocationRecord[],
  issued: ReadonlyMap<string, IssuedCertificate>,
  change: { serial: string; reason: RevocationReason; at: Date },
): RevocationRecord[] {
  target(issued, change.serial);
  if (change.reason === 'certificateHold')
    throw new RevocationRefusal('certificateHold is a suspension: suspend the certificate instead.', 'reason');
  const existing = records.find((entry) => entry.serial === change.serial);
  if (existing?.state === 'revoked')
    throw new RevocationRefusal(
      `The certificate ${change.serial} is already revoked (${existing.reason}, ${existing.at}).`,
      'serial',
    );
  const record: RevocationRecord = { serial: change.serial, state: 'revoked', reason: change.reason, at: change.at.toISOString() };
  return [...records.filter((entry) => entry.serial !== change.serial), record];
}

/** Suspends (certificateHold) until resumed. */
export function suspend(
  records: readonly RevocationRecord[],
  issued: ReadonlyMap<string, IssuedCertificate>,
  change: { serial: string; at: Date },
): RevocationRecord[] {
  target(issued, change.serial);
  const existing = records.find((entry) => entry.serial === change.serial);
  if (existing)
    throw new RevocationRefusal(
      `The certificate ${change.serial} is already ${existing.state} (${existing.reason}, ${existing.at}).`,
      'serial',
    );
  return [...records, { serial: change.serial, state: 'suspended', reason: 'certificateHold', at: change.at.toISOString() }];
}

/** Lifts a suspension (RFC 5280 removeFromCRL): the certificate is good again. A revoked one stays revoked. */
export function resume(
  records: readonly RevocationRecord[],
  issued: ReadonlyMap<string, IssuedCertificate>,
  serial: string,
): RevocationRecord[] {
  target(issued, serial);
  const existing = records.find((entry) => entry.serial === serial);
  if (existing?.state !== 'suspended')
    throw new RevocationRefusal(
      existing
        ? `The certificate ${serial} is revoked, not suspended: a revocation is final.`
        : `The certificate ${serial} is not suspended.`,
      'serial',
    );
  return records.filter((entry) => entry.serial !== serial);
}

/** What the control API and the library say of one certificate at `now`. */
export function certificateView(certificate: IssuedCertificate, records: readonly RevocationRecord[], now: Date) {
  const held = recordAt(records, certificate.serial, now);
  const scheduled = records.find((record) => record.serial === certificate.serial && !held);
  return {
    serial: certificate.serial,
    subject: certificate.subject,
    file: certificate.file,
    notBefore: certificate.notBefore.toISOString(),
    notAfter: certificate.notAfter.toISOString(),
    ca: certificate.isCa,
    status: held ? held.state : now.getTime() > certificate.notAfter.getTime() ? 'expired' : 'good',
    ...(held ? { reason: held.reason, since: held.at } : {}),
    ...(scheduled ? { scheduled: { state: scheduled.state, reason: scheduled.reason, at: scheduled.at } } : {}),
  };
}

export type CertificateView = ReturnType<typeof certificateView>;
