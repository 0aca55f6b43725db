/**
 * The `sca` section of a conformance config: which driver acts as the customer on the bank's SCA
 * page, and its settings. One parser for `--target sim` and a remote target, so a browser script can
 * be tried against the simulator before it meets the bank.
 */
import { z } from 'zod';
import { ConfigError } from '../config-error.js';
import type { ScaDriver } from '../target.js';
import { BrowserScriptSchema } from './browser-script.js';
import { browserScaDriver } from './browser.js';
import { controlScaDriver } from './control.js';
import type { ControlTls } from '../targets/control-api.js';
import { formsScaDriver } from './forms.js';
import { manualScaDriver } from './manual.js';

/**
 * `sim` and `forms` are one driver: HTTP form posts as a browser would send them. `control` acts through
 * the target's control API (`POST …/authorisations/{authorisationId}`), for a bank that offers one.
 */
export const SCA_DRIVERS = ['sim', 'forms', 'browser', 'control', 'manual', 'none'] as const;
export type ScaDriverName = (typeof SCA_DRIVERS)[number];

export const BrowserSettingsSchema = z.strictObject({
  /** Chromium or Chrome; when absent, CHROMIUM_PATH, Playwright's browser, then the usual system paths. */
  executablePath: z.string().min(1).optional(),
  /** How long one step waits for its element (and the end for the redirect). */
  stepTimeoutMs: z.number().int().positive().max(600_000).default(10_000),
  /** A fixed one-time code, for a sandbox that accepts one: `{otp}` in the script. */
  otp: z.string().min(1).optional(),
  /** More Chromium flags (e.g. `--ignore-certificate-errors` for a sandbox with a private CA). */
  args: z.array(z.string().min(1)).default([]),
  /** Steps to approve and to decline; the simulator's own SCA page when absent. */
  script: BrowserScriptSchema.optional(),
});

export const ScaConfigSchema = z.strictObject({
  driver: z.enum(SCA_DRIVERS),
  browser: BrowserSettingsSchema.optional(),
  manual: z
    .strictObject({
      timeoutSeconds: z.number().int().positive().max(86_400).default(300),
      pollSeconds: z.number().positive().max(60).default(2),
    })
    .optional(),
});
export type ScaConfig = z.infer<typeof ScaConfigSchema>;

export interface ScaDriverContext {
  say(text: string): void;
  /** The provider's redirect URIs: where the bank sends the customer back. */
  returnUris: readonly string[];
  /** Flags the target adds for the browser (the sim keeps it on this machine). */
  browserArgs?: readonly string[];
  /** Where a Chromium is looked for when the config names none (CHROMIUM_PATH, Playwright's cache). */
  env?: Readonly<Record<string, string | undefined>>;
  /** The target's control API, for the `control` driver (a function when its address is known only later). */
  control?:
    | { url: string | (() => string); token?: string | undefined; tls?: ControlTls | (() => ControlTls) | undefined }
    | undefined;
}

/** The driver the config asks for; `none` gives none (scenarios needing SCA are then skipped). */
export function createScaDriver(config: ScaConfig, context: ScaDriverContext): ScaDriver | undefined {
  switch (config.driver) {
    case 'sim':
    case 'forms':
      return formsScaDriver();
    case 'browser': {
      const settings = BrowserSettingsSchema.parse(config.browser ?? {});
      return browserScaDriver({
        returnUris: context.returnUris,
        ...(settings.executablePath === undefined ? {} : { executablePath: settings.executablePath }),
        ...(context.env ? { env: context.env } : {}),
        stepTimeoutMs: settings.stepTimeoutMs,
        args: [...settings.args, ...(context.browserArgs ?? [])],
        ...(settings.script ? { script: settings.script } : {}),
        ...(settings.otp === undefined ? {} : { otp: settings.otp }),
      });
    }
    case 'control':
      if (!context.control)
        throw new ConfigError('the control SCA driver acts through a control API: give "controlUrl" in the config');
      return controlScaDriver({
        controlUrl: context.control.url,
        token: context.control.token,
        tls: context.control.tls,
      });
    case 'manual': {
      const manual = config.manual ?? { timeoutSeconds: 300, pollSeconds: 2 };
      return manualScaDriver({
        say: context.say,
        timeoutMs: manual.timeoutSeconds * 1000,
        pollMs: manual.pollSeconds * 1000,
      });
    }
    case 'none':
      return undefined;
  }
}

/** The longest a manual approval may take, so the runner's per-scenario limit can allow for it. */
export function manualTimeoutMs(config: ScaConfig): number | undefined {
  return config.driver === 'manual' ? (config.manual?.timeoutSeconds ?? 300) * 1000 : undefined;
}
