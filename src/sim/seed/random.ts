/**
 * Deterministic randomness for the seed. faker's German locale entry exports one shared instance;
 * every generator here re-seeds it from (sandbox seed, purpose) right before a synchronous run,
 * so results depend only on those inputs, never on call order or on other sandboxes in the process.
 */
import { createHash } from 'node:crypto';
import { faker } from '@faker-js/faker/locale/de';

export type Faker = typeof faker;

export function seedFor(seed: number, ...parts: (string | number)[]): number {
  return createHash('sha256')
    .update([seed, ...parts].join('\u0000'))
    .digest()
    .readUInt32BE(0);
}

export function withFaker<T>(seed: number, parts: (string | number)[], run: (f: Faker) => T): T {
  faker.seed(seedFor(seed, ...parts));
  return run(faker);
}

/** Opaque, stable for the life of the account, and not the IBAN (spec: AccountDetails.resourceId). */
export function resourceIdFor(iban: string): string {
  return createHash('sha256').update(`account:${iban}`).digest('hex').slice(0, 24);
}
