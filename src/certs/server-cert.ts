/**
 * The sandbox's TLS server certificate, signed by the sandbox CA so that
 * clients only need to trust ca.crt.
 */
import { isIP } from 'node:net';
import { generate } from 'selfsigned';
import type { PemPair } from './qwac.js';

const DEFAULT_HOSTNAMES = ['localhost', '127.0.0.1', '::1'];
// Two years, which also stays under the 825-day cap Apple clients enforce on TLS server certificates.
const SERVER_VALIDITY_DAYS = 730;

export async function issueServerCertificate(ca: PemPair, hostnames: string[] = DEFAULT_HOSTNAMES): Promise<PemPair> {
  if (!Array.isArray(hostnames) || hostnames.length === 0 || hostnames.some((h) => typeof h !== 'string' || h.trim() === '')) {
    throw new Error('Server certificate hostnames must be a non-empty list of DNS names or IP addresses');
  }
  // Clients match hostnames against the SAN only, but a readable CN helps
  // humans; prefer the first DNS name over an IP address.
  const commonName = hostnames.find((h) => isIP(h) === 0) ?? (hostnames[0] as string);
  const notBefore = new Date();
  const notAfter = new Date(notBefore.getTime() + SERVER_VALIDITY_DAYS * 24 * 60 * 60 * 1000);
  const pems = await generate([{ name: 'commonName', value: commonName }], {
    keyType: 'rsa',
    keySize: 2048,
    algorithm: 'sha256',
    notBeforeDate: notBefore,
    notAfterDate: notAfter,
    ca: { key: ca.key, cert: ca.cert },
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: hostnames.map((h) => (isIP(h) === 0 ? { type: 2 as const, value: h } : { type: 7 as const, ip: h })),
      },
    ],
  });
  return { cert: pems.cert, key: pems.private };
}
