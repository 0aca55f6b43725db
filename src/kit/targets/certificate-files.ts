/**
 * The certificates a remote config names, read and checked on this machine before anything is sent:
 * a file that holds no certificate or no key, a certificate that does not match its key, or a
 * provider certificate that cannot stand for what its key says is a configuration mistake, named by
 * its key. Found here it is one line and exit 2; found by the target it would be a scenario failing.
 */
import { createPrivateKey, X509Certificate } from 'node:crypto';
import { readQwacPem } from '../../certs/index.js';
import type { ClientCertificate } from '../client.js';
import { ConfigError } from '../config-error.js';

export interface CertificateFiles {
  cert: string;
  key: string;
}

/** The PEM certificates of a CA bundle; none is a mistake of `key`. */
export function checkCaBundle(key: string, file: string, pem: string): void {
  const blocks = pem.match(/-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g) ?? [];
  const readable = blocks.filter((block) => {
    try {
      new X509Certificate(block);
      return true;
    } catch {
      return false;
    }
  });
  if (readable.length === 0) throw new ConfigError(`${key} (${file}) holds no PEM certificate`);
}

/** A certificate and its key, as the TLS client will present them: each readable, and the two a pair. */
export function checkPair(key: string, files: CertificateFiles, pair: ClientCertificate): void {
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(pair.cert);
  } catch {
    throw new ConfigError(`${key}.cert (${files.cert}) is not a PEM certificate`);
  }
  let privateKey;
  try {
    privateKey = createPrivateKey(pair.key);
  } catch {
    throw new ConfigError(`${key}.key (${files.key}) is not a PEM private key (an encrypted key is not supported)`);
  }
  if (!certificate.checkPrivateKey(privateKey))
    throw new ConfigError(`${key}: the certificate ${files.cert} does not match the key ${files.key}`);
}

/**
 * What the scenarios assume of the providers: each valid now, a second provider another organisation,
 * the provider without CoF without PSP_IC, and the renamed provider the provider's organisation under
 * a name that a page showing the old one cannot contain. Any of these mistakes would fail (or pass)
 * scenarios for the config's sake.
 */
export function checkProviders(
  provider: ClientCertificate,
  extra: {
    secondProvider?: ClientCertificate | undefined;
    providerWithoutCof?: ClientCertificate | undefined;
    renamedProvider?: ClientCertificate | undefined;
  },
  now: Date,
): void {
  const providers: [string, ClientCertificate | undefined][] = [
    ['provider', provider],
    ['secondProvider', extra.secondProvider],
    ['providerWithoutCof', extra.providerWithoutCof],
    ['renamedProvider', extra.renamedProvider],
  ];
  for (const [key, certificate] of providers) {
    if (!certificate) continue;
    const x509 = new X509Certificate(certificate.cert);
    // TLS judges validity by this machine's clock, so this one is the one to ask.
    if (Date.parse(x509.validTo) < now.getTime())
      throw new ConfigError(`${key}: the certificate expired on ${new Date(x509.validTo).toISOString()}`);
    if (Date.parse(x509.validFrom) > now.getTime())
      throw new ConfigError(`${key}: the certificate is valid only from ${new Date(x509.validFrom).toISOString()}`);
  }
  const identity = (certificate: ClientCertificate) => {
    try {
      return readQwacPem(certificate.cert);
    } catch {
      return undefined;
    }
  };
  const ownIdentity = identity(provider);
  const own = ownIdentity?.organizationIdentifier;
  const second = extra.secondProvider && identity(extra.secondProvider);
  if (second && own !== undefined && second.organizationIdentifier === own)
    throw new ConfigError(
      `secondProvider names the organizationIdentifier of provider (${own}): it must be another provider`,
    );
  const withoutCof = extra.providerWithoutCof && identity(extra.providerWithoutCof);
  if (withoutCof?.roles.includes('PSP_IC'))
    throw new ConfigError('providerWithoutCof carries the role PSP_IC: it must be a certificate without it');
  const renamed = extra.renamedProvider && identity(extra.renamedProvider);
  if (renamed && renamed.organizationIdentifier !== own)
    throw new ConfigError(
      `renamedProvider names the organizationIdentifier ${renamed.organizationIdentifier ?? '(none)'}, ` +
        `not the provider's (${own ?? 'none'}): it must be the provider's own organisation under another name`,
    );
  const [newName, oldName] = [renamed?.organizationName, ownIdentity?.organizationName];
  // A page still showing the old name would contain the new one and pass.
  if (renamed && (newName === undefined || (oldName !== undefined && oldName.includes(newName))))
    throw new ConfigError(
      newName === undefined
        ? 'renamedProvider carries no organisation name (subject O)'
        : `renamedProvider's organisation name "${newName}" is ${newName === oldName ? '' : 'part of '}` +
            `the provider's ("${oldName}"): it must be a new name that the old one does not contain`,
    );
}
