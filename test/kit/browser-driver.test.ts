/**
 * The `browser` SCA driver against the sim target: a Chromium found as the driver finds one
 * (CHROMIUM_PATH, Playwright's browser, the system's) on the simulator's SCA page at 127.0.0.1, with a host-resolver rule so the
 * browser can reach nothing else; the provider's redirect URI is intercepted, never visited.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue } from '../../conformance/index.js';
import { runScenarios } from '../../src/kit/runner.js';
import { browserScaDriver, type BrowserDriverOptions } from '../../src/kit/sca-drivers/browser.js';
import { SIM_FIXTURES, startSimTarget } from '../../src/kit/targets/sim.js';
import type { ScaDriver, Target } from '../../src/kit/target.js';
import { chromiumPath } from '../helpers/tools.js';

const LOCAL_ONLY = '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1';
let executablePath: string;
let target: Target;
let driver: ScaDriver;

const useBrowser = (options: Partial<BrowserDriverOptions> = {}) => {
  driver = browserScaDriver({
    returnUris: [SIM_FIXTURES.redirectUri, SIM_FIXTURES.nokRedirectUri],
    executablePath,
    args: [LOCAL_ONLY],
    ...options,
  });
};
const run = (...ids: string[]) =>
  runScenarios({ target, scenarios: catalogue.filter((scenario) => ids.includes(scenario.id)) });

beforeAll(async () => {
  executablePath = await chromiumPath();
  // One sandbox for every test; each test picks its own browser driver behind this one.
  target = await startSimTarget({ sca: { name: 'browser', authorise: (request) => driver.authorise(request) } });
});
afterAll(() => target?.close());

describe('the browser SCA driver on the simulator', () => {
  it('approves and declines with the default script: SCA-STATE-002 and SCA-NOK-001 pass', async () => {
    useBrowser();
    const summary = await run('SCA-STATE-002', 'SCA-NOK-001');
    expect(summary.results.map((result) => [result.id, result.status, result.failure?.message])).toEqual([
      ['SCA-STATE-002', 'passed', undefined],
      ['SCA-NOK-001', 'passed', undefined],
    ]);
  }, 60_000);

  it('records the browser’s page visits with the password, the code and the form token masked', async () => {
    useBrowser();
    const [result] = (await run('SCA-STATE-002')).results;
    const visits = result!.exchanges.filter((exchange) => exchange.actor === 'customer (browser)');
    expect(
      visits.map(
        (visit) => `${visit.method} ${visit.url.replace(/\?.*/, '').replace(/[0-9a-f-]{36}/, 'ID')} ${visit.status}`,
      ),
    ).toEqual([
      'GET /sca/ID 200',
      'POST /sca/ID/login 303',
      'GET /sca/ID 200',
      'POST /sca/ID/code 303',
      'GET /sca/ID 200',
      'POST /sca/ID/decision 302',
    ]);
    expect(visits[1]!.requestBody).toMatchObject({ psuId: 'anna', password: '***', csrf: '***' });
    expect(visits[3]!.requestBody).toMatchObject({ otp: '***' });
    expect(JSON.stringify(result)).not.toContain('anna-1234');
  }, 30_000);

  it('follows a custom script: other selectors and variable names pass, and an approve script that clicks Decline makes the approval scenario fail', async () => {
    const login = [
      { fill: 'input[autocomplete="username"]', with: '{psuId}' },
      { fill: 'input[type="password"]', with: '{password}' },
      { click: 'button:has-text("Log in")' },
      { read: '.sms strong', into: 'smsCode' },
      { waitFor: 'input[autocomplete="one-time-code"]' },
      { fill: 'input[autocomplete="one-time-code"]', with: '{smsCode}' },
      { click: 'button:has-text("Confirm")' },
    ];
    useBrowser({
      script: {
        approve: [...login, { click: 'button:has-text("Approve")' }],
        decline: [...login, { click: 'button:has-text("Decline")' }],
      },
    });
    expect((await run('SCA-STATE-002', 'SCA-NOK-001')).results.map((result) => result.status)).toEqual([
      'passed',
      'passed',
    ]);

    useBrowser({
      script: {
        approve: [...login, { click: 'button:has-text("Decline")' }],
        decline: [...login, { click: 'button:has-text("Decline")' }],
      },
    });
    const [result] = (await run('SCA-STATE-002')).results;
    expect(result!.status).toBe('failed');
    expect(result!.failure!.message).toBe('consent status after approval: expected "valid", got "rejected"');
  }, 60_000);

  it('makes the scenario inconclusive with the step, the selector and the page when a selector never appears, within the step time-out', async () => {
    useBrowser({
      stepTimeoutMs: 1_500,
      script: {
        approve: [{ fill: '#psuId', with: '{psuId}' }, { click: '#no-such-button' }],
        decline: [{ click: '#no-such-button' }],
      },
    });
    const started = performance.now();
    const [result] = (await run('SCA-STATE-002')).results;
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(result!.status).toBe('inconclusive');
    expect(result!.reason).toMatch(
      /^the SCA driver \(browser\) could not act: SCA browser script \(approve\), step 2 of 2 \{"click":"#no-such-button"\}: "#no-such-button" did not appear within 1500 ms \(page http:\/\/(127\.0\.0\.1|localhost):\d+\/sca\/[0-9a-f-]{36}\?state=[0-9a-f-]{36}, title "Log in · xs2a-kit Sandbox Bank"\)$/,
    );
  }, 30_000);

  it('names a variable no step read and the config does not give', async () => {
    useBrowser({ script: { approve: [{ fill: '#psuId', with: '{employeeNumber}' }], decline: [{ click: 'button' }] } });
    const [result] = (await run('SCA-STATE-002')).results;
    expect(result!.status).toBe('inconclusive');
    expect(result!.reason).toContain(
      'step 1 of 1 {"fill":"#psuId","with":"{employeeNumber}"}: {employeeNumber} has no value',
    );
  }, 30_000);
});
