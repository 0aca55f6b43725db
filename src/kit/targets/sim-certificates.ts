/**
 * The certificates `--target sim` presents besides the sandbox's default provider: a second provider,
 * one without the CoF role, and one of every kind the sandbox must refuse. Issuing them costs about
 * 120 ms (a second CA's RSA key above all), which a suite starting a sandbox per test pays every time;
 * so when the target is given a certificate folder to keep, they are kept there too, beside the
 * sandbox's own files, and issued again only when they no longer fit the folder's CA and provider or
 * the host clock has moved past what their dates were chosen to mean.
 */
import { X509Certificate } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { ALL_TPP_ROLES, createCa, issueQwac, readQwacPem, writeFileAtomic, type PemPair } from '../../certs/index.js';
import { DAY_MS } from '../../contract/dates.js';
import { REFUSED_CERTIFICATES, type RefusedCertificate } from '../capabilities.js';
import type { ClientCertificate } from '../client.js';

/**
 * The register fixture (`fixtures/register.json`) lists this provider as not authorised: a QWAC
 * naming it is refused from its first request on.
 */
export const WITHDRAWN_ORGANIZATION_ID = 'PSDDE-BAFIN-999000';

/** The file in a kept certificate folder beside the sandbox's own. */
export const KIT_CERTIFICATES_FILE = 'conformance-certificates.json';

/**
 * A kept certificate must stay what it was issued as for a whole run, not just at start: one still
 * valid must not expire, and the not-yet-valid one must not begin, within this margin.
 */
const RUN_MARGIN_MS = DAY_MS;

/** The organisation name of the default provider's renamed certificate (`renamedProvider`). */
export const RENAMED_PROVIDER_NAME = 'Conformance Renamed TPP';

export interface KitCertificates {
  secondProvider: ClientCertificate;
  providerWithoutCof: ClientCertificate;
  renamedProvider: ClientCertificate;
  refusedCertificates: Record<RefusedCertificate, ClientCertificate>;
}

/**
 * One certificate of every kind the sandbox must refuse. Validity is judged by TLS against the host
 * clock, never the sandbox clock, so the expired and the not-yet-valid ones are dated in real time.
 * All but the withdrawn one and the one without organizationIdentifier name the default provider,
 * so a target that served them would act for that provider (and a scenario can see it). The withdrawn
 * one names a provider the bank's register lists as withdrawn (this sandbox's fixture by default).
 */
export async function issueRefusedCertificates(
  ca: PemPair,
  provider: Pick<ClientCertificate, 'cert'>,
  withdrawnOrganizationId = WITHDRAWN_ORGANIZATION_ID,
): Promise<Record<RefusedCertificate, ClientCertificate>> {
  const organizationIdentifier = readQwacPem(provider.cert).organizationIdentifier!;
  const now = Date.now();
  const base = {
    name: 'Conformance Refused TPP',
    organizationIdentifier,
    roles: ALL_TPP_ROLES,
    keyType: 'ec' as const,
  };
  const otherCa = await createCa();
  return {
    untrusted: issueQwac({ ...base, ca: otherCa }),
    expired: issueQwac({ ...base, ca, notBefore: new Date(now - 400 * DAY_MS), notAfter: new Date(now - DAY_MS) }),
    notYetValid: issueQwac({
      ...base,
      ca,
      notBefore: new Date(now + 30 * DAY_MS),
      notAfter: new Date(now + 400 * DAY_MS),
    }),
    withoutOrganizationId: issueQwac({ ...base, ca, withOrganizationIdentifier: false }),
    withoutRoles: issueQwac({ ...base, ca, withPsd2Statement: false }),
    // The statement is there, but its one role is no PSD2 role (an OID beside ETSI's four).
    unknownRoles: issueQwac({ ...base, ca, statementRoles: [{ oid: '0.4.0.19495.1.9', name: 'PSP_XX' }] }),
    withdrawn: issueQwac({
      ...base,
      ca,
      name: 'Withdrawn Test TPP',
      organizationIdentifier: withdrawnOrganizationId,
    }),
    // A QSealC with every PSD2 role, marked for TLS client use so the handshake itself accepts it:
    // only its QcType (eseal, not web) says it is no QWAC. A provider that configures its seal
    // certificate for the channel makes exactly this mistake.
    seal: issueQwac({ ...base, ca, kind: 'qseal', sealWithTlsUse: true }),
  };
}

/**
 * A second provider (another organisation, every role) and one without PSP_IC, both unlisted in any
 * register. `owner`: the organisation whose world they will be admitted into, on a target that keeps
 * each organisation's world apart; their identifiers are derived from it (`…-2`, `…-3`), so the extra
 * providers of two worlds are never one organisation.
 */
