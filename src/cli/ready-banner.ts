/** What `serve` prints once both servers listen: where everything is, and commands that work when pasted. */
import type { Sandbox } from '../sim/sandbox.js';
import { CONTROL_TOKEN_VARIABLE, NEW_REQUEST_ID, controlCurl, shellWord } from './paste-hints.js';

/**
 * The consent the example asks for carries every field some bank profile requires (`strict` refuses
 * a consent without `recurringIndicator` or `validUntil`), so it is created under any profile. A date
 * far ahead is capped to 180 days from authentication without a word (ConsentRequest), and never
 * falls into the past however far the sandbox clock is moved.
 */
export function consentExampleBody(iban: string): string {
  return JSON.stringify({
    access: { balances: [{ iban }] },
    recurringIndicator: true,
    validUntil: '2099-12-31',
    frequencyPerDay: 4,
  });
}

/** A consent creation over mutual TLS with the default provider's QWAC, a new X-Request-ID on every paste. */
export function curlExample(sandbox: Sandbox, iban: string): string {
  const c = sandbox.certificates;
  return [
    `curl --cacert ${shellWord(c.caCert)} --cert ${shellWord(c.tppCert)} --key ${shellWord(c.tppKey)} \\`,
    `  -H "X-Request-ID: ${NEW_REQUEST_ID}" -H 'TPP-Redirect-URI: https://tpp.example/callback' \\`,
    `  -H 'Content-Type: application/json' -d ${shellWord(consentExampleBody(iban))} \\`,
    `  ${shellWord(`${sandbox.apiUrl}/v1/consents`)}`,
  ].join('\n');
}

export function readyBanner(
  sandbox: Sandbox,
  details: {
    readyMs: number;
    seed: number;
    customers: number;
    exampleIban: string;
    controlToken: boolean;
    /** The token was given as --control-token, not in the variable the printed commands read. */
    tokenToExport?: boolean;
  },
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
    ...(details.controlToken
      ? [
          `    control token        Authorization: Bearer <the token>, read by the commands here from $${CONTROL_TOKEN_VARIABLE} (never printed)`,
          ...(details.tokenToExport
            ? [
                `    before pasting       export ${CONTROL_TOKEN_VARIABLE}='<your --control-token>' in that shell, or the control commands answer 401`,
              ]
            : []),
        ]
      : []),
    `  Certificates           ${c.dir}${created}`,
    `    trust this CA        ${c.caCert}`,
    `    client QWAC          ${c.tppCert} + ${c.tppKey} (PSP_AI, PSP_PI, PSP_IC)`,
    `  State                  ${sandbox.dataFile ? `kept in ${sandbox.dataFile}` : 'in memory (--data FILE keeps it)'}`,
    `  Customers              seed ${details.seed}: ${details.customers}`,
    '',
    'Try it (any POSIX shell; node makes a new X-Request-ID each time it is pasted):',
    '# a consent on the first customer’s account, asked for by the default provider',
    curlExample(sandbox, details.exampleIban),
    '# the test customers with their passwords and accounts (control API)',
    controlCurl(`${sandbox.controlUrl}/customers`, { controlToken: details.controlToken }),
    '',
    'Press Ctrl+C to stop.',
    '',
  ].join('\n');
}
