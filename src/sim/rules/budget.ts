/**
 * Unattended access budgets (spec "Limits"): per consent, per data type, per UTC day of the
 * sandbox clock. Attended requests (with PSU-IP-Address) are uncapped and consume nothing but
 * report the remaining budget. The account list and the account read share the `accounts`
 * budget: both read the same data type, account details.
 */
import { HEADERS } from '../../contract/index.js';
import type { DataType } from './consents.js';
import { isoDate, nextDayStart } from '../../contract/dates.js';

/** Each data type of account information has its own budget; funds confirmations have one too. */
export type BudgetName = DataType | 'funds';

/** The budget's key on the UTC day of `now` (`day`, when the caller has it already). */
export function usageKey(consentId: string, budget: BudgetName, now: Date, day = isoDate(now)): string {
  return `${consentId}|${budget}|${day}`;
}

export interface BudgetVerdict {
  allowed: boolean;
  /** Whether this request spends one access. */
  consumes: boolean;
  limit: number;
  /** What is left after this request. */
  remaining: number;
  resetAt: Date;
}

export function judgeBudget(input: { limit: number; used: number; attended: boolean; now: Date }): BudgetVerdict {
  const left = Math.max(0, input.limit - input.used);
  const resetAt = nextDayStart(input.now);
  if (input.attended) return { allowed: true, consumes: false, limit: input.limit, remaining: left, resetAt };
  if (left === 0) return { allowed: false, consumes: false, limit: input.limit, remaining: 0, resetAt };
  return { allowed: true, consumes: true, limit: input.limit, remaining: left - 1, resetAt };
}

export function rateLimitHeaders(verdict: BudgetVerdict, now: Date): Record<string, string> {
  const headers: Record<string, string> = {
    [HEADERS.rateLimitLimit]: String(verdict.limit),
    [HEADERS.rateLimitRemaining]: String(verdict.remaining),
    [HEADERS.rateLimitReset]: String(Math.floor(verdict.resetAt.getTime() / 1000)),
  };
  if (!verdict.allowed)
    headers[HEADERS.retryAfter] = String(Math.max(1, Math.ceil((verdict.resetAt.getTime() - now.getTime()) / 1000)));
  return headers;
}
