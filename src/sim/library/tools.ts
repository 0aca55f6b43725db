/** `sandbox.bookTransaction()` and `sandbox.faults`: the control API's bookings and fault rules, as calls. */
import type { SandboxContext } from '../context.js';
import type { FaultsView } from '../faults/injector.js';
import { parseFaultRules, type FaultRuleInput } from '../faults/schema.js';
import { bookTransaction } from '../services/bookings.js';
import { refusing } from './errors.js';

/** What the functions here read of their world's context: the type lets them reach nothing else. */
export type ToolsLibraryContext = Pick<SandboxContext, 'clock' | 'world' | 'faults' | 'bank'>;

export interface BookingInput {
  /** A seeded account's IBAN. */
  iban: string;
  /** Signed decimal string: `"25.00"` arrives, `"-12.30"` leaves. */
  amount: string;
  counterpartyName?: string;
  remittanceInformationUnstructured?: string;
  /** Booked by default; `true` books it pending. */
  pending?: boolean;
}

/** The booking as the control API answers it: the row a provider will read, with its entryReference. */
export type Booking = Awaited<ReturnType<typeof bookTransaction>>;

export function bookingOf(
  ctx: Pick<ToolsLibraryContext, 'clock' | 'world' | 'bank'>,
): (input: BookingInput) => Promise<Booking> {
  return (input) => refusing(() => bookTransaction(ctx, input));
}

/** Per-test fault rules (msw's `use` / `resetHandlers` feel): the same rules and checks as POST/DELETE /sandbox/faults. */
export interface SandboxFaults {
  /** Adds one rule or several; a bad rule rejects with the field at fault, and then none is added. */
  add(rules: FaultRuleInput | readonly FaultRuleInput[]): Promise<FaultsView>;
  /** Takes every rule away (the start profile's too). */
  clear(): Promise<FaultsView>;
}

export function faultsOf(ctx: Pick<ToolsLibraryContext, 'faults'>): SandboxFaults {
  return {
    add: (rules) => refusing(async () => ctx.faults.add(parseFaultRules(rules))),
    clear: async () => ctx.faults.clear(),
  };
}
