/**
 * Berlin Group lets an AccountReference name an account by `bban`, `pan`, `maskedPan`, `msisdn` or
 * `other` instead of `iban`; this interface takes `iban` only (spec "AccountReference"), and card
 * accounts are outside it altogether ("What the service does"). A reference without an `iban` that
 * uses one of those is FORMAT_ERROR (a missing or malformed IBAN is FORMAT_ERROR too) at that field,
 * saying why, so a client written to Berlin Group learns what to change instead of "iban: expected
 * string".
 */
import { XsError } from './errors.js';
import { isObject } from './parse.js';

const WHY: Readonly<Record<string, string>> = {
  maskedPan: 'card accounts are outside this interface (EUR/SEPA accounts only)',
  pan: 'card accounts are outside this interface (EUR/SEPA accounts only)',
  bban: 'accounts are named by IBAN only',
  msisdn: 'accounts are named by IBAN only',
  other: 'accounts are named by IBAN only',
};

/** Throws for the first reference at `path` (a dot-notated location) that names its account by something other than an IBAN. */
export function refuseOtherAccountIdentifiers(references: readonly [path: string, value: unknown][]): void {
  for (const [path, reference] of references) {
    if (!isObject(reference) || reference.iban !== undefined) continue;
    const used = Object.keys(WHY).find((field) => reference[field] !== undefined);
    if (used)
      throw new XsError('FORMAT_ERROR', {
        path: `${path}.${used}`,
        text: `${path}.${used}: ${WHY[used]}; name the account by its iban.`,
      });
  }
}

/** The account references of a consent's access lists, with their paths (`access.balances.0`). */
export function accessReferences(access: unknown): [string, unknown][] {
  if (!isObject(access)) return [];
  return (['accounts', 'balances', 'transactions'] as const).flatMap((list) => {
    const items = access[list];
    return Array.isArray(items) ? items.map((item, i): [string, unknown] => [`access.${list}.${i}`, item]) : [];
  });
}
