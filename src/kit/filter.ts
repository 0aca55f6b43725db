/** `--only` / `--skip`: globs over a scenario's id or its area (`AIS-PAGING-*`, `paging`, `*-IDEM-*`). */
import type { Scenario } from './scenario.js';

export function globToRegExp(glob: string): RegExp {
  const body = glob
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
  return new RegExp(`^${body}$`, 'i');
}

/** Each pattern may itself be a comma-separated list. */
export function splitPatterns(patterns: readonly string[]): string[] {
  return patterns
    .flatMap((pattern) => pattern.split(','))
    .map((pattern) => pattern.trim())
    .filter(Boolean);
}

export function matchesAny(scenario: Pick<Scenario, 'id' | 'area'>, patterns: readonly string[]): boolean {
  return patterns.some((pattern) => {
    const regexp = globToRegExp(pattern);
    return regexp.test(scenario.id) || regexp.test(scenario.area);
  });
}

export interface Selection {
  only?: readonly string[];
  skip?: readonly string[];
}

export function selectScenarios<S extends Pick<Scenario, 'id' | 'area'>>(
  scenarios: readonly S[],
  selection: Selection,
): S[] {
  const only = splitPatterns(selection.only ?? []);
  const skip = splitPatterns(selection.skip ?? []);
  return scenarios.filter(
    (scenario) => (only.length === 0 || matchesAny(scenario, only)) && !matchesAny(scenario, skip),
  );
}
