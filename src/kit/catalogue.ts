/**
 * The conformance catalogue (conformance/: its scenarios and its rule catalogue), built with src/
 * into dist/, loaded only when a run or a listing needs it.
 */
import type { ContractRules } from './client.js';
import type { RuleRef } from './events.js';
import type { Scenario } from './scenario.js';

export class CatalogueMissing extends Error {}

export interface Catalogue {
  scenarios: readonly Scenario[];
  /** The rule catalogue's entries, checked by rule-catalogue.ts before use. */
  rules: readonly (RuleRef & { open?: { choice: string } })[];
  /** The rule each answer shape belongs to (client.ts, given.ts); none: a contract check is the running scenario's own. */
  contractRules?: ContractRules;
}

export async function loadCatalogue(): Promise<Catalogue> {
  const module = (await import('../../conformance/index.js')) as {
    catalogue?: readonly Scenario[];
    rules?: Catalogue['rules'];
    contractRules?: ContractRules;
  };
  if (!Array.isArray(module.catalogue) || !Array.isArray(module.rules))
    throw new CatalogueMissing('the conformance catalogue is missing from the build');
  return {
    scenarios: module.catalogue,
    rules: module.rules,
    ...(module.contractRules ? { contractRules: module.contractRules } : {}),
  };
}
