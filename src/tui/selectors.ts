/**
 * What the panes show at a given sandbox time, derived from the snapshots: a status changes when
 * its `due` instant passes, budgets start afresh on a new UTC day (spec "Limits"), and an
 * authorisation is pending while it is unfinished and younger than 15 minutes.
 */
import type { AuthorisationSnapshot, ConsentSnapshot, DemoState, PaymentSnapshot } from './state.js';
import { isoDate } from '../contract/dates.js';

type BudgetName = ConsentSnapshot['budgets'][number];

export function effective(snapshot: { due: { status: string; at: string } | null }, status: string, now: Date): string {
  return snapshot.due && now.getTime() >= Date.parse(snapshot.due.at) ? snapshot.due.status : status;
}

export function sandboxNow(state: Pick<DemoState, 'clockOffsetMs'>, realNow: number): Date {
  return new Date(realNow + state.clockOffsetMs);
}

export interface BudgetLeft {
  budget: BudgetName;
  left: number;
}

export interface ConsentRow {
  consentId: string;
  kind: ConsentSnapshot['kind'];
  status: string;
  psuId: string | null;
  provider: string;
  recurring: boolean;
  limit: number;
  budgets: BudgetLeft[];
}

export function consentRows(state: DemoState, now: Date): ConsentRow[] {
  const today = isoDate(now);
  return Object.values(state.consents)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .map((consent) => {
      const status = effective(consent, consent.consentStatus, now);
      return {
        consentId: consent.consentId,
        kind: consent.kind,
        status,
        psuId: consent.psuId,
        provider: state.providers[consent.tpp] ?? consent.tpp,
        recurring: consent.recurringIndicator,
        limit: consent.frequencyPerDay,
        // Only a valid consent reads anything: a received, ended or expired one has no budget to show.
        budgets:
          status === 'valid'
            ? consent.budgets.map((budget) => ({
                budget,
                left: Math.max(0, consent.frequencyPerDay - (consent.day === today ? (consent.used[budget] ?? 0) : 0)),
              }))
            : [],
      };
    });
}

/** The consent the arrow keys point at: the chosen one while it is listed, else the newest. */
export function selectedConsent(state: DemoState, rows: readonly ConsentRow[]): ConsentRow | undefined {
  return rows.find((row) => row.consentId === state.selectedConsent) ?? rows[0];
}

export function authorisationStatus(authorisation: AuthorisationSnapshot, now: Date): string {
  return effective(authorisation, authorisation.scaStatus, now);
}

/** Unfinished and unexpired, oldest first: the next one a customer can act on. */
export function pendingAuthorisations(state: DemoState, now: Date): AuthorisationSnapshot[] {
  return Object.values(state.authorisations)
    .filter((authorisation) => !['finalised', 'failed'].includes(authorisationStatus(authorisation, now)))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

export interface PaymentRow {
  paymentId: string;
  status: string;
  amount: string;
  debtorIban: string;
  creditorName: string | null;
  psuId: string | null;
}

function paymentStatus(state: DemoState, payment: PaymentSnapshot, now: Date): string {
  // A received payment whose ceremony failed or expired can never be authorised: RJCT (rules/payments.ts).
  const authorisation = state.authorisations[payment.authorisationId];
  if (payment.transactionStatus === 'RCVD' && authorisation && authorisationStatus(authorisation, now) === 'failed')
    return 'RJCT';
  return effective(payment, payment.transactionStatus, now);
}

export function paymentRows(state: DemoState, now: Date): PaymentRow[] {
  return Object.values(state.payments)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .map((payment) => ({
      paymentId: payment.paymentId,
      status: paymentStatus(state, payment, now),
      amount: payment.amount,
      debtorIban: payment.debtorIban,
      creditorName: payment.creditorName,
      psuId: payment.psuId,
    }));
}

/** Payments waiting for the customer's payee check (PDNG), oldest first. */
export function payeeChecks(state: DemoState, now: Date): PaymentRow[] {
  return paymentRows(state, now)
    .filter((row) => row.status === 'PDNG')
    .reverse();
}
