/**
 * The sandbox's own certificate authority. It signs the TLS server certificate
 * and every test QWAC, so a TPP that trusts ca.crt can talk to the sandbox and
 * the sandbox can check a TPP's certificate chain.
 */
import { randomBytes } from 'node:crypto';
import { generate } from 'selfsigned';
import type { PemPair } from './qwac.js';

const CA_VALIDITY_YEARS = 10;

export async function createCa(): Promise<PemPair> {
  const notBefore = new Date();
  const notAfter = new Date(notBefore);
  notAfter.setUTCFullYear(notAfter.getUTCFullYear() + CA_VALIDITY_YEARS);
  const pems = await generate(
    // Listed in the conventional C, O, CN order; selfsigned keeps the order given.
    [
      { name: 'countryName', value: 'DE' },
      { name: 'organizationName', value: 'xs2a-kit' },
      // A distinct name per CA: OpenSSL finds an issuer by name, so two sandbox CAs sharing one
      // name would shadow each other (a --trust'ed partner CA would fail its signature check).
      { name: 'commonName', value: `xs2a-kit Sandbox Test CA ${randomBytes(4).toString('hex')}` },
    ],
    {
      keyType: 'rsa',
      keySize: 2048,
      // selfsigned still defaults to SHA-1, which current TLS stacks refuse in certificate signatures.
      algorithm: 'sha256',
      notBeforeDate: notBefore,
      notAfterDate: notAfter,
      extensions: [
        { name: 'basicConstraints', cA: true, critical: true },
        { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
      ],
    },
  );
  return { cert: pems.cert, key: pems.private };
}
