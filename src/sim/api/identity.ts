/**
 * Reads the provider from the TLS socket. Only the socket's own verdict counts (`authorized`),
 * never a header. The certificate cannot change within a connection, so it is read once per
 * socket; the register is still consulted on every request so a withdrawal stops access at once.
 */
import type { TLSSocket } from 'node:tls';
import type { SandboxContext } from '../context.js';
import { identify, type PeerCertificate, type ProviderIdentity } from '../rules/identity.js';
import { requireAuthorised } from '../services/providers.js';

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

/**
 * The provider of a request: read from its socket's certificate (once per socket) and checked
 * against the register (every request). Throws CERTIFICATE_MISSING or ROLE_INVALID.
 */
export function authenticateProvider(ctx: SandboxContext): (socket: TLSSocket) => ProviderIdentity {
  const verdicts = new WeakMap<TLSSocket, () => ProviderIdentity>();
  return (socket) => {
    let verdict = verdicts.get(socket);
    if (!verdict) {
      const peer = peerOf(socket);
      try {
        const identity = identify(peer);
        verdict = () => identity;
      } catch (error) {
        verdict = () => {
          throw error;
        };
      }
      verdicts.set(socket, verdict);
    }
    return requireAuthorised(ctx, verdict());
  };
}
