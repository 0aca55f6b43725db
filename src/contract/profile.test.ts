import { describe, expect, it } from 'vitest';
import {
  builtInSettings,
  callbackBackoffMs,
  completeSettings,
  ProfileError,
  randomSettings,
  SETTINGS,
  settingsOfProfileJson,
} from './profile.js';

describe('bank profile settings', () => {
  it('offers at least 15 settings, each with its default among its values and strict/lenient among them', () => {
    expect(SETTINGS.length).toBeGreaterThanOrEqual(15);
    expect(new Set(SETTINGS.map((s) => s.name)).size).toBe(SETTINGS.length);
    for (const s of SETTINGS) {
      expect(s.values.length).toBeGreaterThanOrEqual(2);
      expect(s.values[0]).toBe(s.default);
      expect(s.values).toContain(s.strict);
      expect(s.values).toContain(s.lenient);
      expect(s.rule).toMatch(/^OPEN-\d+ /);
    }
  });

  it('completes a partial profile with defaults and refuses unknown settings and values, naming the setting', () => {
    const settings = completeSettings({ 'transactions.order': 'oldest-first' });
    expect(settings['transactions.order']).toBe('oldest-first');
    expect(settings['status.CONSENT_INVALID']).toBe(401);
    expect(Object.keys(settings)).toHaveLength(SETTINGS.length);
    expect(() => completeSettings({ 'transactions.sort': 'x' })).toThrow(
      new ProfileError('unknown setting "transactions.sort" (xs2a-kit profiles lists the settings)'),
    );
    expect(() => completeSettings({ 'status.CONSENT_INVALID': 404 })).toThrow(
      new ProfileError('setting "status.CONSENT_INVALID" cannot be 404: its values are 401, 403'),
    );
    expect(() => completeSettings({ 'status.CONSENT_INVALID': '401' })).toThrow(
      /setting "status.CONSENT_INVALID" cannot be "401"/,
    );
  });

  it('reads only { settings: {…} } files', () => {
    expect(settingsOfProfileJson({}, 'f.json')['transactions.order']).toBe('newest-first');
    expect(() => settingsOfProfileJson([], 'f.json')).toThrow(
      'f.json is not a bank profile: expected an object { "settings": { … } }',
    );
    expect(() => settingsOfProfileJson({ setting: {} }, 'f.json')).toThrow(
      'f.json is not a bank profile: unknown field "setting" (only "settings")',
    );
    expect(() => settingsOfProfileJson({ settings: [] }, 'f.json')).toThrow('"settings" must be an object');
  });

  it('draws a random profile from the seed alone, and different seeds draw differently', () => {
    expect(randomSettings(7)).toEqual(randomSettings(7));
    expect(randomSettings(7)).not.toEqual(randomSettings(8));
    expect(completeSettings(randomSettings(7))).toEqual(randomSettings(7));
  });

  it('strict and lenient differ from the default on the settings that have a forgiving side', () => {
    const strict = builtInSettings('strict', 0);
    expect(strict['consent.recurringIndicatorDefault']).toBe('required');
    expect(strict['request.bodyLimit']).toBe('16KiB');
    expect(builtInSettings('lenient', 0)['requestId.missing']).toBe('generate');
    expect(builtInSettings('default', 0)).toEqual(completeSettings({}));
  });

  it('backoff values grow as their names say', () => {
    expect([1, 2, 3, 4].map((n) => callbackBackoffMs('30s-doubling', n))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect([1, 2, 3, 4].map((n) => callbackBackoffMs('10s-doubling', n))).toEqual([10_000, 20_000, 40_000, 80_000]);
    expect([1, 4].map((n) => callbackBackoffMs('60s-doubling', n))).toEqual([60_000, 480_000]);
  });
});
