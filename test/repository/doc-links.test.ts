/**
 * Every relative link of the documentation leads somewhere: the file exists inside the repository,
 * and an anchor (on the same page or another) is the GitHub slug of one of that page's headings.
 * Every docs/ page is linked from the README. External links are not fetched (no network in the
 * tests); they are only required to be https.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const tracked = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((file) => file !== '' && existsSync(join(root, file)));

/** The pages a reader follows: the README, docs/, and the README of every folder that has one. */
const PAGES = tracked.filter(
  (file) =>
    file === 'README.md' ||
    /^docs\/[^/]+\.md$/.test(file) ||
    /^(conformance|src|examples|reference)\/(.+\/)?README\.md$/.test(file),
);

/** A page's text without fenced code blocks and inline code: links there are examples, not links. */
function prose(text: string): string {
  return text.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, each space a hyphen. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of a page's headings, a repeated heading numbered as GitHub numbers it. */
function anchors(file: string): Set<string> {
  const text = readFileSync(join(root, file), 'utf8').replace(/^```[\s\S]*?^```/gm, '');
  const seen = new Map<string, number>();
  const result = new Set<string>();
  for (const match of text.matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)) {
    const base = slug(match[1]!);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    result.add(count === 0 ? base : `${base}-${count}`);
  }
  return result;
}

interface Link {
  page: string;
  target: string;
}

function links(page: string): Link[] {
  const text = prose(readFileSync(join(root, page), 'utf8'));
  return [...text.matchAll(/\]\(([^)\s]+)\)|<(https?:\/\/[^>\s]+)>/g)].map((match) => ({
    page,
    target: match[1] ?? match[2]!,
  }));
}

const ALL = PAGES.flatMap(links);
const external = (link: Link) => /^[a-z][a-z0-9+.-]*:/i.test(link.target);

describe('the links of the documentation', () => {
  it('are read from every page a reader follows', () => {
    for (const page of ['README.md', 'docs/library.md', 'conformance/README.md', 'examples/curl/README.md'])
      expect(PAGES).toContain(page);
    expect(ALL.filter((link) => !external(link)).length).toBeGreaterThan(50);
  });

  it('lead to files and folders that exist inside the repository', () => {
    const broken = ALL.filter((link) => !external(link) && !link.target.startsWith('#'))
      .filter((link) => {
        const path = resolve(root, dirname(link.page), decodeURIComponent(link.target.split('#')[0]!));
        return relative(root, path).startsWith('..') || !existsSync(path);
      })
      .map((link) => `${link.page}: ${link.target}`);
    expect(broken).toEqual([]);
  });

  it('name only anchors that are headings of the page they lead to', () => {
    const broken = ALL.filter((link) => !external(link) && link.target.includes('#'))
      .filter((link) => {
        const [path, anchor] = link.target.split('#') as [string, string];
        const file =
          path === '' ? link.page : relative(root, resolve(root, dirname(link.page), decodeURIComponent(path)));
        if (!existsSync(join(root, file)) || statSync(join(root, file)).isDirectory()) return true;
        return !anchors(file).has(decodeURIComponent(anchor));
      })
      .map((link) => `${link.page}: ${link.target}`);
    expect(broken).toEqual([]);
  });

  it('link every page of docs/ from the README', () => {
    const linked = new Set(
      links('README.md')
        .filter((link) => !external(link))
        .map((link) => link.target.split('#')[0]!),
    );
    const pages = readdirSync(join(root, 'docs')).filter((name) => name.endsWith('.md'));
    expect(pages.length).toBeGreaterThan(10);
    expect(pages.filter((name) => !linked.has(`docs/${name}`))).toEqual([]);
  });

  it('go outside only over https, and are few', () => {
    const outside = ALL.filter(external);
    expect(outside.filter((link) => !link.target.startsWith('https://')).map((link) => link.target)).toEqual([]);
    expect(outside.length).toBeLessThanOrEqual(5);
  });
});

describe('slug', () => {
  it('gives GitHub’s anchors for the headings the docs use', () => {
    expect(slug('The `Sandbox` object')).toBe('the-sandbox-object');
    expect(slug('Customer surface (SCA pages and portal)')).toBe('customer-surface-sca-pages-and-portal');
    expect(slug("A bank's profile, written by the conformance kit")).toBe(
      'a-banks-profile-written-by-the-conformance-kit',
    );
    expect(slug('Set-up')).toBe('set-up');
    expect(slug('examples/curl — the sandbox from the shell')).toBe('examplescurl--the-sandbox-from-the-shell');
  });
});
