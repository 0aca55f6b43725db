/**
 * What `certs lint` reads: a file of one DER certificate, or PEM text with one or more CERTIFICATE
 * blocks (a bundle: each linted on its own). Anything else is one finding, never a crash.
 */
export interface LintSubject {
  /** The file, with "#N" for the Nth certificate of a bundle. */
  name: string;
  der?: Buffer;
  /** Why the file (or block) is not a certificate. */
  unreadable?: string;
}

const BLOCK = /-----BEGIN CERTIFICATE-----([\s\S]*?)-----END CERTIFICATE-----/g;

export function lintSubjects(name: string, bytes: Buffer): LintSubject[] {
  // DER: a SEQUENCE (0x30) with a long-form length, as every certificate has.
  if (bytes.length > 4 && bytes[0] === 0x30 && ((bytes[1] ?? 0) & 0x80) !== 0) return [{ name, der: bytes }];
  const text = bytes.toString('latin1');
  const blocks = [...text.matchAll(BLOCK)];
  if (blocks.length === 0)
    return [
      {
        name,
        unreadable: text.includes('-----BEGIN ')
          ? `not a certificate: a PEM file without a CERTIFICATE block (${/-----BEGIN ([A-Z0-9 ]+)-----/.exec(text)?.[1] ?? 'other'})`
          : 'not a certificate: neither DER nor PEM',
      },
    ];
  return blocks.map((block, i) => {
    const label = blocks.length === 1 ? name : `${name}#${i + 1}`;
    const base64 = (block[1] ?? '').replace(/\s+/g, '');
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) return { name: label, unreadable: 'not a certificate: the PEM block is not base64' };
    return { name: label, der: Buffer.from(base64, 'base64') };
  });
}
