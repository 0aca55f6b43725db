/**
 * Before the first scenario, the configuration is checked, so that a mistake in it is one line naming
 * the key or flag to fix (exit 2) instead of a hundred failed scenarios, and nothing is written to the
 * target: the files the config names (CA, certificates matching their keys), the SCA driver's readiness,
 * then one request per provider certificate and one read of the control API.
 *
 * The request is `GET /v1/revocation-callback`, which every registered provider may use whatever its
 * roles (spec "Authentication" 5): its answer (the registration, or a 404 saying none is registered)
 * must be held to the contract — a 404 that is not the tppMessages envelope (an HTML page of a web
 * server, a proxy's error) means the requests reach something else. A target declared without that
 * endpoint is asked `GET /v1/accounts` and may answer anything but a 5xx or a certificate refusal.
 *
 * Before that the base URL itself (preflight/base-url.ts): one whose path already ends in `/v1`, or
 * under which nothing answers as the interface does, stops the run with one line (exit 2). Every URL
 * here is joined as the scenarios join theirs (client.ts `targetUrl`).
 */
import { answerShape, matchEndpoint } from '../contract/endpoint-match.js';
import { TargetUnreachable, targetUrl } from './client.js';
import { ConfigError } from './config-error.js';
import { ExpectationFailed, ensureSchema } from './failure.js';
import { brokenConnection, notTls, type Blame } from './preflight/broken-connection.js';
import { probeControl } from './preflight/control-probe.js';
import { ensureBaseUrlShape, ensureInterfaceAnswers } from './preflight/base-url.js';
import { answersPlainHttp, probeHttps, type ProbeOutcome } from './preflight/https-probe.js';
import { checkFiles, checkScaDriver } from './preflight/local-checks.js';
import type { ClientCertificate } from './client.js';
import type { Target } from './target.js';
import type { RemoteConfig } from './targets/remote.js';

export interface PreflightInput {
  target: Target;
  /** Where the SCA driver was chosen, as the line about it names it: `--sca browser`, `sca.driver "browser"`. */
  scaFrom: string;
  /** A remote target's config and the flag its base URL came from; absent for the in-process sandbox. */
  remote?: { config: RemoteConfig; baseUrlFrom: string };
}

type Answer = Extract<ProbeOutcome, { kind: 'answer' }>;

/** A refusal of the certificate itself (not of a consent): the certificate codes, or a missing role. */
function refusesCertificate(answer: Answer, anyRefusal: boolean): string | undefined {
  if (answer.status !== 401 && answer.status !== 403) return undefined;
  const message = (answer.json as { tppMessages?: { code?: unknown; text?: unknown }[] } | undefined)?.tppMessages?.[0];
  const code = typeof message?.code === 'string' ? message.code : undefined;
  if (!anyRefusal && !(code && /^(CERTIFICATE_|ROLE_INVALID$)/.test(code))) return undefined;
  return `${answer.status}${code ? ` ${code}` : ''}${typeof message?.text === 'string' ? `: ${message.text}` : ''}`;
}

/** A 5xx is a target that is not serving: nothing can be judged there. */
function ensureServing(baseUrl: string, path: string, answer: Answer): void {
  if (answer.status >= 500)
    throw new TargetUnreachable(`${baseUrl} is not serving: GET ${path} answered ${answer.status}`);
}

/** The revocation-callback answer must be one the contract allows: an XS2A interface is there. */
function ensureInterface(baseUrl: string, path: string, answer: Answer): void {
  const entry = matchEndpoint('GET', path);
  const shape = entry && answerShape(entry, answer.status);
  if (shape?.kind !== 'body') return;
  try {
    ensureSchema(shape.schema, answer.json, `GET ${path} answer ${answer.status} (${shape.name})`);
  } catch (error) {
    if (!(error instanceof ExpectationFailed)) throw error;
    throw new TargetUnreachable(
      `${baseUrl} answers outside the interface, so no XS2A interface is there (GET ${path}: ${error.message}); if the target has no revocation-callback endpoint, say so in the config ("revocationCallback": false)`,
    );
  }
}

export async function preflight(input: PreflightInput): Promise<void> {
  const { target, remote } = input;
  if (remote) checkFiles(remote.config, target, new Date());
  await checkScaDriver(target.sca, input.scaFrom);
  if (!remote) return;
  const { config } = remote;
  ensureBaseUrlShape(target.baseUrl, remote.baseUrlFrom);
  const callbackEndpoint = target.capabilities.has('callback-endpoint');
  const path = callbackEndpoint ? '/v1/revocation-callback' : '/v1/accounts';
  const url = targetUrl(target.baseUrl, path);
  const providers: [string, string, ClientCertificate | undefined][] = [
    ['provider', config.provider.cert, target.provider],
    ['secondProvider', config.secondProvider?.cert ?? '', target.secondProvider],
    ['providerWithoutCof', config.providerWithoutCof?.cert ?? '', target.providerWithoutCof],
    ['renamedProvider', config.renamedProvider?.cert ?? '', target.renamedProvider],
  ];
  for (const [key, file, certificate] of providers) {
    if (!certificate) continue;
    const blame: Blame = {
      target: `${remote.baseUrlFrom} ${target.baseUrl}`,
      ca: `ca (${config.ca})`,
      certificate: `${key} (${file})`,
    };
    const outcome = await probeHttps(url, { ca: target.ca, certificate });
    if (outcome.kind === 'broken')
      throw brokenConnection(outcome, blame, notTls(outcome) && (await answersPlainHttp(url)));
    if (key === 'provider') ensureServing(target.baseUrl, path, outcome);
    const refusal = refusesCertificate(outcome, callbackEndpoint);
    if (refusal) throw new ConfigError(`${blame.certificate}: the target refuses this certificate (${refusal})`);
    if (key === 'provider') {
      if (callbackEndpoint) ensureInterface(target.baseUrl, path, outcome);
      // A 404 in the envelope is the callback read's normal answer, so it cannot tell a prefix the bank does not serve.
      await ensureInterfaceAnswers({ baseUrl: target.baseUrl, from: remote.baseUrlFrom, ca: target.ca, certificate });
    }
  }
  if (config.controlUrl)
    await probeControl({
      url: config.controlUrl,
      token: config.controlToken,
      clock: config.capabilities.includes('clock'),
      tls: { ca: target.ca, certificate: target.provider },
    });
}
