/**
 * The client certificate as a TLS-terminating proxy forwards it (`--client-cert-header NAME` with
 * `--trusted-proxy ADDRESS,…`), for a sandbox deployed as banks deploy: the gateway checks the mutual
 * TLS and passes the certificate on in a header. The header is believed only on a connection from a
 * trusted proxy's address, and only when it holds exactly one certificate that a CA this sandbox
 * trusts issued and that is valid now (real time, as TLS judges it); anything else is judged as no
 * forwarded certificate, and the request by its own TLS connection. Two spellings are read: nginx's
 * `$ssl_client_escaped_cert` (the PEM, URL-encoded) and HAProxy's `%[ssl_c_der,base64]` (the DER in
 * base64).
 */
import { X509Certificate } from 'node:crypto';
import { isIP } from 'node:net';
import type { PeerCertificate } from '../rules/identity.js';

export interface ForwardedCertificates {
  /** The header's name, lower case. */
  header: string;
  /** The proxies' addresses, as a socket names its peer. */
  proxies: ReadonlySet<string>;
  /** The CA certificates a forwarded certificate must be issued by. */
  trusted: readonly X509Certificate[];
}

/** An address as compared: an IPv4 address a dual-stack socket reports as `::ffff:a.b.c.d` is `a.b.c.d`. */
export function proxyAddress(address: string | undefined): string {
  const plain = (address ?? '').replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  return isIP(plain) === 6 ? plain.toLowerCase() : plain;
}

const PEM_BLOCK = /-----BEGIN CERTIFICATE-----([A-Za-z0-9+/=\s]+)-----END CERTIFICATE-----/g;

/** The DER of the one certificate a header value holds, or undefined (malformed, empty, several). */
export function forwardedDer(value: string): Buffer | undefined {
  let text = value.trim();
  if (text.includes('%')) {
    try {
      text = decodeURIComponent(text);
    } catch {
      return undefined;
    }
  }
  if (text.includes('-----BEGIN')) {
    const blocks = [...text.matchAll(PEM_BLOCK)];
    const outside = text.replace(PEM_BLOCK, '').trim();
    if (blocks.length !== 1 || outside !== '') return undefined;
    return Buffer.from(blocks[0]![1]!.replace(/\s+/g, ''), 'base64');
  }
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(text)) return undefined;
  return Buffer.from(text, 'base64');
}

/** The forwarded certificate as TLS would have authorised it, or undefined when it is not to be believed. */
export function forwardedPeer(
  value: string,
  trusted: readonly X509Certificate[],
  nowMs: number,
): PeerCertificate | undefined {
  const der = forwardedDer(value);
  if (!der || der.length === 0) return undefined;
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(der);
  } catch {
    return undefined;
  }
  // A second certificate after the first, or anything else after it, is not one certificate.
  if (!certificate.raw.equals(der)) return undefined;
  if (nowMs < Date.parse(certificate.validFrom) || nowMs > Date.parse(certificate.validTo)) return undefined;
  const issued = trusted.some((ca) => certificate.checkIssued(ca) && certificate.verify(ca.publicKey));
  if (!issued) return undefined;
  return { present: true, authorized: true, authorizationError: undefined, der };
}
