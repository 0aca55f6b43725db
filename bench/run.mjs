#!/usr/bin/env node
/**
 * `npm run bench`: runs each benchmark in its own process (so one's heap or JIT state never
 * colours another's numbers), writes bench/results.md and prints it. Not part of `npm test`.
 * Goals are those of docs/performance.md; a row says whether this run met its goal.
 * BENCH_BEFORE=DIR also runs the store benchmark against the built checkout at DIR (e.g. the
 * release before), so the two builds' store figures come from one sitting.
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { machine, root } from './lib.mjs';

function run(script, args = []) {
  return new Promise((resolve, reject) => {
    process.stderr.write(`bench: ${script} …\n`);
    const child = spawn(process.execPath, [join(root, 'bench', script), ...args], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('error', reject);
    child.on('exit', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('BENCH-RESULT '));
      if (code !== 0 || !line) reject(new Error(`${script} failed (exit ${code}):\n${out}`));
      else resolve(JSON.parse(line.slice('BENCH-RESULT '.length)));
    });
  });
}

const ms = (value) => `${value < 10 ? value.toFixed(1) : Math.round(value)} ms`;
const met = (ok) => (ok ? 'met' : '**not met**');

const balances = await run('balances.mjs', [process.env.BENCH_SECONDS ?? '10']);
const transactions = await run('transactions.mjs');
const footprint = await run('footprint.mjs');
const conformance = await run('conformance.mjs');
const store = await run('store.mjs');
// The same store benchmark against another built checkout (the release before), when named.
const storeBefore = process.env.BENCH_BEFORE ? await run('store.mjs', [process.env.BENCH_BEFORE]) : undefined;
const hosting = await run('hosting.mjs');
const worldsTiming = await run('worlds-timing.mjs');
const storeRss = (result, stored) => result.rows.find((row) => row.stored === stored).rssMb;
const storeMemoryGoal = (after, before) =>
  `RSS at 50,000: **${Math.round(storeRss(after, 50_000))} MB**; the BENCH_BEFORE build at 5,000: ` +
  `${Math.round(storeRss(before, 5_000))} MB (goal: below it: ${met(storeRss(after, 50_000) < storeRss(before, 5_000))}).`;
const storeRows = (label, result) => [
  ...result.rows.map(
    (row) =>
      `| ${label} | ${row.stored.toLocaleString('en')} | ${ms(row.meanMs)} | ${ms(row.p50Ms)} | ${Math.round(row.rssMb)} MB | ${row.fileMb.toFixed(1)} MB |`,
  ),
  `| ${label}, in memory (no \`--data\`) | 0 | ${ms(result.memory.meanMs)} | ${ms(result.memory.p50Ms)} | ${Math.round(result.memory.rssMb)} MB | none |`,
];

const cpuMs = (value) => `${value.toFixed(2)} ms`;
const hostingRow = (layout, kind) => {
  const m = layout[kind];
  const inDatabase = layout.store === 'postgresql';
  return (
    `| ${layout.label} | ${Math.round(m.rps)} | ${m.p50} / ${m.p99} ms | ${cpuMs(m.appCpuMs)} | ` +
    `${inDatabase ? `${cpuMs(m.dbCpuMs)} (${m.dbSharedCpuMs.toFixed(2)})` : 'in the process'} | ${layout.processes > 1 ? cpuMs(m.balancerCpuMs) : 'none'} | ` +
    `${m.busyCores.toFixed(1)} | ${m.perProcess.join(' / ')} |`
  );
};
const hostingTable = (kind) => [
  '| layout | req/s | p50 / p99 | serve CPU / request | database CPU / request (of it, the server’s own processes) | HAProxy CPU / request | cores busy (all measured) | answered per process |',
  '|---|---|---|---|---|---|---|---|',
  ...hosting.layouts.map((layout) => hostingRow(layout, kind)),
];
const hostingAlone = hosting.layouts.find((layout) => layout.alone);
const hostingSection = () => [
  `## 6. Hosting: memory, SQLite, PostgreSQL with one and with three processes (HAProxy, TCP mode)`,
  '',
  `autocannon, ${hosting.connections} keep-alive mutual-TLS connections, a fixed number of requests after a warm-up ` +
    `of a tenth; the serve processes with their defaults (client judge and request journal on). CPU per request from ` +
    `/proc (utime + stime): the serve processes, PostgreSQL's processes (backends of this database, and the server's ` +
    `own, WAL writer, checkpointer and the like, which other databases' work moves too), HAProxy. Cores busy: all of ` +
    `these and the load generator, over the run's wall time.`,
  '',
  `**GET balances, attended**, ${hosting.reads.toLocaleString('en')} requests:`,
  '',
  ...hostingTable('read'),
  '',
  `**POST /v1/payments/sepa-credit-transfers** (0.01 EUR, a new X-Request-ID each, every answer 201), ` +
    `${hosting.payments.toLocaleString('en')} requests, rotating over ${hosting.layouts[0].debtors} debtor accounts ` +
    `(about ${Math.round(hostingAlone.initiationsPerDebtor)} initiations per account by the end of a run: each ` +
    `initiation reads its debtor's payments of the day):`,
  '',
  ...hostingTable('payment'),
  '',
  `PostgreSQL, one process, one request at a time before the load (${hosting.writes} each, one keep-alive ` +
    `connection): a read ${ms(hostingAlone.alone.read.meanMs)} mean round trip (the database busy ` +
    `${cpuMs(hostingAlone.alone.read.inDatabaseMs)} a request, by pg_stat_database), an initiation ` +
    `${ms(hostingAlone.alone.payment.meanMs)} (${cpuMs(hostingAlone.alone.payment.inDatabaseMs)}).`,
  '',
  `**One write as rows grow, PostgreSQL**: a consent creation, ${hosting.writes} one after another on one keep-alive ` +
    `connection per size. The stored consents are seeded with SQL: approved recurring consents of ben; the measured ` +
    `ones are anna's, not approved, so supersession never looks at the seeded ones.`,
  '',
  '| consents stored | mean | p50 | max |',
  '|---|---|---|---|',
  ...hosting.growth.rows.map(
    (row) => `| ${row.stored.toLocaleString('en')} | ${ms(row.meanMs)} | ${ms(row.p50Ms)} | ${ms(row.maxMs)} |`,
  ),
  '',
  `Mean at 50,000 / mean at 200: **${hosting.growth.ratio.toFixed(2)}**.`,
  '',
  `**Projection** for one sandbox, from the ${hosting.projection.basis} run: N cores for the serve processes and ` +
    `PostgreSQL serve at most N / (serve CPU + database CPU per request):`,
  '',
  '| cores | reads | initiations |',
  '|---|---|---|',
  ...hosting.projection.read.cores.map(
    (read, i) =>
      `| ${read.n} | ${Math.round(read.cpu)} req/s | ${Math.round(hosting.projection.payment.cores[i].cpu)} req/s |`,
  ),
  '',
  'Whatever the cores, the row lock lets one unit of work of a sandbox run at a time (every attended read and every ' +
    'initiation is one): at most 1 / (the time one holds the row), taken from the requests one at a time above.',
  '',
  '| row lock ceiling | from the round trip (a lower bound) | from the database busy time | measured, 1 / 3 processes |',
  '|---|---|---|---|',
  ...['read', 'payment'].map((kind) => {
    const p = hosting.projection[kind];
    return (
      `| ${kind === 'read' ? 'reads' : 'initiations'} | ${Math.round(p.lockCeiling)} req/s | ` +
      `${Math.round(p.lockCeilingInDatabase)} req/s | ${Math.round(p.measured.one)} / ${Math.round(p.measured.three)} req/s |`
    );
  }),
  '',
  ...hosting.notes.flatMap((note) => [note, '']),
  `The hosting benchmark took ${Math.round(hosting.seconds)} s.`,
  '',
];

const worldsTimingSection = () => [
  "## 7. Worlds: another world's ids timed as unknown ones (`--worlds organisation`)",
  '',
  `Provider B reads consent statuses one at a time on one keep-alive connection: ${worldsTiming.reads} ids nobody ` +
    `issued while world A is empty, then, after A made ${worldsTiming.made.toLocaleString('en')} consents, A's ids and ` +
    `ids nobody issued alternately (${worldsTiming.reads} each). Every answer's status, headers (but the date and the ` +
    'echoed X-Request-ID) and body compared.',
  '',
  "| store | B, unknown ids, A empty: p50 / p99 | B, A's ids: p50 / p99 | B, unknown ids: p50 / p99 | p50 ratio | answers that differ |",
  '|---|---|---|---|---|---|',
  ...worldsTiming.layouts.map(
    (layout) =>
      `| ${layout.label} | ${ms(layout.worldAEmpty.p50)} / ${ms(layout.worldAEmpty.p99)} | ` +
      `${ms(layout.foreign.p50)} / ${ms(layout.foreign.p99)} | ${ms(layout.unknown.p50)} / ${ms(layout.unknown.p99)} | ` +
      `${layout.ratioP50.toFixed(2)} | ${layout.differences} of ${worldsTiming.reads} (every answer ${layout.answer}) |`,
  ),
  '',
];

const lines = [
  `# xs2a-kit benchmarks`,
  '',
  `Machine: ${machine()}. Run: ${new Date().toISOString()}. Generated by \`npm run bench\`.`,
  '',
  `## 1. GET balances, attended, autocannon ${balances.connections} keep-alive mutual-TLS connections, ${balances.seconds} s each`,
  '',
  '| server | req/s | p50 | p99 |',
  '|---|---|---|---|',
  `| bare node:https, same TLS settings, same JSON | ${Math.round(balances.bare.rps)} | ${balances.bare.p50} ms | ${balances.bare.p99} ms |`,
  `| smallest express 5 app, same TLS, same JSON (reference) | ${Math.round(balances.express.rps)} | ${balances.express.p50} ms | ${balances.express.p99} ms |`,
  `| simulator (\`xs2a-kit serve\`) | ${Math.round(balances.sim.rps)} | ${balances.sim.p50} ms | ${balances.sim.p99} ms |`,
  '',
  `Ratio simulator / bare: **${balances.ratio.toFixed(2)}** (goal ≥ 0.4: ${met(balances.ratio >= 0.4)}); ` +
    `simulator / smallest express app: ${(balances.sim.rps / balances.express.rps).toFixed(2)}.`,
  '',
  `## 2. Transactions page (250 rows), ${transactions.requests} sequential requests per cell, keep-alive`,
  '',
  '| booked history | ledger build (first read) | first page p50 / p99 | deep page via next p50 / p99 |',
  '|---|---|---|---|',
  ...transactions.rows.map(
    (row) =>
      `| ${row.history.toLocaleString('en')} | ${ms(row.buildMs)} | ${ms(row.first.p50)} / ${ms(row.first.p99)} | ${ms(row.deep.p50)} / ${ms(row.deep.p99)} |`,
  ),
  '',
  `Ratio 1M / 1k (p50): first page **${transactions.ratioFirst.toFixed(2)}**, deep page **${transactions.ratioDeep.toFixed(2)}** ` +
    `(goal ≤ 1.5: ${met(Math.max(transactions.ratioFirst, transactions.ratioDeep) <= 1.5)}).`,
  '',
  '## 3. Start-up and memory',
  '',
  '| measure | value | goal |',
  '|---|---|---|',
  `| \`serve\` spawn to ready line, certificates present, ${footprint.startup.runs} runs (min / median / max) | ` +
    `${Math.round(footprint.startup.wall.min)} / ${Math.round(footprint.startup.wall.median)} / ${Math.round(footprint.startup.wall.max)} ms | < 1 s: ${met(footprint.startup.wall.median < 1000)} |`,
  ...footprint.memory.map(
    (m, i) =>
      `| RSS once ready, ${m.customers.toLocaleString('en')} customers (ready in ${m.readyMs} ms) | ${Math.round(m.rssMb)} MB | ${i === 0 ? `< 150 MB: ${met(m.rssMb < 150)}` : 'none set'} |`,
  ),
  '',
  '## 4. Conformance catalogue against `--target sim`',
  '',
  `${conformance.scenarios} scenarios (${conformance.passed} passed, ${conformance.skipped} skipped, ${conformance.failed} failed, exit ${conformance.exitCode}) ` +
    `in **${conformance.seconds.toFixed(1)} s** (goal < 15 s: ${met(conformance.seconds < 15)}).`,
  '',
  `## 5. One write with \`--data\` as the store grows, ${store.writes} consent creations per size`,
  '',
  '| build | consents stored | mean | p50 | RSS after the writes | data file |',
  '|---|---|---|---|---|---|',
  ...storeRows('this one', store),
  ...(storeBefore ? storeRows(`\`${storeBefore.packageRoot}\` (BENCH_BEFORE)`, storeBefore) : []),
  '',
  `Mean at 50,000 / mean at 200: **${store.growth.toFixed(2)}** (goal ≤ 1.5: ${met(store.growth <= 1.5)}).`,
  ...(storeBefore ? [storeMemoryGoal(store, storeBefore)] : []),
  '',
  ...hostingSection(),
  ...worldsTimingSection(),
];
const markdown = lines.join('\n');
writeFileSync(join(root, 'bench/results.md'), markdown);
process.stdout.write(markdown);
