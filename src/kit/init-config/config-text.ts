/**
 * The two files `--init-config` writes: a working config for an xs2a-kit build (every value known),
 * and a template for any other bank (what is known filled in, the rest placeholders or commented-out
 * examples). Both name every key with a comment saying what it is for.
 */
import type { RefusedFiles } from '../refused-files.js';
import type { CertsFolder, ExtraCertificates } from './certs-folder.js';
import { KEY_NOTES, placeholder, renderConfig, type ConfigKey } from './render-config.js';
import type { Chosen } from './sandbox-customers.js';

const KEYS = Object.keys(KEY_NOTES) as ConfigKey[];

/** The provider's redirect addresses: the kit intercepts the return, so any https address of the provider does. */
const REDIRECTS = { redirectUri: 'https://tpp.example/xs2a/ok', nokRedirectUri: 'https://tpp.example/xs2a/nok' };

type Relative = (path: string) => string;

function pairOf(files: { cert: string; key: string } | undefined, relative: Relative) {
  return files && { cert: relative(files.cert), key: relative(files.key) };
}

function refusedOf(files: RefusedFiles | undefined, relative: Relative) {
  return files && Object.fromEntries(Object.entries(files).map(([kind, pair]) => [kind, pairOf(pair, relative)]));
}

function certificateValues(certs: CertsFolder | undefined, extra: ExtraCertificates, relative: Relative) {
  return {
    ca: certs ? relative(certs.caFile) : placeholder("PEM file of the CA the bank's server certificate chains to"),
    provider: pairOf(certs?.providerFiles, relative) ?? {
      cert: placeholder('your QWAC (PEM) with PSP_AI, PSP_PI and PSP_IC'),
      key: placeholder('its private key (PEM)'),
    },
    secondProvider: pairOf(extra.secondProvider, relative),
    providerWithoutCof: pairOf(extra.providerWithoutCof, relative),
    renamedProvider: pairOf(extra.renamedProvider, relative),
    refusedCertificates: refusedOf(extra.refusedCertificates, relative),
  };
}

export interface SandboxConfigInput {
  target: string;
  controlUrl: string;
  controlToken: string | undefined;
  certs: CertsFolder;
  extra: ExtraCertificates;
  chosen: Chosen;
  relative: Relative;
}

export function renderSandboxConfig(input: SandboxConfigInput): string {
  const { chosen } = input;
  return renderConfig(
    KEYS,
    {
      baseUrl: input.target,
      ...certificateValues(input.certs, input.extra, input.relative),
      ...REDIRECTS,
      psu: chosen.psu,
      otherPsu: chosen.otherPsu,
      ibans: chosen.ibans,
      amounts: chosen.amounts,
      sca: { driver: 'control' },
      controlUrl: input.controlUrl,
      controlToken: input.controlToken,
      capabilities: ['clock', 'control'],
      revocationCallback: true,
    },
    { name: 'Example Bank XS2A', environment: 'sandbox' },
  );
}

export interface TemplateInput {
  target: string;
  certs: CertsFolder | undefined;
  extra: ExtraCertificates;
  relative: Relative;
}

/** Optional keys a template leaves commented out, each with an example of its shape. */
const EXAMPLES = {
  name: 'Example Bank XS2A',
  environment: 'sandbox',
  secondProvider: { cert: 'certs/second-tpp.crt', key: 'certs/second-tpp.key' },
  providerWithoutCof: { cert: 'certs/ais-pis-tpp.crt', key: 'certs/ais-pis-tpp.key' },
  renamedProvider: { cert: 'certs/renamed-tpp.crt', key: 'certs/renamed-tpp.key' },
  refusedCertificates: { expired: { cert: 'certs/refused-expired.crt', key: 'certs/refused-expired.key' } },
  revokedCertificates: { revoked: { cert: 'certs/revoked.crt', key: 'certs/revoked.key' } },
  otherPsu: { id: 'sandbox-user-2', password: 'sandbox-password-2' },
  controlUrl: 'https://xs2a-sandbox.bank.example:8080/sandbox',
  controlToken: 'the control API token',
  capabilities: ['clock', 'control'],
};

export function renderTemplate(input: TemplateInput): string {
  return renderConfig(
    KEYS,
    {
      baseUrl: input.target,
      ...certificateValues(input.certs, input.extra, input.relative),
      ...REDIRECTS,
      psu: {
        id: placeholder('a test customer of the bank who can approve'),
        password: placeholder("that customer's password"),
      },
      ibans: {
        main: placeholder("psu's account with more than 500 booked transactions"),
        second: placeholder('another account of psu'),
        notHeld: placeholder('a valid IBAN of the bank that nobody holds'),
        creditor: 'DE89370400440532013000',
      },
      amounts: { small: '1.25', beyondBalance: placeholder('an amount above the balance of ibans.main') },
      sca: { driver: 'manual' },
      revocationCallback: true,
    },
    EXAMPLES,
  );
}
