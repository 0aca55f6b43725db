/** How a library call refuses: the envelope's code and path of the same refusal over HTTP, as an exception. */
import { XsError } from '../../contract/index.js';

/**
 * A refusal of a library call: `code` is the envelope's code the same refusal answers over HTTP
 * (e.g. `RESOURCE_UNKNOWN`, `FORMAT_ERROR`), `path` the field at fault when there is one.
 */
export class SandboxError extends Error {
  readonly code: string;
  readonly path: string | undefined;
  constructor(code: string, message: string, path?: string) {
    super(message);
    this.name = 'SandboxError';
    this.code = code;
    this.path = path;
  }
}

const asSandboxError = (error: unknown): unknown =>
  error instanceof XsError ? new SandboxError(error.code, error.message, error.path) : error;

/** Runs a service call, turning its envelope refusal into a SandboxError. */
export async function refusing<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw asSandboxError(error);
  }
}

/** The same for a call that answers at once. */
export function refusingNow<T>(call: () => T): T {
  try {
    return call();
  } catch (error) {
    throw asSandboxError(error);
  }
}
