/** The seeded world as the control API shows it (customers, registered providers), and the regulator's register decisions. */
import type { SandboxContext } from '../../context.js';

/** What the functions here read of their world's context: the type lets them reach nothing else. */
export type ControlWorldContext = Pick<SandboxContext, 'store' | 'clock' | 'world' | 'bank'>;

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

export function customersView(ctx: Pick<ControlWorldContext, 'world'>): CustomerView[] {
  return ctx.world.seed.customers.map((customer) => ({
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

export function providersView(ctx: Pick<ControlWorldContext, 'store'>) {
  return ctx.store.all('providers');
}

export function decideRegistration(
  ctx: Pick<ControlWorldContext, 'clock' | 'bank'>,
  organizationIdentifier: string,
  authorised: boolean,
) {
  return ctx.bank.transact((uow) => {
    const decidedAt = ctx.clock.now().toISOString();
    uow.put('registerDecisions', organizationIdentifier, { authorised, decidedAt });
    return { organizationIdentifier, authorised, decidedAt };
  });
}
