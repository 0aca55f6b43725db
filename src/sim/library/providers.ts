/** `sandbox.provider(name)`: more providers, each a QWAC issued by the sandbox CA on first use (then reused by name). */
import { readFileSync } from 'node:fs';
import {
  isPspRole,
  issueQwac,
  parseOrganizationIdentifier,
  PSP_ROLES,
  type CertificatePaths,
  type PspRole,
} from '../../certs/index.js';
import { recordIssued } from '../../certs/ca-folder.js';
import { SandboxError } from './errors.js';
import { boundFetch, type SandboxFetch, type SandboxTls } from './fetch.js';

export interface SandboxProvider {
  readonly name: string;
  readonly organizationIdentifier: string;
  readonly roles: readonly PspRole[];
  /** Its QWAC's serial number (lowercase hex): what `sandbox.pki.revoke()` and the control API's certificate calls name. */
  readonly serialNumber: string;
  readonly tls: SandboxTls;
  readonly fetch: SandboxFetch;
}

export interface ProviderOptions {
  /** PSD2 roles in the QWAC: `PSP_AI`, `PSP_PI`, `PSP_IC`, `PSP_AS`; all three services by default. */
  roles?: readonly PspRole[];
  /** The eIDAS organizationIdentifier, e.g. `PSDDE-BAFIN-654321`; derived from the name by default. */
  orgId?: string;
}

/** A six-digit registration number from a name, so `provider('b')` is the same provider in every run. */
function numberFor(name: string): string {
  let hash = 0;
  for (const char of name) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) >>> 0;
  // Kept away from 123456, the default provider's number.
  return String(200_000 + (hash % 700_000));
}

export function providerFactory(
  apiUrl: string,
  paths: CertificatePaths,
): (name: string, options?: ProviderOptions) => Promise<SandboxProvider> {
  const made = new Map<string, SandboxProvider>();
  return async (name, given) => {
    if (typeof name !== 'string' || name.trim() === '')
      throw new SandboxError('FORMAT_ERROR', 'provider(): name: give the provider a name.', 'name');
    const options: ProviderOptions = given ?? {};
    const roles = options.roles ?? ['PSP_AI', 'PSP_PI', 'PSP_IC'];
    // A list is checked before it is searched: `roles: 'PSP_AI'` is refused, not a TypeError.
    const unknown = Array.isArray(roles) ? roles.find((role) => !isPspRole(role)) : roles;
    if (!Array.isArray(roles) || roles.length === 0 || unknown !== undefined) {
      throw new SandboxError(
        'FORMAT_ERROR',
        `provider(): roles: ${unknown === undefined ? 'give at least one role' : `unknown role "${String(unknown)}"`} (known: ${Object.keys(PSP_ROLES).join(', ')}).`,
        'roles',
      );
    }
    const orgId = options.orgId ?? `PSDDE-BAFIN-${numberFor(name)}`;
    try {
      parseOrganizationIdentifier(orgId);
    } catch (error) {
      throw new SandboxError(
        'FORMAT_ERROR',
        `provider(): orgId: ${error instanceof Error ? error.message : String(error)}`,
        'orgId',
      );
    }
    const existing = made.get(name);
    if (existing) {
      const same =
        (options.orgId === undefined || options.orgId === existing.organizationIdentifier) &&
        (options.roles === undefined || [...roles].sort().join() === [...existing.roles].sort().join());
      if (!same)
        throw new SandboxError(
          'FORMAT_ERROR',
          `provider(): "${name}" exists with other roles or another orgId; use another name.`,
          'name',
        );
      return existing;
    }
    const ca = { cert: readFileSync(paths.caCert, 'utf8'), key: readFileSync(paths.caKey, 'utf8') };
    // EC keys: quick to make; a provider differs from another only by its identity.
    const pair = issueQwac({ ca, name, organizationIdentifier: orgId, roles: [...roles], keyType: 'ec' });
    const tls: SandboxTls = { ca: Buffer.from(ca.cert), cert: Buffer.from(pair.cert), key: Buffer.from(pair.key) };
    // The CA keeps what it issued (the certificate, never the key), so OCSP knows it and it can be revoked.
    const serialNumber = recordIssued(paths.dir, pair.cert);
    const provider: SandboxProvider = {
      name,
      organizationIdentifier: orgId,
      roles: [...roles],
      serialNumber,
      tls,
      fetch: boundFetch(apiUrl, tls),
    };
    made.set(name, provider);
    return provider;
  };
}
