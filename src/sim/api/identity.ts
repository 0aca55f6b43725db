/**
 * Reads the provider from the TLS socket. Only the socket's own verdict counts (`authorized`),
 * never a header. The certificate cannot change within a connection, so it is read once per
 * socket; the register is still consulted on every request so a withdrawal stops access at once.
 */
import type { TLSSocket } from 'node:tls';
import type { RequestHandler, Response } from 'express';
import type { PspRole } from '../../certs/index.js';
import { XsError } from '../../contract/index.js';
import type { SandboxContext } from '../context.js';
import { identify, type PeerCertificate, type ProviderIdentity } from '../rules/identity.js';
import { recordProvider, requireAuthorised } from '../services/providers.js';

function peerOf(socket: TLSSocket): PeerCertificate {
  const certificate = socket.getPeerCertificate();
  const der = certificate && Object.keys(certificate).length > 0 ? certificate.raw : undefined;
  const reason = socket.authorizationError as unknown;
  return {
    present: der !== undefined,
    authorized: socket.authorized,
    authorizationError: reason === null || reason === undefined ? undefined : String((reason as { code?: string }).code ?? reason),
    der,
  };
}

export function identityOf(res: Response): ProviderIdentity {
  return res.locals.identity as ProviderIdentity;
}

export function authenticateProvider(ctx: SandboxContext): RequestHandler {
  const verdicts = new WeakMap<TLSSocket, () => ProviderIdentity>();
  const openCallbackEndpoint = ctx.deviations.has('callback-endpoint-without-certificate');
  return (req, res, next) => {
    const socket = req.socket as TLSSocket;
    // Deviation callback-endpoint-without-certificate (tests only): a per-operation exception.
    if (openCallbackEndpoint && req.path.startsWith('/v1/revocation-callback') && !peerOf(socket).present) {
      res.locals.identity = { organizationIdentifier: 'anonymous', name: 'anonymous', roles: [], nca: undefined } satisfies ProviderIdentity;
      next();
      return;
    }
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
    res.locals.identity = requireAuthorised(ctx, verdict());
    next();
  };
}

/**
 * The PSD2 role a service needs (spec "Authentication" 4): PSP_IC for confirmation of funds as the
 * spec says; PSP_AI for account information and PSP_PI for payments (the spec leaves these open).
 */
export function requireRole(role: PspRole): RequestHandler {
  return (_req, res, next) => {
    if (!identityOf(res).roles.includes(role)) {
      throw new XsError('ROLE_INVALID', { text: `This service needs the role ${role} in the certificate's PSD2 statement.` });
    }
    next();
  };
}

/** Registration happens once the request has passed the basic checks, so a refused request stores nothing. */
export function registerProvider(ctx: SandboxContext): RequestHandler {
  return async (_req, res, next) => {
    await recordProvider(ctx, identityOf(res));
    next();
  };
}
