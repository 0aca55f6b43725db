/**
 * Capped operations (spec "Limits"): account data and funds confirmations. A request is attended
 * when it carries PSU-IP-Address (read at the API's edge); the budget is judged and counted synchronously, after every
 * other check, so a refused request consumes nothing and parallel requests never exceed it.
 */
import { dayOf } from '../../../contract/dates.js';
import { XsError } from '../../../contract/index.js';
import type { UnitOfWork } from '../../bank/unit-of-work.js';
import type { SandboxContext } from '../../context.js';
import { judgeBudget, rateLimitHeaders, usageKey, type BudgetName } from '../../rules/budget.js';
import { used } from '../../rules/consents.js';
import type { ConsentRecord } from '../../store/data.js';
import { saveConsent } from '../consents/save.js';

/** What the functions here read of their world's context: the type lets them reach nothing else. */
export type AccountAccessContext = Pick<SandboxContext, 'store' | 'clock' | 'events'>;

/** What a capped read gives: its body, and the rate-limit headers of the budget it was counted against. */
export interface Metered<T> {
  body: T;
  headers: Record<string, string>;
}

/**
 * Judges the budget, then records the access: called inside the unit of work of the read, after
 * every other check, so a refused request consumes nothing.
 */
export function spend<T>(
  ctx: AccountAccessContext,
  uow: UnitOfWork,
  consent: ConsentRecord,
  budget: BudgetName,
  isAttended: boolean,
  body: T,
): Metered<T> {
  const now = ctx.clock.now();
  const at = now.toISOString();
  // One budget per consent, data type and UTC day (spec "Limits").
  const key = usageKey(consent.consentId, budget, now, dayOf(at));
  const spent = ctx.store.get('usage', key) ?? 0;
  const verdict = judgeBudget({ limit: consent.frequencyPerDay, used: spent, attended: isAttended, now });
  const headers = rateLimitHeaders(verdict, now);
  if (!verdict.allowed) throw new XsError('ACCESS_EXCEEDED', { headers });
  if (verdict.consumes) uow.put('usage', key, spent + 1);
  // A use starts a one-off consent's idle hour (a new end); a recurring consent's status and end stay.
  saveConsent(ctx, uow, used(consent, now, at), { statusMoved: !consent.recurringIndicator });
  return { body, headers };
}
