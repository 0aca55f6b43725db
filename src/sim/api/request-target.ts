/**
 * The path and query of a request target, read by parseurl (the reader express uses), so routes,
 * the 404 text and the query match what express gave: a plain split at the first `?` for an
 * origin-form target, node's URL parser for anything else (an absolute-form target, a `#`).
 */
import parseurl from 'parseurl';

export interface RequestTarget {
  pathname: string;
  /** What follows the `?`, null without one. */
  query: string | null;
}

export function splitTarget(url: string): RequestTarget {
  const parsed = parseurl({ url } as Parameters<typeof parseurl>[0]);
  const query = parsed?.query;
  return { pathname: parsed?.pathname ?? '', query: typeof query === 'string' ? query : null };
}
