/**
 * IBAN rules of the spec's AccountReference: the pattern is necessary, not sufficient; the
 * country's declared length and the MOD 97-10 checksum (ISO 13616) are checked too.
 */
export const IBAN_PATTERN = /^[A-Z]{2}[0-9]{2}[A-Z0-9]{4,30}$/;

/** Declared IBAN lengths per country (SWIFT IBAN registry). */
export const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AD: 24,
  AE: 23,
  AL: 28,
  AT: 20,
  AZ: 28,
  BA: 20,
  BE: 16,
  BG: 22,
  BH: 22,
  BI: 27,
  BR: 29,
  BY: 28,
  CH: 21,
  CR: 22,
  CY: 28,
  CZ: 24,
  DE: 22,
  DJ: 27,
  DK: 18,
  DO: 28,
  EE: 20,
  EG: 29,
  ES: 24,
  FI: 18,
  FK: 18,
  FO: 18,
  FR: 27,
  GB: 22,
  GE: 22,
  GI: 23,
  GL: 18,
  GR: 27,
  GT: 28,
  HN: 28,
  HR: 21,
  HU: 28,
  IE: 22,
  IL: 23,
  IQ: 23,
  IS: 26,
  IT: 27,
  JO: 30,
  KW: 30,
  KZ: 20,
  LB: 28,
  LC: 32,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  LY: 25,
  MC: 27,
  MD: 24,
  ME: 22,
  MK: 19,
  MN: 20,
  MR: 27,
  MT: 31,
  MU: 30,
  NI: 28,
  NL: 18,
  NO: 15,
  OM: 23,
  PK: 24,
  PL: 28,
  PS: 29,
  PT: 25,
  QA: 29,
  RO: 24,
  RS: 22,
  RU: 33,
  SA: 24,
  SC: 31,
  SD: 18,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
  SO: 23,
  ST: 25,
  SV: 28,
  TL: 23,
  TN: 24,
  TR: 26,
  UA: 29,
  VA: 22,
  VG: 24,
  XK: 20,
  YE: 30,
};

export type IbanProblem = 'pattern' | 'country' | 'length' | 'checksum';

/** Remainder of the number formed by `digitsAndLetters` (A=10 … Z=35) modulo 97. */
function mod97(value: string): number {
  let remainder = 0;
  for (const char of value) {
    const code = char.charCodeAt(0);
    const digits = code >= 65 ? String(code - 55) : char;
    for (const digit of digits) remainder = (remainder * 10 + (digit.charCodeAt(0) - 48)) % 97;
  }
  return remainder;
}

/** Undefined when the IBAN is valid, otherwise which rule it breaks. */
export function ibanProblem(iban: string): IbanProblem | undefined {
  if (!IBAN_PATTERN.test(iban)) return 'pattern';
  const declared = IBAN_LENGTHS[iban.slice(0, 2)];
  if (declared === undefined) return 'country';
  if (iban.length !== declared) return 'length';
  if (mod97(iban.slice(4) + iban.slice(0, 4)) !== 1) return 'checksum';
  return undefined;
}

export function describeIbanProblem(problem: IbanProblem): string {
  switch (problem) {
    case 'pattern':
      return 'An IBAN is two capital letters, two check digits and 4 to 30 capital letters or digits, without spaces.';
    case 'country':
      return 'The IBAN names a country that has no IBAN format.';
    case 'length':
      return "The IBAN's length does not match its country's declared length.";
    case 'checksum':
      return 'The IBAN check digits are wrong (MOD 97-10).';
  }
}

/** Builds a valid IBAN from a country code and a BBAN by computing the check digits. */
export function makeIban(country: string, bban: string): string {
  const check = 98 - mod97(`${bban}${country}00`);
  return `${country}${String(check).padStart(2, '0')}${bban}`;
}
