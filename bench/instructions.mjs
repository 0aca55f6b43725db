#!/usr/bin/env node
/**
 * Instructions per attended balance read (`GET /v1/accounts/{id}/balances` with PSU-IP-Address),
 * simulator and bare node:https server, counted by valgrind's callgrind: the server runs under
 * valgrind with counting off; after a warm-up, counting is switched on (`callgrind_control -i on`)
 * for a fixed number of requests and off again. An instruction count does not move with what else
 * runs on the machine, so two builds can be compared on a busy machine, where req/s cannot.
 * JIT-compiled JavaScript is counted but not named (callgrind cannot read V8's code); where the
 * instructions go by stage is bench/profile-stages.mjs's work.
 *
 * argv: [REQUESTS] (default 2000) [WARM-UP REQUESTS] (default 4000: the JIT settles first, or counts
 * wander by ±5 %). Needs valgrind; run after `npm run build`.
 */
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { balancesRead, certificates, listeningLine, machine, root } from './lib.mjs';

const requests = Number(process.argv[2] ?? 2000);
const warmUp = Number(process.argv[3] ?? 4000);

function startServer(mode, certsDir, bodyFile) {
  const out = join(certsDir, `callgrind-${mode}.out`);
  const child = spawn(
    'valgrind',
    [
      '--tool=callgrind',
      '--instr-atstart=no',
      `--callgrind-out-file=${out}`,
      process.execPath,
      join(root, 'bench/profile-server.mjs'),
      mode,
      certsDir,
      bodyFile ?? '',
      'count',
    ],
    { stdio: ['ignore', 'pipe', 'ignore'] },
  );
  return { child, out, ready: listeningLine(child, `${mode} server under valgrind`) };
}

function load(url, headers, certs, amount) {
  return autocannon({
    url,
    connections: 8,
    amount,
    timeout: 60,
    headers,
    tlsOptions: { ca: certs.ca, cert: certs.cert, key: certs.key },
  });
}

/** Instructions counted between switching counting on and off, per request. */
async function count(server, url, headers, certs) {
  await load(url, headers, certs, warmUp);
  execFileSync('callgrind_control', ['-i', 'on', String(server.child.pid)], { stdio: 'ignore' });
  const result = await load(url, headers, certs, requests);
  execFileSync('callgrind_control', ['-i', 'off', String(server.child.pid)], { stdio: 'ignore' });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${result.non2xx} non-2xx, ${result.errors} errors`);
  const exited = new Promise((resolve) => server.child.on('exit', resolve));
  server.child.kill('SIGTERM');
  await exited;
  const totals = /^totals:\s+(\d+)/m.exec(readFileSync(server.out, 'utf8'));
  if (!totals) throw new Error(`no totals in ${server.out}`);
  return Number(totals[1]) / requests;
}

const certs = await certificates();
const sim = startServer('sim', certs.dir);
const simUrls = await sim.ready;
const { path, headers, bodyFile } = await balancesRead(simUrls.apiUrl, simUrls.controlUrl, certs);

const simulator = await count(sim, `${simUrls.apiUrl}${path}`, headers, certs);
const bare = startServer('bare', certs.dir, bodyFile);
const bareUrls = await bare.ready;
const baseline = await count(bare, `${bareUrls.apiUrl}${path}`, headers, certs);
process.stdout.write(
  `Machine: ${machine()}; ${requests} requests each, 8 keep-alive connections; ${new Date().toISOString()}.\n` +
    `instructions / request: simulator ${Math.round(simulator)}, bare ${Math.round(baseline)}, ` +
    `bare / simulator ${(baseline / simulator).toFixed(3)}\n`,
);
