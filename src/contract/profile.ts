/**
 * Bank profiles: every point the interface leaves open ("not shown") that a client can observe, as
 * a named setting with the values real banks plausibly choose. The sandbox serves a profile; the
 * conformance kit observes a target and writes down the profile it met. Both sides read this one
 * table, so a value means the same thing to the server that plays it and to the kit that sees it.
 *
 * A profile file is `{ "settings": { name: value } }`; a setting it leaves out keeps its default.
 */
import { createHash } from 'node:crypto';

export type SettingValue = string | number | boolean;

export interface SettingDefinition {
  readonly name: string;
  /** Every value the setting takes, the default first. */
  readonly values: readonly SettingValue[];
  readonly default: SettingValue;
  /** The least forgiving value for a client (the `strict` profile). */
  readonly strict: SettingValue;
  /** The most forgiving value for a client (the `lenient` profile). */
  readonly lenient: SettingValue;
  /** The open point it comes from: the rule id of the kit's catalogue and the spec's words. */
  readonly rule: string;
  /** What each value means, in one line each, for `xs2a-kit profiles` and docs/profiles.md. */
  readonly meaning: string;
}

function setting<const V extends readonly [SettingValue, ...SettingValue[]]>(
  name: string,
  values: V,
  choice: { strict: V[number]; lenient: V[number] },
  rule: string,
  meaning: string,
): SettingDefinition {
  return { name, values, default: values[0], strict: choice.strict, lenient: choice.lenient, rule, meaning };
}

const STATUS_RULE = 'OPEN-14 (Errors rule 5: exact status not shown)';

/** One setting per code whose status the spec leaves open within its class. */
function statusSetting(code: string, values: readonly [number, ...number[]], meaning: string): SettingDefinition {
  // A status is neither forgiving nor strict: strict and lenient keep the default.
  return setting(`status.${code}`, values, { strict: values[0], lenient: values[0] }, STATUS_RULE, meaning);
}

