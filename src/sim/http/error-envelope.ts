/**
 * The one place errors become answers, for both servers: the spec's tppMessages envelope (spec
 * "Errors") with the catalogue's status. Code below the edges throws XsError; anything else that
 * reaches an edge is a bug, answered 500 INTERNAL_SERVER_ERROR with the details in the log only, so
 * nothing internal (a stack, a message) ever reaches a client.
 */
import { errorBody, XsError, type TppMessagesBody } from '../../contract/index.js';
import { StoreUnavailableError } from '../store/records.js';

/** Seconds a client waits before retrying while the sandbox's database cannot be reached. */
export const UNAVAILABLE_RETRY_AFTER_S = 1;

/**
 * The database behind a shared sandbox cannot be reached: a server-side failure the client may retry
 * after a backoff (spec "Errors" rule 2), 503 with Retry-After, the status no bank profile changes.
 */
export function unavailable(): XsError {
  return new XsError('INTERNAL_SERVER_ERROR', {
    status: 503,
    text: 'The sandbox cannot reach its database; retry after Retry-After seconds.',
    headers: { 'Retry-After': String(UNAVAILABLE_RETRY_AFTER_S) },
  });
}

/** The error as the sandbox answers it: an XsError as it is, anything else as INTERNAL_SERVER_ERROR (logged). */
export function asXsError(error: unknown, log: (message: string) => void): XsError {
  if (error instanceof XsError) return error;
  if (error instanceof StoreUnavailableError) {
    log(`database unavailable: ${error.message}`);
    return unavailable();
  }
  log(`internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  return new XsError('INTERNAL_SERVER_ERROR');
}

/**
 * The envelope an error answers with: the catalog's status unless the caller serves another (the
 * XS2A API answers a bank profile's `status.<CODE>`), the error's own headers (Retry-After, Allow).
 */
export function errorAnswer(
  xs: XsError,
  status: number = xs.status,
): { status: number; headers: Record<string, string>; body: TppMessagesBody } {
  return {
    status,
    headers: xs.headers,
    body: errorBody(xs.code, { ...(xs.path === undefined ? {} : { path: xs.path }), text: xs.message }),
  };
}

/** No route has this path: the same 404 whatever the method, on both servers. */
export function unknownResource(method: string, path: string): XsError {
  return new XsError('RESOURCE_UNKNOWN', { text: `No resource at ${method} ${path}.` });
}
