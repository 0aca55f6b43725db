/**
 * Whether the base URL is where the interface is, asked before any scenario: a wrong one would
 * otherwise make a healthy bank fail or error in every scenario (issue 39: `https://bank:9443/v1`,
 * the prefix given twice, gave 9 failed and 232 errored; a prefix the bank does not serve gave 194
 * failed). A report a bank hands on must not hold one such failure, so the run stops (exit 2) with one
 * line that says what was found and what to try, and nothing is judged.
 *
 * Two mistakes are told apart:
 * - the base URL's path already ends in `/v1`: every path of the interface carries that prefix
 *   ("Versioning" 3), so the base URL is what comes before it;
 * - nothing of the interface answers under the base URL: two reads whose rows in the endpoint table
 *   have no 404 (an unknown consent's status answers 403 `CONSENT_UNKNOWN`, "Behaviour notes:
 *   Consents" 2; the account list 401/403/429/500) both answer 404, or answer a refusal that is not
 *   the tppMessages envelope ("Errors: Envelope"), such as a web server's page. One of them answering
 *   as the interface does is enough to go on: a bank that gets one of them wrong fails that rule in
 *   its scenario, it is not mistaken for a wrong address.
 * Both reads name a consent id that was never given (a fresh UUID): nothing is created or spent.
 */
import { randomUUID } from 'node:crypto';
import { targetUrl, type ClientCertificate } from '../client.js';
import { ConfigError } from '../config-error.js';
import { TargetUnreachable } from '../client.js';
import { probeHttps, type ProbeOutcome } from './https-probe.js';

/** What to try, written as where the base URL came from writes it: a flag, or the config's key. */
const written = (from: string, url: string) => (from.startsWith('--') ? `${from} ${url}` : `"baseUrl": "${url}"`);

/** The base URL with a trailing `/v1` (and slashes) taken off its path. */
function withoutPrefix(base: URL): string {
  const trimmed = base.pathname.replace(/\/+$/, '').replace(/\/v1$/i, '');
  return `${base.origin}${trimmed}`;
}

/** A base URL whose path already ends in `/v1` is refused: ConfigError naming the flag or key and the URL to try. */
export function ensureBaseUrlShape(baseUrl: string, from: string): void {
  const base = new URL(baseUrl);
  if (!/\/v1\/*$/i.test(base.pathname)) return;
  const suggestion = withoutPrefix(base);
  throw new ConfigError(
    `${from} ${baseUrl} already ends in /v1, the prefix every path of the interface starts with (the kit would call ${base.origin}${base.pathname.replace(/\/+$/, '')}/v1/…); try ${written(from, suggestion)}`,
  );
}

interface Probe {
  path: string;
  headers: Record<string, string>;
}

/** Two reads the endpoint table gives no 404, naming a consent nobody was given. */
function probes(): Probe[] {
  const consentId = randomUUID();
  return [
    { path: `/v1/consents/${consentId}/status`, headers: {} },
    { path: '/v1/accounts', headers: { 'Consent-ID': consentId } },
  ];
}

type Answer = Extract<ProbeOutcome, { kind: 'answer' }>;

const isEnvelope = (json: unknown) => Array.isArray((json as { tppMessages?: unknown } | undefined)?.tppMessages);

/** What an answer says about the interface being there: undefined when it answers as the interface does. */
function notTheInterface(answer: Answer): string | undefined {
  if (answer.status === 404) return `404${isEnvelope(answer.json) ? '' : ' without the tppMessages envelope'}`;
  if (answer.status >= 400 && answer.status < 500 && !isEnvelope(answer.json)) {
    const type = answer.headers['content-type'];
    return `${answer.status} without the tppMessages envelope${typeof type === 'string' ? ` (${type.split(';')[0]})` : ''}`;
  }
  return undefined;
}

export interface InterfaceProbe {
  baseUrl: string;
  /** The flag or key the base URL came from, as the line names it (`--target`). */
  from: string;
  ca: string | undefined;
  certificate: ClientCertificate;
  timeoutMs?: number;
}

/**
 * Asks the two reads; TargetUnreachable (exit 2) when neither answers as the interface does. A read
 * that breaks without an answer is the caller's to judge (the first probe already named the cause).
 */
export async function ensureInterfaceAnswers(input: InterfaceProbe): Promise<void> {
  const found: string[] = [];
  for (const probe of probes()) {
    const url = targetUrl(input.baseUrl, probe.path);
    const outcome = await probeHttps(url, {
      ca: input.ca,
      certificate: input.certificate,
      headers: probe.headers,
      ...(input.timeoutMs === undefined ? {} : { timeoutMs: input.timeoutMs }),
    });
    if (outcome.kind === 'broken') return;
    const wrong = notTheInterface(outcome);
    if (wrong === undefined) return;
    found.push(`GET ${url.pathname} answered ${wrong}`);
  }
  const base = new URL(input.baseUrl);
  const hint =
    base.pathname.replace(/\/+$/, '') === ''
      ? `try the address the bank publishes for its XS2A API, with the path that comes before /v1 (${written(input.from, 'https://host:port/prefix')})`
      : `try ${written(input.from, base.origin)} (without ${base.pathname.replace(/\/+$/, '')}), or the path the bank publishes before /v1`;
  throw new TargetUnreachable(
    `no endpoint of the interface answers under ${input.from} ${input.baseUrl}: ${found.join('; ')}, where the interface answers 401 or 403 with tppMessages; ${hint}`,
  );
}
