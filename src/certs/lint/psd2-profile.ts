/**
 * The PSD2 certificate profile as `certs lint` checks it, each rule written from the clause it
 * names (ETSI TS 119 495 for the PSD2 attributes, EN 319 412-5 for the qcStatements, RFC 5280 for
 * the certificate itself). A finding is an error when the clause says "shall", a warning when it
 * leaves room (a role registered elsewhere, a duplicate).
 */
import { X509Certificate } from 'node:crypto';
import { AsnConvert } from '@peculiar/asn1-schema';
import {
  Certificate,
  ExtendedKeyUsage,
  id_ce_extKeyUsage,
  id_ce_keyUsage,
  id_kp_clientAuth,
  id_kp_serverAuth,
  KeyUsage,
  KeyUsageFlags,
} from '@peculiar/asn1-x509';
import { certificateParts } from '../certificate-parts.js';
import {
  decodeQcStatements,
  QC_STATEMENTS_OID,
  QC_TYPE_ESEAL_OID,
  QC_TYPE_ESIGN_OID,
  QC_TYPE_WEB_OID,
  type DecodedQcStatements,
} from '../qc-statements.js';
import { readQwac, type QwacIdentity } from '../qwac-reader.js';
import { PSP_ROLES, roleForOid } from '../roles.js';

export type Severity = 'error' | 'warning';

export interface Finding {
  severity: Severity;
  /** The clause the rule comes from, e.g. "ETSI TS 119 495 clause 5.2.3". */
  clause: string;
  message: string;
}

export interface LintOptions {
  /** The instant validity is judged at (the sandbox clock's, or now). */
  at: Date;
  /** Trusted CA certificates: the certificate must be issued by one of them. */
  cas?: X509Certificate[];
  /** What the certificate is meant to be; by default what its QcType says. */
  expect?: 'qwac' | 'qseal';
  /**
   * It came in a bundle beside an end-entity certificate, so a CA certificate is that one's chain
   * (a warning). Offered on its own, a CA certificate is what was offered as the PSD2 certificate,
   * and fails the profile (an error): a plain self-signed certificate is one.
   */
  chain?: boolean;
}

export interface LintResult {
  findings: Finding[];
  /** A one-line summary of what was read: kind, organizationIdentifier, roles. */
  summary: string;
}

const TS119495 = (clause: string) => `ETSI TS 119 495 clause ${clause}`;
const EN319412_5 = (clause: string) => `ETSI EN 319 412-5 clause ${clause}`;
const RFC5280 = (clause: string) => `RFC 5280 ${clause}`;

const QC_TYPE_NAMES: Readonly<Record<string, string>> = {
  [QC_TYPE_ESIGN_OID]: 'esign',
  [QC_TYPE_ESEAL_OID]: 'eseal',
  [QC_TYPE_WEB_OID]: 'web',
};

// TS 119 495 clause 5.2.3: NCAId is the 2-letter ISO 3166 country code, "-", and the 2-8 character
// NCA identifier (A-Z uppercase only, no separator). Clause 5.2.1: the organizationIdentifier is
// "PSD", that country code, "-", that NCA identifier, "-", and the PSP's identifier at the NCA.
const NCA_ID = /^([A-Z]{2})-([A-Z]{2,8})$/;
const ORGANIZATION_ID = /^PSD([A-Z]{2})-([A-Z]{2,8})-(.+)$/;
// Annex A: NCAName and roleOfPspName are UTF8String (SIZE (1..256)).
const MAX_PSD2_STRING = 256;

function usageOf(der: Buffer): { keyUsage: number | undefined; extendedKeyUsage: string[] | undefined } {
  const extensions = AsnConvert.parse(der, Certificate).tbsCertificate.extensions ?? [];
  const find = (id: string) => extensions.find((extension) => extension.extnID === id);
  const ku = find(id_ce_keyUsage);
  const eku = find(id_ce_extKeyUsage);
  return {
    keyUsage: ku ? AsnConvert.parse(ku.extnValue.buffer, KeyUsage).toNumber() : undefined,
    extendedKeyUsage: eku ? [...AsnConvert.parse(eku.extnValue.buffer, ExtendedKeyUsage)] : undefined,
  };
}

