/**
 * Reads the provider from the TLS socket. Only the socket's own verdict counts (`authorized`); a
 * header only from a proxy the operator named, and only with a certificate a trusted CA issued
 * (forwarded-certificate.ts). The certificate cannot change within a connection, so it is read once
 * per socket; the register is still consulted on every request so a withdrawal stops access at once.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { SandboxContext } from '../context.js';
import { identify, type PeerCertificate, type ProviderIdentity } from '../rules/identity.js';
import { certificateStatusCheck } from '../rules/revocation-check.js';
import { requireAuthorised } from '../services/providers.js';
import { forwardedPeer, proxyAddress, type ForwardedCertificates } from './forwarded-certificate.js';

/** What the functions here read of their world's context: the type lets them reach nothing else. */
export type IdentityContext = Pick<
  SandboxContext,
  'store' | 'clock' | 'registerFixture' | 'revocation' | 'expireBySandboxClock'
>;

function peerOf(socket: TLSSocket): PeerCertificate {
  const certificate = socket.getPeerCertificate();
  const der = certificate && Object.keys(certificate).length > 0 ? certificate.raw : undefined;
  const reason = socket.authorizationError as unknown;
  return {
    present: der !== undefined,
    authorized: socket.authorized,
    authorizationError:
      reason === null || reason === undefined ? undefined : String((reason as { code?: string }).code ?? reason),
    der,
  };
}

/** The identity a certificate gives, or the refusal it earns, as a function to call per request. */
function verdictOf(peer: PeerCertificate): () => ProviderIdentity {
  try {
    const identity = identify(peer);
    return () => identity;
  } catch (error) {
    return () => {
      throw error;
    };
  }
}

/** Forwarded certificates seen lately, by the header's text: a proxy sends the same few again and again. */
const FORWARDED_REMEMBERED = 256;

/**
 * Who a request's certificate names: read from its socket's certificate (once per socket), or from
 * the certificate a trusted proxy forwarded (`forwarded`: per request, since a proxy's connection
 * carries many clients' requests). Throws CERTIFICATE_MISSING or ROLE_INVALID; the register is not
 * asked here.
 */
export function certificateReader(
  forwarded?: ForwardedCertificates,
): (socket: TLSSocket, headers: IncomingHttpHeaders) => ProviderIdentity {
  const verdicts = new WeakMap<TLSSocket, () => ProviderIdentity>();
  const fromHeader = new Map<string, (() => ProviderIdentity) | undefined>();
  const believed = (value: string): (() => ProviderIdentity) | undefined => {
    if (fromHeader.has(value)) return fromHeader.get(value);
    const peer = forwardedPeer(value, forwarded!.trusted, Date.now());
    const verdict = peer && verdictOf(peer);
    if (fromHeader.size >= FORWARDED_REMEMBERED) fromHeader.delete(fromHeader.keys().next().value!);
    fromHeader.set(value, verdict);
    return verdict;
  };
  return (socket, headers) => {
    if (forwarded && forwarded.proxies.has(proxyAddress(socket.remoteAddress))) {
      const value = headers[forwarded.header];
      // One header, believed: its certificate. Anything else is no forwarded certificate.
      const verdict = typeof value === 'string' ? believed(value) : undefined;
      if (verdict) return verdict();
    }
    let verdict = verdicts.get(socket);
    if (!verdict) {
      verdict = verdictOf(peerOf(socket));
      verdicts.set(socket, verdict);
    }
    return verdict();
  };
}

/**
 * The provider of a request: who its certificate names (certificateReader), not revoked or suspended
 * (`checkRevocation`) nor expired by the sandbox clock (`expireBySandboxClock`), checked against the
 * register on every request. Throws CERTIFICATE_MISSING or ROLE_INVALID.
 */
export function authenticateProvider(
  ctx: IdentityContext,
  forwarded?: ForwardedCertificates,
): (socket: TLSSocket, headers: IncomingHttpHeaders) => ProviderIdentity {
  const read = certificateReader(forwarded);
  if (!ctx.revocation && !ctx.expireBySandboxClock)
    return (socket, headers) => requireAuthorised(ctx, read(socket, headers));
  const refuseUnusable = certificateStatusCheck({
    revocation: ctx.revocation,
    expireBySandboxClock: ctx.expireBySandboxClock ?? false,
  });
  return (socket, headers) => {
    const identity = read(socket, headers);
    refuseUnusable(identity, ctx.clock.now());
    return requireAuthorised(ctx, identity);
  };
}
