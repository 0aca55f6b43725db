/**
 * The control API of the client judge (docs/client-report.md): the report, clearing it,
 * acknowledging a rule, the rule catalogue, and revocation events forged for a provider's receiver.
 * Bad input is FORMAT_ERROR with the field's `path`, and nothing is changed or sent.
 */
import type { Request } from 'express';
import { XsError } from '../../contract/index.js';
import type { SandboxContext } from '../context.js';
import { CLIENT_RULES } from '../judge/client-rules.js';
import { judgeOf } from '../judge/judge-of.js';
import { forgeCallback } from '../services/callbacks/forge.js';
import type { Route } from './routes.js';

/** What the functions here read of their world's context: the type lets them reach nothing else. */
export type ClientReportRoutesContext = Pick<
  SandboxContext,
  'store' | 'clock' | 'events' | 'callbackCa' | 'behaviour' | 'judge'
>;

/** `?provider=` narrows the report to one provider's organizationIdentifier. */
function providerOf(req: Request): string | undefined {
  const value = req.query.provider;
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value.length === 0 || value.length > 128)
    throw new XsError('FORMAT_ERROR', {
      path: 'provider',
      text: 'provider: one organizationIdentifier, such as ?provider=PSDDE-BAFIN-123456.',
    });
  return value;
}

export function clientReportRoutes(ctx: ClientReportRoutesContext): Route[] {
  return [
    { method: 'get', path: '/client-rules', handler: (_req, res) => res.json(CLIENT_RULES) },
    { method: 'get', path: '/client-report', handler: (req, res) => res.json(judgeOf(ctx).report(providerOf(req))) },
    {
      method: 'delete',
      path: '/client-report',
      handler: (req, res) => {
        const judge = judgeOf(ctx);
        const provider = providerOf(req);
        judge.clear(provider);
        res.json(judge.report(provider));
      },
    },
    {
      method: 'post',
      path: '/client-report/acknowledge',
      handler: (req, res) => res.json({ acknowledged: judgeOf(ctx).acknowledge(req.body) }),
    },
    {
      method: 'post',
      path: '/callbacks/forge',
      handler: async (req, res) => res.json(await forgeCallback(ctx, req.body)),
    },
  ];
}
