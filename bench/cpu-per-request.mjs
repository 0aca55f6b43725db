#!/usr/bin/env node
/**
 * CPU time per attended balance read, simulator and bare node:https server, sampled by the kernel
 * (`perf record -e cpu-clock`, every thread of the server process, user and kernel time) while
 * autocannon sends a fixed number of requests over 32 keep-alive mutual-TLS connections. Wall-clock
 * req/s moves with whatever else runs on the machine; CPU time per request moves far less, so this
 * is the number to compare two builds with on a busy machine (run them alternately). Each sample
 * is counted once: under node's TLS write (the encryption and the socket write, kernel included),
 * else under a JavaScript frame of the package (its innermost one: work the package does, V8's
 * runtime it calls included), else the rest (node's HTTP parsing, the GC, the event loop).
 *
 * argv: [REQUESTS] (default 40000). Needs `perf`; run after `npm run build`.
 */
import { execFileSync, spawn } from 'node:child_process';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { balancesPair, certificates, listeningLine, machine, root, wellMadeLoad } from './lib.mjs';

const requests = Number(process.argv[2] ?? 40_000);

function startServer(mode, certsDir, bodyFile) {
  const script = join(root, 'bench/profile-server.mjs');
  const child = spawn(process.execPath, ['--perf-basic-prof', script, mode, certsDir, bodyFile ?? '', 'count'], {
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  return { child, ready: listeningLine(child, `${mode} server`) };
}

const load = (url, headers, certs, amount) =>
  autocannon({
    url,
    connections: 32,
    amount,
    ...wellMadeLoad(headers),
    tlsOptions: { ca: certs.ca, cert: certs.cert, key: certs.key },
  });

/** The samples of a `perf script` text: each its period (ns) and its stack, innermost frame first. */
function samples(text) {
  return text
    .split('\n\n')
    .map((block) => block.trim().split('\n'))
    .filter((lines) => lines.length > 1)
    .map(([head, ...frames]) => ({
      ns: Number(/\s(\d+) cpu-clock/.exec(head)?.[1] ?? 0),
      frames: frames.map((frame) => frame.trim()),
    }));
}

async function measure(server, url, headers, certs) {
  await load(url, headers, certs, 10_000);
  const file = join(certs.dir, `perf-${server.child.pid}.data`);
  const perf = spawn('perf', ['record', '-e', 'cpu-clock', '-g', '-p', String(server.child.pid), '-o', file], {
    stdio: 'ignore',
  });
  await new Promise((resolve) => setTimeout(resolve, 500));
  const result = await load(url, headers, certs, requests);
  perf.kill('SIGINT');
  await new Promise((resolve) => perf.on('exit', resolve));
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${result.non2xx} non-2xx, ${result.errors} errors`);
  const sums = { total: 0, write: 0, own: 0 };
  const text = execFileSync('perf', ['script', '-i', file], { maxBuffer: 1 << 30, encoding: 'utf8' });
  for (const { ns, frames } of samples(text)) {
    sums.total += ns;
    if (frames.some((frame) => frame.includes('TLSWrap::DoWrite'))) sums.write += ns;
    else if (frames.find((frame) => frame.includes(' JS:'))?.includes('/dist/src/')) sums.own += ns;
  }
  const us = (ns) => ns / 1000 / requests;
  return {
    total: us(sums.total),
    write: us(sums.write),
    own: us(sums.own),
    rest: us(sums.total - sums.write - sums.own),
  };
}

const certs = await certificates();
const { sim, bare, headers, simUrl, bareUrl } = await balancesPair(certs, startServer);
try {
  const simulator = await measure(sim, simUrl, headers, certs);
  const baseline = await measure(bare, bareUrl, headers, certs);
  const row = (name, m) =>
    `| ${name} | ${m.total.toFixed(1)} | ${m.write.toFixed(1)} | ${m.own.toFixed(1)} | ${m.rest.toFixed(1)} |`;
  process.stdout.write(
    [
      `Machine: ${machine()}; ${requests} requests each; ${new Date().toISOString()}.`,
      '',
      '| server | CPU µs / request | TLS write | the package’s JavaScript | the rest |',
      '|---|---|---|---|---|',
      row('simulator', simulator),
      row('bare node:https', baseline),
      '',
      `bare / simulator: ${(baseline.total / simulator.total).toFixed(2)}`,
      '',
    ].join('\n'),
  );
} finally {
  sim.child.kill('SIGTERM');
  bare.child.kill('SIGTERM');
}
