/**
 * Request routing for the XS2A API's hot path, over the contract's one path matcher
 * (contract/path-router.ts: a literal beats a parameter, whatever order the table is in). On top of
 * it, what the bank's routing answers: a parameter is percent-decoded, HEAD is served by the GET
 * route, a known path with another method is 405 with the path's Allow header, and an unknown path
 * is the same 404 whatever its method.
 */
import { XsError } from '../../contract/index.js';
import { createPathRouter, type RoutePattern } from '../../contract/path-router.js';
import { unknownResource } from '../http/error-envelope.js';

export type { RoutePattern } from '../../contract/path-router.js';

export interface RouteMatch<R> {
  route: R;
  params: Record<string, string>;
}

/** A malformed escape is the client's fault: 400 FORMAT_ERROR. */
function decodeParam(value: string): string {
  if (!value.includes('%')) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    throw new XsError('FORMAT_ERROR', { text: 'The request could not be read.' });
  }
}

/**
 * Builds the matcher for a table. It answers the route and its decoded parameters, or throws the
 * 404 or 405 (a parameter with a malformed escape throws a 400), each an XsError.
 */
export function createRouter<R extends RoutePattern>(
  routes: readonly R[],
  prefix = '',
): (method: string, path: string) => RouteMatch<R> {
  const find = createPathRouter(routes, prefix);
  return (method, path) => {
    const found = find(path);
    if (!found) throw unknownResource(method, path);
    // Decoded before the method is looked at: a path is matched (and decoded) before its methods.
    const params: Record<string, string> = {};
    for (const name in found.params) params[name] = decodeParam(found.params[name]!);
    const route = found.methods.get(method) ?? (method === 'HEAD' ? found.methods.get('GET') : undefined);
    if (!route) throw new XsError('METHOD_NOT_ALLOWED', { headers: { Allow: found.allow } });
    return { route, params };
  };
}
