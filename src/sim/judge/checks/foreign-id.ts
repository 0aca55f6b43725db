/**
 * CLIENT-FOREIGN-ID (spec "Authentication" 6: another provider's consent answers like an unknown
 * one; "Behaviour notes: Payments" 7-8: another provider's payment answers 404). The bank cannot
 * say the client mixed up its tenants without telling it that the id exists; the sandbox knows who
 * it gave each id to (from its change events) and says so in the report only.
 */
import type { Seen } from '../seen.js';
import { check, line } from './check.js';

const named = (seen: Seen) =>
  [
    ['consent', seen.consentId],
    ['payment', seen.paymentId],
    ['authorisation', seen.authorisationId],
  ] as const;

export const foreignId = check({
  rule: 'CLIENT-FOREIGN-ID',
  memory: () => undefined,
  judge(_memory, seen, { subjects }) {
    for (const [kind, id] of named(seen)) {
      if (id === undefined) continue;
      const owner = subjects.owner(id);
      if (owner === undefined || owner === seen.provider) continue;
      return {
        rule: 'CLIENT-FOREIGN-ID',
        detail: `${line(seen)} names ${kind} ${id}, which the sandbox gave another provider.`,
        ...(kind === 'consent' ? { consentId: id } : kind === 'payment' ? { paymentId: id } : {}),
      };
    }
    return undefined;
  },
});
