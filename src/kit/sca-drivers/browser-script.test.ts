import { describe, expect, it } from 'vitest';
import { maskPosted } from './browser-record.js';
import { BrowserScriptSchema, expand, SIM_BROWSER_SCRIPT } from './browser-script.js';

describe('browser script', () => {
  it('accepts the default script of the simulator’s page as a config would give it', () => {
    expect(BrowserScriptSchema.parse(JSON.parse(JSON.stringify(SIM_BROWSER_SCRIPT)))).toEqual(SIM_BROWSER_SCRIPT);
  });

  it('refuses an unknown step, a step with two actions, an empty list and a pattern that is no regular expression, naming the place', () => {
    const issues = (script: unknown) =>
      BrowserScriptSchema.safeParse(script).error?.issues.map((issue) => issue.path.join('.'));
    expect(issues({ approve: [{ hover: '#a' }], decline: [{ click: '#b' }] })).toEqual(['approve.0']);
    expect(issues({ approve: [{ click: '#a', fill: '#b', with: 'x' }], decline: [{ click: '#b' }] })).toEqual([
      'approve.0',
    ]);
    expect(issues({ approve: [{ click: '#a' }], decline: [] })).toEqual(['decline']);
    expect(issues({ approve: [{ read: '#a', into: 'otp', pattern: '(' }], decline: [{ click: '#b' }] })).toEqual([
      'approve.0.pattern',
    ]);
  });

  it('fills variables in braces and says which one has no value', () => {
    const variables = new Map([
      ['psuId', 'anna'],
      ['otp', '123456'],
    ]);
    expect(expand('{psuId}:{otp}', variables)).toBe('anna:123456');
    expect(() => expand('{tan}', variables)).toThrow(
      '{tan} has no value: no earlier "read" step stored it and the config gives none',
    );
  });

  it('masks posted form fields by name and by the secret values the script typed', () => {
    expect(
      maskPosted('user=anna&pin=1234&answer=anna-1234&csrf=t0k', 'application/x-www-form-urlencoded', ['anna-1234']),
    ).toEqual({ user: 'anna', pin: '***', answer: '***', csrf: '***' });
    expect(maskPosted('{"login":"anna","credential":"anna-1234"}', 'application/json', ['anna-1234'])).toEqual({
      login: 'anna',
      credential: '***',
    });
  });
});
