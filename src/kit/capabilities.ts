/**
 * The capabilities a target may offer. Its own file, below the scenario model and the target
 * interface alike, so neither needs the other to name one.
 */

/**
 * What a target may or may not offer. A scenario needing one the target lacks is SKIPPED with the
 * reason, never dropped and never failed.
 */
export const CAPABILITIES = {
  sca: 'an SCA driver that can act as the customer (approve or decline)',
  'sca-wrong-code': 'an SCA driver that can enter a wrong one-time code before the right one (the sim driver)',
  'sca-review-page': 'an SCA driver that reads the page the customer decides on (the sim driver)',
  clock: 'control of the target clock',
  control: 'a control API (revoke as the customer, book a transaction)',
  'second-provider': 'a second provider certificate',
  'provider-without-cof': 'a provider certificate without the PSP_IC role',
  'renamed-provider':
    'a certificate of the provider’s own organisation (its organizationIdentifier) under another organisation name, as after the company changed its name',
  'callback-receiver': 'a callback receiver the target can reach',
  'second-psu': 'a second customer who holds none of the first customer’s accounts',
  'closed-account': 'the IBAN of a closed account of the service (ibans.closed)',
  'held-account': 'the IBAN of an account of the service under a compliance hold (ibans.held)',
  'callback-endpoint': 'the revocation-callback endpoints (/v1/revocation-callback)',
  'refused-certificates':
    'client certificates the target must refuse: untrusted issuer, expired, not yet valid, without organizationIdentifier, without PSD2 roles, with only an unknown PSD2 role, and a provider the register lists as withdrawn',
  'revoked-certificates':
    'client certificates its CA has revoked or suspended, for a target that checks revocation (OCSP or CRL) before it serves a request',
} as const;
export type Capability = keyof typeof CAPABILITIES;

/**
 * The kinds of certificate a target must refuse (capability `refused-certificates`), each with what
 * it is: a target may offer any of them.
 */
export const REFUSED_CERTIFICATES = {
  untrusted: 'a QWAC issued by a certificate authority the target does not trust',
  expired: 'a QWAC whose validity ended',
  notYetValid: 'a QWAC whose validity has not begun',
  withoutOrganizationId: 'a certificate of the trusted CA without organizationIdentifier',
  withoutRoles: 'a certificate of the trusted CA without PSD2 role attributes',
  unknownRoles: 'a certificate of the trusted CA whose PSD2 statement names only a role the interface does not know',
  withdrawn: 'a QWAC of a provider the regulator register lists as withdrawn',
  seal: 'a seal certificate (QSealC, QcType eseal) of the trusted CA, also marked for TLS client use, presented as the QWAC',
} as const;
export type RefusedCertificate = keyof typeof REFUSED_CERTIFICATES;

/**
 * The certificates a target that checks revocation must refuse (capability `revoked-certificates`):
 * valid in every other way, but revoked or suspended by their CA. Only the target's CA can make
 * them, so a bank names its own; the simulator's are revoked through its test CA.
 */
export const REVOKED_CERTIFICATES = {
  revoked: 'a QWAC its certificate authority has revoked (keyCompromise)',
  suspended: 'a QWAC its certificate authority has suspended (certificateHold)',
} as const;
export type RevokedCertificate = keyof typeof REVOKED_CERTIFICATES;
