/**
 * Before the first scenario: is there an XS2A interface at the target at all? One call to the
 * revocation-callback endpoint, which every registered provider may use whatever its roles: its
 * answer (the registration, or a 404 saying none is registered) must be held to the contract — a
 * 404 that is not the tppMessages envelope (an HTML page of a web server, a proxy's error) means the
 * requests reach something else, and nothing is run. A target declared without that endpoint needs
 * only a TLS handshake and any HTTP answer. A 5xx is a target that is not serving.
 */
import { createClient, sendHttps, targetUrl, TargetUnreachable } from './client.js';
import { ExpectationFailed } from './failure.js';
import type { Target } from './target.js';

export async function preflight(target: Target): Promise<void> {
  if (!target.capabilities.has('callback-endpoint')) {
    await sendHttps(targetUrl(target.baseUrl, '/v1/accounts'), {
      method: 'GET',
      headers: {},
      ca: target.ca,
      certificate: target.provider,
      timeoutMs: 15_000,
    });
    return;
  }
  const client = createClient({
    baseUrl: target.baseUrl,
    ca: target.ca,
    certificate: target.provider,
    label: 'preflight',
    record: () => {},
  });
  let status: number;
  try {
    ({ status } = await client.call({ path: '/v1/revocation-callback' }));
  } catch (error) {
    if (error instanceof ExpectationFailed) {
      throw new TargetUnreachable(
        `${target.baseUrl} answers outside the interface, so no XS2A interface is there (GET /v1/revocation-callback: ${error.message}); if the target has no revocation-callback endpoint, say so in the config ("revocationCallback": false)`,
      );
    }
    throw error;
  }
  if (status >= 500)
    throw new TargetUnreachable(`${target.baseUrl} is not serving: GET /v1/revocation-callback answered ${status}`);
}
