/**
 * The `consent-changed` snapshot: the consent's effective status, when time alone ends it, and
 * what was used of each of its budgets today.
 */
import { isoDate } from '../../../contract/dates.js';
import type { Due } from '../../change-events.js';
import type { ConsentEvent, ConsentStatusEvent } from '../../consent-events.js';
import type { SandboxContext } from '../../context.js';
import { usageKey, type BudgetName } from '../../rules/budget.js';
import { consentEndsAt, coveredIbans, DATA_TYPES, effectiveStatus } from '../../rules/consents.js';
import type { ConsentRecord } from '../../store/data.js';

/** What the functions here read of their world's context: the type lets them reach nothing else. */
export type ConsentEventContext = Pick<SandboxContext, 'store' | 'clock'>;

/**
 * The budgets a consent's pane draws: a CoF consent's funds confirmations; an account-information
 * consent's account details (readable for any IBAN it covers) and each data type it names. Only the
 * terminal UI asks: a request spends from the budget of the endpoint it calls (rules/budget.ts).
 */
function budgetsOf(consent: ConsentRecord): BudgetName[] {
  if (consent.kind === 'cof') return ['funds'];
  const lists = consent.granted ?? consent.requested;
  return DATA_TYPES.filter((type) => type === 'accounts' || lists[type].length > 0);
}

function consentDue(consent: ConsentRecord, status: string): Due<'expired'> | null {
  if (status !== 'valid') return null;
  const at = consentEndsAt(consent);
  return Number.isFinite(at) ? { status: 'expired', at: new Date(at).toISOString() } : null;
}

export function consentStatusEvent(consent: ConsentRecord, now: Date): ConsentStatusEvent {
  const consentStatus = effectiveStatus(consent, now);
  return { consentId: consent.consentId, tpp: consent.tpp, consentStatus, due: consentDue(consent, consentStatus) };
}

export function consentEvent(ctx: ConsentEventContext, consent: ConsentRecord): ConsentEvent {
  const now = ctx.clock.now();
  const lists = consent.granted ?? consent.requested;
  const budgets = budgetsOf(consent);
  const used: Partial<Record<BudgetName, number>> = {};
  for (const budget of budgets) used[budget] = ctx.store.get('usage', usageKey(consent.consentId, budget, now)) ?? 0;
  return {
    ...consentStatusEvent(consent, now),
    kind: consent.kind,
    psuId: consent.psuId ?? null,
    recurringIndicator: consent.recurringIndicator,
    ibans: consent.cof ? [consent.cof.iban] : [...coveredIbans(lists)],
    frequencyPerDay: consent.frequencyPerDay,
    budgets,
    used,
    day: isoDate(now),
    createdAt: consent.createdAt,
  };
}
