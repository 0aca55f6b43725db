export { PSP_ROLES, ALL_TPP_ROLES, isPspRole, roleForOid, assertPspRoles, type PspRole } from './roles.js';
export { DEFAULT_ORGANIZATION_ID, parseOrganizationIdentifier, type OrganizationId } from './organization-id.js';
export {
  QC_STATEMENTS_OID,
  QC_COMPLIANCE_OID,
  QC_TYPE_OID,
  QC_TYPE_WEB_OID,
  QC_TYPE_ESEAL_OID,
  QC_TYPE_ESIGN_OID,
  PSD2_STATEMENT_OID,
  encodeQcStatements,
  decodeQcStatements,
  type Psd2Statement,
  type DecodedQcStatements,
} from './qc-statements.js';
export {
  issueQwac,
  issueQseal,
  readQwac,
  readQwacPem,
  defaultDnsName,
  type KeyType,
  type CertificateKind,
  type PemPair,
  type QwacRequest,
  type QwacIdentity,
} from './qwac.js';
export { createCa } from './ca.js';
export { issueServerCertificate } from './server-cert.js';
export {
  CERT_FILES,
  certificatePaths,
  ensureCertificates,
  writeProviderCertificate,
  providerFileBase,
  loadCertificates,
  writeFileAtomic,
  type CertificatePaths,
} from './cert-files.js';
export { userCertificatesDir } from './user-cache.js';
export { DEFAULT_PKI_BASE, PKI_PATHS, pkiAddresses, pkiExtensions, type PkiAddresses } from './pki-addresses.js';
