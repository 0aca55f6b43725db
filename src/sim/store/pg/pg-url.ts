/**
 * `--data postgresql://USER@HOST:PORT/DB` (or `postgres://`): what marks a data option as a database
 * URL, the one problem of one that cannot be used, and how a URL is named in a log line or an
 * answer: host, port and database, never the password.
 */

const SCHEMES = ['postgresql:', 'postgres:'];

/** Whether `--data` names a database server rather than a file: it has a URL scheme of two or more letters. */
export function isDatabaseUrl(data: string): boolean {
  return /^[a-z][a-z0-9+.-]+:\/\//i.test(data);
}

/** Why a database URL cannot be used, or undefined when it can. */
export function databaseUrlProblem(data: string): string | undefined {
  let url: URL;
  try {
    url = new URL(data);
  } catch {
    return `${maskUrl(data)} is not a valid URL (expected postgresql://USER@HOST:PORT/DB)`;
  }
  if (!SCHEMES.includes(url.protocol.toLowerCase()))
    return `${url.protocol}// is not a database this sandbox runs on: give a data file or postgresql://USER@HOST:PORT/DB`;
  if (url.hostname === '') return `${maskUrl(data)} names no host (expected postgresql://USER@HOST:PORT/DB)`;
  const database = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (database === '' || database.includes('/'))
    return `${maskUrl(data)} names no database (expected postgresql://USER@HOST:PORT/DB)`;
  if (url.port !== '' && (Number(url.port) < 1 || Number(url.port) > 65535))
    return `${maskUrl(data)} has no valid port`;
  return undefined;
}

/** The URL with its password replaced by `***` (also when the URL does not parse). */
export function maskUrl(data: string): string {
  return data.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:/@]*):[^@/]*@/i, '$1:***@');
}

/** `HOST:PORT/DB` of a database URL, for a log line (no user, no password). */
export function describeDatabase(data: string): string {
  try {
    const url = new URL(data);
    return `${url.hostname}:${url.port || '5432'}${url.pathname}`;
  } catch {
    return maskUrl(data);
  }
}
