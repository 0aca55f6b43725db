/**
 * The qcStatements certificate extension (RFC 3739) with the statements a
 * PSD2 QWAC carries (ETSI EN 319 412-5 and ETSI TS 119 495):
 *
 *   QCStatements ::= SEQUENCE OF QCStatement
 *   QCStatement  ::= SEQUENCE { statementId OID, statementInfo ANY OPTIONAL }
 *   PSD2QcType   ::= SEQUENCE { rolesOfPSP RolesOfPSP, nCAName NCAName, nCAId NCAId }
 *   RolesOfPSP   ::= SEQUENCE OF RoleOfPSP
 *   RoleOfPSP    ::= SEQUENCE { roleOfPspOid OID, roleOfPspName UTF8String }
 */
import type forge from 'node-forge';
import {
  expectSequence,
  oidNode,
  parseDer,
  readOid,
  readString,
  sequenceNode,
  utf8StringNode,
} from './asn1-reader.js';

export const QC_STATEMENTS_OID = '1.3.6.1.5.5.7.1.3';
/** esi4-qcStatement-1: the certificate is an EU qualified certificate. */
export const QC_COMPLIANCE_OID = '0.4.0.1862.1.1';
/** esi4-qcStatement-6: the type(s) of qualified certificate. */
export const QC_TYPE_OID = '0.4.0.1862.1.6';
/** id-etsi-qct-esign (EN 319 412-5 clause 4.2.3): a certificate for electronic signatures. */
export const QC_TYPE_ESIGN_OID = '0.4.0.1862.1.6.1';
/** id-etsi-qct-eseal (EN 319 412-5 clause 4.2.3): a certificate for electronic seals (a QSealC). */
export const QC_TYPE_ESEAL_OID = '0.4.0.1862.1.6.2';
/** id-etsi-qct-web (EN 319 412-5 clause 4.2.3): a certificate for website authentication (a QWAC). */
export const QC_TYPE_WEB_OID = '0.4.0.1862.1.6.3';
/** etsi-psd2-qcStatement. */
export const PSD2_STATEMENT_OID = '0.4.0.19495.2';

export interface Psd2Statement {
  roles: { oid: string; name: string }[];
  ncaName: string;
  ncaId: string;
}

export interface DecodedQcStatements {
  qcCompliance: boolean;
  qcTypes: string[];
  psd2?: Psd2Statement;
}

// ETSI TS 119 495 bounds every string in the PSD2 statement to 256 characters.
const MAX_PSD2_STRING = 256;

function checkPsd2String(value: string, field: string): void {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_PSD2_STRING) {
    throw new Error(`PSD2 statement ${field} must be 1-${MAX_PSD2_STRING} characters`);
  }
}

/**
 * The full extension value: QcCompliance, QcType (web for a QWAC, eseal for a QSealC) and the PSD2
 * statement. An empty `qcTypes` leaves the QcType statement out (a planted fault of the "almost
 * right" certificates: EN 319 412-5 clause 4.2.3 wants it in every EU qualified certificate).
 */
export function encodeQcStatements(psd2: Psd2Statement, qcTypes: readonly string[] = [QC_TYPE_WEB_OID]): forge.asn1.Asn1 {
  if (!Array.isArray(psd2.roles) || psd2.roles.length === 0) {
    throw new Error('PSD2 statement needs at least one role');
  }
  checkPsd2String(psd2.ncaName, 'nCAName');
  checkPsd2String(psd2.ncaId, 'nCAId');
  const roles = psd2.roles.map((role) => {
    checkPsd2String(role.name, 'roleOfPspName');
    return sequenceNode([oidNode(role.oid), utf8StringNode(role.name)]);
  });
  return sequenceNode([
    sequenceNode([oidNode(QC_COMPLIANCE_OID)]),
    ...(qcTypes.length > 0 ? [sequenceNode([oidNode(QC_TYPE_OID), sequenceNode(qcTypes.map((oid) => oidNode(oid)))])] : []),
    sequenceNode([
      oidNode(PSD2_STATEMENT_OID),
      sequenceNode([sequenceNode(roles), utf8StringNode(psd2.ncaName), utf8StringNode(psd2.ncaId)]),
    ]),
  ]);
}

function decodePsd2(info: forge.asn1.Asn1 | undefined): Psd2Statement {
  const what = 'PSD2 statement';
  const fields = expectSequence(info, what);
  if (fields.length !== 3) throw new Error(`${what}: expected rolesOfPSP, nCAName and nCAId`);
  const roles = expectSequence(fields[0], `${what} rolesOfPSP`).map((roleNode, i) => {
    const role = expectSequence(roleNode, `${what} role ${i}`);
    if (role.length !== 2) throw new Error(`${what} role ${i}: expected roleOfPspOid and roleOfPspName`);
    return {
      oid: readOid(role[0], `${what} role ${i} OID`),
      name: readString(role[1], `${what} role ${i} name`),
    };
  });
  return {
    roles,
    ncaName: readString(fields[1], `${what} nCAName`),
    ncaId: readString(fields[2], `${what} nCAId`),
  };
}

/**
 * Decodes a qcStatements extension value (the contents of its OCTET STRING).
 * Unknown statements are skipped, as RFC 3739 allows; anything structurally
 * wrong throws, because this input may come straight off a TLS handshake.
 */
export function decodeQcStatements(der: Buffer): DecodedQcStatements {
  const statements = expectSequence(parseDer(der, 'qcStatements'), 'qcStatements');
  const result: DecodedQcStatements = { qcCompliance: false, qcTypes: [] };
  statements.forEach((statementNode, i) => {
    const what = `qcStatements[${i}]`;
    const statement = expectSequence(statementNode, what);
    if (statement.length < 1 || statement.length > 2) {
      throw new Error(`${what}: expected statementId and optional statementInfo`);
    }
    const id = readOid(statement[0], `${what} statementId`);
    const info = statement[1];
    switch (id) {
      case QC_COMPLIANCE_OID:
        result.qcCompliance = true;
        break;
      case QC_TYPE_OID:
        for (const [j, typeNode] of expectSequence(info, `${what} QcType`).entries()) {
          result.qcTypes.push(readOid(typeNode, `${what} QcType[${j}]`));
        }
        break;
      case PSD2_STATEMENT_OID:
        // Two PSD2 statements would make the roles ambiguous; refuse rather than guess.
        if (result.psd2) throw new Error(`${what}: duplicate PSD2 statement`);
        result.psd2 = decodePsd2(info);
        break;
      default:
        break;
    }
  });
  return result;
}
