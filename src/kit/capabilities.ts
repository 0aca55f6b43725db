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
  clock: 'control of the target clock',
  control: 'a control API (revoke as the customer, book a transaction)',
  'second-provider': 'a second provider certificate',
  'provider-without-cof': 'a provider certificate without the PSP_IC role',
  'callback-receiver': 'a callback receiver the target can reach',
  'second-psu': 'a second customer who holds none of the first customer’s accounts',
  'callback-endpoint': 'the revocation-callback endpoints (/v1/revocation-callback)',
} as const;
export type Capability = keyof typeof CAPABILITIES;
