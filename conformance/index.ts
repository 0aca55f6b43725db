/** The catalogue: every area's scenarios, in the order a run goes through them. Ids are unique (tested). */
import type { Scenario } from '../src/kit/scenario.js';
import { aisDataScenarios } from './ais-data.js';
import { callbackScenarios } from './callbacks.js';
import { cofScenarios } from './cof.js';
import { consentScenarios } from './consents.js';
import { identityScenarios } from './identity.js';
import { limitScenarios } from './limits.js';
import { pagingScenarios } from './paging.js';
import { paymentScenarios } from './payments.js';
import { scaScenarios } from './sca.js';

/** TRANSITION: the rule catalogue (conformance/rules.ts) is being written. */
export const rules: readonly { id: string; section: string; statement: string }[] = [];

export const catalogue: readonly Scenario[] = [
  ...identityScenarios,
  ...consentScenarios,
  ...scaScenarios,
  ...aisDataScenarios,
  ...pagingScenarios,
  ...limitScenarios,
  ...paymentScenarios,
  ...cofScenarios,
  ...callbackScenarios,
];
