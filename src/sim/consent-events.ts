/** The `consent-changed` snapshot's shape (built by services/consents/event.ts). */
import type { Due } from './change-events.js';
import type { BudgetName } from './rules/budget.js';

/** A consent after it was created, decided, used (budget spent) or ended. */
export interface ConsentEvent {
  consentId: string;
  kind: 'ais' | 'cof';
  tpp: string;
  consentStatus: string;
  /** `expired` at the end of its validity or, for a used one-off consent, after the idle hour. */
  due: Due<'expired'> | null;
  psuId: string | null;
  recurringIndicator: boolean;
  /** IBANs granted once approved, the ones asked for before. */
  ibans: string[];
  frequencyPerDay: number;
  /** The budgets this consent has, and what was used of them on `day` (UTC); a new day starts unused. */
  budgets: BudgetName[];
  used: Partial<Record<BudgetName, number>>;
  day: string;
  createdAt: string;
}

/**
 * The part of the snapshot that says whether the consent's status moved: sent with every
 * `consent-changed`, for listeners that need no more (the client judge). It is built without the
 * budgets and IBANs, which a balances read would otherwise pay for on every request.
 */
export type ConsentStatusEvent = Pick<ConsentEvent, 'consentId' | 'tpp' | 'consentStatus' | 'due'>;