function psd2Findings(qc: DecodedQcStatements, identity: QwacIdentity, findings: Finding[]): void {
  const add = (severity: Severity, clause: string, message: string) => findings.push({ severity, clause, message });
  if (!qc.qcCompliance)
    add('error', EN319412_5('4.2.1'), 'the qcStatements carry no QcCompliance (0.4.0.1862.1.1): not an EU qualified certificate');
  if (qc.qcTypes.length === 0)
    add('error', EN319412_5('4.2.3'), 'the qcStatements carry no QcType (0.4.0.1862.1.6): web (QWAC) or eseal (QSealC) is not said');
  const psd2 = qc.psd2;
  if (!psd2) {
    add('error', TS119495('5.1'), 'no PSD2 statement (etsi-psd2-qcStatement 0.4.0.19495.2) in the qcStatements');
    return;
  }
  if (psd2.roles.length === 0) add('error', TS119495('5.1'), 'the PSD2 statement lists no role (RolesOfPSP is empty)');
  // Clause 5.2.2: one or more roles, or a single entry saying the role is unspecified; not both.
  const others = psd2.roles.filter((role) => role.oid !== PSP_ROLES.Unspecified).length;
  if (others > 0 && others < psd2.roles.length)
    add(
      'error',
      TS119495('5.2.2'),
      `RolesOfPSP holds the unspecified role (${PSP_ROLES.Unspecified}) beside ${others} other role${others === 1 ? '' : 's'}: it is a single entry or absent`,
    );
  const seen = new Set<string>();
  for (const role of psd2.roles) {
    if (seen.has(role.oid)) add('warning', TS119495('5.2.2'), `role ${role.oid} is listed twice`);
    seen.add(role.oid);
    const known = roleForOid(role.oid);
    if (known && role.name !== known)
      add(
        'error',
        TS119495('5.2.2'),
        `role ${role.oid} is named "${role.name}"; the name associated with that OID is "${known}"`,
      );
    if (!known) {
      const byName = Object.hasOwn(PSP_ROLES, role.name) ? PSP_ROLES[role.name as keyof typeof PSP_ROLES] : undefined;
      add(
        byName ? 'error' : 'warning',
        TS119495('5.2.2'),
        byName
          ? `role name "${role.name}" belongs to OID ${byName}, but the role carries OID ${role.oid}`
          : `role ${role.oid} ("${role.name}") is not one of the roles TS 119 495 registers (${Object.keys(PSP_ROLES).join(', ')}); a bank grants nothing for it`,
      );
    }
    if (role.name.length === 0 || role.name.length > MAX_PSD2_STRING)
      add('error', TS119495('Annex A'), `roleOfPspName must be 1-${MAX_PSD2_STRING} characters`);
  }
  if (psd2.ncaName.length === 0 || psd2.ncaName.length > MAX_PSD2_STRING)
    add('error', TS119495('5.2.3'), `nCAName must be 1-${MAX_PSD2_STRING} characters`);
  const nca = NCA_ID.exec(psd2.ncaId);
  if (!nca)
    add(
      'error',
      TS119495('5.2.3'),
      `nCAId "${psd2.ncaId}" is not in the form CC-NCA (country code, "-", 2-8 uppercase letters), e.g. DE-BAFIN`,
    );
  const org = identity.organizationIdentifier === undefined ? undefined : ORGANIZATION_ID.exec(identity.organizationIdentifier);
  if (nca && org && (nca[1] !== org[1] || nca[2] !== org[2]))
    add(
      'error',
      TS119495('5.2.1'),
      `organizationIdentifier ${identity.organizationIdentifier} names the authority ${org[1]}-${org[2]}, the PSD2 statement's nCAId ${psd2.ncaId}`,
    );
}

