/** /v1/revocation-callback: for any registered provider whatever its roles (spec "Revocation callback endpoints" 4). */
import type { SandboxContext } from '../context.js';
import { readCallback, registerCallback, removeCallback } from '../services/callbacks.js';
import { noContent, ok, type ApiRoute, type Call } from './call.js';

const tpp = (call: Call) => call.identity.organizationIdentifier;

export function callbackRoutes(ctx: SandboxContext): ApiRoute[] {
  return [
    { method: 'get', path: '/revocation-callback', handler: (call) => ok(readCallback(ctx, tpp(call))) },
    { method: 'put', path: '/revocation-callback', handler: async (call) => ok(await registerCallback(ctx, tpp(call), call.body)) },
    {
      method: 'delete',
      path: '/revocation-callback',
      handler: async (call) => {
        await removeCallback(ctx, tpp(call));
        return noContent();
      },
    },
  ];
}
