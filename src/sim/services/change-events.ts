/**
 * Snapshots of consents, payments and authorisations sent on the event bus whenever a service
 * changes one (the terminal UI draws its panes from them). Each carries its effective status now
 * and, when time alone will change it, when and to what: listeners never read the store. Nothing
 * is built while nobody listens (a balances read changes its consent on every request).
 */
import type { SandboxContext } from '../context.js';
import type { Due } from '../events.js';
import { usageKey, type BudgetName } from '../rules/budget.js';
import { consentEndsAt, coveredIbans, DATA_TYPES, effectiveStatus } from '../rules/consents.js';
import { dueAt, effectivePaymentStatus } from '../rules/payments.js';
import { effectiveScaStatus, isOpen } from '../rules/sca.js';
import type { AuthorisationRecord, ConsentRecord, PaymentRecord } from '../store/data.js';
import { isoDate } from '../../contract/dates.js';

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

export function emitConsent(ctx: SandboxContext, consent: ConsentRecord): void {
  if (!ctx.events.has('consent-changed')) return;
  const now = ctx.clock.now();
  const lists = consent.granted ?? consent.requested;
  const budgets = budgetsOf(consent);
  const used: Partial<Record<BudgetName, number>> = {};
  for (const budget of budgets) used[budget] = ctx.store.data.usage[usageKey(consent.consentId, budget, now)] ?? 0;
  ctx.events.emit('consent-changed', {
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
  });
}

export function emitPayment(ctx: SandboxContext, payment: PaymentRecord): void {
  if (!ctx.events.has('payment-changed')) return;
  const now = ctx.clock.now();
  const status = effectivePaymentStatus(payment, ctx.store.data.authorisations[payment.authorisationId], now);
  const due = dueAt(payment);
  ctx.events.emit('payment-changed', {
    paymentId: payment.paymentId,
    tpp: payment.tpp,
    product: payment.product,
    transactionStatus: status,
    due:
      due !== undefined && status === payment.status
        ? { status: payment.status === 'PDNG' ? 'CANC' : 'ACSC', at: due }
        : null,
    authorisationId: payment.authorisationId,
    psuId: payment.psuId ?? null,
    debtorIban: payment.debtorIban,
    creditorIban: payment.creditorIban,
    creditorName: payment.creditorName ?? null,
    amount: payment.amount,
    createdAt: payment.createdAt,
  });
}

function subjectIbans(ctx: SandboxContext, authorisation: AuthorisationRecord): string[] {
  if (authorisation.parent.kind === 'payment') {
    const payment = ctx.store.data.payments[authorisation.parent.id];
    return payment ? [payment.debtorIban] : [];
  }
  const consent = ctx.store.data.consents[authorisation.parent.id];
  if (!consent) return [];
  return consent.cof ? [consent.cof.iban] : [...coveredIbans(consent.requested)];
}

export function emitAuthorisation(ctx: SandboxContext, authorisation: AuthorisationRecord): void {
  if (!ctx.events.has('authorisation-changed')) return;
  const now = ctx.clock.now();
  ctx.events.emit('authorisation-changed', {
    authorisationId: authorisation.authorisationId,
    parent: authorisation.parent,
    tpp: authorisation.tpp,
    scaStatus: effectiveScaStatus(authorisation, now),
    due: isOpen(authorisation, now) ? { status: 'failed', at: authorisation.expiresAt } : null,
    psuId: authorisation.psuId ?? null,
    ibans: subjectIbans(ctx, authorisation),
    createdAt: authorisation.createdAt,
  });
}
