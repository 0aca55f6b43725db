/**
 * The SCA redirect pages (spec "Authentication" 9, "Authorisation hand-over"). Plain HTML forms,
 * POST-redirect-GET, no JavaScript. The same services as `POST /sandbox/authorisations/{id}`.
 */
import express, { type Request, type Response, type Router } from 'express';
import { XsError } from '../../../contract/index.js';
import type { SandboxContext } from '../../context.js';
import { decide } from '../../services/sca/decision.js';
import { logIn } from '../../services/sca/login.js';
import { enterCode } from '../../services/sca/one-time-code.js';
import { scaPage, type ScaPage } from '../../services/sca/page.js';
import type { BrowserGuard } from './browser-guard.js';
import { pageHandler, PageProblem } from './page-handler.js';
import { codeView, endView, loginView, reviewView } from './sca-views.js';

/** What the functions here read of their world's context: the type lets them reach nothing else. */
export type ScaRoutesContext = Pick<SandboxContext, 'store' | 'clock' | 'events' | 'world' | 'log' | 'bank'>;

const MESSAGES: Record<string, string> = {
  login: 'The User ID or password is not right. Please try again.',
  account: 'You do not hold the account this request is about. Log in as its holder.',
  code: 'That code is not right. Please check the SMS and try again.',
};

function field(req: Request, name: string): string {
  const value = (req.body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : '';
}

/** The page, after checking the link's state: a missing or different state is refused. */
function loadPage(ctx: Pick<ScaRoutesContext, 'store' | 'clock' | 'world'>, req: Request, given: unknown): ScaPage {
  let page: ScaPage;
  try {
    page = scaPage(ctx, req.params.authorisationId as string);
  } catch (error) {
    if (error instanceof XsError && error.code === 'RESOURCE_UNKNOWN')
      throw new PageProblem(
        404,
        'Link not valid',
        'This authorisation does not exist. Return to the provider and start again.',
      );
    throw error;
  }
  if (given !== page.state)
    throw new PageProblem(
      400,
      'Link not valid',
      'This link is incomplete or has been altered. Return to the provider and start again.',
    );
  return page;
}

const isOpen = (page: ScaPage) => !page.expired && page.scaStatus !== 'finalised' && page.scaStatus !== 'failed';

function again(res: Response, page: ScaPage, error?: string): void {
  res.redirect(303, `/sca/${page.authorisationId}?state=${page.state}${error ? `&error=${error}` : ''}`);
}

export function scaRoutes(ctx: ScaRoutesContext, guard: BrowserGuard): Router {
  const router = express.Router();
  const purpose = (page: ScaPage) => `sca:${page.authorisationId}`;
  const handler = (handle: Parameters<typeof pageHandler>[0]) => pageHandler(handle, ctx.log);

  /** POST preamble: genuine form, open authorisation, and (after login) the browser that logged in. */
  const posted = (req: Request, needsLogin: boolean): ScaPage => {
    const page = loadPage(ctx, req, field(req, 'state'));
    if (!guard.formIsGenuine(req, purpose(page)))
      throw new PageProblem(
        403,
        'Form not accepted',
        'This form was not sent from this page, or it has expired. Open the link again.',
      );
    if (!isOpen(page))
      throw new PageProblem(
        409,
        'Nothing more to do',
        'This authorisation is already finished or expired; the form cannot be used again.',
      );
    if (needsLogin && !(page.psuId && guard.isScaBrowser(req, page.authorisationId, page.psuId))) {
      throw new PageProblem(403, 'Another browser', 'This authorisation is being completed in another browser.');
    }
    return page;
  };

  router.use('/sca', express.urlencoded({ extended: false, limit: '8kb' }));

  router.get(
    '/sca/:authorisationId',
    handler((req, res) => {
      const page = loadPage(ctx, req, req.query.state);
      const browser = guard.browserOf(req, res);
      const token = guard.formToken(browser, purpose(page));
      const error = MESSAGES[String(req.query.error ?? '')];
      res.type('html').set('Cache-Control', 'no-store');
      if (!isOpen(page)) return void res.send(endView(page));
      if (page.scaStatus === 'received') return void res.send(loginView(page, token, error));
      if (!page.psuId || !guard.isScaBrowser(req, page.authorisationId, page.psuId)) {
        throw new PageProblem(403, 'Another browser', 'This authorisation is being completed in another browser.');
      }
      res.send(page.scaStatus === 'started' ? codeView(page, token, error) : reviewView(page, token));
    }),
  );

  router.post(
    '/sca/:authorisationId/login',
    handler(async (req, res) => {
      const page = posted(req, false);
      if (page.scaStatus !== 'received') return again(res, page);
      try {
        await logIn(ctx, page.authorisationId, field(req, 'psuId'), field(req, 'password'));
      } catch (error) {
        if (error instanceof XsError && error.code === 'FORMAT_ERROR')
          return again(res, page, error.path === 'account' ? 'account' : 'login');
        throw error;
      }
      guard.markScaLogin(res, guard.browserOf(req, res), page.authorisationId, field(req, 'psuId'));
      again(res, page);
    }),
  );

  router.post(
    '/sca/:authorisationId/code',
    handler(async (req, res) => {
      const page = posted(req, true);
      if (page.scaStatus !== 'started') return again(res, page);
      const next = await enterCode(ctx, page.authorisationId, field(req, 'otp').trim());
      again(res, page, next.scaStatus === 'started' ? 'code' : undefined);
    }),
  );

  router.post(
    '/sca/:authorisationId/decision',
    handler(async (req, res) => {
      const page = posted(req, true);
      const decision = field(req, 'decision');
      if (decision !== 'approve' && decision !== 'decline')
        throw new PageProblem(400, 'Form not accepted', 'Choose Approve or Decline.');
      if (page.scaStatus !== 'psuAuthenticated') return again(res, page);
      const outcome = await decide(ctx, page.authorisationId, decision);
      // Spec "Authorisation hand-over" 2: back to the provider with state appended.
      res.redirect(302, outcome.redirect ?? page.returnTo);
    }),
  );

  return router;
}
