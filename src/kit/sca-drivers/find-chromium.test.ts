import { describe, expect, it } from 'vitest';
import { chromiumCandidates, findChromium, NO_CHROMIUM } from './find-chromium.js';

const noFolders = () => [];

describe('finding a Chromium', () => {
  it('takes CHROMIUM_PATH first, then Playwright’s own path, then its cache newest first, then the system’s', () => {
    const candidates = chromiumCandidates({
      env: { CHROMIUM_PATH: '/opt/my/chrome' },
      platform: 'linux',
      home: '/home/dev',
      playwrightPath: '/home/dev/.cache/ms-playwright/chromium-1300/chrome-linux64/chrome',
      list: (dir) =>
        dir === '/home/dev/.cache/ms-playwright'
          ? ['firefox-1400', 'chromium-1169', 'chromium-1200', 'chromium_headless_shell-1200']
          : [],
    });
    expect(candidates[0]).toBe('/opt/my/chrome');
    expect(candidates[1]).toBe('/home/dev/.cache/ms-playwright/chromium-1300/chrome-linux64/chrome');
    expect(candidates).toContain('/home/dev/.cache/ms-playwright/chromium-1200/chrome-linux64/chrome');
    expect(candidates.indexOf('/home/dev/.cache/ms-playwright/chromium-1200/chrome-linux64/chrome')).toBeLessThan(
      candidates.indexOf('/home/dev/.cache/ms-playwright/chromium-1169/chrome-linux/chrome'),
    );
    expect(candidates.some((path) => path.includes('firefox'))).toBe(false);
    expect(candidates.slice(-6)).toEqual([
      '/usr/bin/chromium',
      '/usr/bin/chromium-browser',
      '/snap/bin/chromium',
      '/usr/bin/google-chrome',
      '/usr/bin/google-chrome-stable',
      '/opt/google/chrome/chrome',
    ]);
  });

  it('reads Playwright’s cache where PLAYWRIGHT_BROWSERS_PATH, XDG_CACHE_HOME or the platform puts it', () => {
    const seen: string[] = [];
    const list = (dir: string) => {
      seen.push(dir);
      return [];
    };
    chromiumCandidates({ env: { PLAYWRIGHT_BROWSERS_PATH: '/srv/browsers' }, platform: 'linux', home: '/h', list });
    chromiumCandidates({ env: { XDG_CACHE_HOME: '/xdg' }, platform: 'linux', home: '/h', list });
    chromiumCandidates({ env: {}, platform: 'darwin', home: '/Users/dev', list });
    expect(seen).toEqual(['/srv/browsers', '/xdg/ms-playwright', '/Users/dev/Library/Caches/ms-playwright']);
  });

  it('answers the first candidate that exists', () => {
    const found = findChromium({
      env: {},
      platform: 'linux',
      home: '/h',
      list: noFolders,
      exists: (path) => path === '/usr/bin/google-chrome',
    });
    expect(found).toBe('/usr/bin/google-chrome');
  });

  it('fails with one line saying how to install one when none exists', () => {
    expect(() =>
      findChromium({ env: {}, platform: 'linux', home: '/h', list: noFolders, exists: () => false }),
    ).toThrow(NO_CHROMIUM);
    expect(NO_CHROMIUM).not.toContain('\n');
    expect(NO_CHROMIUM).toContain('apt-get install chromium');
    expect(NO_CHROMIUM).toContain('npx playwright install chromium');
  });
});
