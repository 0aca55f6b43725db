/**
 * The customer surface (plain HTTP, second port): the bank's own pages and the control API
 * under /sandbox. No client certificate here; `--control-token` guards the control API, and the
 * site guard keeps other web pages out (site-guard.ts).
 */
import { createHmac } from 'node:crypto';
import express, { type Express, type RequestHandler } from 'express';
import { XsError } from '../../contract/index.js';
import type { SandboxContext } from '../context.js';
import { controlAuth } from './control-auth.js';
import { syncShared } from '../sync-shared.js';
import { errorHandler } from './error-handler.js';
import { jsonBody } from './json-body.js';
import { openApiRoute } from './openapi-route.js';
import { createBrowserGuard } from './pages/browser-guard.js';
import { portalRoutes } from './pages/portal-routes.js';
import { scaRoutes } from './pages/sca-routes.js';
import { problemView } from './pages/sca-views.js';
import { STYLESHEET } from './pages/style.js';
import { controlRoutes } from './control-routes.js';
import { health, healthRoute } from './health-route.js';
import { journalRoutes } from './journal-routes.js';
import type { RequestJournal } from '../journal/journal.js';
import { notFound, routeTable } from './routes.js';
import { allowedHost, controlGuard, crossSite, hostName, type SiteGuardOptions } from './site-guard.js';

/** What the functions here read of their world's context: the type lets them reach nothing else. */
export type PortalAppContext = Pick<
  SandboxContext,
  | 'store'
  | 'clock'
  | 'events'
  | 'world'
  | 'addresses'
  | 'callbackCa'
  | 'deliveriesInFlight'
  | 'faults'
  | 'profile'
  | 'behaviour'
  | 'profileChoice'
  | 'judge'
  | 'log'
  | 'bank'
>;

/** Pages are never framed (clickjacking of Approve), never sniffed into another type, and load only this site's stylesheet. */
const PAGE_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Content-Security-Policy':
    "default-src 'none'; style-src 'self'; img-src 'self'; frame-ancestors 'none'; base-uri 'none'",
  // The SCA page's address (with its state) is not sent on to the provider; same-origin posts keep their Origin.
  'Referrer-Policy': 'same-origin',
};

/** The customer surface as an app: a request handler, and an express app for whoever mounts it. */
export type PortalApp = Express;

const isControl = (path: string) => path === '/sandbox' || path.startsWith('/sandbox/');

export function createPortalApp(
  ctx: PortalAppContext,
  options: { controlToken: string | undefined; apiUrl: () => string; journal: RequestJournal } & SiteGuardOptions,
): Express {
  // The public address (--public-portal-url) is the sandbox's own origin too: a browser behind a proxy sends it.
  options = { ...options, ownUrls: () => [ctx.addresses.portalUrl] };
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  const refusePage = (res: express.Response, title: string, text: string) =>
    res.status(403).type('html').send(problemView(title, text));

  const headers: RequestHandler = (req, res, next) => {
    res.set(isControl(req.path) ? { 'X-Content-Type-Options': 'nosniff' } : PAGE_HEADERS);
    next();
  };
  // DNS rebinding: a page whose own name resolves to this machine still sends its own name as Host.
  const host: RequestHandler = (req, res, next) => {
    const given = req.headers.host ?? '';
    if (allowedHost(hostName(given), options)) return next();
    const why = `Host ${given || '(none)'} is not a name of this sandbox (start it with --allow-host ${hostName(given) || 'NAME'} to allow one).`;
    if (isControl(req.path)) throw new XsError('HOST_NOT_ALLOWED', { text: why });
    refusePage(res, 'Not this bank', why);
  };
  // Form posts from another site are refused; the SCA page's own navigation (a GET from the provider) is not.
  const forms: RequestHandler = (req, res, next) => {
    const why = req.method === 'GET' || req.method === 'HEAD' ? undefined : crossSite(req, options);
    if (!why) return next();
    refusePage(res, 'Form not accepted', `This form was not sent from this bank's pages (${why}).`);
  };

  app.use(headers);
  // Readiness needs no token: a probe usually cannot send one, and the answer tells nothing else.
  app.get('/sandbox/health', host, controlGuard(options), health);
  // The token comes first on every other control path, known or not: without it nothing is learned,
  // not even which paths exist or which content type a call needs.
  app.use('/sandbox', controlAuth(options.controlToken));
  app.use(host);
  // A shared sandbox's process first catches up with the others (the clock); the database down is a 503.
  app.use((_req, _res, next) => {
    syncShared(ctx);
    next();
  });
  app.use(
    '/sandbox',
    controlGuard(options),
    jsonBody(),
    routeTable([...controlRoutes(ctx), ...journalRoutes(options.journal), healthRoute]),
  );
  // Not the callback key itself: a key of its own derived from it, so one never stands in for the other.
  const guard = createBrowserGuard(() =>
    createHmac('sha256', Buffer.from(ctx.store.state().callbackKey, 'hex')).update('browser guard').digest(),
  );
  app.get('/assets/style.css', (_req, res) =>
    res.type('css').set('Cache-Control', 'public, max-age=3600').send(STYLESHEET),
  );
  app.get('/openapi.json', openApiRoute(options.apiUrl));
  app.use(forms, scaRoutes(ctx, guard), portalRoutes(ctx, guard));
  app.use(notFound);
  app.use(errorHandler(ctx.log));
  return app;
}
