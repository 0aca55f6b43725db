/**
 * System tools some tests drive, found without configuration. When one is missing the test fails
 * with one line saying how to install it, never with a spawn error deep in a stack.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { findChromium, playwrightChromiumPath } from '../../src/kit/sca-drivers/find-chromium.js';

/** CHROMIUM_PATH, then Playwright's own browser, then the usual system paths. */
export async function chromiumPath(): Promise<string> {
  return findChromium({ env: process.env, playwrightPath: await playwrightChromiumPath() });
}

export const NO_OPENSSL =
  'No openssl found: install it with `apt-get install openssl` (or `brew install openssl`), or set OPENSSL_PATH.';

const USUAL_OPENSSL = ['/usr/bin/openssl', '/usr/local/bin/openssl', '/opt/homebrew/bin/openssl'];

/** OPENSSL_PATH, then every folder of PATH, then the usual places. */
export function opensslPath(env: NodeJS.ProcessEnv = process.env, usual: readonly string[] = USUAL_OPENSSL): string {
  const name = process.platform === 'win32' ? 'openssl.exe' : 'openssl';
  const candidates = [
    ...(env.OPENSSL_PATH ? [env.OPENSSL_PATH] : []),
    ...(env.PATH ?? '')
      .split(delimiter)
      .filter(Boolean)
      .map((dir) => join(dir, name)),
    ...usual,
  ];
  const found = candidates.find((path) => existsSync(path));
  if (!found) throw new Error(NO_OPENSSL);
  return found;
}

/** Runs openssl in `cwd` and answers its standard output; a failing command throws. */
export function openssl(cwd: string, ...args: string[]): string {
  return execFileSync(opensslPath(), args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}
