#!/usr/bin/env node
/**
 * What an attended balance read costs, stage by stage of the API's request lifecycle: the simulator
 * (in its own process, bench/profile-server.mjs) answers a fixed number of `GET
 * /v1/accounts/{id}/balances` with PSU-IP-Address, 32 keep-alive mutual-TLS connections, while V8
 * samples its CPU every 100 µs; the bare node:https server answers the same number of requests.
 *
 * Wall-clock throughput moves with whatever else runs on the machine; CPU time per request and the
 * shares of a CPU profile move far less, so this is the measure to compare builds with on a busy
 * machine. Each sample is given to the innermost lifecycle stage on its stack (src/sim/api/
 * lifecycle.ts names them); work that runs after an await (a unit of work of the bank) has no stage
 * on its stack and is given to one by the file of its innermost frame of the package; samples
 * without any frame of the package are node's own work (TLS, HTTP parsing, sockets) or the GC.
 *
 * argv: [REQUESTS] (default 40000) [RUNS] (default 1). Run after `npm run build`.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { balancesPair, certificates, listeningLine, machine, root, wellMadeLoad } from './lib.mjs';

const requests = Number(process.argv[2] ?? 40_000);
const runs = Number(process.argv[3] ?? 1);

/** Work that runs outside any stage's frame (after an await), by the file of its innermost frame. */
const FILE_STAGES = [
  [/\/sim\/(bank|services|rules|ledger|views|records)\//, 'operation'],
  [/\/sim\/api\/[\w-]+-operations\.js$/, 'operation'],
  [/\/contract\/(request-headers|transactions-query|money|dates|schemas)\.js$/, 'operation'],
  [/\/sim\/(events|api\/record)\.js$/, 'record'],
  [/\/sim\/http\/json-body\.js$|raw-body|iconv-lite/, 'body'],
];

function startServer(mode, certsDir, bodyFile) {
  const child = spawn(process.execPath, [join(root, 'bench/profile-server.mjs'), mode, certsDir, bodyFile ?? ''], {
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  const ask = (message) =>
    new Promise((resolve) => {
      child.once('message', resolve);
      child.send(message);
    });
  return { child, ask, ready: listeningLine(child, `${mode} server`) };
}

function load(url, headers, certs, options) {
  return autocannon({
    url,
    connections: 32,
    ...wellMadeLoad(headers),
    tlsOptions: { ca: certs.ca, cert: certs.cert, key: certs.key },
    ...options,
  });
}

/** Measures one server: a warm-up, then `requests` requests between start and stop. */
async function measure(server, url, headers, certs) {
  await load(url, headers, certs, { amount: 5_000 });
  await server.ask('start');
  const result = await load(url, headers, certs, { amount: requests });
  const stopped = await server.ask('stop');
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${result.non2xx} non-2xx, ${result.errors} errors`);
  return { cpuMicrosPerRequest: stopped.cpuMicros / requests, profileFile: stopped.profileFile };
}

function classify(profile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const cache = new Map();
  const stageOf = (id) => {
    if (cache.has(id)) return cache.get(id);
    let innermostOwn;
    let stage;
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const { functionName, url } = byId.get(at).callFrame;
      const own = url.includes('/dist/src/');
      if (own && innermostOwn === undefined) innermostOwn = url;
      if (own && url.endsWith('/sim/api/lifecycle.js') && STAGES.includes(functionName)) {
        stage = functionName;
        break;
      }
    }
    if (!stage && innermostOwn) stage = FILE_STAGES.find(([pattern]) => pattern.test(innermostOwn))?.[1];
    if (!stage) {
      const leaf = byId.get(id).callFrame;
      if (leaf.functionName === '(idle)') stage = '(idle)';
      else if (leaf.functionName === '(garbage collector)') stage = '(garbage collector)';
      else if (innermostOwn) stage = '(package, outside the stages)';
      else stage = '(node: TLS, HTTP, sockets)';
    }
    cache.set(id, stage);
    return stage;
  };
  const micros = new Map();
  profile.samples.forEach((id, index) => {
    const stage = stageOf(id);
    micros.set(stage, (micros.get(stage) ?? 0) + (profile.timeDeltas[index] ?? 0));
  });
  return micros;
}

const { LIFECYCLE: STAGES } = await import(join(root, 'dist/src/sim/api/lifecycle.js'));
const certs = await certificates();
const { sim, bare, headers, simUrl, bareUrl } = await balancesPair(certs, startServer);

const rows = [];
try {
  for (let run = 0; run < runs; run++) {
    const simmed = await measure(sim, simUrl, headers, certs);
    const bared = await measure(bare, bareUrl, headers, certs);
    const micros = classify(JSON.parse(readFileSync(simmed.profileFile, 'utf8')));
    rows.push({ sim: simmed.cpuMicrosPerRequest, bare: bared.cpuMicrosPerRequest, micros });
  }
} finally {
  sim.child.kill('SIGTERM');
  bare.child.kill('SIGTERM');
}

const busy = (micros) => [...micros].filter(([stage]) => stage !== '(idle)').reduce((sum, [, us]) => sum + us, 0);
const lines = [
  `Machine: ${machine()}; ${requests} requests per run, ${runs} run(s); ${new Date().toISOString()}.`,
  '',
  '| run | simulator CPU µs / request | bare CPU µs / request | bare / simulator |',
  '|---|---|---|---|',
  ...rows.map(
    (row, index) =>
      `| ${index + 1} | ${row.sim.toFixed(1)} | ${row.bare.toFixed(1)} | ${(row.bare / row.sim).toFixed(2)} |`,
  ),
  '',
  "| stage | share of the simulator's busy samples | µs / request (sampled) |",
  '|---|---|---|',
];
const order = [...STAGES, '(package, outside the stages)', '(node: TLS, HTTP, sockets)', '(garbage collector)'];
const last = rows.at(-1).micros;
for (const stage of order) {
  const us = last.get(stage) ?? 0;
  lines.push(`| ${stage} | ${((100 * us) / busy(last)).toFixed(1)}% | ${(us / requests).toFixed(2)} |`);
}
process.stdout.write(`${lines.join('\n')}\n`);
