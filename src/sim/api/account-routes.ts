/** /v1/accounts (spec "Endpoint list"): each route translates HTTP to a service call. */
import type { Request, Response } from 'express';
import { HEADERS } from '../../contract/index.js';
import type { SandboxContext } from '../context.js';
import { param, type Route } from '../http/routes.js';
import { readTransactionsQuery } from '../rules/transactions-query.js';
import { listAccounts, readAccount, readBalances, readTransactions, type AccessInput, type Answer } from '../services/accounts.js';
import { identityOf, requireRole } from './identity.js';

const ais = [requireRole('PSP_AI')];

function access(req: Request, res: Response): AccessInput {
  return {
    tpp: identityOf(res).organizationIdentifier,
    consentId: req.get(HEADERS.consentId),
    psuIpAddress: req.get(HEADERS.psuIpAddress),
  };
}

function send<T>(res: Response, answer: Answer<T>): void {
  res.set(answer.headers).json(answer.body);
}

const accountId = (req: Request) => param(req, 'accountId');

export function accountRoutes(ctx: SandboxContext): Route[] {
  return [
    { method: 'get', guards: ais, path: '/accounts', handler: async (req, res) => send(res, await listAccounts(ctx, access(req, res))) },
    { method: 'get', guards: ais, path: '/accounts/:accountId', handler: async (req, res) => send(res, await readAccount(ctx, access(req, res), accountId(req))) },
    { method: 'get', guards: ais, path: '/accounts/:accountId/balances', handler: async (req, res) => send(res, await readBalances(ctx, access(req, res), accountId(req))) },
    {
      method: 'get',
      guards: ais,
      path: '/accounts/:accountId/transactions',
      handler: async (req, res) => {
        // Query first: a malformed query is refused before the consent is touched or anything is spent.
        const query = readTransactionsQuery(req.query as Record<string, unknown>);
        send(res, await readTransactions(ctx, access(req, res), accountId(req), query));
      },
    },
  ];
}
