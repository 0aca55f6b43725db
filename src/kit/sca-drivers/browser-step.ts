/** One step of a browser script on a page; each waits at most `timeoutMs` for its element. */
import type { Page } from 'playwright-core';
import { expand, stepSelector, type BrowserStep } from './browser-script.js';

/** A step that could not be done, told in the script's terms (the selector, the wait). */
export class StepFailed extends Error {}

export async function runStep(
  page: Page,
  step: BrowserStep,
  variables: Map<string, string>,
  timeoutMs: number,
): Promise<void> {
  const selector = stepSelector(step);
  const element = page.locator(selector).first();
  try {
    if ('fill' in step) await element.fill(expandOrFail(step.with, variables), { timeout: timeoutMs });
    else if ('click' in step) await element.click({ timeout: timeoutMs });
    else if ('check' in step) await element.check({ timeout: timeoutMs });
    else if ('waitFor' in step) await element.waitFor({ state: 'visible', timeout: timeoutMs });
    else {
      const text = ((await element.textContent({ timeout: timeoutMs })) ?? '').trim();
      const value = step.pattern === undefined ? text : new RegExp(step.pattern).exec(text)?.[0];
      if (value === undefined)
        throw new StepFailed(`the text of "${selector}" ("${text.slice(0, 80)}") has no match of /${step.pattern}/`);
      variables.set(step.into, value);
    }
  } catch (error) {
    if (error instanceof Error && error.name === 'TimeoutError')
      throw new StepFailed(`"${selector}" did not appear within ${timeoutMs} ms`);
    throw error;
  }
}

function expandOrFail(template: string, variables: ReadonlyMap<string, string>): string {
  try {
    return expand(template, variables);
  } catch (error) {
    throw new StepFailed(error instanceof Error ? error.message : String(error));
  }
}
