/**
 * The scenario model: a scenario is data (id, title, the spec section it enforces, the capabilities
 * it needs, its expectations) beside one function of steps. Most fixes to a conformance suite change
 * an expected value, not engine code, so expectations stay plain data next to the steps (the lesson of the
 * suites that exist).
 */
import type { Area } from './areas.js';
import type { Capability } from './capabilities.js';
import type { ScenarioContext } from './context.js';

export { AREAS, type Area } from './areas.js';
export { CAPABILITIES, type Capability } from './capabilities.js';

export interface Scenario<E extends object = Record<string, unknown>> {
  /** Stable id, e.g. `AIS-PAGING-003`: reports and `--only` refer to it. */
  readonly id: string;
  readonly title: string;
  /** The spec section (and rule) it enforces, e.g. `Endpoints / Paging rules 3`. */
  readonly spec: string;
  /** Ids of the catalogue's rules it enforces (conformance/rules.ts), e.g. `LIMIT-1`. */
  readonly rules: readonly string[];
  readonly area: Area;
  readonly needs: readonly Capability[];
  /** Customer approvals the scenario asks for itself, besides shared ones (so a manual run can say up front how many). */
  readonly approvals: number;
  /**
   * Keys of run-scoped resources the scenario may share with others (`ctx.shared`), each costing one
   * approval per run however many scenarios use it. Only for scenarios that read: one that spends
   * budget, revokes or deletes must create its own consent.
   */
  readonly shares: readonly string[];
  /** What the spec states, as data: the steps compare against these and nothing else. */
  readonly expect: E;
  run(ctx: ScenarioContext, expect: E): Promise<void>;
}

/** Identity function that keeps the expectation type tied to the steps. */
export function scenario<E extends object>(
  definition: Omit<Scenario<E>, 'needs' | 'approvals' | 'shares'> & {
    needs?: readonly Capability[];
    approvals?: number;
    shares?: readonly string[];
  },
): Scenario {
  const needs = definition.needs ?? [];
  const approvals = definition.approvals ?? 0;
  const shares = definition.shares ?? [];
  // A scenario that asks for approvals (its own or shared ones) needs an SCA driver, whether or not it says so.
  const allNeeds = (approvals > 0 || shares.length > 0) && !needs.includes('sca') ? [...needs, 'sca' as const] : needs;
  return { ...definition, needs: allNeeds, approvals, shares } as unknown as Scenario;
}
