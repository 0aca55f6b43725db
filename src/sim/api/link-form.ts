/**
 * Hrefs as the bank profile writes them (`links.form`). The services shape every href as a path
 * under the base URL; a bank that writes whole addresses instead is as valid (spec "Links": hrefs
 * are opaque; "Versioning" 4: address shape is not a contract), so the edge turns each `_links`
 * href that is a path, and the Location header, into the API's own address. Only the form changes:
 * the link leads to the same place.
 */
import type { Answer } from './answer.js';

type Json = unknown;

function absoluteHrefs(links: Json, base: string): Json {
  if (links === null || typeof links !== 'object' || Array.isArray(links)) return links;
  return Object.fromEntries(
    Object.entries(links).map(([name, link]) => {
      const href = (link as { href?: unknown } | null)?.href;
      return [name, typeof href === 'string' && href.startsWith('/') ? { ...link, href: `${base}${href}` } : link];
    }),
  );
}

/** The body with every `_links` object's path hrefs made absolute, at any depth (transactions carry theirs inside). */
function withAbsolute(body: Json, base: string): Json {
  if (Array.isArray(body)) return body.map((item) => withAbsolute(item, base));
  if (body === null || typeof body !== 'object') return body;
  return Object.fromEntries(
    Object.entries(body).map(([key, value]) => [
      key,
      key === '_links' ? absoluteHrefs(value, base) : withAbsolute(value, base),
    ]),
  );
}

export function absoluteLinks(answer: Answer, base: string): Answer {
  const location = answer.headers?.Location;
  return {
    ...answer,
    ...(answer.body === undefined ? {} : { body: withAbsolute(answer.body, base) }),
    ...(location?.startsWith('/') ? { headers: { ...answer.headers, Location: `${base}${location}` } } : {}),
  };
}