export const SETTINGS: readonly SettingDefinition[] = [
  statusSetting(
    'CERTIFICATE_MISSING',
    [401, 403],
    'HTTP status of CERTIFICATE_MISSING: 401 (a certificate problem) or 403 (no registration that permits the request)',
  ),
  statusSetting(
    'ROLE_INVALID',
    [403, 401],
    'HTTP status of ROLE_INVALID: 403 (the role does not permit) or 401 (a certificate problem, as Berlin Group lists it)',
  ),
  statusSetting(
    'CONSENT_INVALID',
    [401, 403],
    'HTTP status of CONSENT_INVALID: 401 (a consent problem) or 403 (the consent does not permit)',
  ),
  statusSetting(
    'CONSENT_EXPIRED',
    [401, 403],
    'HTTP status of CONSENT_EXPIRED: 401 (a consent problem) or 403 (the consent does not permit)',
  ),
  statusSetting(
    'PAYMENT_FAILED',
    [400, 403],
    'HTTP status of PAYMENT_FAILED: 400 (unacceptable request) or 403 (the bank does not permit it)',
  ),
  statusSetting(
    'SERVICE_INVALID',
    [400, 403],
    'HTTP status of SERVICE_INVALID: 400 (unacceptable request) or 403 (not permitted)',
  ),
  statusSetting(
    'PRODUCT_INVALID',
    [400, 403],
    'HTTP status of PRODUCT_INVALID: 400 (unacceptable request) or 403 (not permitted, as Berlin Group lists it)',
  ),
  setting(
    'requestId.missing',
    ['refuse', 'generate'],
    { strict: 'refuse', lenient: 'generate' },
    'OPEN-15 (Errors rule 6)',
    'a request without X-Request-ID: refuse = 400 FORMAT_ERROR; generate = served as if a fresh UUID had been sent, which the answer echoes',
  ),
  setting(
    'requestId.notUuid',
    ['refuse', 'accept'],
    { strict: 'refuse', lenient: 'accept' },
    'OPEN-15 (Errors rule 6)',
    'an X-Request-ID that is not a UUID: refuse = 400 FORMAT_ERROR; accept = served, the value used as sent (also as the idempotency key)',
  ),
  setting(
    'redirectUri.missing',
    ['FORMAT_ERROR', 'SERVICE_INVALID'],
    { strict: 'FORMAT_ERROR', lenient: 'FORMAT_ERROR' },
    'OPEN-16 (Errors rule 7)',
    'the code when TPP-Redirect-URI is absent on a creation: FORMAT_ERROR (a required header is missing) or SERVICE_INVALID (only the redirect approach is offered)',
  ),
  setting(
    'consent.deleteNotValid',
    ['received-too', 'valid-only'],
    { strict: 'valid-only', lenient: 'received-too' },
    'OPEN-4 (Consents: states from which DELETE is accepted)',
    'DELETE of a consent that is not valid: received-too = a received consent is terminated too and an ended one answers 204 unchanged; valid-only = anything but valid is CONSENT_INVALID',
  ),
  setting(
    'consent.recurringIndicatorDefault',
    [false, true, 'required'],
    { strict: 'required', lenient: false },
    'OPEN-1 (Consent request: defaults not shown)',
    'recurringIndicator left out: false = a one-off consent; true = a recurring consent; required = 400 FORMAT_ERROR with path recurringIndicator',
  ),
  setting(
    'consent.validUntilDefault',
    ['180-days', '90-days', 'required'],
    { strict: 'required', lenient: '180-days' },
    'OPEN-1 (Consent request: defaults not shown)',
    'validUntil left out: 180-days or 90-days from authentication; required = 400 FORMAT_ERROR with path validUntil',
  ),
  setting(
    'consent.cofOnAccountData',
    ['CONSENT_UNKNOWN', 'CONSENT_INVALID'],
    { strict: 'CONSENT_UNKNOWN', lenient: 'CONSENT_UNKNOWN' },
    'OPEN-9 (Behaviour notes: CoF 3)',
    'a CoF consent used on an account-data endpoint: CONSENT_UNKNOWN (403, the wrong kind) or CONSENT_INVALID (not usable for this request)',
  ),
  setting(
    'consent.accountOutside',
    ['CONSENT_INVALID', 'RESOURCE_UNKNOWN'],
    { strict: 'CONSENT_INVALID', lenient: 'CONSENT_INVALID' },
    'OPEN-9 (Behaviour notes: CoF 3)',
    'an account_id outside the consent (or unknown): CONSENT_INVALID (the consent does not cover it) or RESOURCE_UNKNOWN (403, no such account: the rows of account data have no 404)',
  ),
  setting(
    'transactions.order',
    ['newest-first', 'oldest-first'],
    { strict: 'newest-first', lenient: 'newest-first' },
    'OPEN-8 (Paging rules 5)',
    'order of transactions and of the pages: newest-first (entryReferenceFrom leads to older ones) or oldest-first (it leads to newer ones)',
  ),
  setting(
    'transactions.dateTo',
    ['inclusive', 'exclusive'],
    { strict: 'exclusive', lenient: 'inclusive' },
    'OPEN-8 (Paging rules 5)',
    'dateTo: inclusive (entries of that day are listed) or exclusive (the range ends before that day); dateFrom is always inclusive',
  ),
  setting(
    'sca.statusAfterExpiry',
    ['failed', 'unchanged'],
    { strict: 'failed', lenient: 'failed' },
    'OPEN-6 (Authorisations: scaStatus after expiry)',
    'scaStatus of an authorisation whose 15 minutes ran out: failed, or unchanged (the status it had when time ran out)',
  ),
  setting(
    'payment.maximum',
    ['15000.00', '1000.00', '100000.00'],
    { strict: '1000.00', lenient: '100000.00' },
    'OPEN-17 (Limits: payment maximum not shown)',
    'largest instructed amount of one payment, in EUR; more is PAYMENT_FAILED',
  ),
  setting(
    'payment.dailyLimit',
    ['25000.00', '10000.00', 'none'],
    { strict: '10000.00', lenient: 'none' },
    'OPEN-17 (Limits: daily payment limits not shown)',
    'sum of a debtor account’s payments initiated in one UTC day (not RJCT or CANC), in EUR; more is PAYMENT_FAILED; none = no daily limit',
  ),
  setting(
    'request.bodyLimit',
    ['64KiB', '16KiB', '1MiB'],
    { strict: '16KiB', lenient: '1MiB' },
    'OPEN-18 (Limits: request body size not shown)',
    'largest request body; larger is 400 FORMAT_ERROR',
  ),
  setting(
    'callback.backoff',
    ['30s-doubling', '10s-doubling', '60s-doubling'],
    { strict: '60s-doubling', lenient: '10s-doubling' },
    'OPEN-12 (Events 7: backoff intervals not shown)',
    'sandbox time between the 5 callback attempts, doubling each time (the spec says exponential): 30 s, 1, 2, 4 min; 10, 20, 40, 80 s; or 1, 2, 4, 8 min',
  ),
  setting(
    'links.form',
    ['relative', 'absolute'],
    { strict: 'absolute', lenient: 'relative' },
    'OPEN-2 (Links: full schema not shown; Versioning 4: address shape is not a contract)',
    'hrefs in _links and Location: relative = a path under the base URL (/v1/…); absolute = the whole address (https://host:port/v1/…); scaRedirect is absolute either way',
  ),
  setting(
    'callback.attemptTimeout',
    ['10s', '5s', '30s'],
    { strict: '5s', lenient: '30s' },
    'OPEN-12 (Events 7: per-attempt time-out not shown)',
    'real time a callback attempt may take (connection, head and body) before it counts as failed',
  ),
];

export type SettingName = string;
/** Every setting with a value. */
export type Settings = Record<SettingName, SettingValue>;

export const BUILT_IN_BANK_PROFILES = ['default', 'strict', 'lenient', 'random'] as const;
export type BuiltInBankProfile = (typeof BUILT_IN_BANK_PROFILES)[number];

/** A profile that cannot be served: the message names the setting (one line, for the CLI and startSandbox alike). */
export class ProfileError extends Error {
  override readonly name = 'ProfileError';
}

const BY_NAME = new Map(SETTINGS.map((definition) => [definition.name, definition]));

