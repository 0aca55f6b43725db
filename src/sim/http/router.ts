/**
 * Route matching without express, for the XS2A API's hot path. It answers what the express
 * router mounted by routes.ts answers: literal segments match case-insensitively with one
 * trailing slash tolerated, `:name` takes one non-empty segment (percent-decoded), the first path
 * in table order that matches wins, HEAD is served by the GET route, a known path with another
 * method is 405 with the same Allow header, and an unknown path is the same 404.
 */
import { XsError } from '../../contract/index.js';
import { allowHeader, unknownResource, type Method } from './routes.js';

export interface RoutePattern {
  method: Method;
  /** `/accounts/:accountId/balances`; the router's prefix goes before it. */
  path: string;
}

export interface RouteMatch<R> {
  route: R;
  params: Record<string, string>;
}

/** A literal segment in lower case, or the name of a parameter. */
type Segment = { literal: string; param?: undefined } | { param: string; literal?: undefined };

interface PathEntry<R> {
  segments: Segment[];
  methods: Map<string, R>;
  allow: string;
}

function compile(path: string): Segment[] {
  return path
    .split('/')
    .slice(1)
    .map((part) => (part.startsWith(':') ? { param: part.slice(1) } : { literal: part.toLowerCase() }));
}

/** As the express router decodes parameters: a malformed escape is the client's 400, which toXsError reads as FORMAT_ERROR. */
function decodeParam(value: string): string {
  if (!value.includes('%')) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    throw Object.assign(new URIError(`Failed to decode param '${value}'`), { status: 400 });
  }
}

function matchPath(segments: readonly Segment[], parts: readonly string[]): Record<string, string> | undefined {
  // parts[0] is the empty string before the leading slash; one empty part after a trailing slash is allowed.
  const count = parts.length - 1;
  if (count !== segments.length && !(count === segments.length + 1 && parts[count] === '')) return undefined;
  let params: Record<string, string> | undefined;
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    const part = parts[i + 1]!;
    if (segment.literal !== undefined) {
      // Latin-1 text (what node gives for a request line) lower-cases to ASCII only from ASCII, so this is the regex's /i.
      if (part.length !== segment.literal.length || part.toLowerCase() !== segment.literal) return undefined;
    } else {
      if (part === '') return undefined;
      (params ??= {})[segment.param] = part;
    }
  }
  return params ?? {};
}

/**
 * Builds the matcher for a table. It answers the route and its decoded parameters, or throws the
 * 404 or 405 (a parameter with a malformed escape throws a 400).
 */
export function createRouter<R extends RoutePattern>(routes: readonly R[], prefix = ''): (method: string, path: string) => RouteMatch<R> {
  const entries: PathEntry<R>[] = [];
  const byPath = new Map<string, PathEntry<R>>();
  for (const route of routes) {
    let entry = byPath.get(route.path);
    if (!entry) {
      entry = { segments: compile(prefix + route.path), methods: new Map(), allow: '' };
      byPath.set(route.path, entry);
      entries.push(entry);
    }
    // The first route for a method wins, as in an express route chain.
    const method = route.method.toUpperCase();
    if (!entry.methods.has(method)) entry.methods.set(method, route);
  }
  for (const [path, entry] of byPath) entry.allow = allowHeader(routes.filter((route) => route.path === path).map((route) => route.method));

  return (method, path) => {
    const parts = path.split('/');
    for (const entry of entries) {
      const params = matchPath(entry.segments, parts);
      if (!params) continue;
      // Decoded before the method is looked at: express matches (and decodes) a path before its methods.
      for (const name in params) params[name] = decodeParam(params[name]!);
      const route = entry.methods.get(method) ?? (method === 'HEAD' ? entry.methods.get('GET') : undefined);
      if (!route) throw new XsError('METHOD_NOT_ALLOWED', { headers: { Allow: entry.allow } });
      return { route, params };
    }
    throw unknownResource(method, path);
  };
}
