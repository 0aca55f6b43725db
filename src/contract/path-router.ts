/**
 * The one path matcher of the interface: the simulator routes requests with it and the kit finds
 * the endpoint row an answer belongs to with it. Paths are templates with `{name}` (the endpoint
 * table's syntax) or `:name` parameters.
 *
 * One precedence rule, whatever order the rows come in: at the first segment where two templates
 * differ, a literal beats a parameter (`/v1/consents/confirmation-of-funds/{consent_id}` takes
 * `/v1/consents/confirmation-of-funds/x`, never `/v1/consents/{consent_id}/…`). Literal segments
 * match case-insensitively and one trailing slash is tolerated, as the bank's routing does; a
 * parameter takes one non-empty segment, handed back as sent (decoding is the caller's choice).
 */

export type RouteMethod = 'get' | 'post' | 'put' | 'delete';

export interface RoutePattern {
  method: RouteMethod;
  path: string;
}

/** A literal segment in lower case, or the name of a parameter. */
type Segment = { literal: string; param?: undefined } | { param: string; literal?: undefined };

export interface PathMatch<R> {
  /** The rows of the matched path by upper-case method. */
  methods: ReadonlyMap<string, R>;
  /** The path's methods for an Allow header: GET, POST, PUT, DELETE in that order, HEAD after GET's path. */
  allow: string;
  /** Parameters as they appear in the request path (still percent-encoded). */
  params: Record<string, string>;
}

interface PathEntry<R> {
  segments: Segment[];
  methods: Map<string, R>;
  allow: string;
}

const METHOD_ORDER: readonly RouteMethod[] = ['get', 'post', 'put', 'delete'];

/** The Allow header of a path: its methods in a fixed order (not the order rows were declared), HEAD after them when GET is there. */
export function allowHeader(methods: readonly RouteMethod[]): string {
  const names = METHOD_ORDER.filter((method) => methods.includes(method)).map((method) => method.toUpperCase());
  return (names.includes('GET') ? [...names, 'HEAD'] : names).join(', ');
}

function compile(path: string): Segment[] {
  return path
    .split('/')
    .slice(1)
    .map((part) => {
      if (part.startsWith(':')) return { param: part.slice(1) };
      if (part.startsWith('{') && part.endsWith('}')) return { param: part.slice(1, -1) };
      return { literal: part.toLowerCase() };
    });
}

/**
 * A total order on templates, segment by segment: a literal before a parameter, literals by their
 * text. Two templates that can take the same path have equal literals up to the first segment
 * where one has a literal and the other a parameter, so there the literal comes first.
 */
function bySpecificity(a: { segments: Segment[] }, b: { segments: Segment[] }): number {
  const length = Math.min(a.segments.length, b.segments.length);
  for (let i = 0; i < length; i++) {
    const x = a.segments[i]!.literal;
    const y = b.segments[i]!.literal;
    if (x === y) continue;
    if (x === undefined) return 1;
    if (y === undefined) return -1;
    return x < y ? -1 : 1;
  }
  return a.segments.length - b.segments.length;
}

/**
 * `parts` and `lower` are the path split at '/', as sent and lower-cased (once per path, not once
 * per template tried). Latin-1 text (what node gives for a request line) lower-cases to ASCII only
 * from ASCII, so comparing lower-cased parts with the literals is a case-insensitive compare.
 */
function matchPath(
  segments: readonly Segment[],
  parts: readonly string[],
  lower: readonly string[],
): Record<string, string> | undefined {
  // parts[0] is the empty string before the leading slash; one empty part after a trailing slash is allowed.
  const count = parts.length - 1;
  if (count !== segments.length && !(count === segments.length + 1 && parts[count] === '')) return undefined;
  let params: Record<string, string> | undefined;
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    const part = parts[i + 1]!;
    if (segment.literal !== undefined) {
      if (lower[i + 1] !== segment.literal) return undefined;
    } else {
      if (part === '') return undefined;
      (params ??= {})[segment.param] = part;
    }
  }
  return params ?? {};
}

/**
 * Builds the matcher for a table of rows. It answers the matched path (its rows by method, its
 * Allow header, the parameters) or undefined when no template takes the path. Two rows with the
 * same method and path are a mistake in the table and throw here, at build time.
 */
export function createPathRouter<R extends RoutePattern>(
  rows: readonly R[],
  prefix = '',
): (path: string) => PathMatch<R> | undefined {
  const byPath = new Map<string, PathEntry<R> & { declared: RouteMethod[] }>();
  for (const row of rows) {
    const key = compile(prefix + row.path)
      .map((segment) => segment.literal ?? '{}')
      .join('/');
    let entry = byPath.get(key);
    if (!entry) {
      entry = { segments: compile(prefix + row.path), methods: new Map(), allow: '', declared: [] };
      byPath.set(key, entry);
    }
    const method = row.method.toUpperCase();
    if (entry.methods.has(method)) throw new Error(`Two routes for ${method} ${row.path}.`);
    entry.methods.set(method, row);
    entry.declared.push(row.method);
  }
  const entries = [...byPath.values()].sort(bySpecificity);
  for (const entry of entries) entry.allow = allowHeader(entry.declared);

  return (path) => {
    const parts = path.split('/');
    const lower = path.toLowerCase().split('/');
    for (const entry of entries) {
      const params = matchPath(entry.segments, parts, lower);
      if (params) return { methods: entry.methods, allow: entry.allow, params };
    }
    return undefined;
  };
}
