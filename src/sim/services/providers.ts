/** Authentication and registration of third-party providers, bound to one sandbox. */
import { XsError } from '../../contract/index.js';
import type { SandboxContext } from '../context.js';
import type { ProviderIdentity } from '../rules/identity.js';
import type { ProviderRecord } from '../store/data.js';
import { registration } from '../rules/providers.js';
import { isAuthorised } from '../rules/register.js';

/** Refuses a provider whose authorisation the regulator has withdrawn; checked on every request. */
export function requireAuthorised(ctx: SandboxContext, identity: ProviderIdentity): ProviderIdentity {
  if (!isAuthorised(ctx.registerFixture, ctx.store.data.registerDecisions, identity.organizationIdentifier)) {
    // 403 whatever status a bank profile gives ROLE_INVALID: the spec's 403 class is "registration does not permit".
    throw new XsError('ROLE_INVALID', {
      status: 403,
      text: "The provider's authorisation has been withdrawn by its competent authority.",
    });
  }
  return identity;
}

/** First sight registers the provider; a changed certificate updates the record. */
export function recordProvider(ctx: SandboxContext, identity: ProviderIdentity): Promise<void> {
  return ctx.bank.transact((uow) => {
    const existing = uow.data.providers[identity.organizationIdentifier];
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
 * recordProvider for every API request. An identity is read once per connection and a record
 * changes only through recordProvider, so an identity already found equal to the stored record is
 * not compared again until that record is replaced (another certificate of the organisation, a reset).
 */
export function providerRecorder(ctx: SandboxContext): (identity: ProviderIdentity) => Promise<void> | undefined {
  const confirmed = new WeakMap<ProviderIdentity, ProviderRecord>();
  return (identity) => {
    const stored = ctx.store.data.providers[identity.organizationIdentifier];
    if (stored !== undefined && confirmed.get(identity) === stored) return undefined;
    return recordProvider(ctx, identity).then(() => {
      const record = ctx.store.data.providers[identity.organizationIdentifier];
      if (record) confirmed.set(identity, record);
    });
  };
}
