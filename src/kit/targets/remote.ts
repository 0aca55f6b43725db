/**
 * `--target BASE_URL --config FILE`: any implementation of the interface, e.g. a bank's sandbox.
 * The config names certificates, the customers and IBANs to use, the SCA driver and the powers the
 * target offers; whatever it does not declare, the scenarios needing it are skipped with the reason.
 */
import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { z } from 'zod';
import { IbanSchema } from '../../contract/index.js';
import { ConfigError } from '../config-error.js';
import { issueInConfigWords } from './config-issues.js';
import { createScaDriver, ScaConfigSchema, type ScaConfig, type ScaDriverName } from '../sca-drivers/sca-config.js';
import type { Capability, RefusedCertificate, RevokedCertificate } from '../capabilities.js';
import type { ClientCertificate } from '../client.js';
import type { Target } from '../target.js';
import { firstPlaceholder, readConfigFile } from './config-file.js';
import { controlApi, type ControlTls } from './control-api.js';

export { ConfigError } from '../config-error.js';
export { readConfigFile } from './config-file.js';

const Https = z.url({ protocol: /^https$/ });
const CertificateFiles = z.strictObject({ cert: z.string().min(1), key: z.string().min(1) });
const Credentials = z.strictObject({ id: z.string().min(1), password: z.string().min(1) });
const Amount = z.string().regex(/^[0-9]+(\.[0-9]{1,2})?$/);

const REMOTE_KEYS = {
  baseUrl: Https.optional(),
  /** CA bundle (PEM file) the target's server certificate chains to. */
  ca: z.string().min(1),
  provider: CertificateFiles,
  secondProvider: CertificateFiles.optional(),
  providerWithoutCof: CertificateFiles.optional(),
  /** The provider's own organisation (its organizationIdentifier) under another organisation name. */
  renamedProvider: CertificateFiles.optional(),
  /**
   * Certificates the bank must refuse, any of them: one of another CA, expired, not yet valid, without
   * organizationIdentifier, without PSD2 roles, with only an unknown PSD2 role, one of a provider
   * its register lists as withdrawn, and a seal certificate (QSealC) presented as the QWAC.
   */
  refusedCertificates: z
    .strictObject({
      untrusted: CertificateFiles.optional(),
      expired: CertificateFiles.optional(),
      notYetValid: CertificateFiles.optional(),
      withoutOrganizationId: CertificateFiles.optional(),
      withoutRoles: CertificateFiles.optional(),
      unknownRoles: CertificateFiles.optional(),
      withdrawn: CertificateFiles.optional(),
      seal: CertificateFiles.optional(),
    })
    .optional(),
  /**
   * For a bank that checks revocation (OCSP or CRL): a QWAC its test CA revoked and one it suspended,
   * either; the kit cannot make them, only the bank's CA can.
   */
  revokedCertificates: z
    .strictObject({ revoked: CertificateFiles.optional(), suspended: CertificateFiles.optional() })
    .optional(),
  redirectUri: Https,
  nokRedirectUri: Https,
  psu: Credentials,
  otherPsu: Credentials.optional(),
  ibans: z.strictObject({
    main: IbanSchema,
    second: IbanSchema,
    notHeld: IbanSchema,
    creditor: IbanSchema,
    closed: IbanSchema.optional(),
    held: IbanSchema.optional(),
  }),
  amounts: z.strictObject({ small: Amount, beyondBalance: Amount }),
  /**
   * Who acts as the customer on the bank's SCA page. When absent: the control API (`control`) if the
   * config gives one, a person (`manual`) otherwise (see `scaOf`).
   */
  sca: ScaConfigSchema.optional(),
  /** A control API like the sandbox's (`…/sandbox`), if the target has one. */
  controlUrl: z.url().optional(),
  controlToken: z.string().min(1).optional(),
  /**
   * What the control API offers (`clock`: move the target's clock; `control`: revoke as the customer,
   * book a transaction). Everything else follows from the config itself: an SCA driver, a second
   * provider, a provider without PSP_IC, a second customer, a closed and a held account.
   */
  capabilities: z.array(z.enum(['clock', 'control'])).default([]),
  /**
   * Whether the target offers the revocation-callback endpoints (it should: spec "Revocation callback
   * endpoints"). False skips their scenarios with the reason, and the reachability check then needs
   * only a TLS handshake and any HTTP answer.
   */
  revocationCallback: z.boolean().default(true),
};

/** What a report says of the target besides its address (issue 39: the report as a hand-over document). */
const REPORT_KEYS = {
  /** What the bank calls the target (`Example Bank XS2A`). */
  name: z.string().min(1).max(200).optional(),
  /** Which of its environments it is (`sandbox`, `pre-production`, …). */
  environment: z.string().min(1).max(200).optional(),
};

