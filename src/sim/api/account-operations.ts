/**
 * Account information, /v1/accounts (spec "Endpoint list"): each operation reads its call with the
 * contract's readers and asks a service.
 */
import { HEADERS } from '../../contract/index.js';
import { readConsentId, readPsuIpAddress } from '../../contract/request-headers.js';
import { readPageRequest } from '../paging/transactions-page.js';
import type { Metered } from '../services/accounts/access.js';
import type { AccessInput } from '../services/accounts/consent-access.js';
import { listAccounts, readAccount, readBalances, readTransactions } from '../services/accounts/reads.js';
import { ok } from './answer.js';
import type { Call, OperationTable } from './call.js';

/** PSU-IP-Address, then Consent-ID; a request with PSU-IP-Address is attended (spec "Limits"). */
function access(call: Call): AccessInput {
  const attended = readPsuIpAddress(call.get(HEADERS.psuIpAddress)) !== undefined;
  return {
    tpp: call.identity.organizationIdentifier,
    consentId: readConsentId(call.get(HEADERS.consentId), 'account-data requests'),
    attended,
  };
}

const send = <T>(answer: Metered<T>) => ok(answer.body, answer.headers);

const accountId = (call: Call) => call.params.account_id ?? '';

export const accountOperations = {
  getAccountList: async (call, ctx) => send(await listAccounts(ctx, access(call))),
  readAccountDetails: async (call, ctx) => send(await readAccount(ctx, access(call), accountId(call))),
  getBalances: async (call, ctx) => send(await readBalances(ctx, access(call), accountId(call))),
  getTransactionList: async (call, ctx) => {
    // Query first: a malformed query is refused before the consent is touched or anything is spent.
    const request = readPageRequest(call.query);
    return send(await readTransactions(ctx, access(call), accountId(call), request));
  },
} satisfies OperationTable;
