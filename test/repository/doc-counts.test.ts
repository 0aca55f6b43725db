/**
 * Every count the documentation states is the code's count: rules, open points, scenarios, negative
 * and observed rows, bank-profile settings, the scenarios of each area. The catalogue and the
 * settings are loaded as the kit loads them; a statement that names a number of rules, scenarios or
 * settings must be one of the claims below and hold, so a changed catalogue makes its author change
 * the docs. A sentence that names a date or a commit records a measurement of that time (a mutation
 * run, a benchmark) and is left as it was measured.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogue, rules } from '../../conformance/index.js';
import { formatCases } from '../../conformance/negative/format-cases.js';
import { observedCases, requestCases } from '../../conformance/negative/request-cases.js';
import { SETTINGS } from '../../src/contract/profile.js';

const root = join(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(join(root, file), 'utf8');
const DOCS = [
  'README.md',
  'conformance/README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

const openPoints = rules.filter((rule) => rule.open).length;
/** Scenarios that enforce the open point of a setting with a third value: the mutation suite plays them thrice. */
const thirdValueRules = new Set(
  SETTINGS.filter((setting) => setting.values.length > 2).map((setting) => setting.rule.split(' ')[0]!),
);
const thirdValueScenarios = catalogue.filter((scenario) => scenario.rules.some((id) => thirdValueRules.has(id)));
/** The scenarios the stateless mock passes, as test/kit/misbehaving-targets.test.ts lists them. */
const keptByTheMock = (() => {
  const text = read('test/kit/misbehaving-targets.test.ts');
  const list = /const KEPT_BY_THE_MOCK = \[([\s\S]*?)\];/.exec(text)?.[1];
  if (list === undefined) throw new Error('KEPT_BY_THE_MOCK is gone from test/kit/misbehaving-targets.test.ts');
  return [...list.replace(/\/\/.*$/gm, '').matchAll(/'([A-Z0-9-]+)'/g)].length;
})();

interface Claim {
  what: string;
  /** The number is the first group; words may wrap across lines. */
  pattern: RegExp;
  expected: number;
}

/** Specific claims first: each match is taken out of the text before the general ones look. */
const CLAIMS: Claim[] = [
  { what: 'open points', pattern: /(\d+)\s+of\s+them\s+open\s+points/g, expected: openPoints },
  { what: 'open points', pattern: /(\d+)\s+points\s+the\s+interface\s+leaves\s+open/g, expected: openPoints },
  { what: 'the last open point', pattern: /`OPEN-1`\s+…\s+`OPEN-(\d+)`/g, expected: openPoints },
  { what: 'rules', pattern: /—\s+(\d[\d,]*)\s+in\s+all\b/g, expected: rules.length },
  {
    what: 'negative rows',
    pattern: /(\d+)\s+of\s+them\s+negative\s+rows/g,
    expected: requestCases.length + formatCases.length,
  },
  { what: 'observed rows', pattern: /(\d+)\s+rows\s+of\s+open\s+header\s+formats/g, expected: observedCases.length },
  { what: 'scenarios in run order', pattern: /in\s+run\s+order\s+\((\d+)\)/g, expected: catalogue.length },
  {
    what: 'scenarios enforcing a setting with a third value',
    pattern: /open\s+point\s+\((\d+)\s+of\s+them\)/g,
    expected: thirdValueScenarios.length,
  },
  {
    what: 'scenarios a stateless mock passes',
    pattern: /only\s+the\s+(\d+)\s+scenarios\s+whose\s+rules/g,
    expected: keptByTheMock,
  },
  { what: 'rules', pattern: /(\d[\d,]*)\s+rules\b/g, expected: rules.length },
  { what: 'scenarios', pattern: /(\d[\d,]*)\s+scenarios\b/g, expected: catalogue.length },
  { what: 'bank-profile settings', pattern: /(\d+)\s+settings\b/g, expected: SETTINGS.length },
];

