#!/usr/bin/env node
/**
 * Benchmark 1: GET balances, attended (PSU-IP-Address, so never 429), through the simulator
 * (`xs2a-kit serve` in its own process) and through a bare node:https mutual-TLS server answering
 * the same JSON, with the same load generator: autocannon, 32 keep-alive connections, mutual TLS.
 * The smallest express 5 app over the same server is measured too, as a reference for what the
 * framework alone costs. Goal: simulator req/s ≥ 0.4 × bare. argv: [SECONDS] (default 10).
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { balancesRead, bin, certificates, readyUrls, report, root, wellMadeLoad } from './lib.mjs';

const seconds = Number(process.argv[2] ?? 10);
const certs = await certificates();
const children = [];
const stopAll = () => children.forEach((child) => child.kill('SIGTERM'));

function load(url, headers, duration) {
  return autocannon({
    url,
    connections: 32,
    duration,
    ...wellMadeLoad(headers),
    tlsOptions: { ca: certs.ca, cert: certs.cert, key: certs.key },
  });
}

function summary(result) {
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${result.non2xx} non-2xx answers and ${result.errors} errors under load`);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
  };
}

try {
  const sim = spawn(process.execPath, [bin, 'serve', '--port', '0', '--portal-port', '0', '--certs', certs.dir], {
    cwd: root,
  });
  children.push(sim);
  const { apiUrl, controlUrl } = await readyUrls(sim);
  const { path, headers, body, bodyFile } = await balancesRead(apiUrl, controlUrl, certs);

  const reference = async (script) => {
    const child = spawn(process.execPath, [join(root, 'bench', script), certs.dir, bodyFile]);
    children.push(child);
    const port = await new Promise((resolve) =>
      child.stdout.on('data', (chunk) => resolve(Number(/listening (\d+)/.exec(String(chunk))?.[1]))),
    );
    return `https://localhost:${port}${path}`;
  };
  const urls = {
    bare: await reference('bare-server.mjs'),
    express: await reference('express-server.mjs'),
    sim: `${apiUrl}${path}`,
  };

  // A short warm-up of each (JIT, connection set-up), then the measured runs one after another.
  for (const url of Object.values(urls)) await load(url, headers, 2);
  const results = {};
  for (const [name, url] of Object.entries(urls)) results[name] = summary(await load(url, headers, seconds));
  report({
    benchmark: 'balances',
    seconds,
    connections: 32,
    ...results,
    ratio: results.sim.rps / results.bare.rps,
    bodyBytes: body.length,
  });
} finally {
  stopAll();
}