type Checked = {
  capabilities: readonly string[];
  controlUrl?: string | undefined;
  sca?: { driver: string } | undefined;
};

/** What the keys must say together, whichever keys a schema has. */
const together = <T extends z.ZodType<Checked>>(schema: T) =>
  schema
    .refine((config) => config.capabilities.length === 0 || config.controlUrl !== undefined, {
      path: ['capabilities'],
      message: 'clock and control are offered through a control API: give "controlUrl" too',
    })
    .refine((config) => config.sca?.driver !== 'control' || config.controlUrl !== undefined, {
      path: ['sca', 'driver'],
      message: 'the control driver acts through a control API: give "controlUrl" too',
    });

/** The keys that set the run up (what `--init-config` writes; its template names each of them). */
export const RemoteConfigSchema = together(z.strictObject(REMOTE_KEYS));

/** A config file as the kit reads it: the run's keys and the report's (`name`, `environment`). */
export const RemoteConfigFileSchema = together(z.strictObject({ ...REPORT_KEYS, ...REMOTE_KEYS }));
export type RemoteConfig = z.infer<typeof RemoteConfigFileSchema>;

/** The config's SCA settings; without any, the control API acts as the customer where there is one. */
export function scaOf(config: RemoteConfig): ScaConfig {
  return config.sca ?? { driver: config.controlUrl === undefined ? 'manual' : 'control' };
}

/** `--target sim --config FILE`: only the SCA driver can be chosen; the sim brings everything else. */
export const SimConfigSchema = z.strictObject({ sca: ScaConfigSchema.optional() });
export type SimConfig = z.infer<typeof SimConfigSchema>;

function parseWith<S extends z.ZodType>(schema: S, raw: unknown, source: string): z.output<S> {
  const result = schema.safeParse(raw);
  if (!result.success) {
    // In the config's words: the key path, what is wrong, and the nearest known key for a typo.
    const issues = result.error.issues.map((issue) => issueInConfigWords(schema, issue, raw));
    throw new ConfigError(`${source}: ${issues.join('; ')}`);
  }
  return result.data;
}

export function parseRemoteConfig(raw: unknown, source: string): RemoteConfig {
  // A template not filled in yet: name the first key to fill, not every error its placeholders cause.
  const placeholder = firstPlaceholder(raw);
  if (placeholder)
    throw new ConfigError(
      `${source}: "${placeholder.key}" is still the template's placeholder ${JSON.stringify(placeholder.value)}: fill it in, or remove the key if it is optional`,
    );
  return parseWith(RemoteConfigFileSchema, raw, source);
}

export function parseSimConfig(raw: unknown, source: string): SimConfig {
  // A bank's config given with --target sim: say so once, not one unknown key per key of it.
  const keys = raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? Object.keys(raw) : [];
  const remoteOnly = keys.filter((key) => key !== 'sca' && Object.hasOwn(RemoteConfigFileSchema.shape, key));
  if (remoteOnly.length > 0)
    throw new ConfigError(
      `${source}: with --target sim a config gives only "sca" (the sandbox brings its own certificates, customers and IBANs), and this one is a bank's (${remoteOnly.map((key) => `"${key}"`).join(', ')}): leave --target out to run against its "baseUrl", or give --target BASE_URL`,
    );
  return parseWith(SimConfigSchema, raw, source);
}

/** `--sca NAME` wins over the config's driver and keeps the rest of its settings. */
export function withScaDriver(config: ScaConfig | undefined, driver: ScaDriverName | undefined): ScaConfig | undefined {
  return driver === undefined ? config : { ...config, driver };
}

export interface RemoteTargetOptions {
  baseUrl?: string;
  configFile: string;
  /** The config already parsed from `configFile`. */
  config?: RemoteConfig;
  /** `--sca NAME`, over the config's choice. */
  scaDriver?: ScaDriverName;
  say(text: string): void;
  /** Where the browser driver looks for Chromium when the config names none. */
  env?: Readonly<Record<string, string | undefined>>;
}

type ReadPair = (
  key: string,
  files: { cert: string; key: string } | undefined,
) => Promise<ClientCertificate | undefined>;

