/** /v1/revocation-callback: for any registered provider whatever its roles (spec "Revocation callback endpoints" 4). */
import { readCallback, registerCallback, removeCallback } from '../services/callbacks/registration.js';
import { noContent, ok } from './answer.js';
import type { Call, OperationTable } from './call.js';

const tpp = (call: Call) => call.identity.organizationIdentifier;

export const callbackOperations = {
  getRevocationCallback: (call, ctx) => ok(readCallback(ctx, tpp(call))),
  putRevocationCallback: async (call, ctx) => ok(await registerCallback(ctx, tpp(call), call.body().url)),
  deleteRevocationCallback: async (call, ctx) => {
    await removeCallback(ctx, tpp(call));
    return noContent();
  },
} satisfies OperationTable;
