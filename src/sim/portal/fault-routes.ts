/**
 * The control API for fault injection: add rules, list them, take them away.
 * Bad rules are 400 FORMAT_ERROR with the `path` of the field at fault (`kind`, `match.path`,
 * `0.rate` in a list), and nothing is added unless every rule in the body is valid.
 */
import { XsError } from '../../contract/index.js';
import type { SandboxContext } from '../context.js';
import { parseFaultRules } from '../faults/schema.js';
import { param, type Route } from './routes.js';

/** What the functions here read of their world's context: the type lets them reach nothing else. */
export type FaultRoutesContext = Pick<SandboxContext, 'faults'>;

export function faultRoutes(ctx: FaultRoutesContext): Route[] {
  return [
    { method: 'get', path: '/faults', handler: (_req, res) => res.json(ctx.faults.view()) },
    {
      method: 'post',
      path: '/faults',
      handler: (req, res) => {
        res.status(201).json(ctx.faults.add(parseFaultRules(req.body ?? {})));
      },
    },
    { method: 'delete', path: '/faults', handler: (_req, res) => res.json(ctx.faults.clear()) },
    {
      method: 'delete',
      path: '/faults/:faultId',
      handler: (req, res) => {
        if (!ctx.faults.remove(param(req, 'faultId')))
          throw new XsError('RESOURCE_UNKNOWN', { text: 'No active fault rule has this id.' });
        res.json(ctx.faults.view());
      },
    },
  ];
}
