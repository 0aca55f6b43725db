/**
 * The HTML report as a person reads it: opened in Chromium from the file alone (nothing else is
 * fetched), the counts of the five verdicts, the manifest, a failure with the rule it breaks and its
 * exchange, an inconclusive with its reason, and the open points; a screenshot is kept.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countVerdicts, type RunSummary, type ScenarioResult } from '../../src/kit/events.js';
import { htmlReport } from '../../src/kit/reporters/html.js';
import { CHROMIUM_FLAGS } from '../../src/kit/sca-drivers/browser.js';
import { chromiumPath } from '../helpers/tools.js';

const ARTIFACTS = new URL('../../test-artifacts/reports/', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'xs2a-kit-html-'));
let browser: Browser;

const rule = (id: string, statement: string) => ({ id, section: 'Limits', statement });
const result = (id: string, overrides: Partial<ScenarioResult>): ScenarioResult => ({
  id,
  title: `the scenario ${id}`,
  spec: 'Limits',
  area: 'limits',
  rules: [rule('LIMIT-1', 'The fifth unattended account list of a day is refused with 429.')],
  status: 'passed',
  observations: [],
  unchecked: [],
  exchanges: [],
  durationMs: 5,
  ...overrides,
});

const results: ScenarioResult[] = [
  result('T-PASS-001', {}),
  result('T-PASS-002', { area: 'payments', rules: [rule('PIS-INIT-4', 'Initiation answers 201 RCVD.')] }),
  result('T-FAIL-001', {
    status: 'failed',
    failure: {
      kind: 'expectation',
      message: 'status of the fifth read: expected 429, got 200',
      expected: 429,
      actual: 200,
      exchange: { request: 'GET /v1/accounts', status: 200, body: { accounts: [] } },
    },
    exchanges: [
      {
        actor: 'provider',
        method: 'GET',
        url: '/v1/accounts',
        requestHeaders: { 'Consent-ID': 'c-1', Authorization: 'Bearer leak-me' },
        requestBody: undefined,
        status: 200,
        headers: { 'content-type': 'application/json' },
        body: { accounts: [], secret: 'c0ffee' },
        durationMs: 3,
      },
    ],
  }),
  result('T-INCO-001', {
    status: 'inconclusive',
    reason: 'consent creation answered 400 FORMAT_ERROR (expected 201); see AIS-CONSENT-004',
    owner: 'AIS-CONSENT-004',
    exchange: { request: 'POST /v1/consents', status: 400, body: { tppMessages: [] } },
  }),
  result('T-SKIP-001', { status: 'skipped', reason: 'the target lacks control of the target clock (clock)' }),
  result('T-ERR-001', { status: 'error', failure: { kind: 'error', message: 'a step of the kit broke' } }),
];

const summary: RunSummary = {
  target: 'https://bank.example/psd2',
  results,
  ...countVerdicts(results),
  durationMs: 12_345,
  startedAt: '2026-11-24T10:00:00.000Z',
  settings: { 'consent.validUntilDefault': '180-days' },
  transport: { answers: 200, serverErrors: 20, connectionFailures: 1, retries: 21 },
  manifest: {
    kitVersion: '9.9.9',
    catalogueDigest: 'a'.repeat(64),
    catalogueScenarios: 413,
    catalogueRules: 236,
    target: 'https://bank.example/psd2',
    scaDriver: 'browser',
    config: { file: 'bank.json', digest: 'b'.repeat(64) },
  },
};

beforeAll(async () => {
  browser = await chromium.launch({
    executablePath: await chromiumPath(),
    headless: true,
    args: [...CHROMIUM_FLAGS],
  });
});
afterAll(() => browser?.close());

describe('the HTML report', () => {
  it('opens from the file alone in Chromium and shows the counts of the five verdicts, the manifest and the findings', async () => {
    const file = join(dir, 'report.html');
    writeFileSync(file, htmlReport(summary));
    const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
    const requests: string[] = [];
    context.on('request', (request) => requests.push(request.url()));
    const page = await context.newPage();
    try {
      await page.goto(pathToFileURL(file).href);
      await page.locator('[data-testid="counts"]').waitFor();
      const count = (verdict: string) => page.locator(`[data-testid="counts"] [data-verdict="${verdict}"] .count`);
      expect(await count('passed').textContent()).toBe('2');
      expect(await count('failed').textContent()).toBe('1');
      expect(await count('inconclusive').textContent()).toBe('1');
      expect(await count('skipped').textContent()).toBe('1');
      expect(await count('error').textContent()).toBe('1');
      const manifest = await page.locator('[data-testid="manifest"]').innerText();
      expect(manifest).toContain('xs2a-kit 9.9.9');
      expect(manifest).toContain(`${'a'.repeat(64)} (413 scenarios, 236 rules)`);
      expect(manifest).toContain('browser');
      const failure = await page.locator('#T-FAIL-001').innerText();
      expect(failure).toContain(
        'Breaks LIMIT-1 (Limits): The fifth unattended account list of a day is refused with 429.',
      );
      expect(failure).toContain('exchange: GET /v1/accounts → 200');
      expect(await page.locator('#T-INCO-001').innerText()).toContain(
        'Inconclusive: consent creation answered 400 FORMAT_ERROR (expected 201); see AIS-CONSENT-004',
      );
      expect(await page.locator('#open-points').innerText()).toContain('consent.validUntilDefault');
      expect(await page.locator('body').innerText()).toContain(
        'The target answered 20 of 200 requests with 5xx (10.0%)',
      );
      mkdirSync(ARTIFACTS, { recursive: true });
      await page.screenshot({ path: join(ARTIFACTS, 'conformance-report.png'), fullPage: true });
      // Self-contained: the page itself and nothing else, no script.
      expect(requests).toEqual([pathToFileURL(file).href]);
      expect(await page.locator('script').count()).toBe(0);
    } finally {
      await context.close();
    }
  }, 60_000);

  it('opens with the outcome in a sentence, and shows skip and inconclusive reasons, strict, name and environment without a click (issue 39)', async () => {
    const openPoint = {
      id: 'AIS-OPEN-1',
      section: 'Limits',
      statement: 'The default validity of a consent is not shown.',
      open: { choice: '180 days' },
    };
    const kept: ScenarioResult[] = [
      result('T-PASS-001', {}),
      result('T-OPEN-001', { rules: [openPoint] }),
      result('T-INCO-001', {
        status: 'inconclusive',
        reason: 'the SCA driver (manual) could not act: the customer did not act within 300 s',
      }),
      ...Array.from({ length: 3 }, (_, i) =>
        result(`T-SKIP-00${i + 1}`, {
          status: 'skipped',
          reason: 'the target lacks control of the target clock (clock)',
        }),
      ),
      result('T-SKIP-009', {
        status: 'skipped',
        reason: 'the target lacks a second provider certificate (second-provider)',
      }),
    ];
    const handOver: RunSummary = {
      ...summary,
      results: kept,
      ...countVerdicts(kept),
      transport: { answers: 10, serverErrors: 0, connectionFailures: 0, retries: 0 },
      manifest: { ...summary.manifest!, strict: true, label: 'Example Bank XS2A', environment: 'pre-production' },
    };
    const file = join(dir, 'hand-over.html');
    writeFileSync(file, htmlReport(handOver));
    const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
    const page = await context.newPage();
    try {
      await page.goto(pathToFileURL(file).href);
      const outcome = page.locator('[data-testid="outcome"]');
      // First on the page, in view as it opens, no click.
      expect(await outcome.isVisible()).toBe(true);
      expect(await page.locator('body > section').first().getAttribute('id')).toBe('outcome');
      const box = (await outcome.boundingBox())!;
      expect(box.y + box.height).toBeLessThan(900);
      // Paragraphs: innerText puts a blank line between them.
      expect((await outcome.innerText()).split(/\n+/)).toEqual([
        'The target kept every rule that was checked, but 1 scenario could not check its rule (inconclusive, which this certification run counts against the target).',
        '4 scenarios were skipped: the target lacks control of the target clock (clock) (3); the target lacks a second provider certificate (second-provider) (1).',
        'This was a certification run (--strict): an inconclusive scenario counts against the target.',
      ]);
      // innerText leaves out what a closed <details> hides: every reason here is on the page as it opens.
      const body = await page.locator('body').innerText();
      expect(body).toContain(
        'T-SKIP-002 the scenario T-SKIP-002: the target lacks control of the target clock (clock)',
      );
      expect(body).toContain('T-INCO-001 the scenario T-INCO-001: the SCA driver (manual) could not act');
      for (const reason of await page.locator('.reason').all()) expect(await reason.isVisible()).toBe(true);
      const manifest = await page.locator('[data-testid="manifest"]').innerText();
      expect(manifest).toContain('Example Bank XS2A');
      expect(manifest).toContain('pre-production');
      expect(manifest).toContain('Certification run\tyes (--strict)');
      expect(manifest).toContain('7 selected: 3 run (2 passed + 0 failed + 1 inconclusive + 0 errors), 4 skipped');
      // The open point is observed in its own section, never "passed" beside the rules.
      expect(await page.locator('#area-limits .rules').innerText()).not.toContain('AIS-OPEN-1');
      const open = await page.locator('#open-points').innerText();
      expect(open).toContain('AIS-OPEN-1');
      expect(open).toMatch(/AIS-OPEN-1[^\n]*OBSERVED/i);
      expect(open).not.toMatch(/AIS-OPEN-1[^\n]*PASSED/i);
      mkdirSync(ARTIFACTS, { recursive: true });
      await page.screenshot({ path: join(ARTIFACTS, 'conformance-report-hand-over.png') });
    } finally {
      await context.close();
    }
  }, 60_000);

  it('says what the target broke, and that the kit broke first, in its sentences', () => {
    const sentences = /<section id="outcome"[^>]*>([\s\S]*?)<\/section>/.exec(htmlReport(summary))![1]!;
    expect(sentences.replace(/<\/p><p>/g, '\n').replace(/<\/?p>/g, '')).toBe(
      [
        'The kit itself broke in 1 scenario (errors of the kit, not failures of the target): it says nothing about the target.',
        'The target broke 1 rule: LIMIT-1 (Limits).',
        '1 scenario was skipped: the target lacks control of the target clock (clock) (1).',
        'This was not a certification run (--strict was not given).',
      ].join('\n'),
    );
  });

  it('masks secrets in the exchanges it shows', () => {
    const html = htmlReport(summary);
    expect(html).not.toContain('leak-me');
    expect(html).not.toContain('c0ffee');
    expect(html).toContain('Authorization: ***');
  });
});
