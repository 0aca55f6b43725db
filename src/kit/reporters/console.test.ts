import { describe, expect, it } from 'vitest';
import { fakeTarget } from '../../../test/helpers/fake-target.js';
import { fail } from '../failure.js';
import { runScenarios } from '../runner.js';
import { scenario } from '../scenario.js';
import { consoleReporter, resultLine } from './console.js';

const target = fakeTarget();

const scenarios = [
  scenario({
    id: 'T-PASS-001',
    title: 'passes',
    spec: 'Paging rules 1',
    rules: [],
    area: 'paging',
    expect: {},
    run: async (ctx) => ctx.observe('page size (not shown)', { size: 250, secret: 'hush' }),
  }),
  scenario({
    id: 'T-CLOCK-001',
    title: 'needs the clock',
    spec: 'Limits 2',
    rules: [],
    area: 'limits',
    needs: ['clock'],
    expect: {},
    run: async () => {},
  }),
  scenario({
    id: 'T-FAIL-001',
    title: 'fails',
    spec: 'Limits 1',
    rules: ['LIMIT-1'],
    area: 'limits',
    expect: {},
    run: async () => fail('status: expected 429, got 200'),
  }),
  scenario({
    id: 'T-INCO-001',
    title: 'cannot check',
    spec: 'States: Payment',
    rules: [],
    area: 'payments',
    expect: {},
    run: async (ctx) => ctx.unchecked('the rule in PDNG', 'PDNG not reached'),
  }),
];

const RULES = [
  { id: 'LIMIT-1', section: 'Limits', statement: 'The fifth unattended access of a data type in a day is refused.' },
];
const BROKEN = 'breaks LIMIT-1 (Limits): The fifth unattended access of a data type in a day is refused.';

/** A stream like process.stdout: every write kept apart, so the order of rewrites can be checked. */
async function writes(isTTY: boolean, columns?: number): Promise<string[]> {
  const chunks: string[] = [];
  await runScenarios({
    target,
    scenarios,
    rules: RULES,
    reporters: [consoleReporter({ write: (text) => void chunks.push(text), isTTY, columns })],
  });
  return chunks;
}

const SKIP_LINE = 'SKIP T-CLOCK-001 needs the clock — skipped: the target lacks control of the target clock (clock)\n';

describe('console reporter', () => {
  it('writes plain lines without a TTY: no progress line, no control characters, one line per scenario with details indented', async () => {
    const chunks = await writes(false);
    expect(chunks.slice(0, -1)).toEqual([
      'Target fake bank: 4 scenarios\n',
      'PASS T-PASS-001 passes\n     observed page size (not shown): {"size":250,"secret":"***"}\n',
      SKIP_LINE,
      `FAIL T-FAIL-001 fails\n     ${BROKEN}\n     status: expected 429, got 200\n`,
      'INCONCLUSIVE T-INCO-001 cannot check\n     inconclusive: not checked: the rule in PDNG (PDNG not reached)\n',
    ]);
    expect(chunks.at(-1)).toMatch(/^\n1 passed, 1 failed, 1 inconclusive, 1 skipped, 0 errors in \d+\.\d s\n$/);
    expect(chunks.join('')).not.toMatch(/[\r\x1b]/);
  });

  it('shows live progress on a TTY: a counter line while a scenario runs, rewritten in place by its result', async () => {
    const chunks = await writes(true);
    const clear = '\r\x1b[2K';
    expect(chunks.slice(0, -1)).toEqual([
      'Target fake bank: 4 scenarios\n',
      `${clear}[1/4] T-PASS-001 passes…`,
      `${clear}PASS T-PASS-001 passes\n     observed page size (not shown): {"size":250,"secret":"***"}\n`,
      `${clear}${SKIP_LINE}`,
      `${clear}[3/4] T-FAIL-001 fails…`,
      `${clear}FAIL T-FAIL-001 fails\n     ${BROKEN}\n     status: expected 429, got 200\n`,
      `${clear}[4/4] T-INCO-001 cannot check…`,
      `${clear}INCONCLUSIVE T-INCO-001 cannot check\n     inconclusive: not checked: the rule in PDNG (PDNG not reached)\n`,
    ]);
    expect(chunks.at(-1)).toMatch(/^\n1 passed, 1 failed, 1 inconclusive, 1 skipped, 0 errors in \d+\.\d s\n$/);
  });

  it('cuts a progress line to the terminal width so the carriage return can take it back', async () => {
    const chunks = await writes(true, 20);
    expect(chunks[1]).toBe('\r\x1b[2K[1/4] T-PASS-001 p…');
    expect(chunks[1]!.length - '\r\x1b[2K'.length).toBe(19);
  });
});

describe('the result line', () => {
  it('gives the share of 5xx answers and the broken connections when the target was unstable', () => {
    const summary = {
      target: 't',
      results: [],
      passed: 3,
      failed: 0,
      inconclusive: 1,
      skipped: 0,
      errors: 0,
      durationMs: 1500,
      transport: { answers: 200, serverErrors: 21, connectionFailures: 2, retries: 23 },
    };
    expect(resultLine(summary)).toBe(
      '3 passed, 0 failed, 1 inconclusive, 0 skipped, 0 errors in 1.5 s; the target answered 21 of 200 requests with 5xx (10.5%), 2 broke without an answer; 23 retried',
    );
    expect(
      resultLine({ ...summary, transport: { answers: 200, serverErrors: 0, connectionFailures: 0, retries: 0 } }),
    ).toBe('3 passed, 0 failed, 1 inconclusive, 0 skipped, 0 errors in 1.5 s');
  });
});

describe('a run with errors of the kit', () => {
  it('says so first, before the counts: a scenario that throws inside the kit is an error, never a failure', async () => {
    const chunks: string[] = [];
    const throwing = scenario({
      id: 'T-KIT-001',
      title: 'the kit breaks',
      spec: 'Links 1',
      rules: [],
      area: 'paging',
      expect: {},
      run: async () => {
        // What a kit bug looks like: reading a field of an answer that is not there.
        const answer = undefined as unknown as { _links: unknown };
        return void answer._links;
      },
    });
    const summary = await runScenarios({
      target,
      scenarios: [throwing],
      reporters: [consoleReporter({ write: (text) => void chunks.push(text), isTTY: false })],
    });
    expect([summary.failed, summary.errors]).toEqual([0, 1]);
    expect(chunks.at(-1)).toMatch(
      /^\nThe kit itself broke in 1 scenario \(errors of the kit, not failures of the target\): those scenarios say nothing about the target; report them to the kit's maintainers with the error lines above\.\n0 passed, 0 failed, 0 inconclusive, 0 skipped, 1 errors in \d+\.\d s\n$/,
    );
  });
});
