/** `PUT /sandbox/profile`: the bank profile served from now on, kept in the sandbox's state (profile-choice.ts). */
import { XsError } from '../../../contract/index.js';
import type { SandboxContext } from '../../context.js';
import type { ServedProfile } from '../../profile.js';
import { profileChoiceOf, ProfileChoiceError } from '../../profile-choice.js';

/** What the functions here read of their world's context: the type lets them reach nothing else. */
export type ControlProfileContext = Pick<SandboxContext, 'store' | 'world' | 'profile' | 'profileChoice' | 'bank'>;

/** Serves the chosen profile (or, for `{"profile":null}`, the start one) and answers it; a bad choice is 400 with `path`. */
export async function chooseProfile(ctx: ControlProfileContext, body: unknown): Promise<ServedProfile> {
  let chosen;
  try {
    chosen = profileChoiceOf(body, ctx.world.seed.seed);
  } catch (error) {
    if (!(error instanceof ProfileChoiceError)) throw error;
    throw new XsError('FORMAT_ERROR', { path: error.path, text: error.message });
  }
  await ctx.bank.transact((uow) => {
    uow.setState({ profile: chosen });
    uow.afterCommit(() => ctx.profileChoice.follow(ctx.store.state()));
  });
  return { profile: ctx.profile.profile, settings: ctx.profile.settings };
}
