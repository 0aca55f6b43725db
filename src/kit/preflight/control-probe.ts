/**
 * One read of the control API (`GET …/clock`) before any scenario: a wrong or missing `controlToken`
 * would otherwise fail every scenario that moves the clock or acts as the customer, one by one, with 401.
 */
import { ConfigError } from '../config-error.js';
import { controlRequest, type ControlTls } from '../targets/control-api.js';

export interface ControlProbe {
  url: string;
  token: string | undefined;
  /** The config declares the `clock` capability: the clock must be readable there. */
  clock: boolean;
  /** How the lines name the address and the token: the config's keys, or `--init-config`'s flags. */
  names?: { url: string; token: string };
  /** For an `https://` control API (a world's, on the API port): the CA and the provider's certificate. */
  tls?: ControlTls | undefined;
}

function connectionReason(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
}

export async function probeControl(probe: ControlProbe): Promise<void> {
  const names = probe.names ?? { url: 'controlUrl', token: 'controlToken' };
  let answer;
  try {
    answer = await controlRequest(probe.url, probe.token, probe.tls)('GET', '/clock');
  } catch (error) {
    throw new ConfigError(`${names.url} ${probe.url}: cannot connect (${connectionReason(error)})`);
  }
  if (answer.status === 401 || answer.status === 403)
    throw new ConfigError(
      probe.token === undefined
        ? `${names.token}: the control API at ${probe.url} answered ${answer.status} without one; give the bearer token it needs`
        : `${names.token}: the control API at ${probe.url} refuses it (${answer.status}); give the bearer token it was started with`,
    );
  if (!probe.clock) return;
  const now = (answer.json as { now?: unknown } | undefined)?.now;
  if (answer.status !== 200 || typeof now !== 'string' || Number.isNaN(Date.parse(now)))
    throw new ConfigError(
      `${names.url} ${probe.url}: GET ${probe.url}/clock answered ${answer.status} without the clock ({"now": …}), so no control API like the sandbox's is there`,
    );
}
