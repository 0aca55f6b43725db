#!/usr/bin/env node
/**
 * Benchmark 3: `serve` start to ready with certificates present (goal < 1 s, see startup.mjs), and
 * the resident memory of the serve process once ready with the default 20 generated customers
 * (goal < 150 MB) and with 10,000. RSS is read from /proc (Linux). argv: [STARTUP RUNS] (default 10).
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { bin, certificates, control, readyUrls, report, root } from './lib.mjs';
import { measureStartup } from './startup.mjs';

const runs = Number(process.argv[2] ?? 10);
const certs = await certificates();

function rssMb(pid) {
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
  return kb / 1024;
}

async function footprint(customers) {
  const child = spawn(
    process.execPath,
    [bin, 'serve', '--port', '0', '--portal-port', '0', '--certs', certs.dir, '--customers', String(customers)],
    { cwd: root },
  );
  try {
    const { controlUrl, readyMs } = await readyUrls(child);
    const listed = await control(controlUrl, '/customers');
    // Let start-up garbage go before reading, as a long-running sandbox would.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    return { customers: listed.length, readyMs, rssMb: rssMb(child.pid) };
  } finally {
    child.kill('SIGTERM');
  }
}

const startup = await measureStartup(runs);
report({ benchmark: 'footprint', startup, memory: [await footprint(20), await footprint(10_000)] });
