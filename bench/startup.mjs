#!/usr/bin/env node
/**
 * `xs2a-kit serve` start-to-ready with certificates present: wall time from spawning the process
 * to the ready line, over several runs, plus the time the process itself reports. Goal: < 1 s.
 * Run after `npm run build`: `npm run bench:startup [-- RUNS]`; `npm run bench` uses measureStartup.
 */
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const bin = new URL('../bin/xs2a-kit.js', import.meta.url).pathname;

function once(certs) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [bin, 'serve', '--port', '0', '--portal-port', '0', '--certs', certs]);
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const match = /ready in (\d+) ms/.exec(out);
      if (match) {
        const wall = performance.now() - started;
        child.kill('SIGTERM');
        child.on('exit', () => resolve({ wall, reported: Number(match[1]) }));
      }
    });
    child.on('error', reject);
  });
}

export function stats(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return { min: sorted[0], median: sorted[Math.floor(sorted.length / 2)], max: sorted.at(-1) };
}

/** Spawn-to-ready over `runs` starts against one certificate folder, created first. */
export async function measureStartup(runs) {
  const certs = mkdtempSync(join(tmpdir(), 'xs2a-bench-'));
  execFileSync(process.execPath, [bin, 'certs', '--out', certs]);
  const results = [];
  for (let i = 0; i < runs; i += 1) results.push(await once(certs));
  return { runs, wall: stats(results.map((r) => r.wall)), reported: stats(results.map((r) => r.reported)) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const runs = Number(process.argv[2] ?? 15);
  const { wall, reported } = await measureStartup(runs);
  const fmt = (s) => `${Math.round(s.min)} / ${Math.round(s.median)} / ${Math.round(s.max)} ms`;
  console.log(`serve start to ready, certificates present, ${runs} runs (min / median / max)`);
  console.log(`machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, node ${process.version}`);
  console.log(`| measure | min / median / max |\n|---|---|`);
  console.log(`| spawn to ready line (wall) | ${fmt(wall)} |`);
  console.log(`| ready time the process prints | ${fmt(reported)} |`);
}