export function settingDefinition(name: SettingName): SettingDefinition {
  const definition = BY_NAME.get(name);
  if (!definition) throw new ProfileError(`unknown setting "${name}"`);
  return definition;
}

function show(value: unknown): string {
  return JSON.stringify(value) ?? String(value);
}

/**
 * Every setting with its value: the named ones as given, the rest at their defaults. Refuses an
 * unknown setting or a value outside the setting's values, naming the setting.
 */
export function completeSettings(given: Record<string, unknown>): Settings {
  for (const [name, value] of Object.entries(given)) {
    const definition = BY_NAME.get(name);
    if (!definition) throw new ProfileError(`unknown setting "${name}" (xs2a-kit profiles lists the settings)`);
    if (!definition.values.some((allowed) => allowed === value)) {
      throw new ProfileError(
        `setting "${name}" cannot be ${show(value)}: its values are ${definition.values.map(show).join(', ')}`,
      );
    }
  }
  return Object.fromEntries(
    SETTINGS.map((definition) => [
      definition.name,
      Object.hasOwn(given, definition.name) ? (given[definition.name] as SettingValue) : definition.default,
    ]),
  );
}

/** The settings of a profile file's parsed JSON, `{ "settings": { … } }`; `where` names the file in errors. */
export function settingsOfProfileJson(json: unknown, where: string): Settings {
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    throw new ProfileError(`${where} is not a bank profile: expected an object { "settings": { … } }`);
  const extra = Object.keys(json).filter((key) => key !== 'settings');
  if (extra.length > 0)
    throw new ProfileError(`${where} is not a bank profile: unknown field "${extra[0]}" (only "settings")`);
  const { settings } = json as { settings?: unknown };
  if (settings === undefined) return completeSettings({});
  if (typeof settings !== 'object' || settings === null || Array.isArray(settings))
    throw new ProfileError(`${where} is not a bank profile: "settings" must be an object of setting names to values`);
  return completeSettings(settings as Record<string, unknown>);
}

/**
 * A value for each setting drawn from the seed alone: the same seed gives the same profile on every
 * machine, so a TPP test that failed against `random` can be replayed.
 */
export function randomSettings(seed: number): Settings {
  return Object.fromEntries(
    SETTINGS.map((definition) => {
      const draw = createHash('sha256').update(`${seed}:${definition.name}`).digest().readUInt32BE(0);
      return [definition.name, definition.values[draw % definition.values.length] as SettingValue];
    }),
  );
}

/** The settings of a built-in profile (`random` draws from `seed`). */
export function builtInSettings(name: BuiltInBankProfile, seed: number): Settings {
  switch (name) {
    case 'default':
      return completeSettings({});
    case 'strict':
      return Object.fromEntries(SETTINGS.map((definition) => [definition.name, definition.strict]));
    case 'lenient':
      return Object.fromEntries(SETTINGS.map((definition) => [definition.name, definition.lenient]));
    case 'random':
      return randomSettings(seed);
  }
}

export function isBuiltInBankProfile(name: string): name is BuiltInBankProfile {
  return (BUILT_IN_BANK_PROFILES as readonly string[]).includes(name);
}

/** Only the settings that differ from their defaults, as a profile file carries them at the least. */
export function profileFile(settings: Partial<Settings>): { settings: Partial<Settings> } {
  return {
    settings: Object.fromEntries(
      SETTINGS.filter((definition) => Object.hasOwn(settings, definition.name)).map((definition) => [
        definition.name,
        settings[definition.name] as SettingValue,
      ]),
    ),
  };
}

/** Byte sizes of `request.bodyLimit`'s values. */
export function bodyLimitBytes(value: SettingValue): number {
  const match = /^(\d+)(KiB|MiB)$/.exec(String(value));
  if (!match) throw new ProfileError(`setting "request.bodyLimit" cannot be ${show(value)}`);
  return Number(match[1]) * (match[2] === 'MiB' ? 1024 * 1024 : 1024);
}

/** Seconds of `callback.attemptTimeout`'s values, as milliseconds. */
export function secondsSettingMs(name: string, value: SettingValue): number {
  const match = /^(\d+)s$/.exec(String(value));
  if (!match) throw new ProfileError(`setting "${name}" cannot be ${show(value)}`);
  return Number(match[1]) * 1000;
}

/** Sandbox time before attempt `attempts + 1` of a callback, after `attempts` failed ones (1-based). */
export function callbackBackoffMs(value: SettingValue, attempts: number): number {
  switch (value) {
    case '10s-doubling':
      return 10_000 * 2 ** (attempts - 1);
    case '60s-doubling':
      return 60_000 * 2 ** (attempts - 1);
    case '30s-doubling':
      return 30_000 * 2 ** (attempts - 1);
    default:
      throw new ProfileError(`setting "callback.backoff" cannot be ${show(value)}`);
  }
}

/** Cents of an amount setting, or undefined for `none`. */
export function amountSettingCents(value: SettingValue): number | undefined {
  if (value === 'none') return undefined;
  const [euros, cents = '00'] = String(value).split('.');
  return Number(euros) * 100 + Number(cents.padEnd(2, '0'));
}
