import { describe, expect, it } from 'vitest';
import type { RunSummary, ScenarioResult } from '../events.js';
import { escapeXml, junitXml } from './junit.js';

const result = (overrides: Partial<ScenarioResult>): ScenarioResult => ({
  id: 'AIS-PAGING-001',
  title: 'a title',
  spec: 'Paging rules 1',
  area: 'paging',
  rules: [],
  status: 'passed',
  observations: [],
  unchecked: [],
  exchanges: [],
  durationMs: 12,
  ...overrides,
});
const summary = (results: ScenarioResult[]): RunSummary => ({
  target: 'sim',
  results,
  passed: 0,
  failed: 0,
  skipped: results.filter((r) => r.status === 'skipped').length,
  durationMs: 40,
});

describe('JUnit reporter', () => {
  it('escapes the five XML specials and drops characters XML cannot carry', () => {
    expect(escapeXml(`a<b>&"c"'d'\u0001`)).toBe('a&lt;b&gt;&amp;&quot;c&quot;&apos;d&apos;');
  });

  it('marks a skip as <skipped message="reason"/> with the reason escaped', () => {
    const xml = junitXml(summary([result({ status: 'skipped', reason: 'the target lacks "clock" & <control>' })]));
    expect(xml).toContain('<skipped message="the target lacks &quot;clock&quot; &amp; &lt;control&gt;"/>');
    expect(xml).toMatch(/<testsuites [^>]*tests="1"[^>]*skipped="1"/);
  });

  it('writes a failure with its message and the spec section, and an error apart from a failure', () => {
    const xml = junitXml(
      summary([
        result({
          id: 'A-1',
          status: 'failed',
          failure: { kind: 'expectation', message: 'status: expected 429, got <200>' },
        }),
        result({ id: 'A-2', status: 'failed', failure: { kind: 'error', message: 'socket hang up' } }),
      ]),
    );
    expect(xml).toContain('<failure message="status: expected 429, got &lt;200&gt;" type="expectation">');
    expect(xml).toContain('spec: Paging rules 1');
    expect(xml).toContain('<error message="socket hang up" type="error">');
    expect(xml).toMatch(/<testsuite name="paging" tests="2" failures="1" errors="1" skipped="0"/);
  });

  it('groups test cases into one suite per area and names each case by id and title', () => {
    const xml = junitXml(summary([result({ area: 'paging' }), result({ id: 'PIS-IDEM-001', area: 'payments' })]));
    expect(xml.match(/<testsuite /g)).toHaveLength(2);
    expect(xml).toContain('name="PIS-IDEM-001 a title"');
  });
});
