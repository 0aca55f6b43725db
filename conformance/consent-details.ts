/** Consent, authorisation, CoF and budget details: request reading, lifecycles, ceremonies, callbacks (scenarios added while measuring the catalogue by mutation testing). */
import type { Scenario } from '../src/kit/scenario.js';

export const consentDetailScenarios: Scenario[] = [];
