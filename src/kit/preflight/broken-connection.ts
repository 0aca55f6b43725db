/**
 * What a broken probe connection says about the configuration, in one line naming the flag or key to
 * fix: a target that cannot be reached (`--target`), one that speaks plain HTTP (often the customer
 * surface's port given for the API's), a server certificate the configured CA does not verify (`ca`),
 * or a client certificate the target refuses at the TLS handshake (`provider`, …).
 */
import { ConfigError } from '../config-error.js';
import type { ProbeOutcome } from './https-probe.js';

const UNREACHABLE: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'host name not found',
  EAI_AGAIN: 'host name lookup failed',
  ETIMEDOUT: 'no answer in time',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  EADDRNOTAVAIL: 'address not available',
};

/** TLS answered with something that is not TLS: most often a plain HTTP server. */
const NOT_TLS = new Set(['ERR_SSL_WRONG_VERSION_NUMBER', 'ERR_SSL_PACKET_LENGTH_TOO_LONG', 'ERR_SSL_HTTP_REQUEST']);

/** The server certificate does not chain to the configured CA (node's names for OpenSSL's verify results). */
const NOT_VERIFIED = new Set([
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_SIGNATURE_FAILURE',
  'CERT_UNTRUSTED',
  'CERT_REJECTED',
  'INVALID_CA',
  'CERT_CHAIN_TOO_LONG',
]);

/** Whether the broken connection looks like a server that does not speak TLS (worth asking plain HTTP). */
export function notTls(outcome: Extract<ProbeOutcome, { kind: 'broken' }>): boolean {
  return NOT_TLS.has(outcome.code) || (outcome.code === 'EPROTO' && /wrong version number/i.test(outcome.message));
}

export interface Blame {
  /** The target's base URL and the flag or key it came from. */
  target: string;
  /** `ca (bank/ca.pem)`. */
  ca: string;
  /** The client certificate presented: `provider (certs/tpp.crt)`. */
  certificate: string;
}

/** The configuration mistake behind a broken probe connection. */
export function brokenConnection(
  outcome: Extract<ProbeOutcome, { kind: 'broken' }>,
  blame: Blame,
  plainHttp: boolean,
): ConfigError {
  const { code, message } = outcome;
  if (!outcome.secured && UNREACHABLE[code])
    return new ConfigError(`${blame.target}: cannot connect (${UNREACHABLE[code]}: ${message})`);
  if (notTls(outcome))
    return new ConfigError(
      plainHttp
        ? `${blame.target} speaks plain HTTP, not HTTPS: is it the customer surface's port? The XS2A API is the mutual-TLS port`
        : `${blame.target}: no TLS server answers there (${code})`,
    );
  if (NOT_VERIFIED.has(code))
    return new ConfigError(`${blame.ca} does not verify the target's server certificate (${message})`);
  if (code === 'CERT_HAS_EXPIRED' || code === 'CERT_NOT_YET_VALID')
    return new ConfigError(`${blame.target}: the server certificate is outside its validity (${message})`);
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID')
    return new ConfigError(`${blame.target}: the server certificate is not issued for this host name (${message})`);
  // An alert from the server, or a connection dropped once TLS stood: the client certificate was refused.
  if (/^ERR_SSL_.*ALERT/.test(code) || (outcome.secured && /ECONNRESET|EPIPE/.test(code)))
    return new ConfigError(
      `${blame.certificate}: the target refuses this certificate at the TLS handshake (${message})`,
    );
  return new ConfigError(`${blame.target}: the connection broke (${code}: ${message})`);
}
