/**
 * The control API for fault injection: add rules, list them, take them away.
 * Bad rules are 400 FORMAT_ERROR with the `path` of the field at fault (`kind`, `match.path`,
 * `0.rate` in a list), and nothing is added unless every rule in the body is valid.
 */
import { XsError } from '../../contract/index.js';
import type { SandboxContext } from '../context.js';
import { FaultRuleSchema, FaultRulesSchema, type FaultRule } from '../faults/schema.js';
import { param, type Route } from '../http/routes.js';
import { fieldPath } from '../../contract/parse.js';

const HINT = 'Send a rule such as {"kind":"unavailable-empty","count":2,"retryAfter":1,"match":{"method":"GET","path":"/v1/accounts/{account_id}/balances"}}, or an array of rules.';

/** One rule as an object, or several as an array; an unknown field is named in `path` itself. */
function parseRules(body: unknown): FaultRule[] {
  const result = (Array.isArray(body) ? FaultRulesSchema : FaultRuleSchema.transform((rule) => [rule])).safeParse(body);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const at = issue ? [...issue.path, ...(issue.code === 'unrecognized_keys' ? issue.keys.slice(0, 1) : [])] : [];
  const path = fieldPath(at);
  throw new XsError('FORMAT_ERROR', { ...(path ? { path } : {}), text: `${path ? `${path}: ` : ''}${issue?.message ?? 'not a fault rule'}. ${HINT}` });
}

export function faultRoutes(ctx: SandboxContext): Route[] {
  return [
    { method: 'get', path: '/faults', handler: (_req, res) => res.json(ctx.faults.view()) },
    {
      method: 'post',
      path: '/faults',
      handler: (req, res) => {
        res.status(201).json(ctx.faults.add(parseRules(req.body ?? {})));
      },
    },
    { method: 'delete', path: '/faults', handler: (_req, res) => res.json(ctx.faults.clear()) },
    {
      method: 'delete',
      path: '/faults/:faultId',
      handler: (req, res) => {
        if (!ctx.faults.remove(param(req, 'faultId'))) throw new XsError('RESOURCE_UNKNOWN', { text: 'No active fault rule has this id.' });
        res.json(ctx.faults.view());
      },
    },
  ];
}
