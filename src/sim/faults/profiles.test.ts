import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUILT_IN_PROFILES, FaultProfileError, resolveFaults } from './profiles.js';

const file = (name: string, text: string) => {
  const path = join(mkdtempSync(join(tmpdir(), 'xs2a-faults-')), name);
  writeFileSync(path, text);
  return path;
};

describe('fault profiles', () => {
  it('are off when none is given', () => {
    expect(resolveFaults(undefined)).toEqual({ profile: null, rules: [] });
  });

  it('resolve every built-in name to valid rules', () => {
    for (const name of Object.keys(BUILT_IN_PROFILES)) {
      const resolved = resolveFaults(name);
      expect(resolved.profile).toBe(name);
      expect(resolved.rules.length).toBeGreaterThan(0);
    }
    expect(resolveFaults('flaky').rules).toEqual([{ kind: 'unavailable-empty', rate: 0.1, retryAfter: 1, match: {} }]);
  });

  it('read a JSON file holding an array of rules or {"rules": [...]}', () => {
    const list = file('list.json', '[{"kind":"drop","count":1,"match":{"provider":"PSDDE-BAFIN-123456"}}]');
    expect(resolveFaults(list)).toEqual({
      profile: list,
      rules: [{ kind: 'drop', count: 1, match: { provider: 'PSDDE-BAFIN-123456' } }],
    });
    const wrapped = file('wrapped.json', '{"rules":[{"kind":"slow","rate":0.5,"delayMs":20}]}');
    expect(resolveFaults(wrapped).rules).toEqual([{ kind: 'slow', rate: 0.5, delayMs: 20, match: {} }]);
  });

  it('refuse an unknown name, naming the built-ins', () => {
    expect(() => resolveFaults('flakey')).toThrow(
      new FaultProfileError(
        'unknown fault profile "flakey": the built-in profiles are flaky, slow, chaos, callbacks, client-check; or give the path of a JSON file of rules.',
      ),
    );
  });

  it('refuse a missing file, a file that is not JSON, and a rule that is not valid, saying where', () => {
    expect(() => resolveFaults('/nonexistent/faults.json')).toThrow(
      'cannot read the fault profile file /nonexistent/faults.json: ENOENT.',
    );
    const broken = file('broken.json', '[{');
    expect(() => resolveFaults(broken)).toThrow(`the fault profile file ${broken} is not JSON.`);
    const invalid = file('invalid.json', '[{"kind":"drop","count":1},{"kind":"slow","count":1,"delayMs":0}]');
    expect(() => resolveFaults(invalid)).toThrow(
      `the fault profile file ${invalid} is not a list of fault rules: 1.delayMs:`,
    );
  });

  it('take rules given directly, without a profile name', () => {
    expect(resolveFaults([{ kind: 'error-500', count: 2 }])).toEqual({
      profile: null,
      rules: [{ kind: 'error-500', count: 2, match: {} }],
    });
  });
});
