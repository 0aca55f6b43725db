/**
 * PEM <-> DER for certificates. Done by hand rather than through forge.pem so
 * that a PEM holding an EC certificate, extra text around the block, or CRLF
 * line ends all behave the same, and so that errors say what was wrong.
 */
const CERTIFICATE_BLOCK = /-----BEGIN CERTIFICATE-----([\s\S]*?)-----END CERTIFICATE-----/;

/** DER of the first CERTIFICATE block in `pem`. */
export function certificatePemToDer(pem: string): Buffer {
  if (typeof pem !== 'string') throw new Error('Certificate PEM: expected a string');
  const match = CERTIFICATE_BLOCK.exec(pem);
  if (!match) throw new Error('Certificate PEM: no "-----BEGIN CERTIFICATE-----" block found');
  const base64 = (match[1] as string).replace(/\s+/g, '');
  // Buffer.from(…, 'base64') silently skips junk, so check the alphabet first.
  if (base64.length === 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) {
    throw new Error('Certificate PEM: the block is not valid base64');
  }
  return Buffer.from(base64, 'base64');
}

export function derToCertificatePem(der: Uint8Array): string {
  const base64 = Buffer.from(der).toString('base64');
  const lines = base64.match(/.{1,64}/g) ?? [];
  return `-----BEGIN CERTIFICATE-----\n${lines.join('\n')}\n-----END CERTIFICATE-----\n`;
}
