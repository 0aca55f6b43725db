/**
 * The sandbox's own controls (clock, regulator register, reset) and views of the seeded world.
 * The control API and the programmatic `startSandbox()` handle both call these, so both behave
 * the same.
 */
import { XsError } from '../../contract/index.js';
import { ClockError } from '../clock.js';
import type { SandboxContext } from '../context.js';
import { parseDuration } from '../duration.js';
import { createLedgers } from '../ledger/index.js';
import { buildSeed } from '../seed/seed.js';
import { emptyData } from '../store/data.js';
import { applyDuePayments } from './payment-settlement.js';

export interface ClockView {
  now: string;
  offsetMs: number;
}

export function clockView(ctx: SandboxContext): ClockView {
  return { now: ctx.clock.now().toISOString(), offsetMs: ctx.clock.offsetMs };
}

export type ClockMove = { advance: string | number } | { set: string | Date };

export async function moveClock(ctx: SandboxContext, move: ClockMove): Promise<ClockView> {
  const field = 'advance' in move ? 'advance' : 'set';
  const from = ctx.clock.now();
  try {
    if ('advance' in move) {
      const ms = typeof move.advance === 'number' ? move.advance : parseDuration(move.advance);
      if (ms === undefined) {
        throw new ClockError('advance is an ISO 8601 duration in weeks, days, hours, minutes or seconds, e.g. "PT1H" or "P181D".');
      }
      ctx.clock.advance(ms);
    } else {
      const at = move.set instanceof Date ? move.set : new Date(move.set);
      if (typeof move.set === 'string' && Number.isNaN(Date.parse(move.set))) throw new ClockError('set is an ISO 8601 date-time.');
      ctx.clock.set(at);
    }
  } catch (error) {
    if (error instanceof ClockError) throw new XsError('FORMAT_ERROR', { path: field, text: error.message });
    throw error;
  }
  ctx.store.data.clockOffsetMs = ctx.clock.offsetMs;
  // Settlements and unanswered payee checks the move made due land in the ledgers before anyone reads.
  applyDuePayments(ctx, ctx.clock.now());
  await ctx.store.write();
  ctx.events.emit('clock-changed', { from: from.toISOString(), to: ctx.clock.now().toISOString() });
  return clockView(ctx);
}

export async function decideRegistration(ctx: SandboxContext, organizationIdentifier: string, authorised: boolean) {
  const decidedAt = ctx.clock.now().toISOString();
  ctx.store.data.registerDecisions[organizationIdentifier] = { authorised, decidedAt };
  await ctx.store.write();
  return { organizationIdentifier, authorised, decidedAt };
}

export interface CustomerView {
  psuId: string;
  password: string;
  name: string;
  about?: string;
  outcome?: string;
  accounts: { iban: string; resourceId: string; currency: string; name: string }[];
}

export function customersView(ctx: SandboxContext): CustomerView[] {
  return ctx.seed.customers.map((customer) => ({
    psuId: customer.psuId,
    password: customer.password,
    name: customer.name,
    ...(customer.about ? { about: customer.about } : {}),
    ...(customer.outcome ? { outcome: customer.outcome } : {}),
    accounts: customer.accounts.map((account) => ({
      iban: account.iban,
      resourceId: account.resourceId,
      currency: account.currency,
      name: account.name,
    })),
  }));
}

export function providersView(ctx: SandboxContext) {
  return Object.values(ctx.store.data.providers);
}

export function todayOf(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Back to the freshly seeded state: empty store, the clock at its start (clockStart or real time), histories anchored on that day. */
export async function resetSandbox(ctx: SandboxContext): Promise<ClockView> {
  ctx.clock.reset();
  const anchor = todayOf(ctx.clock.now());
  const fresh = emptyData(anchor);
  fresh.clockOffsetMs = ctx.clock.offsetMs;
  await ctx.store.replace(fresh);
  if (anchor !== ctx.seed.anchor) {
    ctx.seed = buildSeed({ seed: ctx.seedNumber, customers: ctx.customerCount, anchor, fixture: ctx.customersFixture });
  }
  // Run-time bookings are gone; the indexes over them are rebuilt on first use.
  ctx.ledgers = createLedgers(ctx.seed, () => ctx.store.data.bookings);
  ctx.events.emit('reset', { at: ctx.clock.now().toISOString() });
  return clockView(ctx);
}
