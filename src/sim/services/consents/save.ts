/**
 * The one writer of consent records (account-information and confirmation-of-funds): stores one and
 * sends `consent-changed` once the unit of work is written, with its effective status, when time
 * alone ends it, and what was used of each of its budgets today. Nothing is built while nobody
 * listens (a balances read changes its consent on every request).
 */
import { isoDate } from '../../../contract/dates.js';
import type { UnitOfWork } from '../../bank/unit-of-work.js';
import type { SandboxContext } from '../../context.js';
import type { ConsentEvent, Due } from '../../events.js';
import { usageKey, type BudgetName } from '../../rules/budget.js';
import { consentEndsAt, coveredIbans, DATA_TYPES, effectiveStatus } from '../../rules/consents.js';
import type { ConsentRecord } from '../../store/data.js';

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

function consentDue(consent: ConsentRecord, now: Date): Due<'expired'> | null {
  if (effectiveStatus(consent, now) !== 'valid') return null;
  const at = consentEndsAt(consent);
  return Number.isFinite(at) ? { status: 'expired', at: new Date(at).toISOString() } : null;
}

function consentEvent(ctx: SandboxContext, consent: ConsentRecord): ConsentEvent {
  const now = ctx.clock.now();
  const lists = consent.granted ?? consent.requested;
  const budgets = budgetsOf(consent);
  const used: Partial<Record<BudgetName, number>> = {};
  for (const budget of budgets) used[budget] = ctx.store.data.usage[usageKey(consent.consentId, budget, now)] ?? 0;
  return {
    consentId: consent.consentId,
    kind: consent.kind,
    tpp: consent.tpp,
    consentStatus: effectiveStatus(consent, now),
    due: consentDue(consent, now),
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

export function saveConsent(ctx: SandboxContext, uow: UnitOfWork, consent: ConsentRecord): ConsentRecord {
  uow.put('consents', consent.consentId, consent);
  uow.afterCommit(() => {
    if (ctx.events.has('consent-changed')) ctx.events.emit('consent-changed', consentEvent(ctx, consent));
  });
  return consent;
}
