/**
 * The `browser` SCA driver's script: what a customer does on a bank's SCA page, as data (it lives in
 * the `--config` file), one list of steps to approve and one to decline. Values may name variables in
 * braces: `{psuId}`, `{password}`, `{otp}` (the config's fixed code, or one a `read` step took from
 * the page), and anything else a `read` step stored.
 */
import { z } from 'zod';

const Selector = z.string().min(1);
const StepTimeout = z.number().int().positive().max(600_000).optional();
const Pattern = z
  .string()
  .min(1)
  .refine((text) => {
    try {
      new RegExp(text);
      return true;
    } catch {
      return false;
    }
  }, 'not a valid regular expression');

export const BrowserStepSchema = z.union([
  z.strictObject({ fill: Selector, with: z.string(), timeoutMs: StepTimeout }),
  z.strictObject({ click: Selector, timeoutMs: StepTimeout }),
  z.strictObject({ check: Selector, timeoutMs: StepTimeout }),
  z.strictObject({ waitFor: Selector, timeoutMs: StepTimeout }),
  /** Reads an element's text into a variable; `pattern` (a regular expression) keeps its first match. */
  z.strictObject({
    read: Selector,
    into: z.string().regex(/^[A-Za-z][A-Za-z0-9_]*$/),
    pattern: Pattern.optional(),
    timeoutMs: StepTimeout,
  }),
]);
export type BrowserStep = z.infer<typeof BrowserStepSchema>;

export const BrowserScriptSchema = z.strictObject({
  approve: z.array(BrowserStepSchema).min(1),
  decline: z.array(BrowserStepSchema).min(1),
});
export type BrowserScript = z.infer<typeof BrowserScriptSchema>;

/** The login and one-time-code steps of the simulator's SCA page (docs/control-api.md, "Customer surface"). */
const SIM_LOGIN_AND_CODE: BrowserStep[] = [
  { fill: '#psuId', with: '{psuId}' },
  { fill: '#password', with: '{password}' },
  { click: 'form[action$="/login"] button[type="submit"]' },
  // The sandbox "sends" the code to a test phone shown beside the form.
  { read: '[data-testid="sms-code"]', into: 'otp', pattern: '\\d{6}' },
  { fill: '#otp', with: '{otp}' },
  { click: 'form[action$="/code"] button[type="submit"]' },
];

/** The default script: the simulator's own SCA page. */
export const SIM_BROWSER_SCRIPT: BrowserScript = {
  approve: [...SIM_LOGIN_AND_CODE, { click: 'button[name="decision"][value="approve"]' }],
  decline: [...SIM_LOGIN_AND_CODE, { click: 'button[name="decision"][value="decline"]' }],
};

export function stepSelector(step: BrowserStep): string {
  if ('fill' in step) return step.fill;
  if ('click' in step) return step.click;
  if ('check' in step) return step.check;
  if ('waitFor' in step) return step.waitFor;
  return step.read;
}

/** `{name}` → the variable's value; a name nothing provided is a script error, said plainly. */
export function expand(template: string, variables: ReadonlyMap<string, string>): string {
  return template.replace(/\{([A-Za-z][A-Za-z0-9_]*)\}/g, (_, name: string) => {
    const value = variables.get(name);
    if (value === undefined)
      throw new Error(`{${name}} has no value: no earlier "read" step stored it and the config gives none`);
    return value;
  });
}
