/**
 * Is there an XS2A interface at `--target`? One `GET /v1/accounts`, which every bank serves: with the
 * provider certificate of `--certs` (its CA verifying the bank), or without any certificate (the bank
 * then refuses in the tppMessages envelope, or at the handshake). Anything else — no connection, plain
 * HTTP, an HTML page, a 5xx — stops `--init-config` with one line, before any file is written.
 */
import { TppMessagesSchema } from '../../contract/index.js';
import type { ClientCertificate } from '../client.js';
import { ConfigError } from '../config-error.js';
import { brokenConnection, notTls } from '../preflight/broken-connection.js';
import { answersPlainHttp, apiUrl, probeHttps } from '../preflight/https-probe.js';

export interface BankProbe {
  target: string;
  /** The CA and provider of `--certs`, named as the line about them names them. */
  certs?: { ca: string; caFile: string; provider: ClientCertificate; providerFile: string } | undefined;
}

export async function probeBank(probe: BankProbe): Promise<void> {
  const url = apiUrl(probe.target, '/v1/accounts');
  const outcome = await probeHttps(url, {
    ca: probe.certs?.ca,
    certificate: probe.certs?.provider ?? null,
  });
  const blame = {
    target: `--target ${probe.target}`,
    ca: `--certs ${probe.certs?.caFile ?? ''}`,
    certificate: probe.certs ? `--certs ${probe.certs.providerFile}` : `--target ${probe.target}`,
  };
  if (outcome.kind === 'broken') {
    // Without a certificate, a bank may refuse at the handshake: that is mutual TLS, as an XS2A interface has.
    if (!probe.certs && (/^ERR_SSL_.*ALERT/.test(outcome.code) || (outcome.secured && outcome.code === 'ECONNRESET')))
      return;
    throw brokenConnection(outcome, blame, notTls(outcome) && (await answersPlainHttp(url)));
  }
  if (outcome.status >= 500)
    throw new ConfigError(`--target ${probe.target} is not serving: GET ${url.pathname} answered ${outcome.status}`);
  if (outcome.status < 400 || !TppMessagesSchema.safeParse(outcome.json).success)
    throw new ConfigError(
      `--target ${probe.target} answers outside the interface (GET ${url.pathname} answered ${outcome.status} without the tppMessages envelope), so no XS2A interface is there`,
    );
  const code = (outcome.json as { tppMessages: { code: string }[] }).tppMessages[0]!.code;
  if (probe.certs && /^CERTIFICATE_/.test(code))
    throw new ConfigError(`${blame.certificate}: the target refuses this certificate (${outcome.status} ${code})`);
}
