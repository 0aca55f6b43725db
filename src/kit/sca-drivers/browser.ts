/**
 * The `browser` SCA driver: a real (headless) Chromium driven by playwright-core through a script of
 * steps and selectors (browser-script.ts), for banks whose SCA page needs JavaScript or cannot be
 * posted to as plain forms. Each authorisation gets a fresh browser profile, so no cookie of one
 * ceremony helps another. The ceremony ends when the bank sends the browser to one of the provider's
 * redirect URIs (spec "Authorisation hand-over" 2): that navigation is intercepted — the provider's
 * host is not reachable from here, and need not be — and its URL becomes the outcome's `location`.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import type { ScaDriver, ScaRequest } from '../target.js';
import { SIM_BROWSER_SCRIPT, type BrowserScript } from './browser-script.js';
import { recordNavigations } from './browser-record.js';
import { runStep, StepFailed } from './browser-step.js';
import { findChromium, playwrightChromiumPath } from './find-chromium.js';

/** The flags of a quiet, headless, throw-away Chromium (no first-run, no background traffic). */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
] as const;

export interface BrowserDriverOptions {
  /** The provider's redirect URIs (OK and NOK): reaching one, whatever its query, ends the ceremony. */
  returnUris: readonly string[];
  script?: BrowserScript;
  /** Chromium or Chrome; found as findChromium does when absent. */
  executablePath?: string;
  /** Where CHROMIUM_PATH and Playwright's cache folders are read from when no executablePath is given. */
  env?: Readonly<Record<string, string | undefined>>;
  /** How long one step may wait for its element, and the end for the redirect. */
  stepTimeoutMs?: number;
  /** A fixed one-time code, for a sandbox that accepts one (`{otp}` in the script). */
  otp?: string;
  /** More Chromium flags, e.g. a host-resolver rule that keeps the browser on this machine. */
  args?: readonly string[];
}

const isReturnTo = (returnUris: readonly string[]) => {
  const targets = returnUris.map((uri) => new URL(uri));
  return (url: URL) => targets.some((target) => target.origin === url.origin && target.pathname === url.pathname);
};

type Chromium = typeof import('playwright-core').chromium;

/** playwright-core and a Chromium to drive: what the driver needs before it can act at all. */
async function browserParts(options: BrowserDriverOptions): Promise<{ chromium: Chromium; executablePath: string }> {
  let chromium: Chromium;
  try {
    ({ chromium } = await import('playwright-core'));
  } catch {
    throw new Error(
      'the browser SCA driver needs the playwright-core package installed beside xs2a-kit (npm install --save-dev playwright-core)',
    );
  }
  const executablePath =
    options.executablePath ?? findChromium({ env: options.env ?? {}, playwrightPath: await playwrightChromiumPath() });
  return { chromium, executablePath };
}

async function launch(options: BrowserDriverOptions, profile: string): Promise<BrowserContext> {
  const { chromium, executablePath } = await browserParts(options);
  try {
    return await chromium.launchPersistentContext(profile, {
      executablePath,
      headless: true,
      args: [...CHROMIUM_FLAGS, ...(options.args ?? [])],
    });
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error)).split('\n')[0];
    throw new Error(
      `the browser SCA driver could not start Chromium at ${executablePath} (set sca.browser.executablePath): ${reason}`,
      { cause: error },
    );
  }
}

/** The longest the driver waits for the bank's SCA page to open, unless the steps may wait longer. */
const OPEN_TIMEOUT_MS = 30_000;

export function browserScaDriver(options: BrowserDriverOptions): ScaDriver {
  const script = options.script ?? SIM_BROWSER_SCRIPT;
  const timeoutMs = options.stepTimeoutMs ?? 10_000;
  const isReturn = isReturnTo(options.returnUris);
  return {
    name: 'browser',
    async ready() {
      const { executablePath } = await browserParts(options);
      // A configured path that is not there would otherwise fail every ceremony at launch.
      if (!existsSync(executablePath))
        throw new Error(`the browser SCA driver finds no Chromium at ${executablePath} (sca.browser.executablePath)`);
    },
    async authorise(request: ScaRequest) {
      const profile = await mkdtemp(join(tmpdir(), 'xs2a-kit-sca-browser-'));
      let context: BrowserContext | undefined;
      try {
        context = await launch(options, profile);
        let returned: string | undefined;
        let signal: (url: string) => void = () => {};
        const back = new Promise<string>((resolve) => (signal = resolve));
        await context.route(isReturn, async (route) => {
          returned ??= route.request().url();
          signal(returned);
          await route.fulfill({
            status: 200,
            contentType: 'text/html',
            body: '<!doctype html><title>Back at the provider</title>',
          });
        });
        const page = context.pages()[0] ?? (await context.newPage());
        const variables = new Map<string, string>([
          ['psuId', request.psu.id],
          ['password', request.psu.password],
        ]);
        if (options.otp !== undefined) variables.set('otp', options.otp);
        recordNavigations(page, request.record, {
          isReturn,
          secrets: () => [...variables.values()].filter((value) => value !== request.psu.id),
        });
        try {
          // Opening the page is not a step: a short step wait (a script tuned to fail fast) must
          // not cut a page that loads slowly on a busy machine.
          await Promise.race([page.goto(request.scaRedirect, { timeout: Math.max(timeoutMs, OPEN_TIMEOUT_MS) }), back]);
        } catch (error) {
          throw new Error(`SCA browser: could not open ${request.scaRedirect}: ${firstLine(error)}`, { cause: error });
        }
        const steps = script[request.decision];
        for (const [index, step] of steps.entries()) {
          if (returned !== undefined) break;
          try {
            // A step may be cut short by the redirect itself (the bank sends the customer back early).
            await Promise.race([runStep(page, step, variables, step.timeoutMs ?? timeoutMs), back]);
          } catch (error) {
            const where = `SCA browser script (${request.decision}), step ${index + 1} of ${steps.length} ${JSON.stringify(step)}`;
            throw new Error(
              `${where}: ${error instanceof StepFailed ? error.message : firstLine(error)} ${await pageNote(page)}`,
              { cause: error },
            );
          }
        }
        const location = returned ?? (await Promise.race([back, expired(timeoutMs)]));
        if (location === null) {
          throw new Error(
            `SCA browser script (${request.decision}) ran to its end, but the bank did not send the browser to ${options.returnUris.join(' or ')} within ${timeoutMs} ms ${await pageNote(page)}`,
          );
        }
        return { location };
      } finally {
        await context?.close().catch(() => {});
        await rm(profile, { recursive: true, force: true });
      }
    },
  };
}

function expired(ms: number): Promise<null> {
  return new Promise((resolve) => setTimeout(() => resolve(null), ms).unref());
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
}

/** Where the browser was when a step failed: enough to fix a selector without a screenshot. */
async function pageNote(page: Page): Promise<string> {
  const title = await page.title().catch(() => '');
  return `(page ${page.url()}${title ? `, title "${title}"` : ''})`;
}
