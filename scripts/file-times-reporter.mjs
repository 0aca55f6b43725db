/**
 * A vitest reporter for measuring the suite: each test file's time from its worker's start to its
 * end (set-up, import, hooks and tests), the slowest first, as a Markdown table on stdout when the
 * run ends, and every file in FILE_TIMES_JSON when that variable names a file.
 *
 *   npx vitest run --reporter=default --reporter=./scripts/file-times-reporter.mjs
 */
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';

const SHOWN = 25;

export default class FileTimesReporter {
  rows = [];
  started = Date.now();

  onInit(vitest) {
    this.root = vitest.config.root;
  }

  onTestModuleEnd(module) {
    const d = module.diagnostic();
    const seconds = (ms) => Math.round(ms / 100) / 10;
    this.rows.push({
      file: relative(this.root, module.moduleId),
      project: module.project.name,
      seconds: seconds(
        d.environmentSetupDuration + d.prepareDuration + d.setupDuration + d.collectDuration + d.duration,
      ),
      importSeconds: seconds(d.collectDuration),
      tests: [...module.children.allTests()].length,
    });
  }

  onTestRunEnd() {
    const rows = this.rows.sort((a, b) => b.seconds - a.seconds);
    const total = rows.reduce((sum, row) => sum + row.seconds, 0);
    const lines = [
      `vitest wall ${((Date.now() - this.started) / 1000).toFixed(1)} s; ${rows.length} files, ${total.toFixed(1)} s summed over files`,
      '',
      '| file | tests | s (import s) |',
      '|---|---|---|',
      ...rows.slice(0, SHOWN).map((row) => `| ${row.file} | ${row.tests} | ${row.seconds} (${row.importSeconds}) |`),
    ];
    process.stdout.write(`\n${lines.join('\n')}\n`);
    if (process.env.FILE_TIMES_JSON) writeFileSync(process.env.FILE_TIMES_JSON, JSON.stringify(rows, null, 2));
  }
}
