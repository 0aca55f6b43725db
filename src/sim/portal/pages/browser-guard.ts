/**
 * Ties forms and steps to one browser without server-side sessions. A random browser cookie
 * identifies the browser; form tokens and step cookies are HMACs over it with a per-sandbox
 * secret. A forged form (another site, no token), a stolen link opened in another browser after
 * login, or a token from another purpose all fail verification; replays are stopped by the SCA
 * state machine itself (a finished authorisation accepts nothing).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { parse as parseCookies } from 'cookie';
import type { Request, Response } from 'express';

const BROWSER = 'xs2a_browser';
const PORTAL = 'xs2a_portal';

/** The request's cookies, parsed by the `cookie` package: a malformed escape is kept as sent, never thrown. */
function cookies(req: Request): Record<string, string | undefined> {
  return parseCookies(req.headers.cookie ?? '');
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

const COOKIE = 'HttpOnly; SameSite=Lax; Path=/';

const fixedSecret = (secret: Buffer) => () => secret;

export interface BrowserGuard {
  /** The browser's id, set as a cookie on first sight. */
  browserOf(req: Request, res: Response): string;
  formToken(browserId: string, purpose: string): string;
  /** The posted `csrf` field matches this browser and purpose. */
  formIsGenuine(req: Request, purpose: string): boolean;
  markScaLogin(res: Response, browserId: string, authorisationId: string, psuId: string): void;
  /** This browser logged in to the authorisation as psuId. */
  isScaBrowser(req: Request, authorisationId: string, psuId: string): boolean;
  portalLogin(res: Response, browserId: string, psuId: string): void;
  portalCustomer(req: Request): string | undefined;
  portalLogout(res: Response): void;
}

/**
 * `secret` is asked for at each use: a sandbox derives it from the key kept with its records, so every
 * process of a shared sandbox verifies what another signed (a customer may log in on one process and
 * approve on another), and a reset, which makes a new key, ends the browsers' steps with the rest.
 */
export function createBrowserGuard(secret: () => Buffer = fixedSecret(randomBytes(32))): BrowserGuard {
  const mac = (text: string) => createHmac('sha256', secret()).update(text).digest('base64url');
  const appendCookie = (res: Response, cookie: string) => res.append('Set-Cookie', cookie);
  const scaCookie = (authorisationId: string) => `xs2a_sca_${authorisationId.replace(/[^A-Za-z0-9-]/g, '')}`;

  const guard: BrowserGuard = {
    browserOf(req, res) {
      const existing = cookies(req)[BROWSER];
      if (existing && /^[0-9a-f]{32}$/.test(existing)) return existing;
      const id = randomBytes(16).toString('hex');
      appendCookie(res, `${BROWSER}=${id}; ${COOKIE}`);
      // Later code in the same request (tokens in the page) must see the new id too.
      req.headers.cookie = `${req.headers.cookie ? `${req.headers.cookie}; ` : ''}${BROWSER}=${id}`;
      return id;
    },
    formToken: (browserId, purpose) => mac(`form|${browserId}|${purpose}`),
    formIsGenuine(req, purpose) {
      const browserId = cookies(req)[BROWSER];
      const given = (req.body as Record<string, unknown> | undefined)?.csrf;
      return (
        typeof browserId === 'string' && typeof given === 'string' && same(given, guard.formToken(browserId, purpose))
      );
    },
    markScaLogin(res, browserId, authorisationId, psuId) {
      appendCookie(
        res,
        `${scaCookie(authorisationId)}=${mac(`sca|${authorisationId}|${psuId}|${browserId}`)}; ${COOKIE}`,
      );
    },
    isScaBrowser(req, authorisationId, psuId) {
      const jar = cookies(req);
      const browserId = jar[BROWSER];
      const proof = jar[scaCookie(authorisationId)];
      return (
        typeof browserId === 'string' &&
        typeof proof === 'string' &&
        same(proof, mac(`sca|${authorisationId}|${psuId}|${browserId}`))
      );
    },
    portalLogin(res, browserId, psuId) {
      appendCookie(
        res,
        `${PORTAL}=${encodeURIComponent(`${psuId}.${mac(`portal|${psuId}|${browserId}`)}`)}; ${COOKIE}`,
      );
    },
    portalCustomer(req) {
      const jar = cookies(req);
      const value = jar[PORTAL];
      const browserId = jar[BROWSER];
      if (!value || !browserId) return undefined;
      const dot = value.lastIndexOf('.');
      const psuId = value.slice(0, dot);
      return dot > 0 && same(value.slice(dot + 1), mac(`portal|${psuId}|${browserId}`)) ? psuId : undefined;
    },
    portalLogout(res) {
      appendCookie(res, `${PORTAL}=; Max-Age=0; ${COOKIE}`);
    },
  };
  return guard;
}
