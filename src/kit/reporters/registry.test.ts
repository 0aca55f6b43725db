import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { countVerdicts, type RunSummary } from '../events.js';
import { createReporter, UnknownReporter } from './registry.js';

const summary: RunSummary = { target: 'sim', results: [], ...countVerdicts([]), durationMs: 5 };
const stdout = () => {
  const chunks: string[] = [];
  return { chunks, sink: { write: (text: string) => void chunks.push(text), isTTY: false } };
};

describe('reporter registry', () => {
  it('writes a report file into a folder that does not exist yet (a fresh CI checkout)', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'xs2a-kit-reports-')), 'reports', 'nested', 'conformance.xml');
    const reporter = createReporter(`junit:${file}`, { stdout: stdout().sink });
    reporter.onEvent({ type: 'run-finished', summary });
    await reporter.close?.();
    expect(readFileSync(file, 'utf8')).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites name="xs2a-kit conformance \(sim\)" tests="0"/,
    );
  });

  it('writes a report without a file to stdout', async () => {
    const out = stdout();
    const reporter = createReporter('json', { stdout: out.sink });
    reporter.onEvent({ type: 'run-finished', summary });
    await reporter.close?.();
    expect(JSON.parse(out.chunks.join(''))).toEqual({ tool: 'xs2a-kit conformance', ...summary });
  });

  it('writes the console report to the file after console:, in plain lines', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'xs2a-kit-reports-')), 'console.txt');
    const out = stdout();
    const reporter = createReporter(`console:${file}`, { stdout: { ...out.sink, isTTY: true } });
    reporter.onEvent({ type: 'run-started', target: 'sim', total: 0, approvals: 0 });
    reporter.onEvent({ type: 'run-finished', summary });
    await reporter.close?.();
    expect(out.chunks).toEqual([]);
    expect(readFileSync(file, 'utf8')).toBe(
      'Target sim: 0 scenarios\n\n0 passed, 0 failed, 0 inconclusive, 0 skipped, 0 errors in 0.0 s\n',
    );
  });

  it('refuses an unknown name and a colon without a file', () => {
    expect(() => createReporter('tap', { stdout: stdout().sink })).toThrow(
      new UnknownReporter('unknown reporter "tap" (known: console, junit, json, html)'),
    );
    expect(() => createReporter('junit:', { stdout: stdout().sink })).toThrow('reporter "junit:" names no file');
  });
});
