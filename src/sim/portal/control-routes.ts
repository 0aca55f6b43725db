/** The control API under /sandbox (DESIGN.md "Public contracts"): one line per call. */
import { z } from 'zod';
import { XsError } from '../../contract/index.js';
import type { SandboxContext } from '../context.js';
import type { Route } from '../http/routes.js';
import { clockView, customersView, decideRegistration, moveClock, providersView, resetSandbox } from '../services/control.js';

const ClockMoveBody = z.union([z.strictObject({ advance: z.string() }), z.strictObject({ set: z.string() })]);
const RegisterBody = z.strictObject({ authorised: z.boolean() });
const OrganizationIdentifier = z.string().min(1).max(128);

/** Validates a control body; the first fault becomes FORMAT_ERROR with its path. */
export function parseBody<T>(schema: z.ZodType<T>, body: unknown, hint: string): T {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const path = issue && issue.path.length > 0 ? issue.path.join('.') : undefined;
  throw new XsError('FORMAT_ERROR', { ...(path ? { path } : {}), text: hint });
}

export function controlRoutes(ctx: SandboxContext): Route[] {
  return [
    { method: 'get', path: '/customers', handler: (_req, res) => res.json(customersView(ctx)) },
    { method: 'get', path: '/providers', handler: (_req, res) => res.json(providersView(ctx)) },
    { method: 'get', path: '/clock', handler: (_req, res) => res.json(clockView(ctx)) },
    {
      method: 'post',
      path: '/clock',
      handler: async (req, res) => {
        const move = parseBody(ClockMoveBody, req.body, 'Send {"advance":"PT1H"} (an ISO 8601 duration) or {"set":"2026-06-01T00:00:00Z"}.');
        res.json(await moveClock(ctx, move));
      },
    },
    {
      method: 'post',
      path: '/register/:organizationIdentifier',
      handler: async (req, res) => {
        const id = parseBody(OrganizationIdentifier, req.params.organizationIdentifier, 'An organizationIdentifier such as PSDDE-BAFIN-123456.');
        const { authorised } = parseBody(RegisterBody, req.body, 'Send {"authorised":false} to withdraw or {"authorised":true} to restore.');
        res.json(await decideRegistration(ctx, id, authorised));
      },
    },
    { method: 'post', path: '/reset', handler: async (_req, res) => res.json(await resetSandbox(ctx)) },
  ];
}
