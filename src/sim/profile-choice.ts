/**
 * A sandbox's bank profile chosen while it runs (`PUT /sandbox/profile`): with worlds, each world's
 * own (its TPP tests against `strict` while another uses the default); with one world, the sandbox's.
 * The choice is kept in the sandbox's state, beside its clock, so a data file and every process of a
 * shared database serve it (a process follows it at a request's arrival, as it follows the clock),
 * and a reset keeps it. Only built-in profiles and settings objects are chosen this way: a file path
 * would let a caller have the sandbox read its host's files.
 */
import { z } from 'zod';
import {
  builtInSettings,
  BUILT_IN_BANK_PROFILES,
  completeSettings,
  isBuiltInBankProfile,
  ProfileError,
} from '../contract/profile.js';
import { behaviourOf, type Behaviour, type ServedProfile } from './profile.js';

/** As the state keeps it: the profile served since the choice. */
export const ChosenProfileSchema = z.strictObject({
  profile: z.enum(BUILT_IN_BANK_PROFILES).nullable(),
  settings: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
});
export type ChosenProfile = z.infer<typeof ChosenProfileSchema>;

/** Refused, naming the field at fault (`profile`, or `settings.<name>`). */
export class ProfileChoiceError extends Error {
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The body of `PUT /sandbox/profile`: `{"profile":"strict"}` (a built-in; `random` draws from the
 * sandbox's seed), `{"settings":{…}}` (the rest at their defaults), or `{"profile":null}`: back to
 * the profile the sandbox started with (answered undefined: no choice kept).
 */
export function profileChoiceOf(body: unknown, seed: number): ChosenProfile | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new ProfileChoiceError('profile', 'Send {"profile":"strict"}, {"settings":{…}} or {"profile":null}.');
  const keys = Object.keys(body);
  const extra = keys.find((key) => key !== 'profile' && key !== 'settings');
  if (extra !== undefined) throw new ProfileChoiceError(extra, `${extra}: not a field of a profile choice.`);
  if (keys.length !== 1)
    throw new ProfileChoiceError('profile', 'Send one of "profile" (a built-in name or null) and "settings".');
  const { profile, settings } = body as { profile?: unknown; settings?: unknown };
  if ('profile' in body) {
    if (profile === null) return undefined;
    if (typeof profile !== 'string' || !isBuiltInBankProfile(profile))
      throw new ProfileChoiceError(
        'profile',
        `profile: one of ${BUILT_IN_BANK_PROFILES.join(', ')}, or null for the profile the sandbox started with.`,
      );
    return { profile, settings: builtInSettings(profile, seed) };
  }
  if (typeof settings !== 'object' || settings === null || Array.isArray(settings))
    throw new ProfileChoiceError('settings', 'settings: an object of setting names to values.');
  try {
    return { profile: null, settings: completeSettings(settings as Record<string, unknown>) };
  } catch (error) {
    if (!(error instanceof ProfileError)) throw error;
    const named = /setting "([^"]+)"/.exec(error.message)?.[1];
    throw new ProfileChoiceError(named === undefined ? 'settings' : `settings.${named}`, error.message);
  }
}

/**
 * What the services read as the profile (`ctx.profile`, `ctx.behaviour`): objects of this sandbox's
 * own, changed in place when the choice in its state changes, so every service reads the profile
 * served now.
 */
export interface ProfileFollower {
  readonly profile: ServedProfile;
  readonly behaviour: Behaviour;
  /** Serves the choice the state holds (or the start profile when it holds none), if it changed. */
  follow(state: { readonly profile?: ChosenProfile | undefined }): void;
}

export function profileFollower(start: ServedProfile, opaqueState: boolean): ProfileFollower {
  const profile: ServedProfile = { ...start };
  const behaviour: Behaviour = { ...behaviourOf(start.settings, { opaqueState }) };
  let served = 'null';
  return {
    profile,
    behaviour,
    follow(state) {
      const chosen = state.profile;
      const key = JSON.stringify(chosen ?? null);
      if (key === served) return;
      served = key;
      let next = start;
      try {
        // Checked again: a state written by hand, or by another release, may hold a value no longer served.
        if (chosen) next = { profile: chosen.profile, settings: completeSettings(chosen.settings) };
      } catch {
        next = start;
      }
      Object.assign(profile, next);
      Object.assign(behaviour, behaviourOf(next.settings, { opaqueState }));
    },
  };
}
