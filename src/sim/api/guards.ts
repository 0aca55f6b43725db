/** What a row of the endpoint table requires of the provider (its `requires`), checked by the lifecycle's `guard` stage. */
import type { PspRole } from '../../certs/index.js';
import { XsError } from '../../contract/index.js';
import type { Guard } from './call.js';

/**
 * The PSD2 role a service needs (spec "Authentication" 4): PSP_IC for confirmation of funds as the
 * spec says; PSP_AI for account information and PSP_PI for payments (the spec leaves these open).
 */
export function requireRole(role: PspRole): Guard {
  return (identity) => {
    if (!identity.roles.includes(role)) {
      throw new XsError('ROLE_INVALID', {
        text: `This service needs the role ${role} in the certificate's PSD2 statement.`,
      });
    }
  };
}
