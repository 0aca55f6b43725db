/**
 * Where a Chromium to drive is, found without configuration: `CHROMIUM_PATH` when set, then the
 * browser Playwright downloaded (`npx playwright install chromium`), then the usual system places
 * (Debian's `chromium` package, Chrome). No browser is ever downloaded here.
 */
import { existsSync, readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

export const NO_CHROMIUM =
  'No Chromium found: install one with `apt-get install chromium` or `npx playwright install chromium`, or set CHROMIUM_PATH to a Chrome or Chromium binary.';

export class ChromiumNotFound extends Error {
  constructor() {
    super(NO_CHROMIUM);
  }
}

export interface ChromiumSearch {
  /** The environment to read CHROMIUM_PATH, PLAYWRIGHT_BROWSERS_PATH and the cache folders from. */
  env: Readonly<Record<string, string | undefined>>;
  platform?: NodeJS.Platform;
  home?: string;
  /** Playwright's own answer for its installed version, when playwright-core is at hand. */
  playwrightPath?: string | undefined;
  exists?: (path: string) => boolean;
  list?: (dir: string) => string[];
}

/** Layouts of Playwright's browser folders, old and new, per platform (relative to `chromium-NNNN/`). */
const PLAYWRIGHT_LAYOUTS: Record<string, string[][]> = {
  linux: [
    ['chrome-linux64', 'chrome'],
    ['chrome-linux-arm64', 'chrome'],
    ['chrome-linux', 'chrome'],
    ['chrome-headless-shell-linux64', 'chrome-headless-shell'],
    ['chrome-linux', 'headless_shell'],
  ],
  darwin: [
    ['chrome-mac-arm64', 'Google Chrome for Testing.app', 'Contents', 'MacOS', 'Google Chrome for Testing'],
    ['chrome-mac-x64', 'Google Chrome for Testing.app', 'Contents', 'MacOS', 'Google Chrome for Testing'],
    ['chrome-mac', 'Chromium.app', 'Contents', 'MacOS', 'Chromium'],
  ],
  win32: [
    ['chrome-win64', 'chrome.exe'],
    ['chrome-win', 'chrome.exe'],
  ],
};

const SYSTEM_PATHS: Record<string, string[]> = {
  linux: [
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/snap/bin/chromium',
    '/usr/bin/google-chrome',
    '/usr/bin/google-chrome-stable',
    '/opt/google/chrome/chrome',
  ],
  darwin: [
    '/Applications/Chromium.app/Contents/MacOS/Chromium',
    '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  ],
  win32: [
    'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe',
    'C:\\Program Files (x86)\\Google\\Chrome\\Application\\chrome.exe',
  ],
};

function playwrightCache(search: Required<Pick<ChromiumSearch, 'env' | 'platform' | 'home'>>): string {
  const { env, platform, home } = search;
  if (env.PLAYWRIGHT_BROWSERS_PATH && env.PLAYWRIGHT_BROWSERS_PATH !== '0') return env.PLAYWRIGHT_BROWSERS_PATH;
  if (platform === 'darwin') return join(home, 'Library', 'Caches', 'ms-playwright');
  if (platform === 'win32') return join(env.LOCALAPPDATA ?? join(home, 'AppData', 'Local'), 'ms-playwright');
  return join(env.XDG_CACHE_HOME ?? join(home, '.cache'), 'ms-playwright');
}

/** Every place to look, in order of preference. */
export function chromiumCandidates(search: ChromiumSearch): string[] {
  const platform = search.platform ?? process.platform;
  const home = search.home ?? homedir();
  const list = search.list ?? ((dir: string) => (existsSync(dir) ? readdirSync(dir) : []));
  const candidates: string[] = [];
  if (search.env.CHROMIUM_PATH) candidates.push(search.env.CHROMIUM_PATH);
  if (search.playwrightPath) candidates.push(search.playwrightPath);
  const cache = playwrightCache({ env: search.env, platform, home });
  // Newest downloads first: folder names carry the browser revision.
  const folders = list(cache)
    .filter((name) => /^chromium(_headless_shell)?-\d+$/.test(name))
    .sort((a, b) => Number(b.split('-').pop()) - Number(a.split('-').pop()));
  for (const folder of folders)
    for (const layout of PLAYWRIGHT_LAYOUTS[platform] ?? []) candidates.push(join(cache, folder, ...layout));
  candidates.push(...(SYSTEM_PATHS[platform] ?? []));
  return candidates;
}

/** The first Chromium that exists, or ChromiumNotFound with one line on how to install one. */
export function findChromium(search: ChromiumSearch): string {
  const exists = search.exists ?? existsSync;
  const found = chromiumCandidates(search).find((path) => exists(path));
  if (!found) throw new ChromiumNotFound();
  return found;
}

/** Playwright's path for the browser of its own version, when playwright-core is installed. */
export async function playwrightChromiumPath(): Promise<string | undefined> {
  try {
    return (await import('playwright-core')).chromium.executablePath();
  } catch {
    return undefined;
  }
}
