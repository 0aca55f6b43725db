/**
 * First sight registers a provider (spec "Access and registration" 1): no application, no queue.
 * A later certificate of the same organisation with other roles or name updates the record.
 */
import type { ProviderRecord } from '../store/data.js';
import type { ProviderIdentity } from './identity.js';

/** The record to store, or undefined when the stored one already says the same. */
export function registration(
  existing: ProviderRecord | undefined,
  identity: ProviderIdentity,
  now: Date,
): ProviderRecord | undefined {
  const roles = [...identity.roles].sort();
  if (
    existing &&
    existing.name === identity.name &&
    existing.roles.join() === roles.join() &&
    existing.nca?.id === identity.nca?.id &&
    existing.nca?.name === identity.nca?.name
  ) {
    return undefined;
  }
  const at = now.toISOString();
  return {
    organizationIdentifier: identity.organizationIdentifier,
    name: identity.name,
    roles,
    nca: identity.nca,
    registeredAt: existing?.registeredAt ?? at,
    updatedAt: at,
  };
}
