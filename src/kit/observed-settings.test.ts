import { describe, expect, it } from 'vitest';
import { ExpectationFailed } from './failure.js';
import { observedSettings } from './observed-settings.js';

describe('the settings a run observes', () => {
  it('keeps one value per setting, in the profile table’s order', () => {
    const seen = observedSettings();
    seen.record('transactions.order', 'oldest-first', 'AIS-PAGING-001');
    seen.record('status.CONSENT_INVALID', 403, 'AIS-DATA-010');
    seen.record('status.CONSENT_INVALID', 403, 'AIS-DATA-011');
    expect(seen.all()).toEqual({ 'status.CONSENT_INVALID': 403, 'transactions.order': 'oldest-first' });
    expect(Object.keys(seen.all())).toEqual(['status.CONSENT_INVALID', 'transactions.order']);
  });

  it('fails a value that is none of the setting’s values, and records nothing', () => {
    const seen = observedSettings();
    expect(() => seen.record('status.CONSENT_INVALID', 500, 'X-1')).toThrow(ExpectationFailed);
    expect(() => seen.record('status.CONSENT_INVALID', 500, 'X-1')).toThrow(
      'status.CONSENT_INVALID: 500 is none of the values the interface leaves open (401, 403)',
    );
    expect(seen.all()).toEqual({});
  });

  it('fails a second, different value for the same setting: one bank makes one choice', () => {
    const seen = observedSettings();
    seen.record('status.CONSENT_INVALID', 401, 'AIS-DATA-010');
    expect(() => seen.record('status.CONSENT_INVALID', 403, 'AIS-DATA-011')).toThrow(
      'status.CONSENT_INVALID: 403 here, but 401 in AIS-DATA-010: one bank makes one choice',
    );
    expect(seen.all()).toEqual({ 'status.CONSENT_INVALID': 401 });
  });

  it('refuses a setting that does not exist (a catalogue mistake)', () => {
    expect(() => observedSettings().record('transactions.sort', 'x', 'X-1')).toThrow(
      'unknown setting "transactions.sort"',
    );
  });
});
