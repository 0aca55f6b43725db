/**
 * The seam between HTTP and the domain: every row of the contract's endpoint table
 * (contract/endpoints.ts) joined with the operation that implements it, keyed by operationId, and
 * guarded by what the row requires. The API's router is built from these routes alone, so the
 * table, the OpenAPI document, the kit's answer check and the simulator cannot drift apart.
 */
import { ENDPOINTS, type EndpointEntry, type OperationId, type Requirement } from '../../contract/endpoints.js';
import { accountOperations } from './account-operations.js';
import type { AnyOperation, Guard, Operation } from './call.js';
import { callbackOperations } from './callback-operations.js';
import { cofOperations } from './cof-operations.js';
import { consentOperations } from './consent-operations.js';
import { requireRole } from './guards.js';
import { paymentOperations } from './payment-operations.js';

/** Every operation of the table: the type makes a missing one a compile error. */
export const OPERATIONS: { readonly [K in OperationId]: Operation<K> } = {
  ...cofOperations,
  ...consentOperations,
  ...accountOperations,
  ...paymentOperations,
  ...callbackOperations,
};

export interface ApiRoute {
  method: EndpointEntry['method'];
  path: string;
  row: EndpointEntry;
  guard: Guard | undefined;
  operation: AnyOperation;
}

const GUARDS: Record<Requirement, Guard | undefined> = {
  PSP_AI: requireRole('PSP_AI'),
  PSP_PI: requireRole('PSP_PI'),
  PSP_IC: requireRole('PSP_IC'),
  // Any provider that passed authentication and the register (spec "Authentication" 5).
  registered: undefined,
};

/** The API's routes: one per row, in whatever order the rows come (the router does not depend on it). */
export function apiRoutes(
  rows: readonly EndpointEntry[] = ENDPOINTS,
  operations: { readonly [K in OperationId]: AnyOperation } = OPERATIONS,
): ApiRoute[] {
  return rows.map((row) => ({
    method: row.method,
    path: row.path,
    row,
    guard: GUARDS[row.requires],
    operation: operations[row.operationId],
  }));
}
