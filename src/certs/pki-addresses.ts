/**
 * Where the sandbox's test CA publishes revocation (RFC 5280 4.2.2.1 authority information access,
 * 4.2.1.13 CRL distribution points): an OCSP responder (RFC 6960), the CRL and the CA certificate,
 * all on the customer surface under /pki. A certificate carries the addresses it was issued with;
 * they are only what clients are told, so a sandbox on another port still answers a client that is
 * given its address (`openssl ocsp -url`).
 */
import { AsnConvert } from '@peculiar/asn1-schema';
import {
  AccessDescription,
  AuthorityInfoAccessSyntax,
  CRLDistributionPoints,
  DistributionPoint,
  DistributionPointName,
  GeneralName,
  id_ad_caIssuers,
  id_ad_ocsp,
  id_ce_cRLDistributionPoints,
  id_pe_authorityInfoAccess,
} from '@peculiar/asn1-x509';

export interface PkiAddresses {
  ocsp: string;
  crl: string;
  caIssuers: string;
}

/** `serve`'s default customer-surface address: certificates made before a sandbox listens point there. */
export const DEFAULT_PKI_BASE = 'http://localhost:8080';

export const PKI_PATHS = { ocsp: '/pki/ocsp', crl: '/pki/ca.crl', caIssuers: '/pki/ca.crt' } as const;

/** The three addresses under a base such as `http://localhost:8080` (an http(s) URL without query or fragment). */
export function pkiAddresses(base: string = DEFAULT_PKI_BASE): PkiAddresses {
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    throw new Error(`PKI base address ${JSON.stringify(base)} is not a URL; expected e.g. ${DEFAULT_PKI_BASE}`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash || url.username) {
    throw new Error(`PKI base address ${JSON.stringify(base)} must be an http(s) URL without credentials, query or fragment`);
  }
  const root = url.href.replace(/\/+$/, '');
  return { ocsp: root + PKI_PATHS.ocsp, crl: root + PKI_PATHS.crl, caIssuers: root + PKI_PATHS.caIssuers };
}

/** The two extensions as DER (extnID and value), encoded by @peculiar/asn1-x509. */
export function pkiExtensions(addresses: PkiAddresses): { id: string; der: Buffer }[] {
  const aia = new AuthorityInfoAccessSyntax([
    new AccessDescription({ accessMethod: id_ad_ocsp, accessLocation: new GeneralName({ uniformResourceIdentifier: addresses.ocsp }) }),
    new AccessDescription({
      accessMethod: id_ad_caIssuers,
      accessLocation: new GeneralName({ uniformResourceIdentifier: addresses.caIssuers }),
    }),
  ]);
  const crl = new CRLDistributionPoints([
    new DistributionPoint({
      distributionPoint: new DistributionPointName({
        fullName: [new GeneralName({ uniformResourceIdentifier: addresses.crl })],
      }),
    }),
  ]);
  return [
    { id: id_pe_authorityInfoAccess, der: Buffer.from(AsnConvert.serialize(aia)) },
    { id: id_ce_cRLDistributionPoints, der: Buffer.from(AsnConvert.serialize(crl)) },
  ];
}
