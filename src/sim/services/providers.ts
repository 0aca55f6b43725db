/** Authentication and registration of third-party providers, bound to one sandbox. */
import { XsError } from '../../contract/index.js';
import type { SandboxContext } from '../context.js';
import type { ProviderIdentity } from '../rules/identity.js';
import type { ProviderRecord } from '../store/data.js';
import { registration } from '../rules/providers.js';
import { isAuthorised } from '../rules/register.js';

/** What the functions here read of their world's context: the type lets them reach nothing else. */
export type ProvidersContext = Pick<SandboxContext, 'store' | 'clock' | 'events' | 'registerFixture' | 'bank'>;

/** Refuses a provider whose authorisation the regulator has withdrawn; checked on every request. */
export function requireAuthorised(
  ctx: Pick<ProvidersContext, 'store' | 'registerFixture'>,
  identity: ProviderIdentity,
): ProviderIdentity {
  if (
    !isAuthorised(
      ctx.registerFixture,
      ctx.store.get('registerDecisions', identity.organizationIdentifier),
      identity.organizationIdentifier,
    )
  ) {
    // 403 whatever status a bank profile gives ROLE_INVALID: the spec's 403 class is "registration does not permit".
    throw new XsError('ROLE_INVALID', {
      status: 403,
      text: "The provider's authorisation has been withdrawn by its competent authority.",
    });
  }
  return identity;
}

/** First sight registers the provider; a changed certificate updates the record. */
export function recordProvider(
  ctx: Pick<ProvidersContext, 'store' | 'clock' | 'events' | 'bank'>,
  identity: ProviderIdentity,
): Promise<void> {
  return ctx.bank.transact((uow) => {
    const existing = ctx.store.get('providers', identity.organizationIdentifier);
    const record = registration(existing, identity, ctx.clock.now());
    if (!record) return;
    uow.put('providers', record.organizationIdentifier, record);
    if (!existing) {
      uow.afterCommit(() =>
        ctx.events.emit('provider-registered', {
          organizationIdentifier: record.organizationIdentifier,
          name: record.name,
          roles: record.roles,
        }),
      );
    }
  });
}

/**
 * recordProvider for every API request: no unit of work while the stored record says what the
 * certificate says (the usual case, answered without a promise). An identity is read once per
 * connection; one found equal to a record is not compared again while the store answers that same
 * record (in memory it does until the record is replaced; a data file answers a fresh copy).
 */
export function providerRecorder(
  ctx: Pick<ProvidersContext, 'store' | 'clock' | 'events' | 'bank'>,
): (identity: ProviderIdentity) => Promise<void> | undefined {
  const confirmed = new WeakMap<ProviderIdentity, ProviderRecord>();
  return (identity) => {
    const stored = ctx.store.get('providers', identity.organizationIdentifier);
    if (stored === undefined) return recordProvider(ctx, identity);
    if (confirmed.get(identity) === stored) return undefined;
    if (registration(stored, identity, ctx.clock.now()) !== undefined) return recordProvider(ctx, identity);
    confirmed.set(identity, stored);
    return undefined;
  };
}
