/**
 * The bank profile a sandbox serves (`profile` option, `--profile`): a built-in name, a JSON
 * profile file, or `{ settings }` itself, resolved once at start into every setting's value and
 * into the typed values the services pass on to the rules. The table of settings lives in the
 * contract (contract/profile.ts), so the kit reads the same names and values.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import {
  amountSettingCents,
  bodyLimitBytes,
  builtInSettings,
  BUILT_IN_BANK_PROFILES,
  isBuiltInBankProfile,
  ProfileError,
  secondsSettingMs,
  settingsOfProfileJson,
  type SettingValue,
  type Settings,
} from '../contract/profile.js';
import type { ErrorCode } from '../contract/errors.js';

/** The `profile` option: a built-in name, a file, or the profile object; checked in full by resolveProfile. */
export type ProfileOption = string | { settings?: Record<string, SettingValue> };

export const ProfileOptionSchema = z.custom<ProfileOption>(
  (value) =>
    (typeof value === 'string' && value.length > 0) ||
    (typeof value === 'object' && value !== null && !Array.isArray(value)),
  'a built-in profile name, the path of a profile file, or { settings: { … } }',
);

export interface ServedProfile {
  /** The built-in name or the file the settings came from; null for the default or a profile object. */
  readonly profile: string | null;
  /** Every setting with its value. */
  readonly settings: Settings;
}

function readProfileFile(file: string): Settings {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ProfileError(
      `cannot read the bank profile file ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ProfileError(`the bank profile file ${file} is not JSON`);
  }
  return settingsOfProfileJson(json, `the bank profile file ${file}`);
}

/**
 * A built-in name, else a path (anything with a slash or ending in .json), as `--faults` reads its
 * argument; anything else is refused. `random` draws from `seed`. Throws ProfileError naming the
 * setting at fault, so a caller refuses before anything starts.
 */
export function resolveProfile(option: ProfileOption | undefined, seed: number): ServedProfile {
  if (option === undefined) return { profile: null, settings: builtInSettings('default', seed) };
  if (typeof option !== 'string')
    return { profile: null, settings: settingsOfProfileJson(option, 'the profile option') };
  if (isBuiltInBankProfile(option)) return { profile: option, settings: builtInSettings(option, seed) };
  if (/[/\\]/.test(option) || option.endsWith('.json')) return { profile: option, settings: readProfileFile(option) };
  throw new ProfileError(
    `unknown bank profile "${option}": the built-in profiles are ${BUILT_IN_BANK_PROFILES.join(', ')}; or give the path of a JSON profile file`,
  );
}

/** The codes whose status a profile chooses (`status.<CODE>`). */
const STATUS_CODES = [
  'CERTIFICATE_MISSING',
  'ROLE_INVALID',
  'CONSENT_INVALID',
  'CONSENT_EXPIRED',
  'PAYMENT_FAILED',
  'SERVICE_INVALID',
  'PRODUCT_INVALID',
] as const satisfies readonly ErrorCode[];

/**
 * The settings as the values the simulator acts on, read once at start: the services pass these
 * to the rules as plain parameters, so no rule knows about profiles.
 */
export interface Behaviour {
  /** The status the profile serves for an error code whose status is open; undefined for every other code (the error's own). */
  errorStatus(code: ErrorCode): number | undefined;
  readonly requestIdMissing: 'refuse' | 'generate';
  readonly requestIdNotUuid: 'refuse' | 'accept';
  readonly redirectUriMissing: 'FORMAT_ERROR' | 'SERVICE_INVALID';
  readonly deleteNotValid: 'received-too' | 'valid-only';
  readonly recurringIndicatorDefault: boolean | 'required';
  readonly validUntilDefault: '180-days' | '90-days' | 'required';
  readonly cofOnAccountData: 'CONSENT_UNKNOWN' | 'CONSENT_INVALID';
  readonly accountOutside: 'CONSENT_INVALID' | 'RESOURCE_UNKNOWN';
  readonly transactionsOrder: 'newest-first' | 'oldest-first';
  readonly dateTo: 'inclusive' | 'exclusive';
  readonly scaStatusAfterExpiry: 'failed' | 'unchanged';
  readonly paymentMaximumCents: number;
  /** Undefined: no daily limit. */
  readonly dailyLimitCents: number | undefined;
  readonly bodyLimitBytes: number;
  /** The intervals between callback attempts, as rules/callbacks.ts reads them (contract's callbackBackoffMs). */
  readonly callbackBackoff: '30s-doubling' | '10s-doubling' | '60s-doubling';
  readonly callbackAttemptTimeoutMs: number;
  /** Whether hrefs of `_links` (and Location) are written as the whole address rather than a path. */
  readonly absoluteLinks: boolean;
  /**
   * A `state` that is no UUID (the `opaqueState` option, outside the bank profile): the interface
   * states a UUID v4 today and only warns that the format may change, so this departs from it on
   * purpose, to show a client that validates `state` (spec "Authorisation hand-over" 1, "Versioning" 5).
   */
  readonly opaqueState: boolean;
}

export function behaviourOf(settings: Settings, options: { opaqueState?: boolean } = {}): Behaviour {
  // completeSettings/builtInSettings have checked every value against the setting's list, so
  // the casts below only name the type those lists already guarantee.
  const value = <T extends SettingValue>(name: string) => settings[name] as T;
  const statuses = new Map<ErrorCode, number>(STATUS_CODES.map((code) => [code, value<number>(`status.${code}`)]));
  const paymentMaximumCents = amountSettingCents(value('payment.maximum'));
  if (paymentMaximumCents === undefined) throw new ProfileError('setting "payment.maximum" cannot be "none"');
  return {
    errorStatus: (code) => statuses.get(code),
    requestIdMissing: value('requestId.missing'),
    requestIdNotUuid: value('requestId.notUuid'),
    redirectUriMissing: value('redirectUri.missing'),
    deleteNotValid: value('consent.deleteNotValid'),
    recurringIndicatorDefault: value('consent.recurringIndicatorDefault'),
    validUntilDefault: value('consent.validUntilDefault'),
    cofOnAccountData: value('consent.cofOnAccountData'),
    accountOutside: value('consent.accountOutside'),
    transactionsOrder: value('transactions.order'),
    dateTo: value('transactions.dateTo'),
    scaStatusAfterExpiry: value('sca.statusAfterExpiry'),
    paymentMaximumCents,
    dailyLimitCents: amountSettingCents(value('payment.dailyLimit')),
    bodyLimitBytes: bodyLimitBytes(value('request.bodyLimit')),
    callbackBackoff: value('callback.backoff'),
    callbackAttemptTimeoutMs: secondsSettingMs('callback.attemptTimeout', value('callback.attemptTimeout')),
    absoluteLinks: value('links.form') === 'absolute',
    opaqueState: options.opaqueState ?? false,
  };
}
