import { describe, expect, it } from 'vitest';
import { countVerdicts, type RunSummary, type ScenarioResult } from '../events.js';
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
  ...countVerdicts(results),
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
        result({ id: 'A-2', status: 'error', failure: { kind: 'error', message: 'socket hang up' } }),
      ]),
    );
    expect(xml).toContain('<failure message="status: expected 429, got &lt;200&gt;" type="expectation">');
    expect(xml).toContain('spec: Paging rules 1');
    expect(xml).toContain('<error message="socket hang up" type="error">');
    expect(xml).toMatch(/<testsuite name="paging" tests="2" failures="1" errors="1" skipped="0"/);
  });

  it('marks an inconclusive scenario as skipped with "inconclusive:" and its reason, and its exchange in system-out', () => {
    const xml = junitXml(
      summary([
        result({
          id: 'A-3',
          status: 'inconclusive',
          reason: 'consent creation answered 400 FORMAT_ERROR (expected 201); see AIS-CONSENT-004',
          owner: 'AIS-CONSENT-004',
          exchange: { request: 'POST /v1/consents', status: 400, body: { tppMessages: [] } },
        }),
        result({ id: 'A-4', status: 'passed' }),
      ]),
    );
    expect(xml).toContain(
      '<skipped message="inconclusive: consent creation answered 400 FORMAT_ERROR (expected 201); see AIS-CONSENT-004"/>',
    );
    expect(xml).toContain('exchange: POST /v1/consents → 400 {&quot;tppMessages&quot;:[]}');
    expect(xml).toMatch(/<testsuites [^>]*tests="2" failures="0" errors="0" skipped="1"/);
  });

  it('groups test cases into one suite per area and names each case by id and title', () => {
    const xml = junitXml(summary([result({ area: 'paging' }), result({ id: 'PIS-IDEM-001', area: 'payments' })]));
    expect(xml.match(/<testsuite /g)).toHaveLength(2);
    expect(xml).toContain('name="PIS-IDEM-001 a title"');
  });
});
