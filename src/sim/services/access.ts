/**
 * Capped operations (spec "Limits"): account data and funds confirmations. A request is attended
 * when it carries PSU-IP-Address; the budget is judged and counted synchronously, after every
 * other check, so a refused request consumes nothing and parallel requests never exceed it.
 */
import { isIP } from 'node:net';
import { HEADERS, XsError } from '../../contract/index.js';
import type { SandboxContext } from '../context.js';
import type { DeviationName } from '../deviations.js';
import { emitConsent } from './change-events.js';
import { judgeBudget, rateLimitHeaders, usageKey, type BudgetName } from '../rules/budget.js';
import { used } from '../rules/consents.js';
import type { UnitOfWork } from '../bank/unit-of-work.js';
import type { ConsentRecord } from '../store/data.js';

export interface Answer<T> {
  body: T;
  headers: Record<string, string>;
}

export function attended(psuIpAddress: string | undefined): boolean {
  if (psuIpAddress === undefined) return false;
  if (isIP(psuIpAddress) === 0) throw new XsError('FORMAT_ERROR', { text: 'PSU-IP-Address must be an IPv4 or IPv6 address.' });
  return true;
}

/**
 * Judges the budget, then records the access: called inside the unit of work of the read, after
 * every other check, so a refused request consumes nothing.
 */
export function spend<T>(ctx: SandboxContext, uow: UnitOfWork, consent: ConsentRecord, budget: BudgetName, isAttended: boolean, body: T): Answer<T> {
  const now = ctx.clock.now();
  const deviates = (name: DeviationName) => ctx.deviations.has(name);
  // Deviations budget-shared-across-data-types and budget-never-resets (tests only): one budget
  // for all account data; one day that never ends.
  const key = usageKey(consent.consentId, deviates('budget-shared-across-data-types') && budget !== 'funds' ? 'accounts' : budget, deviates('budget-never-resets') ? new Date(0) : now);
  const spent = uow.data.usage[key] ?? 0;
  // Deviation attended-consumes-budget (tests only): PSU-IP-Address is not looked at.
  const verdict = judgeBudget({ limit: consent.frequencyPerDay, used: spent, attended: isAttended && !deviates('attended-consumes-budget'), now });
  const headers = rateLimitHeaders(verdict, now);
  // Deviation fifth-unattended-call-served (tests only): one access past the limit is served.
  const slips = !verdict.allowed && spent === consent.frequencyPerDay && deviates('fifth-unattended-call-served');
  if (!verdict.allowed && !slips) {
    // Deviation retry-after-missing (tests only).
    if (deviates('retry-after-missing')) delete headers[HEADERS.retryAfter];
    throw new XsError('ACCESS_EXCEEDED', { headers });
  }
  if (verdict.consumes || slips) uow.put('usage', key, spent + 1);
  const usedNow = used(consent, now);
  uow.put('consents', consent.consentId, usedNow);
  uow.afterCommit(() => emitConsent(ctx, usedNow));
  return { body, headers };
}