export function issueExtraProviders(
  ca: PemPair,
  owner?: string,
): Pick<KitCertificates, 'secondProvider' | 'providerWithoutCof'> {
  // EC keys: quick to make, and a second provider differs from the first only by its identity.
  return {
    secondProvider: issueQwac({
      ca,
      name: 'Conformance Second TPP',
      organizationIdentifier: owner ? `${owner}-2` : 'PSDDE-BAFIN-654321',
      roles: ALL_TPP_ROLES,
      keyType: 'ec',
    }),
    providerWithoutCof: issueQwac({
      ca,
      name: 'Conformance AIS PIS TPP',
      organizationIdentifier: owner ? `${owner}-3` : 'PSDDE-BAFIN-654322',
      roles: ['PSP_AI', 'PSP_PI'],
      keyType: 'ec',
    }),
  };
}

/**
 * The provider's own organisation (its organizationIdentifier and roles) under another organisation
 * name, as a certificate renewed after the company changed its name: the name a customer is shown
 * must follow (spec "Behaviour notes: Consents" 5).
 */
export function issueRenamedProvider(ca: PemPair, provider: Pick<ClientCertificate, 'cert'>): ClientCertificate {
  const identity = readQwacPem(provider.cert);
  return issueQwac({
    ca,
    name: RENAMED_PROVIDER_NAME,
    organizationIdentifier: identity.organizationIdentifier!,
    roles: identity.roles,
    keyType: 'ec',
  });
}

export async function issueKitCertificates(ca: PemPair, provider: ClientCertificate): Promise<KitCertificates> {
  return {
    ...issueExtraProviders(ca),
    renamedProvider: issueRenamedProvider(ca, provider),
    refusedCertificates: await issueRefusedCertificates(ca, provider),
  };
}

const pair = z.object({ cert: z.string(), key: z.string() }).strict();
const keptFile = z
  .object({
    // Which CA and default provider they were issued for: a folder whose CA was replaced makes them stale.
    ca: z.string(),
    provider: z.string(),
    secondProvider: pair,
    providerWithoutCof: pair,
    renamedProvider: pair,
    refusedCertificates: z
      .object(
        Object.fromEntries(Object.keys(REFUSED_CERTIFICATES).map((kind) => [kind, pair])) as Record<
          RefusedCertificate,
          typeof pair
        >,
      )
      .strict(),
  })
  .strict();

/** Whether the host clock has left each certificate what it was issued as, for a run starting at `now`. */
function stillFit(kept: KitCertificates, now: number): boolean {
  const window = (certificate: ClientCertificate) => {
    const x509 = new X509Certificate(certificate.cert);
    return { from: Date.parse(x509.validFrom), to: Date.parse(x509.validTo) };
  };
  const valid = (certificate: ClientCertificate) => {
    const { from, to } = window(certificate);
    return from <= now && now + RUN_MARGIN_MS < to;
  };
  const { expired, notYetValid, ...others } = kept.refusedCertificates;
  return (
    window(expired).to < now &&
    window(notYetValid).from > now + RUN_MARGIN_MS &&
    [kept.secondProvider, kept.providerWithoutCof, kept.renamedProvider, ...Object.values(others)].every(valid)
  );
}

async function readKept(
  file: string,
  ca: PemPair,
  provider: ClientCertificate,
  now: number,
): Promise<KitCertificates | undefined> {
  try {
    const parsed = keptFile.safeParse(JSON.parse(await readFile(file, 'utf8')));
    if (!parsed.success || parsed.data.ca !== ca.cert || parsed.data.provider !== provider.cert) return undefined;
    const { secondProvider, providerWithoutCof, renamedProvider, refusedCertificates } = parsed.data;
    const kept = { secondProvider, providerWithoutCof, renamedProvider, refusedCertificates };
    return stillFit(kept, now) ? kept : undefined;
  } catch {
    // Missing, unreadable, not JSON, or a certificate that does not parse: issue them again.
    return undefined;
  }
}

/** The kit's certificates for the folder `dir`: those kept there when they still fit, else new ones, kept for next time. */
export async function keptKitCertificates(
  dir: string,
  ca: PemPair,
  provider: ClientCertificate,
): Promise<KitCertificates> {
  const file = join(dir, KIT_CERTIFICATES_FILE);
  const kept = await readKept(file, ca, provider, Date.now());
  if (kept) return kept;
  const issued = await issueKitCertificates(ca, provider);
  // Readable by its owner only: it holds private keys. Atomic, for another worker on the same folder.
  await writeFileAtomic(file, JSON.stringify({ ca: ca.cert, provider: provider.cert, ...issued }), 0o600);
  return issued;
}
