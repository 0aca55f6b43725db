/**
 * Reads the provider from the TLS socket. Only the socket's own verdict counts (`authorized`),
 * never a header. The certificate cannot change within a connection, so it is read once per
 * socket; the register is still consulted on every request so a withdrawal stops access at once.
 */
import type { TLSSocket } from 'node:tls';
import type { PspRole } from '../../certs/index.js';
import { XsError } from '../../contract/index.js';
import type { SandboxContext } from '../context.js';
import { identify, type PeerCertificate, type ProviderIdentity } from '../rules/identity.js';
import { requireAuthorised } from '../services/providers.js';
import type { Guard } from './call.js';

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

/**
 * The PSD2 role a service needs (spec "Authentication" 4): PSP_IC for confirmation of funds as the
 * spec says; PSP_AI for account information and PSP_PI for payments (the spec leaves these open).
 */
export function requireRole(role: PspRole): Guard {
  return (identity) => {
    if (!identity.roles.includes(role)) {
      throw new XsError('ROLE_INVALID', {
        text: `This service needs the role ${role} in the certificate's PSD2 statement.`,
      });
    }
  };
}
