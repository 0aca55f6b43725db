/**
 * Before any route reads or changes a payment or a ledger, whatever time has made due is applied
 * (settlements, unanswered payee checks), so the money read through account information agrees
 * with the payment status. Costs a look at the payments still in flight, nothing more.
 */
import type { RequestHandler } from 'express';
import type { SandboxContext } from '../context.js';
import { settleDuePayments } from '../services/payment-settlement.js';

export function settleDue(ctx: SandboxContext): RequestHandler {
  return async (_req, _res, next) => {
    await settleDuePayments(ctx);
    next();
  };
}
