/**
 * The XS2A API (spec "Endpoints"), behind mutual TLS. Order matters: the certificate is judged
 * before anything else (CERTIFICATE_MISSING "whatever else it contains"), then X-Request-ID,
 * then the body, and only a request that passed all three registers its provider.
 */
import express, { type Express } from 'express';
import type { SandboxContext } from '../context.js';
import { injectFaults } from '../faults/middleware.js';
import { errorHandler } from '../http/error-handler.js';
import { jsonBody } from '../http/json-body.js';
import { notFound, routeTable, type Route } from '../http/routes.js';
import { authenticateProvider, registerProvider } from './identity.js';
import { echoRequestId, requireRequestId, withheldEcho } from './request-id.js';
import { requestLog } from './request-log.js';
import { settleDue } from './settle-due.js';

export function createApiApp(ctx: SandboxContext, routes: readonly Route[]): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use(echoRequestId, ...withheldEcho(ctx.deviations), requestLog(ctx));
  // Deviation body-read-before-certificate (tests only): the body is judged before the certificate.
  if (ctx.deviations.has('body-read-before-certificate')) app.use(...jsonBody());
  // Faults answer after the certificate is read (a rule may name the provider) and before anything
  // registers, reads a body or changes state.
  app.use(authenticateProvider(ctx), injectFaults(ctx.faults), requireRequestId, ...jsonBody(), registerProvider(ctx));
  app.use(settleDue(ctx));
  app.use('/v1', routeTable(routes));
  app.use(notFound);
  app.use(errorHandler(ctx.log));
  return app;
}
