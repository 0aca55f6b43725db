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
import { isoDate } from '../../contract/dates.js';

export interface ClockView {
  now: string;
  offsetMs: number;
}

export function clockView(ctx: SandboxContext): ClockView {
  return { now: ctx.clock.now().toISOString(), offsetMs: ctx.clock.offsetMs };
}

export type ClockMove = { advance: string | number } | { set: string | Date };

export function moveClock(ctx: SandboxContext, move: ClockMove): Promise<ClockView> {
  return ctx.bank.transact((uow) => {
    const field = 'advance' in move ? 'advance' : 'set';
    const from = ctx.clock.now();
    const before = { offsetMs: ctx.clock.offsetMs, stored: uow.data.clockOffsetMs };
    try {
      if ('advance' in move) {
        const ms = typeof move.advance === 'number' ? move.advance : parseDuration(move.advance);
        if (ms === undefined) {
          throw new ClockError(
            'advance is an ISO 8601 duration in weeks, days, hours, minutes or seconds, e.g. "PT1H" or "P181D".',
          );
        }
        uow.change(
          () => ctx.clock.advance(ms),
          () => ctx.clock.restore(before.offsetMs),
        );
      } else {
        const at = move.set instanceof Date ? move.set : new Date(move.set);
        if (typeof move.set === 'string' && Number.isNaN(Date.parse(move.set)))
          throw new ClockError('set is an ISO 8601 date-time.');
        uow.change(
          () => ctx.clock.set(at),
          () => ctx.clock.restore(before.offsetMs),
        );
      }
    } catch (error) {
      if (error instanceof ClockError) throw new XsError('FORMAT_ERROR', { path: field, text: error.message });
      throw error;
    }
    const offsetMs = ctx.clock.offsetMs;
    uow.change(
      () => (uow.data.clockOffsetMs = offsetMs),
      () => (uow.data.clockOffsetMs = before.stored),
    );
    // Settlements and unanswered payee checks the move made due land in the ledgers before anyone
    // reads: the bank applies them at the end of this unit of work.
    const to = ctx.clock.now().toISOString();
    uow.afterCommit(() => ctx.events.emit('clock-changed', { from: from.toISOString(), to }));
    return clockView(ctx);
  });
}

export function decideRegistration(ctx: SandboxContext, organizationIdentifier: string, authorised: boolean) {
  return ctx.bank.transact((uow) => {
    const decidedAt = ctx.clock.now().toISOString();
    uow.put('registerDecisions', organizationIdentifier, { authorised, decidedAt });
    return { organizationIdentifier, authorised, decidedAt };
  });
}

export interface CustomerView {
  psuId: string;
  password: string;
  name: string;
  about?: string;
  outcome?: string;
  /**
   * `status` and `compliance` are the bank's own facts the interface never carries (spec "AccountDetails":
   * the institutional status is not carried); the control API shows them so a tester can pick the
   * closed account and the one under a hold (`xs2a-kit conformance --init-config` reads them).
   */
  accounts: {
    iban: string;
    resourceId: string;
    currency: string;
    name: string;
    status: 'live' | 'closed';
    compliance?: 'hold';
  }[];
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
      status: account.status,
      ...(account.compliance ? { compliance: account.compliance } : {}),
    })),
  }));
}

export function providersView(ctx: SandboxContext) {
  return Object.values(ctx.store.data.providers);
}

/** Back to the freshly seeded state: empty store, the clock at its start (clockStart or real time), histories anchored on that day. */
export function resetSandbox(ctx: SandboxContext): Promise<ClockView> {
  return ctx.bank.transact((uow) => {
    const before = { offsetMs: ctx.clock.offsetMs, data: ctx.store.data, seed: ctx.seed, ledgers: ctx.ledgers };
    uow.change(
      () => {
        ctx.clock.reset();
        const anchor = isoDate(ctx.clock.now());
        const fresh = emptyData(anchor);
        fresh.clockOffsetMs = ctx.clock.offsetMs;
        ctx.store.replace(fresh);
        if (anchor !== ctx.seed.anchor) {
          ctx.seed = buildSeed({
            seed: ctx.seedNumber,
            customers: ctx.customerCount,
            anchor,
            fixture: ctx.customersFixture,
          });
        }
        // Run-time bookings are gone; the indexes over them are rebuilt on first use.
        ctx.ledgers = createLedgers(ctx.seed, () => ctx.store.data.bookings);
      },
      () => {
        ctx.clock.restore(before.offsetMs);
        ctx.store.replace(before.data);
        ctx.seed = before.seed;
        ctx.ledgers = before.ledgers;
      },
    );
    const at = ctx.clock.now().toISOString();
    uow.afterCommit(() => ctx.events.emit('reset', { at }));
    return clockView(ctx);
  });
}
