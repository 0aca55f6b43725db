/** /v1/accounts (spec "Endpoint list"): each route translates HTTP to a service call. */
import { HEADERS } from '../../contract/index.js';
import type { SandboxContext } from '../context.js';
import { readTransactionsQuery } from '../rules/transactions-query.js';
import { listAccounts, readAccount, readBalances, readTransactions, type AccessInput, type Answer } from '../services/accounts.js';
import { ok, type ApiRoute, type Call } from './call.js';
import { requireRole } from './identity.js';

const ais = [requireRole('PSP_AI')];

function access(call: Call): AccessInput {
  return {
    tpp: call.identity.organizationIdentifier,
    consentId: call.get(HEADERS.consentId),
    psuIpAddress: call.get(HEADERS.psuIpAddress),
  };
}

const send = <T>(answer: Answer<T>) => ok(answer.body, answer.headers);

const accountId = (call: Call) => call.params.accountId ?? '';

export function accountRoutes(ctx: SandboxContext): ApiRoute[] {
  return [
    { method: 'get', guards: ais, path: '/accounts', handler: async (call) => send(await listAccounts(ctx, access(call))) },
    { method: 'get', guards: ais, path: '/accounts/:accountId', handler: async (call) => send(await readAccount(ctx, access(call), accountId(call))) },
    { method: 'get', guards: ais, path: '/accounts/:accountId/balances', handler: async (call) => send(await readBalances(ctx, access(call), accountId(call))) },
    {
      method: 'get',
      guards: ais,
      path: '/accounts/:accountId/transactions',
      handler: async (call) => {
        // Query first: a malformed query is refused before the consent is touched or anything is spent.
        const query = readTransactionsQuery(call.query);
        return send(await readTransactions(ctx, access(call), accountId(call), query));
      },
    },
  ];
}
