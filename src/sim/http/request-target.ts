/**
 * The path and query of a request target as express reads them (parseurl): the plain split at the
 * first `?` for an origin-form target, node's URL parser for anything else (an absolute-form
 * target, a `#`, whitespace), so routes, the 404 text and the query match what express gave.
 */
import { parse } from 'node:url';

export interface RequestTarget {
  pathname: string;
  /** What follows the `?`, null without one. */
  query: string | null;
}

const NEEDS_PARSER = /[\t\n\f\r #\u00a0\ufeff]/;

export function splitTarget(url: string): RequestTarget {
  if (url.charCodeAt(0) !== 0x2f || NEEDS_PARSER.test(url)) {
    const parsed = parse(url);
    return { pathname: parsed.pathname ?? '', query: parsed.query as string | null };
  }
  const mark = url.indexOf('?');
  return mark === -1 ? { pathname: url, query: null } : { pathname: url.slice(0, mark), query: url.slice(mark + 1) };
}