/** A measurement of its time: it names a date or a commit. */
const MEASURED = /\b\d{4}-\d{2}-\d{2}\b|`[0-9a-f]{7,40}`/;

/** The prose of a Markdown text as sentences: paragraphs joined, table rows apart, code left out. */
function sentences(text: string): string[] {
  const prose = text.replace(/^```[\s\S]*?^```/gm, '');
  const units = prose
    .split(/\n\s*\n/)
    .flatMap((block) => (block.trimStart().startsWith('|') ? block.split('\n') : [block.replace(/\s*\n\s*/g, ' ')]));
  return units.flatMap((unit) => unit.split(/(?<=[.!?])\s+(?=[A-Z0-9`*(])/));
}

interface Found {
  file: string;
  what: string;
  stated: number;
  expected: number;
  sentence: string;
}

function countStatements(): { found: Found[]; measured: string[] } {
  const found: Found[] = [];
  const measured: string[] = [];
  for (const file of DOCS) {
    for (const sentence of sentences(read(file))) {
      if (MEASURED.test(sentence)) {
        if (CLAIMS.some((claim) => new RegExp(claim.pattern).test(sentence))) measured.push(`${file}: ${sentence}`);
        continue;
      }
      let rest = sentence;
      for (const claim of CLAIMS) {
        rest = rest.replace(new RegExp(claim.pattern), (match, number: string) => {
          found.push({
            file,
            what: claim.what,
            stated: Number(number.replace(/,/g, '')),
            expected: claim.expected,
            sentence,
          });
          return ' '.repeat(match.length);
        });
      }
    }
  }
  return { found, measured };
}

const { found, measured } = countStatements();

describe('the counts the docs state', () => {
  it('are the code’s counts, in README.md, docs/*.md and conformance/README.md', () => {
    const wrong = found
      .filter((statement) => statement.stated !== statement.expected)
      .map((s) => `${s.file}: ${s.stated} ${s.what}, the code has ${s.expected} — "${s.sentence}"`);
    expect(wrong).toEqual([]);
  });

  it('are found: every kind of claim is stated somewhere, the totals in the README and the conformance pages', () => {
    const kinds = new Set(found.map((statement) => statement.what));
    expect(CLAIMS.map((claim) => claim.what).filter((what) => !kinds.has(what))).toEqual([]);
    const stated = (file: string, what: string) => found.some((s) => s.file === file && s.what === what);
    for (const file of ['README.md', 'docs/conformance.md', 'conformance/README.md'])
      for (const what of ['rules', 'open points', 'scenarios'])
        expect(stated(file, what) || stated(file, 'scenarios in run order'), `${file}: ${what}`).toBe(true);
    expect(stated('docs/profiles.md', 'bank-profile settings')).toBe(true);
  });

  it('leave as they were only the measurements of the mutation and performance pages', () => {
    // A dated count anywhere else (the README, the conformance pages) is a claim about today: checked above.
    expect(measured.length).toBeGreaterThan(0);
    expect(measured.filter((sentence) => !/^docs\/(mutation-testing|performance)\.md: /.test(sentence))).toEqual([]);
  });

  it('give every area of the catalogue its scenario count in the conformance README’s table', () => {
    const byArea = new Map<string, number>();
    for (const scenario of catalogue) byArea.set(scenario.area, (byArea.get(scenario.area) ?? 0) + 1);
    const lines = read('conformance/README.md').split('\n');
    const header = lines.indexOf('| Area | Files | Ids | Scenarios | What it enforces |');
    expect(header).toBeGreaterThan(-1);
    const rows = lines.slice(
      header + 2,
      lines.findIndex((line, index) => index > header && !line.startsWith('|')),
    );
    const table = new Map(
      rows.map((row) => row.split('|').map((cell) => cell.trim())).map((c) => [c[1]!, Number(c[4])]),
    );
    expect(Object.fromEntries(table)).toEqual(Object.fromEntries(byArea));
  });
});
