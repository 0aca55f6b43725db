/**
 * `xs2a-kit conformance --init-config FILE --target URL [--control-url URL] [--control-token T] [--certs DIR]`:
 * a remote config in one command. For a bank that is an xs2a-kit build (its control API lists the test
 * customers) every key is read from the bank or issued from its CA, and the file works as written; for
 * any other bank the file is a template naming every key, with placeholders the run refuses one by one.
 * Nothing is written before the bank was found to be an XS2A interface; an existing FILE only with --force.
 */
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { writeFileAtomic } from '../../certs/index.js';
import { TargetUnreachable } from '../client.js';
import { ConfigError } from '../config-error.js';
import { ExpectationFailed } from '../failure.js';
import { probeControl } from '../preflight/control-probe.js';
import { configRelative } from '../refused-files.js';
import { controlRequest, type ControlRequest } from '../targets/control-api.js';
import { admitExtraProviders, extraCertificates, readCertsFolder, type CertsFolder } from './certs-folder.js';
import { probeBank } from './probe-bank.js';
import { ReadFailed, readAccounts } from './read-accounts.js';
import { renderSandboxConfig, renderTemplate } from './config-text.js';
import {
  approvers,
  chooseFixtures,
  LONG_HISTORY,
  SandboxCustomersSchema,
  type AccountFacts,
  type SandboxCustomer,
} from './sandbox-customers.js';

export interface InitConfigOptions {
  file: string;
  target: string;
  controlUrl?: string | undefined;
  controlToken?: string | undefined;
  certsDir?: string | undefined;
  /** Overwrite an existing FILE. */
  force?: boolean | undefined;
  say(text: string): void;
}

export interface InitConfigOutcome {
  /** `sandbox`: a working config read from an xs2a-kit build; `template`: keys to fill in. */
  kind: 'sandbox' | 'template';
  file: string;
}

function httpsUrl(value: string): boolean {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}

/** The control API as the config will call it: an `https://` one (a world's) with the provider's certificate. */
function controlOf(options: InitConfigOptions, url: string, certs: CertsFolder | undefined) {
  return controlRequest(url, options.controlToken, certs && { ca: certs.ca, certificate: certs.provider });
}

async function sandboxCustomers(
  options: InitConfigOptions,
  url: string,
  certs: CertsFolder | undefined,
): Promise<SandboxCustomer[]> {
  const answer = await controlOf(options, url, certs)('GET', '/customers');
  const customers = SandboxCustomersSchema.safeParse(answer.json);
  if (answer.status !== 200 || !customers.success)
    throw new ConfigError(
      `--control-url ${url}: GET ${url}/customers answered ${answer.status} without the xs2a-kit sandbox's customer list`,
    );
  return customers.data;
}

/** The customer who approves and what the API shows of their accounts: the first whose history is long enough. */
async function readApprover(options: InitConfigOptions, url: string, certs: CertsFolder, customers: SandboxCustomer[]) {
  const candidates = approvers(customers);
  if (candidates.length === 0)
    throw new ConfigError(
      `--control-url ${url}: no test customer without a scripted outcome holds two accounts payments may leave`,
    );
  const access = {
    baseUrl: options.target,
    ca: certs.ca,
    provider: certs.provider,
    control: controlOf(options, url, certs),
  };
  let first: { psu: SandboxCustomer; facts: Map<string, AccountFacts> } | undefined;
  for (const psu of candidates.slice(0, 5)) {
    let facts: Map<string, AccountFacts>;
    try {
      facts = await readAccounts(access, psu);
    } catch (error) {
      if (!(error instanceof ReadFailed || error instanceof ExpectationFailed || error instanceof TargetUnreachable))
        throw error;
      throw new ConfigError(`--target ${options.target}: reading ${psu.psuId}'s accounts failed: ${error.message}`);
    }
    if ([...facts.values()].some((account) => account.booked > LONG_HISTORY)) return { psu, facts };
    first ??= { psu, facts };
  }
  options.say(
    `No account of the first customers has more than ${LONG_HISTORY} booked transactions: ibans.main is ${first!.psu.psuId}'s, and the paging scenarios will fail until it has.\n`,
  );
  return first!;
}

/**
 * The provider's world, when the control API is a world's (a sandbox serving each organisation its own
 * world answers `GET …/members`): its owner, and how to admit the kit's extra providers into it so the
 * scenarios across providers run inside the world.
 */
async function worldOf(control: ControlRequest) {
  const answer = await control('GET', '/members');
  const members = (answer.json as { members?: unknown } | undefined)?.members;
  if (answer.status !== 200 || !Array.isArray(members) || typeof members[0] !== 'string') return undefined;
  return {
    owner: members[0],
    admit: async (organizationIdentifier: string) => {
      const admitted = await control('POST', '/members', { organizationIdentifier });
      if (admitted.status !== 201)
        throw new ConfigError(
          `admitting ${organizationIdentifier} into the provider's world answered ${admitted.status}: ${admitted.text.slice(0, 200)}`,
        );
    },
  };
}

export async function initConfig(options: InitConfigOptions): Promise<InitConfigOutcome> {
  if (!httpsUrl(options.target))
    throw new ConfigError(`--init-config needs --target https://… (the bank's XS2A API), not ${options.target}`);
  const file = resolve(options.file);
  if (existsSync(file) && !options.force)
    throw new ConfigError(`--init-config ${options.file} exists: --force overwrites it`);
  const certs = options.certsDir === undefined ? undefined : await readCertsFolder(options.certsDir);
  await probeBank({
    target: options.target,
    certs: certs && {
      ca: certs.ca,
      caFile: certs.caFile,
      provider: certs.provider,
      providerFile: certs.providerFiles.cert,
    },
  });
  const relative = (path: string) => configRelative(dirname(file), path);
  let text: string;
  let kind: InitConfigOutcome['kind'];
  if (options.controlUrl !== undefined) {
    const url = options.controlUrl.replace(/\/+$/, '');
    if (!certs)
      throw new ConfigError(
        "--init-config with --control-url needs --certs DIR: the bank's certificate folder (ca.crt, tpp.crt, tpp.key; with ca.key the kit also issues the extra providers and refused certificates)",
      );
    await probeControl({
      url,
      token: options.controlToken,
      clock: true,
      names: { url: '--control-url', token: '--control-token' },
      tls: { ca: certs.ca, certificate: certs.provider },
    });
    const customers = await sandboxCustomers(options, url, certs);
    const world = await worldOf(controlOf(options, url, certs));
    const { psu, facts } = await readApprover(options, url, certs, customers);
    const chosen = chooseFixtures(customers, psu, facts);
    const extra = await extraCertificates(certs, world && { owner: world.owner });
    if (world) await admitExtraProviders(world.admit, extra);
    text = renderSandboxConfig({
      target: options.target,
      controlUrl: url,
      controlToken: options.controlToken,
      certs,
      extra,
      chosen,
      relative,
    });
    kind = 'sandbox';
  } else {
    text = renderTemplate({
      target: options.target,
      certs,
      extra: certs ? await extraCertificates(certs) : {},
      relative,
    });
    kind = 'template';
  }
  await mkdir(dirname(file), { recursive: true });
  // Readable by its owner only: it may hold the control API's token and the test customers' passwords.
  await writeFileAtomic(file, text, 0o600);
  return { kind, file };
}
