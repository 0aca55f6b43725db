/**
 * Books a transaction on a seeded account at run time (`POST /sandbox/transactions`): money
 * arriving or leaving while a provider reads, e.g. to watch keyset paging hold up mid-traversal.
 */
import { z } from 'zod';
import { formatCents, SIGNED_AMOUNT_PATTERN, toCents, XsError } from '../../contract/index.js';
import type { UnitOfWork } from '../bank/unit-of-work.js';
import type { SandboxContext } from '../context.js';
import { parseOrFormatError } from '../../contract/parse.js';
import { encodeEntryReference } from '../paging/entry-reference.js';

/** What the functions here read of their world's context: the type lets them reach nothing else. */
export type BookingsContext = Pick<SandboxContext, 'clock' | 'world' | 'bank'>;

export const BookingBody = z.strictObject({
  iban: z.string(),
  amount: z
    .string()
    .regex(SIGNED_AMOUNT_PATTERN)
    .refine((value) => /[1-9]/.test(value), 'The amount must not be zero.'),
  counterpartyName: z.string().min(1).max(70).optional(),
  remittanceInformationUnstructured: z.string().min(1).max(140).optional(),
  pending: z.boolean().optional(),
});

export function bookTransaction(ctx: BookingsContext, body: unknown) {
  return ctx.bank.transact((uow) => book(ctx, uow, body));
}

function book(ctx: Pick<BookingsContext, 'clock' | 'world'>, uow: UnitOfWork, body: unknown) {
  const input = parseOrFormatError(BookingBody, body ?? {});
  const account = ctx.world.seed.accountByIban(input.iban);
  if (!account)
    throw new XsError('FORMAT_ERROR', {
      path: 'iban',
      text: 'Not an IBAN of a seeded account; GET /sandbox/customers lists them.',
    });
  const amountCents = toCents(input.amount);
  const counterparty = input.counterpartyName ?? (amountCents > 0 ? 'Sandbox Sender' : 'Sandbox Recipient');
  const record = ctx.world.ledgers.prepareBooking(
    account,
    {
      amountCents,
      status: input.pending ? 'pending' : 'booked',
      // The sign is the direction: a credit names the debtor, a debit the creditor.
      ...(amountCents > 0
        ? { debtorName: counterparty, creditorName: account.ownerName }
        : { creditorName: counterparty, debtorName: account.ownerName }),
      ...(input.remittanceInformationUnstructured
        ? { remittanceInformationUnstructured: input.remittanceInformationUnstructured }
        : {}),
    },
    ctx.clock.now(),
  );
  uow.book(record);
  return {
    iban: record.iban,
    transactionId: record.transactionId,
    entryReference: encodeEntryReference(record.seq),
    status: record.status,
    amount: formatCents(record.amountCents),
    ...(record.bookingDate ? { bookingDate: record.bookingDate } : {}),
    valueDate: record.valueDate,
  };
}
