/**
 * `--target BASE_URL --config FILE`: any implementation of the interface, e.g. a bank's sandbox.
 * The config names certificates, the customers and IBANs to use, the SCA driver and the powers the
 * target offers; whatever it does not declare, the scenarios needing it are skipped with the reason.
 */
import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { z } from 'zod';
import { IbanSchema } from '../../contract/index.js';
import { formsScaDriver } from '../sca-drivers/forms.js';
import { manualScaDriver } from '../sca-drivers/manual.js';
import { CAPABILITIES, type Capability } from '../scenario.js';
import type { Target } from '../target.js';
import { controlApi } from './control-api.js';

const Https = z.url({ protocol: /^https$/ });
const CertificateFiles = z.strictObject({ cert: z.string().min(1), key: z.string().min(1) });
const Credentials = z.strictObject({ id: z.string().min(1), password: z.string().min(1) });
const Amount = z.string().regex(/^[0-9]+(\.[0-9]{1,2})?$/);

export const RemoteConfigSchema = z.strictObject({
  baseUrl: Https.optional(),
  /** CA bundle (PEM file) the target's server certificate chains to. */
  ca: z.string().min(1),
  provider: CertificateFiles,
  secondProvider: CertificateFiles.optional(),
  providerWithoutCof: CertificateFiles.optional(),
  redirectUri: Https,
  nokRedirectUri: Https,
  psu: Credentials,
  otherPsu: Credentials.optional(),
  ibans: z.strictObject({ main: IbanSchema, second: IbanSchema, notHeld: IbanSchema, creditor: IbanSchema }),
  amounts: z.strictObject({ small: Amount, beyondBalance: Amount }),
  scaDriver: z.enum(['forms', 'manual', 'none']).default('manual'),
  /** A control API like the sandbox's (`…/sandbox`), if the target has one. */
  controlUrl: z.url().optional(),
  controlToken: z.string().min(1).optional(),
  /** What the target offers besides what the config itself implies. */
  capabilities: z.array(z.enum(Object.keys(CAPABILITIES) as [Capability, ...Capability[]])).default([]),
});
export type RemoteConfig = z.infer<typeof RemoteConfigSchema>;

/** A bad or unreadable config: the CLI answers exit code 2. */
export class ConfigError extends Error {}

export function parseRemoteConfig(raw: unknown, source: string): RemoteConfig {
  const result = RemoteConfigSchema.safeParse(raw);
  if (!result.success) {
    const issues = result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
    throw new ConfigError(`${source}: ${issues.join('; ')}`);
  }
  return result.data;
}

export interface RemoteTargetOptions {
  baseUrl?: string;
  configFile: string;
  say(text: string): void;
}

export async function remoteTarget(options: RemoteTargetOptions): Promise<Target> {
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(options.configFile, 'utf8'));
  } catch (error) {
    throw new ConfigError(`${options.configFile}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const config = parseRemoteConfig(raw, options.configFile);
  const baseUrl = options.baseUrl ?? config.baseUrl;
  if (!baseUrl || !Https.safeParse(baseUrl).success) throw new ConfigError('a remote target needs an https base URL (--target or "baseUrl")');
  // Paths in the config are relative to the config file, so a config and its certificates travel together.
  const base = dirname(resolve(options.configFile));
  const read = async (file: string) => {
    try {
      return await readFile(resolve(base, file), 'utf8');
    } catch (error) {
      throw new ConfigError(`${file}: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  const pair = async (files: { cert: string; key: string } | undefined) => (files ? { cert: await read(files.cert), key: await read(files.key) } : undefined);
  const capabilities = new Set<Capability>(config.capabilities);
  if (config.scaDriver !== 'none') capabilities.add('sca');
  if (config.secondProvider) capabilities.add('second-provider');
  if (config.providerWithoutCof) capabilities.add('provider-without-cof');
  if (config.otherPsu) capabilities.add('second-psu');
  const control = config.controlUrl ? controlApi(config.controlUrl, config.controlToken) : undefined;
  if (!control) for (const capability of ['clock', 'control'] as const) capabilities.delete(capability);
  // A receiver the target can reach needs a public address: not offered by this version.
  capabilities.delete('callback-receiver');
  return {
    name: baseUrl,
    baseUrl,
    ca: await read(config.ca),
    provider: (await pair(config.provider))!,
    secondProvider: await pair(config.secondProvider),
    providerWithoutCof: await pair(config.providerWithoutCof),
    fixtures: { redirectUri: config.redirectUri, nokRedirectUri: config.nokRedirectUri, psu: config.psu, otherPsu: config.otherPsu, ibans: config.ibans, amounts: config.amounts },
    capabilities,
    sca: config.scaDriver === 'forms' ? formsScaDriver() : config.scaDriver === 'manual' ? manualScaDriver({ say: options.say }) : undefined,
    clock: control?.clock,
    control: control?.control,
    async close() {},
  };
}
