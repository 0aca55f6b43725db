/**
 * The customer surface (plain HTTP, second port): the bank's own pages and the control API
 * under /sandbox. No client certificate here; `--control-token` guards the control API.
 */
import express, { type Express } from 'express';
import type { SandboxContext } from '../context.js';
import { errorHandler } from '../http/error-handler.js';
import { jsonBody } from '../http/json-body.js';
import { notFound, routeTable } from '../http/routes.js';
import { controlAuth } from './control-auth.js';
import { openApiRoute } from './openapi-route.js';
import { createBrowserGuard } from './pages/browser-guard.js';
import { portalRoutes } from './pages/portal-routes.js';
import { scaRoutes } from './pages/sca-routes.js';
import { STYLESHEET } from './pages/style.js';
import { controlRoutes } from './control-routes.js';

export function createPortalApp(ctx: SandboxContext, options: { controlToken: string | undefined; apiUrl: () => string }): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use('/sandbox', controlAuth(options.controlToken), ...jsonBody(), routeTable(controlRoutes(ctx)));
  const guard = createBrowserGuard();
  app.get('/assets/style.css', (_req, res) => res.type('css').set('Cache-Control', 'public, max-age=3600').send(STYLESHEET));
  app.get('/openapi.json', openApiRoute(options.apiUrl));
  app.use(scaRoutes(ctx, guard), portalRoutes(ctx, guard));
  app.use(notFound);
  app.use(errorHandler(ctx.log));
  return app;
}
