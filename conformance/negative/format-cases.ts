/**
 * Format rules attacked class by class, in every request body that carries the type: each class of
 * malformed IBAN in each of the seven places an account reference is sent, each class of malformed
 * amount in each instructed amount, each foreign currency in each place a currency appears. Ids are
 * derived from the place and the class, so adding one never renumbers another; the few rows that
 * predate the table keep their old ids.
 */
import { makeIban } from '../../src/contract/index.js';
import type { NegativeCase, PathExpectation, Refusal } from './engine.js';
import type { RequestKind } from './requests.js';

type Body = Record<string, any>;

/** A place a value of one type is sent: how to put a value there, made from the valid one. */
interface Place {
  id: string;
  kind: RequestKind;
  /** The field as a refusal names it. */
  path: PathExpectation;
  set(body: Body, make: (valid: any) => unknown): void;
}

/** A place an account reference is sent. */
interface AccountPlace extends Place {
  /** The reference object the IBAN sits in (after `set`), for a change to its other members. */
  reference(body: Body): Body;
}

const inList =
  (list: 'accounts' | 'balances' | 'transactions'): Place['set'] =>
  (body, make) => {
    const valid = body.access.balances[0].iban as string;
    body.access = { [list]: [{ iban: make(valid) }] };
  };
const listPath = (list: string): PathExpectation => ({ startsWith: `access.${list}`, endsWith: 'iban' });
const inListPlace = (id: string, list: 'accounts' | 'balances' | 'transactions'): AccountPlace => ({
  id,
  kind: 'consent',
  path: listPath(list),
  set: inList(list),
  reference: (body) => body.access[list][0],
});
/** The reference in the member `name` of the body. */
const memberPlace = (id: string, kind: RequestKind, name: string): AccountPlace => ({
  id,
  kind,
  path: `${name}.iban`,
  set: (body, make) => (body[name].iban = make(body[name].iban)),
  reference: (body) => body[name],
});

export const IBAN_PLACES: readonly AccountPlace[] = [
  inListPlace('CONSENT-ACCOUNTS', 'accounts'),
  inListPlace('CONSENT-BALANCES', 'balances'),
  inListPlace('CONSENT-TRANSACTIONS', 'transactions'),
  memberPlace('COF-CONSENT-ACCOUNT', 'cof-consent', 'account'),
  memberPlace('FUNDS-ACCOUNT', 'funds', 'account'),
  memberPlace('PAYMENT-DEBTOR', 'payment', 'debtorAccount'),
  memberPlace('PAYMENT-CREDITOR', 'payment', 'creditorAccount'),
];

/** A place as titles name it: `payment creditor`. */
const placeName = (place: Place) => place.id.toLowerCase().replace(/-/g, ' ');

/** A class of malformed value, made from the valid one. */
interface ValueClass {
  id: string;
  what: string;
  make(valid: any): unknown;
}

export const IBAN_CLASSES: readonly ValueClass[] = [
  {
    id: 'CHECKSUM',
    what: 'wrong check digits (MOD 97-10)',
    make: (iban: string) => `${iban.slice(0, 2)}${iban.slice(2, 4) === '00' ? '01' : '00'}${iban.slice(4)}`,
  },
  { id: 'TOO-LONG', what: 'one character more than its country declares', make: (iban: string) => `${iban}0` },
  { id: 'TOO-SHORT', what: 'one character less than its country declares', make: (iban: string) => iban.slice(0, -1) },
  {
    id: 'COUNTRY',
    what: 'a country code without an IBAN format (valid check digits)',
    make: (iban: string) => makeIban('QQ', iban.slice(4)),
  },
  { id: 'LOWER-CASE', what: 'lower-case letters', make: (iban: string) => iban.toLowerCase() },
  {
    id: 'GROUPED',
    what: 'spaces every four characters (the printed form)',
    make: (iban: string) => iban.replace(/(.{4})(?!$)/g, '$1 '),
  },
  { id: 'PADDED', what: 'a space before and after', make: (iban: string) => ` ${iban} ` },
  { id: 'PUNCTUATION', what: 'a hyphen inside', make: (iban: string) => `${iban.slice(0, 8)}-${iban.slice(8)}` },
  {
    id: 'CHECK-LETTERS',
    what: 'letters in place of the check digits',
    make: (iban: string) => `${iban.slice(0, 2)}AB${iban.slice(4)}`,
  },
  { id: 'PATTERN-SHORT', what: 'fewer characters than the pattern allows', make: (iban: string) => iban.slice(0, 7) },
  { id: 'EMPTY', what: 'an empty string', make: () => '' },
  { id: 'NUMBER', what: 'a JSON number', make: () => 1234567890 },
  // JSON.stringify leaves out a member whose value is undefined: the reference arrives without iban.
  { id: 'MISSING', what: 'no iban member at all', make: () => undefined },
];

