import { describe, expect, it } from 'vitest';
import { ibanProblem, makeIban } from './iban.js';

describe('IBAN rules', () => {
  it('accepts well-known valid IBANs of several countries', () => {
    for (const iban of [
      'DE89370400440532013000',
      'GB29NWBK60161331926819',
      'FR1420041010050500013M02606',
      'NL91ABNA0417164300',
      'NO9386011117947',
    ]) {
      expect(ibanProblem(iban), iban).toBeUndefined();
    }
  });

  it('names the broken rule: pattern, country, length, checksum', () => {
    expect(ibanProblem('de89370400440532013000')).toBe('pattern');
    expect(ibanProblem('DE89 3704 0044 0532 0130 00')).toBe('pattern');
    expect(ibanProblem('DE89')).toBe('pattern');
    expect(ibanProblem('ZZ89370400440532013000')).toBe('country');
    expect(ibanProblem('DE8937040044053201300')).toBe('length');
    expect(ibanProblem('DE88370400440532013000')).toBe('checksum');
  });

  it('builds IBANs whose check digits verify, including a leading zero check', () => {
    const iban = makeIban('DE', '123456780000000001');
    expect(iban).toMatch(/^DE\d{20}$/);
    expect(ibanProblem(iban)).toBeUndefined();
    expect(makeIban('DE', '370400440532013000')).toBe('DE89370400440532013000');
    const many = Array.from({ length: 200 }, (_, i) => makeIban('DE', `12345678${String(i).padStart(10, '0')}`));
    expect(many.every((iban) => ibanProblem(iban) === undefined)).toBe(true);
    expect(many.some((value) => value.startsWith('DE0'))).toBe(true);
  });
});
