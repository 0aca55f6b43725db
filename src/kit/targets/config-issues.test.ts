import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { issueInConfigWords, jsonSyntaxMessage, lineAndColumn, nearestKey } from './config-issues.js';

const parseError = (text: string) => {
  try {
    JSON.parse(text);
  } catch (error) {
    return jsonSyntaxMessage(text, error);
  }
  throw new Error('parsed');
};

describe('config diagnostics in the config’s own words', () => {
  it('a JSON syntax error names its line and column, not a character offset', () => {
    expect(parseError('{\n  "ca": "ca.pem"\n  "provider": {}\n}')).toBe(
      "line 3, column 3: not valid JSON (Expected ',' or '}' after property value)",
    );
    expect(parseError('{\n  "ca": ')).toBe('line 2, column 9: not valid JSON (Unexpected end of JSON input)');
    expect(lineAndColumn('ab\ncd', 4)).toEqual({ line: 2, column: 2 });
  });

  it('a typo of a key suggests the nearest known key; a key far from all lists the keys there', () => {
    expect(nearestKey('secondProvder', ['provider', 'secondProvider', 'ca'])).toBe('secondProvider');
    expect(nearestKey('controlURL', ['controlUrl', 'controlToken'])).toBe('controlUrl');
    expect(nearestKey('banana', ['provider', 'ca'])).toBeUndefined();
    const schema = z.strictObject({
      ca: z.string(),
      psu: z.strictObject({ id: z.string(), password: z.string() }).optional(),
      sca: z.strictObject({ driver: z.enum(['sim', 'manual']) }).optional(),
    });
    const words = (input: unknown) =>
      schema.safeParse(input).error!.issues.map((issue) => issueInConfigWords(schema, issue, input));
    expect(words({ ca: 'x', psu: { id: 'a', pasword: 'b' } })).toEqual([
      '"psu.password" is missing: give a string',
      '"psu.pasword" is not a key of the config; did you mean "psu.password"?',
    ]);
    expect(words({ ca: 'x', banana: 1 })).toEqual([
      '"banana" is not a key of the config; the keys at the top are "ca", "psu", "sca"',
    ]);
    expect(words({ ca: 5 })).toEqual(['"ca" must be a string, not number 5']);
    expect(words({ ca: 'x', sca: { driver: 'robot' } })).toEqual([
      '"sca.driver" must be one of "sim", "manual", not "robot"',
    ]);
  });
});