/** A place an instructed amount is sent. */
export const AMOUNT_PLACES: readonly Place[] = [
  {
    id: 'PAYMENT',
    kind: 'payment',
    path: 'instructedAmount.amount',
    set: (body, make) => (body.instructedAmount.amount = make(body.instructedAmount.amount)),
  },
  {
    id: 'INSTANT-PAYMENT',
    kind: 'instant-payment',
    path: 'instructedAmount.amount',
    set: (body, make) => (body.instructedAmount.amount = make(body.instructedAmount.amount)),
  },
  {
    id: 'FUNDS',
    kind: 'funds',
    path: 'instructedAmount.amount',
    set: (body, make) => (body.instructedAmount.amount = make(body.instructedAmount.amount)),
  },
];

export const AMOUNT_CLASSES: readonly ValueClass[] = [
  { id: 'ZERO', what: '"0" (matches the pattern, not greater than zero)', make: () => '0' },
  { id: 'ZERO-DECIMALS', what: '"0.00"', make: () => '0.00' },
  { id: 'ZERO-ONE-DECIMAL', what: '"0.0"', make: () => '0.0' },
  { id: 'ZERO-DIGITS', what: '"000"', make: () => '000' },
  { id: 'NEGATIVE', what: 'a minus sign', make: () => '-1.00' },
  { id: 'PLUS', what: 'a plus sign', make: () => '+1.00' },
  { id: 'THREE-DECIMALS', what: 'three decimals', make: () => '1.234' },
  { id: 'COMMA', what: 'a decimal comma', make: () => '1,50' },
  { id: 'THOUSANDS', what: 'a thousands separator', make: () => '1,000.00' },
  { id: 'EXPONENT', what: 'an exponent', make: () => '1e3' },
  { id: 'LEADING-POINT', what: 'no digit before the point', make: () => '.50' },
  { id: 'TRAILING-POINT', what: 'no digit after the point', make: () => '5.' },
  { id: 'SPACES', what: 'spaces around it', make: () => ' 1.00 ' },
  { id: 'EMPTY', what: 'an empty string', make: () => '' },
  { id: 'WORD', what: 'a word', make: () => 'ten' },
  { id: 'NUMBER', what: 'a JSON number, never allowed for amounts', make: () => 1.5 },
];

/** Rows that predate the table: same change, old id kept (ids are never renumbered). */
const LEGACY: Record<string, string> = {
  'FMT-IBAN-PAYMENT-CREDITOR-CHECKSUM': 'PIS-INIT-002',
  'FMT-IBAN-CONSENT-BALANCES-CHECKSUM': 'AIS-CONSENT-003',
  'FMT-IBAN-PAYMENT-DEBTOR-CHECKSUM': 'PIS-INIT-007',
  'FMT-AMOUNT-PAYMENT-ZERO': 'PIS-INIT-003',
  'FMT-AMOUNT-PAYMENT-THREE-DECIMALS': 'PIS-INIT-006',
};

function matrix(
  type: 'IBAN' | 'AMOUNT',
  places: readonly Place[],
  classes: readonly ValueClass[],
  rules: (place: Place, kind: ValueClass) => readonly string[],
  expect: Refusal,
): NegativeCase[] {
  return places.flatMap((place) =>
    classes.map((kind) => {
      const id = `FMT-${type}-${place.id}-${kind.id}`;
      const where = placeName(place);
      return {
        id: LEGACY[id] ?? id,
        rules: rules(place, kind),
        title: `${type === 'IBAN' ? 'An IBAN' : 'An amount'} with ${kind.what} (${where}) is refused with FORMAT_ERROR naming the field`,
        kind: place.kind,
        changes: [{ what: `${kind.what} (${where})`, body: (body) => place.set(body, kind.make) }],
        expect: { ...expect, path: place.path },
      };
    }),
  );
}

