/** What `serve` prints once both servers listen: where everything is, and a curl that works. */
import { randomUUID } from 'node:crypto';
import type { Sandbox } from '../sim/sandbox.js';

function quote(path: string): string {
  return /^[\w./:@-]+$/.test(path) ? path : `'${path.replace(/'/g, `'\\''`)}'`;
}

export function curlExample(sandbox: Sandbox, iban: string): string {
  const c = sandbox.certificates;
  return [
    `curl --cacert ${quote(c.caCert)} --cert ${quote(c.tppCert)} --key ${quote(c.tppKey)} \\`,
    `  -H 'X-Request-ID: ${randomUUID()}' -H 'TPP-Redirect-URI: https://tpp.example/callback' \\`,
    `  -H 'Content-Type: application/json' -d '{"access":{"balances":[{"iban":"${iban}"}]},"recurringIndicator":true,"frequencyPerDay":4}' \\`,
    `  ${sandbox.apiUrl}/v1/consents`,
  ].join('\n');
}

export function readyBanner(
  sandbox: Sandbox,
  details: { readyMs: number; seed: number; customers: number; exampleIban: string },
): string {
  const c = sandbox.certificates;
  const created =
    sandbox.createdCertificates.length > 0 ? ` (created now: ${sandbox.createdCertificates.join(', ')})` : '';
  return [
    `xs2a-kit sandbox ready in ${Math.round(details.readyMs)} ms`,
    '',
    `  XS2A API (mutual TLS)  ${sandbox.apiUrl}   ({base_url}: every path carries /v1)`,
    `  Customer surface       ${sandbox.portalUrl}`,
    `  Control API            ${sandbox.controlUrl}`,
    `  Certificates           ${c.dir}${created}`,
    `    trust this CA        ${c.caCert}`,
    `    client QWAC          ${c.tppCert} + ${c.tppKey} (PSP_AI, PSP_PI, PSP_IC)`,
    `  State                  ${sandbox.dataFile ? `kept in ${sandbox.dataFile}` : 'in memory (--data FILE keeps it)'}`,
    `  Customers              seed ${details.seed}: ${details.customers} (GET ${sandbox.controlUrl}/customers)`,
    '',
    'Try it:',
    curlExample(sandbox, details.exampleIban),
    '',
    'Press Ctrl+C to stop.',
    '',
  ].join('\n');
}
