import { describe, expect, it } from 'vitest';
import { decodeEntryReference, encodeEntryReference } from './entry-reference.js';

describe('entry references', () => {
  it.each([1, 250, 1_000_000])('round-trips seq %i', (seq) => {
    expect(decodeEntryReference(encodeEntryReference(seq))).toBe(seq);
  });

  it('spells every seq with the same width and never as a bare number', () => {
    const references = [1, 250, 1_000_000].map(encodeEntryReference);
    expect(new Set(references.map((reference) => reference.length)).size).toBe(1);
    expect(references.every((reference) => !/^\d+$/.test(reference))).toBe(true);
  });

  it('gives different seqs different references', () => {
    expect(encodeEntryReference(249)).not.toBe(encodeEntryReference(250));
  });

  it.each([
    ['empty', ''],
    ['letters', 'abc'],
    ['a bare number', '250'],
    ['trailing characters', `${encodeEntryReference(250)}x`],
    ['leading characters', ` ${encodeEntryReference(250)}`],
    ['upper case', encodeEntryReference(1_000_000).toUpperCase()],
    ['a negative number', '-1'],
    ['a negative seq in reference form', `e-${'0'.repeat(7)}`],
    ['a float', '1.5'],
    ['a float in reference form', 'e00000.01'],
    ['seq zero', `e${'0'.repeat(8)}`],
    ['an absurdly long value', `e${'z'.repeat(10_000)}`],
  ])('rejects %s', (_name, value) => {
    expect(decodeEntryReference(value)).toBeUndefined();
  });

  it.each([0, -1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER])('refuses to encode %s', (seq) => {
    expect(() => encodeEntryReference(seq)).toThrow(RangeError);
  });
});
