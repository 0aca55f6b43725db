/** The sandbox's client judge, or a refusal when it was started with the judge off: an empty report would claim a client was checked. */
import { XsError } from '../../contract/errors.js';
import type { SandboxContext } from '../context.js';
import type { ClientJudge } from './judge.js';

/** What the functions here read of their world's context: the type lets them reach nothing else. */
export type JudgeContext = Pick<SandboxContext, 'judge'>;

export function judgeOf(ctx: JudgeContext): ClientJudge {
  if (!ctx.judge)
    throw new XsError('RESOURCE_UNKNOWN', {
      text: 'The client judge is off: this sandbox was started with clientJudge: false (--no-client-judge).',
    });
  return ctx.judge;
}
