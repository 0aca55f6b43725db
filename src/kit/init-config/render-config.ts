/**
 * A remote config as a file a person reads: every key of the config, each under a comment saying what
 * it is for, in the schema's order. Keys with a value are written; keys without one are written as a
 * commented-out example (optional ones), and required ones nobody could fill hold a placeholder that
 * stops the run naming the key (`<fill in: …>`). The kit reads comments back (config-file.ts).
 */
import { formatJson } from '../format-json.js';
import { PLACEHOLDER } from '../targets/config-file.js';
import type { RemoteConfigFileSchema } from '../targets/remote.js';

export type ConfigKey = keyof typeof RemoteConfigFileSchema.shape;

/** What each key is for, one line or two, written above it. */
export const KEY_NOTES: Record<ConfigKey, string[]> = {
  name: ["Optional: what the bank calls this target (the reports' first line names it)."],
  environment: ['Optional: which of its environments it is (sandbox, pre-production, production), for the reports.'],
  baseUrl: [
    "The bank's XS2A API base URL (https; every path carries /v1 below it). --target wins when both are given.",
  ],
  ca: ["PEM file of the CA the bank's server certificate chains to. Paths are relative to this file."],
  provider: [
    'Your QWAC and its key (PEM), with the roles PSP_AI, PSP_PI and PSP_IC: the provider the scenarios act as.',
  ],
  secondProvider: [
    "Optional: another provider's QWAC and key (another organizationIdentifier), for the foreign-resource scenarios.",
  ],
  providerWithoutCof: ['Optional: a QWAC and key without PSP_IC, for the role scenarios of confirmation of funds.'],
  renamedProvider: [
    "Optional: a QWAC and key of the provider's organisation (its organizationIdentifier) under another",
    'organisation name, as after a renaming: the SCA page must then show the new name.',
  ],
  refusedCertificates: [
    'Optional: certificates the bank must refuse, any of the eight. `xs2a-kit certs refused` makes them from the',
    "bank's test CA (--ca, --ca-key) and prints these lines.",
  ],
  revokedCertificates: [
    'Optional, for a bank that checks revocation: a QWAC its test CA revoked ("revoked") and one it suspended',
    '("suspended"), each {"cert","key"}; only the bank\'s CA can make them.',
  ],
  redirectUri: ['Sent as TPP-Redirect-URI: where the bank sends the customer back after approving (https).'],
  nokRedirectUri: ['Sent as TPP-NOK-Redirect-URI: where the bank sends the customer back after declining (https).'],
  psu: ['The test customer who approves: holds ibans.main and ibans.second.'],
  otherPsu: ["Optional: another test customer, holding none of psu's accounts (consent narrowing)."],
  ibans: [
    'main: more than 500 booked transactions (paging); second: another account of psu; notHeld: valid, held by nobody at',
    'the bank; creditor: a payee at another bank; optional closed (a closed account) and held (one under a compliance hold).',
  ],
  amounts: ['small: payable from ibans.main; beyondBalance: more than ibans.main holds (insufficient funds).'],
  sca: [
    'Who acts as the customer on the SCA page: "control" (the control API), "browser" (Chromium with a script),',
    '"forms" (plain form posts), "manual" (a person), "none". Default: "control" with a controlUrl, else "manual".',
  ],
  controlUrl: ["Optional: a control API like the xs2a-kit sandbox's (…/sandbox): clock and customer actions."],
  controlToken: ['Optional: the bearer token of that control API.'],
  capabilities: ['What the control API offers: "clock" (move the bank\'s clock), "control" (revoke, book, withdraw).'],
  revocationCallback: ['Whether the bank offers /v1/revocation-callback (false skips those scenarios).'],
};

/** A placeholder for a value a person must give: the run stops on it, naming its key. */
export function placeholder(what: string): string {
  return `${PLACEHOLDER}: ${what}>`;
}

/**
 * The config file: `values` are written, `examples` (for keys without a value) commented out. Key
 * order is the schema's, so every file the kit writes reads the same way.
 */
export function renderConfig(
  keys: readonly ConfigKey[],
  values: Partial<Record<ConfigKey, unknown>>,
  examples: Partial<Record<ConfigKey, unknown>>,
): string {
  const active = keys.filter((key) => values[key] !== undefined);
  const lines: string[] = ['{'];
  for (const key of keys) {
    lines.push(...KEY_NOTES[key].map((note) => `  // ${note}`));
    if (values[key] !== undefined) {
      const comma = key === active.at(-1) ? '' : ',';
      lines.push(`  ${JSON.stringify(key)}: ${formatJson(values[key], '  ')}${comma}`);
    } else if (examples[key] !== undefined) {
      const example = `${JSON.stringify(key)}: ${formatJson(examples[key], '')},`;
      lines.push(...example.split('\n').map((line) => `  // ${line}`));
    }
  }
  lines.push('}', '');
  return lines.join('\n');
}
