/**
 * `--faults PROFILE`: a built-in name or a JSON file of rules (an array, or `{"rules": [...]}`).
 * The built-ins are meant for a client left running against the sandbox for a while; a test that
 * wants one exact fault adds a count rule through `POST /sandbox/faults` instead.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { SandboxOptionsError } from '../options.js';
import { FaultRulesSchema, type FaultRule, type FaultRuleInput, type FaultsOption } from './schema.js';

export const BUILT_IN_PROFILES = {
  /** A gateway that sheds one request in ten with an empty 503 and Retry-After. */
  flaky: [{ kind: 'unavailable-empty', rate: 0.1, retryAfter: 1 }],
  /** One answer in four takes 1.5 s longer: time-outs and spinners. */
  slow: [{ kind: 'slow', rate: 0.25, delayMs: 1_500 }],
  /** Every failure the spec warns of, at low rates, and unruly callbacks. */
  chaos: [
    { kind: 'error-500', rate: 0.05 },
    { kind: 'bad-gateway-html', rate: 0.05 },
    { kind: 'unavailable-empty', rate: 0.05, retryAfter: 2 },
    { kind: 'drop', rate: 0.03 },
    { kind: 'slow', rate: 0.1, delayMs: 1_000 },
    { kind: 'callback-duplicate', rate: 0.3 },
    { kind: 'callback-reorder', rate: 0.3 },
  ],
  /** Every other callback delivered twice, and some held back until the next one has gone. */
  callbacks: [
    { kind: 'callback-duplicate', rate: 0.5 },
    { kind: 'callback-reorder', rate: 0.3 },
  ],
} as const satisfies Record<string, FaultRuleInput[]>;

export type BuiltInProfile = keyof typeof BUILT_IN_PROFILES;

/** A fault profile `startSandbox` (or `--faults`) refuses; its `path` is the option, `faults`. */
export class FaultProfileError extends SandboxOptionsError {
  constructor(message: string) {
    super(message, 'faults');
    this.name = 'FaultProfileError';
  }
}

export interface ResolvedFaults {
  /** The profile's name or file, null when rules were given directly. */
  profile: string | null;
  rules: FaultRule[];
}

const ProfileObject = z.strictObject({ rules: FaultRulesSchema }).transform(({ rules }) => rules);

function isBuiltIn(name: string): name is BuiltInProfile {
  return Object.hasOwn(BUILT_IN_PROFILES, name);
}

function readProfileFile(file: string): FaultRule[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new FaultProfileError(
      `cannot read the fault profile file ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}.`,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new FaultProfileError(`the fault profile file ${file} is not JSON.`);
  }
  const result = (Array.isArray(json) ? FaultRulesSchema : ProfileObject).safeParse(json);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new FaultProfileError(
      `the fault profile file ${file} is not a list of fault rules: ${issue?.path.join('.') || '(top)'}: ${issue?.message ?? 'invalid'}.`,
    );
  }
  return result.data;
}

/** A built-in name, else a path (anything with a slash or ending in .json); anything else is refused. */
export function resolveFaults(option: FaultsOption | undefined): ResolvedFaults {
  if (option === undefined) return { profile: null, rules: [] };
  if (typeof option !== 'string') return { profile: null, rules: FaultRulesSchema.parse(option) };
  if (isBuiltIn(option)) return { profile: option, rules: FaultRulesSchema.parse(BUILT_IN_PROFILES[option]) };
  if (/[/\\]/.test(option) || option.endsWith('.json')) return { profile: option, rules: readProfileFile(option) };
  throw new FaultProfileError(
    `unknown fault profile "${option}": the built-in profiles are ${Object.keys(BUILT_IN_PROFILES).join(', ')}; or give the path of a JSON file of rules.`,
  );
}
