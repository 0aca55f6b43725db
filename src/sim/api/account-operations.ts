/** Account information, /v1/accounts (spec "Endpoint list"): each operation translates a call to a service. */
import { HEADERS } from '../../contract/index.js';
import { readTransactionsQuery } from '../rules/transactions-query.js';
import { listAccounts, readAccount, readBalances, readTransactions, type AccessInput, type Answer } from '../services/accounts.js';
import { ok, type Call, type OperationTable } from './call.js';

function access(call: Call): AccessInput {
  return {
    tpp: call.identity.organizationIdentifier,
    consentId: call.get(HEADERS.consentId),
    psuIpAddress: call.get(HEADERS.psuIpAddress),
  };
}

const send = <T>(answer: Answer<T>) => ok(answer.body, answer.headers);

const accountId = (call: Call) => call.params.account_id ?? '';

export const accountOperations = {
  getAccountList: async (call, ctx) => send(await listAccounts(ctx, access(call))),
  readAccountDetails: async (call, ctx) => send(await readAccount(ctx, access(call), accountId(call))),
  getBalances: async (call, ctx) => send(await readBalances(ctx, access(call), accountId(call))),
  getTransactionList: async (call, ctx) => {
    // Query first: a malformed query is refused before the consent is touched or anything is spent.
    const query = readTransactionsQuery(call.query);
    return send(await readTransactions(ctx, access(call), accountId(call), query));
  },
} satisfies OperationTable;