/** The IBAN rules each class breaks: presence, the pattern, the country's length, the checksum; and where it is sent. */
function ibanRules(place: Place, kind: Pick<ValueClass, 'id'>): readonly string[] {
  const broken =
    kind.id === 'MISSING'
      ? 'IBAN-1'
      : kind.id === 'CHECKSUM'
        ? 'IBAN-4'
        : kind.id === 'TOO-LONG' || kind.id === 'TOO-SHORT' || kind.id === 'COUNTRY'
          ? 'IBAN-3'
          : 'IBAN-2';
  const where =
    place.id === 'PAYMENT-CREDITOR'
      ? ['PIS-INIT-9']
      : place.id === 'PAYMENT-DEBTOR'
        ? ['PIS-INIT-13']
        : place.kind === 'consent'
          ? ['AIS-CONSENT-11']
          : [];
  return [broken, ...where, 'ERR-5', 'ERR-2'];
}

/** The amount rules each class breaks; on a funds confirmation the same rules hold (AMOUNT-8). */
function amountRules(place: Place, kind: ValueClass): readonly string[] {
  const broken = kind.id.startsWith('ZERO')
    ? 'AMOUNT-7'
    : kind.id === 'NUMBER'
      ? 'AMOUNT-1'
      : kind.id === 'THREE-DECIMALS'
        ? 'AMOUNT-4'
        : kind.id === 'NEGATIVE' || kind.id === 'PLUS'
          ? 'AMOUNT-6'
          : 'AMOUNT-5';
  const where = place.kind === 'funds' ? ['AMOUNT-8'] : ['PIS-INIT-13'];
  return [broken, ...where, 'ERR-5', 'ERR-2'];
}

/**
 * Berlin Group lets an AccountReference name its account by one of these instead of `iban`; this
 * interface takes `iban` only, so each is a reference without its required member (IBAN-1) — the
 * refusal a bank written to the Berlin Group definition forgets. Made from the valid IBAN.
 */
const OTHER_IDENTIFIERS: readonly { field: string; make(iban: string): unknown }[] = [
  { field: 'maskedPan', make: () => '123456xxxxxx1234' },
  { field: 'pan', make: () => '5409050000000003' },
  { field: 'bban', make: (iban) => iban.slice(4) },
  { field: 'msisdn', make: () => '+49 170 1234567' },
  { field: 'other', make: (iban) => ({ identification: iban.slice(4), schemeNameCode: 'BBAN' }) },
];

/**
 * One row per place: the reference loses its `iban` and names the account by each other identifier
 * in turn. The code is held; the path is observed, since the interface names no field for a member
 * it does not define (the missing `iban` and the identifier sent in its place are both fair).
 */
function otherIdentifierRows(): NegativeCase[] {
  const fields = OTHER_IDENTIFIERS.map(({ field }) => field).join(', ');
  return IBAN_PLACES.map((place) => {
    const where = placeName(place);
    return {
      id: `FMT-IBAN-${place.id}-OTHER-IDENTIFIER`,
      // A reference without `iban` breaks the presence rule, whatever it carries instead.
      rules: ibanRules(place, { id: 'MISSING' }),
      title: `An account named by ${fields} instead of an IBAN (${where}) is refused with FORMAT_ERROR, the path observed`,
      kind: place.kind,
      changes: OTHER_IDENTIFIERS.map(({ field, make }) => ({
        what: `${field} instead of iban (${where})`,
        body: (body) => {
          let valid = '';
          place.set(body, (iban: string) => {
            valid = iban;
            return undefined;
          });
          Object.assign(place.reference(body), { [field]: make(valid) });
        },
      })),
      expect: { status: 400, code: 'FORMAT_ERROR', path: 'observed' },
    };
  });
}

export const formatCases: NegativeCase[] = [
  ...matrix('IBAN', IBAN_PLACES, IBAN_CLASSES, ibanRules, { status: 400, code: 'FORMAT_ERROR' }),
  ...otherIdentifierRows(),
  ...matrix('AMOUNT', AMOUNT_PLACES, AMOUNT_CLASSES, amountRules, { status: 400, code: 'FORMAT_ERROR' }),
];
