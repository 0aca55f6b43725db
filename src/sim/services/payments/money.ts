/**
 * Where a payment's money shows in the ledgers (spec "TransactionsResponse" 2-3, "BalanceResponse"):
 * authorised → a pending debit on the debtor account (interimAvailable drops); settled (ACSC) → the
 * same transaction booked there and the credit booked on a service-held creditor account at the
 * same instant; rejected or cancelled → the pending debit is gone, so the payment appears nowhere.
 * Every change is a BookingRecord in the store (removals are marked, not deleted), so a restart
 * with --data rebuilds the same ledgers. Synchronous: callers write the store.
 */
import { XsError } from '../../../contract/index.js';
import type { UnitOfWork } from '../../bank/unit-of-work.js';
import type { SandboxContext } from '../../context.js';
import { amountCentsOf, remittanceOf } from '../../rules/payments.js';
import type { SeedAccount } from '../../seed/customers.js';
import type { BookingRecord, PaymentRecord } from '../../store/data.js';
import { bookingKey } from '../../store/kinds.js';

/** What the functions here read of their world's context: the type lets them reach nothing else. */
export type PaymentMoneyContext = Pick<SandboxContext, 'store' | 'world'>;

export function debtorAccountOf(ctx: Pick<PaymentMoneyContext, 'world'>, payment: PaymentRecord): SeedAccount {
  const account = ctx.world.seed.accountByIban(payment.debtorIban);
  // Initiation refused every payment whose debtor the service does not hold.
  if (!account) throw new XsError('INTERNAL_SERVER_ERROR');
  return account;
}

/** interimAvailable: booked plus pending (pending debits reduce it). */
export function availableCents(ctx: Pick<PaymentMoneyContext, 'world'>, account: SeedAccount): number {
  const ledger = ctx.world.ledgers.ledger(account);
  return ledger.bookedBalanceCents + ledger.pendingCents;
}

/** The payee as the debtor's statement names it: the name sent, else the holder of a service-held account. */
function payeeName(ctx: Pick<PaymentMoneyContext, 'world'>, payment: PaymentRecord): string | undefined {
  return payment.creditorName ?? ctx.world.seed.accountByIban(payment.creditorIban)?.ownerName;
}

/** Authorised: reserves the amount as a pending debit; answers its seq. */
export function reserveDebit(
  ctx: Pick<PaymentMoneyContext, 'world'>,
  uow: UnitOfWork,
  payment: PaymentRecord,
  now: Date,
): number {
  const debtor = debtorAccountOf(ctx, payment);
  const record = ctx.world.ledgers.prepareBooking(
    debtor,
    {
      amountCents: -amountCentsOf(payment),
      status: 'pending',
      debtorName: debtor.ownerName,
      creditorName: payeeName(ctx, payment),
      remittanceInformationUnstructured: remittanceOf(payment),
    },
    now,
  );
  uow.book(record);
  return record.seq;
}

function pendingDebit(ctx: Pick<PaymentMoneyContext, 'store'>, payment: PaymentRecord): BookingRecord | undefined {
  if (payment.debitSeq === undefined) return undefined;
  const record = ctx.store.get('bookings', bookingKey({ iban: payment.debtorIban, seq: payment.debitSeq }));
  return record?.removedAt === undefined ? record : undefined;
}

/** Rejected or cancelled after authorisation: the reservation disappears. */
export function releaseDebit(
  ctx: Pick<PaymentMoneyContext, 'store'>,
  uow: UnitOfWork,
  payment: PaymentRecord,
  at: string,
): void {
  const record = pendingDebit(ctx, payment);
  if (record) uow.unbook(record, at);
}

/** ACSC at `at`: the debit is booked (same transaction, new seq) and a service-held creditor is credited. */
export function settleMoney(ctx: PaymentMoneyContext, uow: UnitOfWork, payment: PaymentRecord, at: string): void {
  const record = pendingDebit(ctx, payment);
  const debtor = debtorAccountOf(ctx, payment);
  const when = new Date(at);
  if (record) {
    const booked = ctx.world.ledgers.prepareSettlement(debtor, record, when);
    uow.unbook(record, at);
    uow.book(booked);
  }
  const creditor = ctx.world.seed.accountByIban(payment.creditorIban);
  if (!creditor) return;
  uow.book(
    ctx.world.ledgers.prepareBooking(
      creditor,
      {
        amountCents: amountCentsOf(payment),
        status: 'booked',
        debtorName: debtor.ownerName,
        creditorName: creditor.ownerName,
        remittanceInformationUnstructured: remittanceOf(payment),
      },
      when,
    ),
  );
}
