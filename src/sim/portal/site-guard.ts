/**
 * The customer surface is a local server a developer's browser can reach, so any web page the
 * developer opens could try to drive it: post to the control API (reset the sandbox, approve as a
 * customer, read one-time codes), or resolve its own name to 127.0.0.1 and read the answers (DNS
 * rebinding). Three rules keep it to the developer:
 *
 * - Host: only an IP address, `localhost` (or a name under it), the address the sandbox is bound to,
 *   or a name the user allowed (`--allow-host`). A rebinding page's requests carry its own name.
 * - Cross-site: a request whose `Sec-Fetch-Site` is `cross-site`, or whose `Origin` is not the
 *   sandbox's own origin (scheme, host and port: `http://` and the Host it was reached by, or the
 *   public address it was started with), is refused — on the control API for every method, on the
 *   pages for form posts. A page on another port of this machine, or on any IP address, is another
 *   site: the browser sends its own origin, and only the sandbox's pages send the sandbox's. The SCA
 *   page itself still opens from a provider's redirect: a top-level GET navigation from another site
 *   is how every customer arrives.
 * - Content type: a state-changing control call needs `Content-Type: application/json`, which no
 *   HTML form and no simple cross-site request can send.
 */
import { isIP } from 'node:net';
import type { Request, RequestHandler } from 'express';
import { XsError } from '../../contract/index.js';

export interface SiteGuardOptions {
  /** The address both servers are bound to (`--host`). */
  host: string;
  /** More names the Host header may carry (`--allow-host`). */
  allowHosts: readonly string[];
  /** Addresses the sandbox's pages are served at besides `http://` and the Host (`--public-portal-url`). */
  ownUrls?: () => readonly string[];
}

/** The host name of a Host header or an Origin's authority, without port or IPv6 brackets, lower case. */
export function hostName(authority: string): string {
  const value = authority.trim().toLowerCase();
  if (value.startsWith('[')) return value.slice(1, value.indexOf(']') === -1 ? undefined : value.indexOf(']'));
  const colon = value.indexOf(':');
  return colon === -1 ? value : value.slice(0, colon);
}

export function allowedHost(name: string, options: SiteGuardOptions): boolean {
  if (name === '') return false;
  if (isIP(name) !== 0) return true;
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  const own = options.host.toLowerCase();
  return name === own || options.allowHosts.some((allowed) => allowed.toLowerCase() === name);
}

/** The origin (`scheme://host[:port]`, normalised as a browser writes it) of a URL, or undefined. */
function originOf(url: string): string | undefined {
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}

/**
 * The sandbox's own origins for this request: `http://` and the Host it was reached by (when the Host
 * rule allows it: a rebinding page's own name is never the sandbox's), and the public address.
 */
function ownOrigins(req: Pick<Request, 'headers'>, options: SiteGuardOptions): Set<string> {
  const own = new Set<string>();
  const given = req.headers.host;
  if (given !== undefined && allowedHost(hostName(given), options)) {
    const origin = originOf(`http://${given}`);
    if (origin) own.add(origin);
  }
  for (const url of options.ownUrls?.() ?? []) {
    const origin = url === '' ? undefined : originOf(url);
    if (origin) own.add(origin);
  }
  return own;
}

/** Why a request is cross-site, or undefined when it is not. */
export function crossSite(req: Pick<Request, 'headers'>, options: SiteGuardOptions): string | undefined {
  if (req.headers['sec-fetch-site'] === 'cross-site') return 'Sec-Fetch-Site says cross-site';
  const origin = req.headers.origin;
  if (origin === undefined) return undefined;
  const given = originOf(origin);
  if (given === undefined) return `Origin ${origin} is not a web origin`;
  const own = ownOrigins(req, options);
  if (own.has(given)) return undefined;
  const mine = [...own][0];
  return `Origin ${origin} is another site${mine ? ` (this sandbox is ${mine})` : ''}`;
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The media type of a Content-Type header, without parameters; checked even on a call without a body. */
function mediaType(header: string | undefined): string {
  return (header ?? '').split(';')[0]!.trim().toLowerCase();
}

/** The control API's rules: no cross-site use at all, and JSON on every state-changing call. */
export function controlGuard(options: SiteGuardOptions): RequestHandler {
  return (req, _res, next) => {
    const why = crossSite(req, options);
    if (why) throw new XsError('ORIGIN_NOT_ALLOWED', { text: `Cross-site use of the control API is refused: ${why}.` });
    if (STATE_CHANGING.has(req.method) && mediaType(req.headers['content-type']) !== 'application/json') {
      throw new XsError('FORMAT_ERROR', { text: 'State-changing control calls need Content-Type: application/json.' });
    }
    next();
  };
}