/** The refused certificates the config gives, read; undefined when it gives none. */
async function refusedPairs(
  files: RemoteConfig['refusedCertificates'],
  pair: ReadPair,
): Promise<Partial<Record<RefusedCertificate, ClientCertificate>> | undefined> {
  const entries = Object.entries(files ?? {}).filter(([, given]) => given !== undefined) as [
    RefusedCertificate,
    { cert: string; key: string },
  ][];
  if (entries.length === 0) return undefined;
  const read: Partial<Record<RefusedCertificate, ClientCertificate>> = {};
  for (const [kind, given] of entries) read[kind] = await pair(`refusedCertificates.${kind}`, given);
  return read;
}

/** The revoked and suspended certificates the config gives, read; undefined when it gives none. */
async function revokedPairs(
  files: RemoteConfig['revokedCertificates'],
  pair: ReadPair,
): Promise<Partial<Record<RevokedCertificate, ClientCertificate>> | undefined> {
  const read: Partial<Record<RevokedCertificate, ClientCertificate>> = {};
  for (const kind of ['revoked', 'suspended'] as const) {
    const given = files?.[kind];
    if (given) read[kind] = await pair(`revokedCertificates.${kind}`, given);
  }
  return Object.keys(read).length > 0 ? read : undefined;
}

/** The config's file paths, relative to the config file, so a config and its certificates travel together. */
export function configPath(configFile: string, file: string): string {
  return resolve(dirname(resolve(configFile)), file);
}

export async function remoteTarget(options: RemoteTargetOptions): Promise<Target> {
  const config = options.config ?? parseRemoteConfig(await readConfigFile(options.configFile), options.configFile);
  const sca = withScaDriver(scaOf(config), options.scaDriver)!;
  const baseUrl = options.baseUrl ?? config.baseUrl;
  if (!baseUrl || !Https.safeParse(baseUrl).success)
    throw new ConfigError('a remote target needs an https base URL (--target or "baseUrl")');
  const read = async (key: string, file: string) => {
    try {
      return await readFile(configPath(options.configFile, file), 'utf8');
    } catch (error) {
      const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message;
      throw new ConfigError(`${key} (${file}): ${reason}`);
    }
  };
  const pair: ReadPair = async (key, files) =>
    files ? { cert: await read(`${key}.cert`, files.cert), key: await read(`${key}.key`, files.key) } : undefined;
  // An https control API is a world's, on the API port: it knows the caller by the provider's certificate
  // (read below, once the config's choices were checked).
  const tls: { current?: ControlTls } = {};
  const tlsOf = () => tls.current!;
  const driver = createScaDriver(sca, {
    say: options.say,
    returnUris: [config.redirectUri, config.nokRedirectUri],
    ...(options.env ? { env: options.env } : {}),
    ...(config.controlUrl ? { control: { url: config.controlUrl, token: config.controlToken, tls: tlsOf } } : {}),
  });
  const control = config.controlUrl ? controlApi(config.controlUrl, config.controlToken, tlsOf) : undefined;
  // A callback receiver the target can reach needs a public address: not offered by this version.
  const capabilities = new Set<Capability>(config.capabilities);
  const implied: [Capability, unknown][] = [
    ['sca', driver],
    ['sca-wrong-code', driver?.wrongCodes],
    ['sca-review-page', driver?.readsReviewPage],
    ['second-provider', config.secondProvider],
    ['provider-without-cof', config.providerWithoutCof],
    ['renamed-provider', config.renamedProvider],
    ['second-psu', config.otherPsu],
    ['closed-account', config.ibans.closed],
    ['held-account', config.ibans.held],
    ['callback-endpoint', config.revocationCallback],
    ['refused-certificates', Object.values(config.refusedCertificates ?? {}).some((files) => files !== undefined)],
    ['revoked-certificates', Object.values(config.revokedCertificates ?? {}).some((files) => files !== undefined)],
  ];
  for (const [capability, given] of implied) if (given) capabilities.add(capability);
  const ca = await read('ca', config.ca);
  const provider = (await pair('provider', config.provider))!;
  tls.current = { ca, certificate: provider };
  return {
    name: baseUrl,
    baseUrl,
    ca,
    provider,
    secondProvider: await pair('secondProvider', config.secondProvider),
    providerWithoutCof: await pair('providerWithoutCof', config.providerWithoutCof),
    renamedProvider: await pair('renamedProvider', config.renamedProvider),
    refusedCertificates: await refusedPairs(config.refusedCertificates, pair),
    revokedCertificates: await revokedPairs(config.revokedCertificates, pair),
    fixtures: {
      redirectUri: config.redirectUri,
      nokRedirectUri: config.nokRedirectUri,
      psu: config.psu,
      otherPsu: config.otherPsu,
      ibans: config.ibans,
      amounts: config.amounts,
    },
    capabilities,
    sca: driver,
    clock: control?.clock,
    control: control?.control,
    async close() {},
  };
}
