/**
 * Which fault, if any, answers a request or a callback delivery: a pure function over the active
 * rules. Rules are tried in the order they were added and the first that fires wins. A count rule
 * fires on each of its next N matches and then retires; a rate rule draws one number from its own
 * seeded stream per match, so the same seed and the same requests give the same faults.
 */
import { matchesPath } from './path-pattern.js';
import { draw } from './prng.js';
import { isCallbackKind, type FaultRule } from './schema.js';

export interface ActiveFault {
  id: string;
  rule: FaultRule;
  /** What is left of a count rule. */
  remaining: number | undefined;
  /** How many times the rule has fired. */
  applied: number;
  /** The random stream's state (rate rules). */
  state: number;
}

export type FaultTarget =
  | { family: 'request'; method: string; path: string; provider: string | undefined }
  | { family: 'callback'; provider: string };

export function activate(rule: FaultRule, id: string, state: number): ActiveFault {
  return { id, rule, remaining: rule.count, applied: 0, state };
}

export function matches(rule: FaultRule, target: FaultTarget): boolean {
  if (isCallbackKind(rule.kind) !== (target.family === 'callback')) return false;
  const match: { method?: string; path?: string; provider?: string } = rule.match;
  if (match.provider !== undefined && match.provider !== target.provider) return false;
  if (target.family === 'callback') return true;
  // HEAD is answered by the GET route, so a GET rule covers it.
  const method = target.method === 'HEAD' ? 'GET' : target.method;
  if (match.method !== undefined && match.method !== method) return false;
  return match.path === undefined || matchesPath(match.path, target.path);
}

export interface Pick {
  fired: ActiveFault | undefined;
  /** The rules after this pick: counts spent, streams advanced, spent count rules gone. */
  faults: ActiveFault[];
}

export function pickFault(faults: readonly ActiveFault[], target: FaultTarget): Pick {
  const next: ActiveFault[] = [];
  let fired: ActiveFault | undefined;
  for (const fault of faults) {
    if (fired || !matches(fault.rule, target)) {
      next.push(fault);
      continue;
    }
    if (fault.remaining !== undefined) {
      fired = { ...fault, remaining: fault.remaining - 1, applied: fault.applied + 1 };
      if (fired.remaining! > 0) next.push(fired);
      continue;
    }
    const { value, state } = draw(fault.state);
    const hit = value < (fault.rule.rate ?? 0);
    const after = { ...fault, state, applied: fault.applied + (hit ? 1 : 0) };
    if (hit) fired = after;
    next.push(after);
  }
  return { fired, faults: next };
}