function usageFindings(der: Buffer, qc: DecodedQcStatements | undefined, options: LintOptions, findings: Finding[]): string {
  const add = (severity: Severity, clause: string, message: string) => findings.push({ severity, clause, message });
  const { keyUsage, extendedKeyUsage } = usageOf(der);
  const has = (flag: KeyUsageFlags) => keyUsage !== undefined && (keyUsage & flag) !== 0;
  const tls = (extendedKeyUsage ?? []).filter((oid) => oid === id_kp_serverAuth || oid === id_kp_clientAuth);
  const web = qc?.qcTypes.includes(QC_TYPE_WEB_OID) ?? false;
  const seal = qc?.qcTypes.includes(QC_TYPE_ESEAL_OID) ?? false;
  const kind = options.expect ?? (web ? 'qwac' : seal ? 'qseal' : tls.length > 0 ? 'qwac' : 'qseal');
  if (kind === 'qwac') {
    if (qc && qc.qcTypes.length > 0 && !web)
      add(
        'error',
        TS119495('5.3'),
        `used as a QWAC but its QcType is ${qc.qcTypes.map((oid) => QC_TYPE_NAMES[oid] ?? oid).join(', ')}, not web: a seal (or signature) certificate is no website authentication certificate`,
      );
    if (!has(KeyUsageFlags.digitalSignature))
      add('error', TS119495('5.3'), 'a QWAC needs keyUsage digitalSignature to authenticate a TLS connection');
    if (extendedKeyUsage !== undefined && !extendedKeyUsage.includes(id_kp_clientAuth))
      add('warning', TS119495('5.3'), 'extKeyUsage has no clientAuth: TLS stacks refuse it as a client certificate for mutual TLS');
  } else {
    if (qc && qc.qcTypes.length > 0 && !seal)
      add(
        'error',
        TS119495('5.4'),
        `used as a QSealC but its QcType is ${qc.qcTypes.map((oid) => QC_TYPE_NAMES[oid] ?? oid).join(', ')}, not eseal`,
      );
    if (seal && tls.length > 0)
      add(
        'error',
        TS119495('5.4'),
        'a seal certificate (QcType eseal) that claims TLS use (extKeyUsage serverAuth/clientAuth): a QSealC is no QWAC',
      );
    if (!has(KeyUsageFlags.nonRepudiation) && !has(KeyUsageFlags.digitalSignature))
      add('error', TS119495('5.4'), 'a QSealC needs keyUsage nonRepudiation (contentCommitment) or digitalSignature to seal');
  }
  return kind === 'qwac' ? 'QWAC' : 'QSealC';
}

export function lintCertificate(der: Buffer, options: LintOptions): LintResult {
  const findings: Finding[] = [];
  const add = (severity: Severity, clause: string, message: string) => findings.push({ severity, clause, message });
  let identity: QwacIdentity;
  try {
    certificateParts(der);
    identity = readQwac(der);
  } catch (error) {
    add('error', RFC5280('4.1'), `not a readable certificate: ${(error as Error).message}`);
    return { findings, summary: 'unreadable' };
  }

  const parts = certificateParts(der);
  if (new X509Certificate(der).ca) {
    if (options.chain)
      add('warning', RFC5280('4.2.1.9'), 'a CA certificate: the PSD2 profile is for the end-entity certificates it issues');
    else
      add(
        'error',
        RFC5280('4.2.1.9'),
        'a CA certificate (basicConstraints cA), not a QWAC or QSealC: the PSD2 profile is for end-entity certificates',
      );
    return { findings, summary: 'CA' };
  }
  let qc: DecodedQcStatements | undefined;
  const qcExtension = parts.extensions.get(QC_STATEMENTS_OID);
  if (!qcExtension) add('error', TS119495('5.1'), 'no qcStatements extension (1.3.6.1.5.5.7.1.3): no PSD2 statement');
  else {
    try {
      qc = decodeQcStatements(qcExtension.value);
    } catch (error) {
      add('error', EN319412_5('4'), `the qcStatements cannot be read: ${(error as Error).message}`);
    }
  }
  if (qc) psd2Findings(qc, identity, findings);

  if (identity.organizationIdentifier === undefined)
    add('error', TS119495('5.2.1'), 'the subject carries no organizationIdentifier (2.5.4.97)');
  else if (!ORGANIZATION_ID.test(identity.organizationIdentifier))
    add(
      'error',
      TS119495('5.2.1'),
      `organizationIdentifier "${identity.organizationIdentifier}" is not PSD<CC>-<NCA>-<id> (e.g. PSDDE-BAFIN-123456; NCA 2-8 uppercase letters)`,
    );

  const kind = usageFindings(der, qc, options, findings);

  if (options.at.getTime() > identity.notAfter.getTime())
    add('error', RFC5280('4.1.2.5'), `expired on ${identity.notAfter.toISOString()} (judged at ${options.at.toISOString()})`);
  if (options.at.getTime() < identity.notBefore.getTime())
    add('error', RFC5280('4.1.2.5'), `not valid before ${identity.notBefore.toISOString()} (judged at ${options.at.toISOString()})`);

  if (options.cas && options.cas.length > 0) {
    const certificate = new X509Certificate(der);
    const issuer = options.cas.find((ca) => certificate.checkIssued(ca) && certificate.verify(ca.publicKey));
    if (!issuer)
      add(
        'error',
        RFC5280('6.1'),
        `not issued by a given CA (its issuer is ${certificate.issuer.replace(/\n/g, ', ')}): it does not chain to --ca`,
      );
  }

  const roles = identity.roleOids.map((oid) => roleForOid(oid) ?? oid).join(' ');
  return {
    findings,
    summary: `${kind}, ${identity.organizationIdentifier ?? 'no organizationIdentifier'}${roles ? `, ${roles}` : ''}`,
  };
}
