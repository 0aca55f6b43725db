/**
 * Account information, /v1/accounts (spec "Endpoint list"): each operation reads its call with the
 * contract's readers and asks a service.
 */
import { HEADERS } from '../../contract/index.js';
import { readConsentId, readPsuIpAddress } from '../../contract/request-headers.js';
import { readTransactionsQuery } from '../../contract/transactions-query.js';
import {
  listAccounts,
  readAccount,
  readBalances,
  readTransactions,
  type AccessInput,
  type Answer,
} from '../services/accounts.js';
import { ok, type Call, type OperationTable } from './call.js';

/** PSU-IP-Address, then Consent-ID; a request with PSU-IP-Address is attended (spec "Limits"). */
function access(call: Call): AccessInput {
  const attended = readPsuIpAddress(call.get(HEADERS.psuIpAddress)) !== undefined;
  return {
    tpp: call.identity.organizationIdentifier,
    consentId: readConsentId(call.get(HEADERS.consentId), 'account-data requests'),
    attended,
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
