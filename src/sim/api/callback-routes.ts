/** /v1/revocation-callback: for any registered provider whatever its roles (spec "Revocation callback endpoints" 4). */
import type { SandboxContext } from '../context.js';
import type { Route } from '../http/routes.js';
import { readCallback, registerCallback, removeCallback } from '../services/callbacks.js';
import { identityOf } from './identity.js';

const tpp = (res: Parameters<typeof identityOf>[0]) => identityOf(res).organizationIdentifier;

export function callbackRoutes(ctx: SandboxContext): Route[] {
  return [
    { method: 'get', path: '/revocation-callback', handler: (_req, res) => res.json(readCallback(ctx, tpp(res))) },
    { method: 'put', path: '/revocation-callback', handler: async (req, res) => res.json(await registerCallback(ctx, tpp(res), req.body)) },
    {
      method: 'delete',
      path: '/revocation-callback',
      handler: async (_req, res) => {
        await removeCallback(ctx, tpp(res));
        res.status(204).end();
      },
    },
  ];
}
