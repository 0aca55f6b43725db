/**
 * The regulator register (spec "Access and registration" 2): a provider whose home regulator has
 * withdrawn its authorisation loses access at once. The sandbox checks on every request (the
 * spec's check interval is not shown). Providers the register does not list are authorised: the
 * sandbox accepts any test QWAC.
 */
import type { RegisterFixture } from '../seed/fixtures.js';
import type { RegisterDecision } from '../store/data.js';

export function isAuthorised(
  fixture: RegisterFixture,
  decision: RegisterDecision | undefined,
  organizationIdentifier: string,
): boolean {
  if (decision) return decision.authorised;
  const listed = fixture.providers.find((entry) => entry.organizationIdentifier === organizationIdentifier);
  return listed ? listed.authorised : true;
}
