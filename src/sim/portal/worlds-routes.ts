/**
 * The customer surface of a sandbox of worlds (`--worlds organisation`): the operator's calls under
 * `/sandbox/worlds` behind the control token (list, read, reset, delete a world, and any call of a
 * world's control API under `/sandbox/worlds/{world}/`), then each SCA page served by the world that
 * holds its authorisation; anything else by the lobby's surface.
 */
import express, { type Express } from 'express';
import { XsError } from '../../contract/index.js';
import { parseDuration } from '../duration.js';
import { resetSandbox } from '../services/control/reset.js';
import type { Worlds } from '../worlds/registry.js';
import type { WorldRuntime, WorldSettings } from '../worlds/world-runtime.js';
import { controlAuth } from './control-auth.js';
import { problemView } from './pages/sca-views.js';
import { worldCookie } from './world-cookie.js';
import { errorHandler } from './error-handler.js';
import { controlGuard, type SiteGuardOptions } from './site-guard.js';

/** The customer portal's pages: its login, the logged-in pages and the logout. */
const isPortalPage = (url: string) => /^\/(\?|$)|^\/(login|logout|portal)(\/|\?|$)/.test(url);

export function operatorPortal(
  worlds: Worlds,
  lobby: WorldRuntime,
  settings: WorldSettings,
  site: SiteGuardOptions,
  /** The key the customer portal's world cookie is signed with, the same on every process. */
  portalKey: () => string,
  /** The sandbox's own provider's world: never ended for idleness (the library's helpers act on it). */
  keep?: string,
): Express {
  const cookie = worldCookie(portalKey);
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  const unknown = () => new XsError('RESOURCE_UNKNOWN', { text: 'No such world.' });
  const operator = express.Router();
  operator.use(controlAuth(settings.controlToken), controlGuard(site));
  operator.get('/', async (_req, res) => void res.json({ worlds: await worlds.list() }));
  // Ends now every world no provider of it called for `idleFor` (what --world-idle-expiry does by itself).
  operator.post('/expire-idle', express.json({ limit: '16kb' }), async (req, res) => {
    const idleFor = (req.body as { idleFor?: unknown } | undefined)?.idleFor;
    const ms = typeof idleFor === 'string' ? parseDuration(idleFor) : undefined;
    if (ms === undefined)
      throw new XsError('FORMAT_ERROR', {
        path: 'idleFor',
        text: 'idleFor: an ISO 8601 duration such as P30D or PT0S (every world not called since now).',
      });
    res.json({ ended: await worlds.expireIdle(Date.now() - ms, keep) });
  });
  operator.get('/:world', async (req, res) => {
    const summary = await worlds.summary(req.params.world!);
    if (!summary) throw unknown();
    res.json(summary);
  });
  operator.post('/:world/reset', async (req, res) => {
    const runtime = worlds.byId(req.params.world!);
    if (!runtime) throw unknown();
    res.json(await resetSandbox((await runtime).ctx));
  });
  operator.get('/:world/members', async (req, res) => {
    const summary = await worlds.summary(req.params.world!);
    if (!summary) throw unknown();
    res.json(summary);
  });
  operator.post('/:world/members', express.json({ limit: '16kb' }), async (req, res) => {
    if (!(await worlds.summary(req.params.world!))) throw unknown();
    res
      .status(201)
      .json(
        await worlds.admit(
          req.params.world!,
          (req.body as { organizationIdentifier?: unknown })?.organizationIdentifier,
        ),
      );
  });
  operator.delete('/:world', async (req, res) => {
    if (!(await worlds.remove(req.params.world!))) throw unknown();
    res.json({ deleted: req.params.world });
  });
  // Any other call of a world's control API, addressed by the world: /sandbox/worlds/{world}/clock.
  operator.use('/:world', async (req, res, next) => {
    const runtime = worlds.byId((req.params as { world: string }).world);
    if (!runtime) throw unknown();
    req.url = `/sandbox${req.url}`;
    (await runtime).portal(req, res, next);
  });
  app.use('/sandbox/worlds', operator);
  // An SCA page is its authorisation's world's, whatever else the request carries; it names that
  // world for the customer portal of the same browser.
  app.use(async (req, res, next) => {
    const id = /^\/sca\/([^/?]+)/.exec(req.url)?.[1];
    let found: { world: string; started: Promise<WorldRuntime> } | undefined;
    try {
      found = id === undefined ? undefined : worlds.withAuthorisation(decodeURIComponent(id));
    } catch {
      // A malformed escape names no authorisation: the lobby's page says so.
    }
    const runtime = await found?.started;
    if (found && req.method === 'GET') cookie.set(res, found.world);
    if (runtime || !isPortalPage(req.url)) return (runtime ?? lobby).portal(req, res, next);
    // The customer portal: the world of the SCA page this browser last opened, or none.
    const named = cookie.read(req);
    const chosen = named === undefined ? undefined : worlds.byId(named);
    if (chosen) return (await chosen).portal(req, res, next);
    res
      .status(404)
      .type('html')
      .send(
        problemView(
          'No portal here yet',
          "This bank's sandbox keeps a world for each provider. Your portal opens once you have been through a consent's or a payment's approval page of that provider in this browser.",
        ),
      );
  });
  app.use(errorHandler(settings.log));
  return app;
}
