/**
 * The journal's filters, read alike from a query string (`GET /sandbox/requests?status=400`) and
 * from `sandbox.requests({ status: 400 })`. A filter the journal cannot read is refused with
 * FORMAT_ERROR and the parameter's name as `path`: a typo must not look like "nothing arrived".
 */
import { ENDPOINTS } from '../../contract/endpoints.js';
import { XsError } from '../../contract/index.js';
import { createPathRouter } from '../../contract/path-router.js';

/** What `sandbox.requests()` takes; every member is optional and they combine with "and". */
export interface JournalFilter {
  /** Arrived at or after this instant of the sandbox clock (ISO 8601 date-time with offset, or a Date). */
  since?: string | Date;
  /** The exact path as sent (`/v1/consents`), or an endpoint's template (`/v1/accounts/{account_id}/balances`). */
  path?: string;
  /** An answer status (`400`), or a class of them (`'4xx'`). */
  status?: number | string;
  /** The organizationIdentifier of the client certificate. */
  provider?: string;
  /** GET, POST, PUT, DELETE, … (any case). */
  method?: string;
  /** At most this many, the newest first. */
  limit?: number | string;
}

export const FILTER_NAMES = ['since', 'path', 'status', 'provider', 'method', 'limit'] as const;

/** What a filter looks at of a kept request (an `exchange` event, or a journal entry as kept). */
export interface FilterSubject {
  readonly at: string;
  readonly provider: string | null | undefined;
  readonly request: { readonly method: string; readonly path: string };
  readonly answer: { readonly status: number } | null;
}

/** A filter read: each member a test on one event. */
export interface ReadFilter {
  matches(event: FilterSubject): boolean;
  limit: number | undefined;
}

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/i;
const TEMPLATES = new Set(ENDPOINTS.map((row) => row.path));
const findPath = createPathRouter(ENDPOINTS);

const refuse = (path: string, text: string) => new XsError('FORMAT_ERROR', { path, text });

function sinceOf(value: unknown): number {
  const ms =
    value instanceof Date
      ? value.getTime()
      : typeof value === 'string' && ISO_DATE_TIME.test(value)
        ? Date.parse(value)
        : NaN;
  if (Number.isNaN(ms))
    throw refuse('since', 'since is an ISO 8601 date-time with its offset, e.g. 2026-03-01T10:00:00Z (sandbox clock).');
  return ms;
}

/** The endpoint template a path is routed to (whatever the method), or undefined. */
function templateOf(path: string): string | undefined {
  const found = findPath(path);
  return found && [...found.methods.values()][0]?.path;
}

function pathTest(value: unknown): (event: FilterSubject) => boolean {
  if (typeof value !== 'string' || !value.startsWith('/') || value.includes('?'))
    throw refuse('path', 'path is a path without its query, e.g. /v1/consents or /v1/accounts/{account_id}/balances.');
  if (!value.includes('{')) return (event) => event.request.path === value;
  if (!TEMPLATES.has(value))
    throw refuse(
      'path',
      `${value} is not an endpoint of the interface; templates are spelled as in the OpenAPI document.`,
    );
  return (event) => templateOf(event.request.path) === value;
}

function statusTest(value: unknown): (event: FilterSubject) => boolean {
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text === 'string' && /^[1-5]\d\d$/.test(text)) {
    const status = Number(text);
    return (event) => event.answer?.status === status;
  }
  if (typeof text === 'string' && /^[1-5]xx$/i.test(text)) {
    const hundreds = Number(text[0]);
    return (event) => event.answer !== null && Math.floor(event.answer.status / 100) === hundreds;
  }
  throw refuse('status', 'status is an HTTP status such as 400, or a class such as 4xx.');
}

function limitOf(value: unknown): number {
  const number = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isSafeInteger(number) || number < 1)
    throw refuse('limit', 'limit is a whole number of requests, 1 or more.');
  return number;
}

function textOf(name: string, value: unknown, example: string): string {
  if (typeof value !== 'string' || value === '') throw refuse(name, `${name} is a non-empty text, e.g. ${example}.`);
  return value;
}

/** Reads a filter; unknown members and unreadable values are FORMAT_ERROR naming the member. */
export function readFilter(filter: Readonly<Record<string, unknown>>): ReadFilter {
  // `sandbox.requests(null)` or `('x')` from JavaScript: name the argument rather than fail on it.
  if (typeof filter !== 'object' || filter === null || Array.isArray(filter))
    throw refuse('filter', `The filter is an object of ${FILTER_NAMES.join(', ')}.`);
  const tests: ((event: FilterSubject) => boolean)[] = [];
  let limit: number | undefined;
  for (const [name, value] of Object.entries(filter)) {
    if (value === undefined) continue;
    switch (name) {
      case 'since': {
        const since = sinceOf(value);
        tests.push((event) => Date.parse(event.at) >= since);
        break;
      }
      case 'path':
        tests.push(pathTest(value));
        break;
      case 'status':
        tests.push(statusTest(value));
        break;
      case 'provider': {
        const provider = textOf('provider', value, 'PSDDE-BAFIN-123456');
        tests.push((event) => event.provider === provider);
        break;
      }
      case 'method': {
        const method = textOf('method', value, 'POST').toUpperCase();
        tests.push((event) => event.request.method === method);
        break;
      }
      case 'limit':
        limit = limitOf(value);
        break;
      default:
        throw refuse(name, `${name} is not a filter of the request journal (${FILTER_NAMES.join(', ')}).`);
    }
  }
  return { matches: (event) => tests.every((test) => test(event)), limit };
}
