/**
 * The request journal on the control API: `GET /sandbox/requests` reads what the XS2A API received
 * and answered (filters in the query), `DELETE /sandbox/requests` empties it. The query is read from
 * the raw URL, so a parameter given twice is refused rather than silently merged.
 */
import type { Request } from 'express';
import { XsError } from '../../contract/index.js';
import type { RequestJournal } from '../journal/journal.js';
import type { Route } from './routes.js';

function filterOf(req: Request): Record<string, string> {
  const filter: Record<string, string> = {};
  const mark = req.originalUrl.indexOf('?');
  for (const [name, value] of new URLSearchParams(mark === -1 ? '' : req.originalUrl.slice(mark + 1))) {
    if (name in filter) throw new XsError('FORMAT_ERROR', { path: name, text: `Give ${name} once.` });
    filter[name] = value;
  }
  return filter;
}

export function journalRoutes(journal: RequestJournal): Route[] {
  return [
    { method: 'get', path: '/requests', handler: (req, res) => res.json(journal.read(filterOf(req))) },
    { method: 'delete', path: '/requests', handler: (_req, res) => res.json({ cleared: journal.clear() }) },
  ];
}
