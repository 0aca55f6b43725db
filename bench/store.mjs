#!/usr/bin/env node
/**
 * Benchmark 5: the cost of one write with `--data` as the store grows. For 200, 5,000 and 50,000
 * stored consents: the mean time of a consent creation over the API (sequential, one keep-alive
 * mutual-TLS connection, after a warm-up) and the resident memory of the serve process after the
 * writes. Goals (issue 31): the mean at 50,000 within 1.5 × the mean at 200, and the RSS at 50,000
 * below what the JSON file store of the release before needed at 5,000.
 *
 * Creating 50,000 consents over the API would take long, so they are seeded: a data file as the
 * release before wrote it (JSON, version 1) holding N approved consents with their authorisations,
 * cloned with fresh ids. A release with the SQLite store migrates it at its first start; the
 * measurement is taken on the second start, which opens the SQLite file as any restart would. The
 * same script measures the release before: `node bench/store.mjs [PACKAGE_ROOT] [WRITES]` runs the
 * `serve` of the package at PACKAGE_ROOT (default: this one; it must be built). argv WRITES: measured
 * writes per size (default 100). The same writes are timed in memory (no --data, empty store), for
 * the in-memory default's own cost per write.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { certificates, readyUrls, REDIRECT, report, root, tlsClient } from './lib.mjs';

const packageRoot = resolve(process.argv[2] ?? root);
const writes = Number(process.argv[3] ?? 100);
const SIZES = [200, 5_000, 50_000];
const WARM_UP = 10;
const IBAN = 'DE12123456780000100001';
const TPP = 'PSDDE-BAFIN-123456';

/** A JSON data file of the release before SQLite holding `count` valid consents of anna's and their authorisations. */
function seedFile(file, count) {
  const now = Date.now();
  const iso = (ms) => new Date(ms).toISOString();
  const refs = [IBAN];
  const consents = {};
  const authorisations = {};
  for (let i = 0; i < count; i++) {
    const consentId = randomUUID();
    const authorisationId = randomUUID();
    const createdAt = iso(now - 60_000 - i);
    consents[consentId] = {
      consentId,
      kind: 'ais',
      tpp: TPP,
      status: 'valid',
      recurringIndicator: true,
      frequencyPerDay: 4,
      requested: { accounts: refs, balances: refs, transactions: refs },
      currencies: {},
      redirectUri: REDIRECT,
      authorisationId,
      createdAt,
      lastActionAt: createdAt,
      psuId: 'anna',
      granted: { accounts: refs, balances: refs, transactions: refs },
      authenticatedAt: createdAt,
      expiresAt: iso(now + 90 * 86_400_000),
      validUntil: iso(now + 90 * 86_400_000).slice(0, 10),
      statusChangedAt: createdAt,
    };
    authorisations[authorisationId] = {
      authorisationId,
      parent: { kind: 'consent', id: consentId },
      tpp: TPP,
      scaStatus: 'finalised',
      state: randomUUID(),
      createdAt,
      expiresAt: iso(now - 60_000 - i + 15 * 60_000),
      otpFailures: 0,
      psuId: 'anna',
      finishedAt: createdAt,
    };
  }
  const data = {
    version: 1,
    clockOffsetMs: 0,
    seedAnchor: iso(now).slice(0, 10),
    providers: {},
    registerDecisions: {},
    consents,
    authorisations,
    usage: {},
    sms: [],
    bookings: [],
    callbackKey: randomBytes(32).toString('hex'),
    callbacks: {},
    deliveries: [],
    payments: {},
    paymentKeys: {},
    paymentsDue: {},
  };
  writeFileSync(file, JSON.stringify(data, null, 2), { mode: 0o600 });
}

function rssMb(pid) {
  return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;
}

/** `serve` of the package measured, with `--data file` when a file is given. */
function start(certsDir, file) {
  const args = ['serve', '--port', '0', '--portal-port', '0', '--certs', certsDir];
  if (file) args.push('--data', file);
  const child = spawn(process.execPath, [join(packageRoot, 'bin/xs2a-kit.js'), ...args], {
    cwd: packageRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return { child, ready: readyUrls(child) };
}

async function stop(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  await exited;
}

/** Warm-up, then `writes` consent creations one after another; the mean, p50 and max round trip. */
async function timeWrites(apiUrl, certs) {
  const client = tlsClient(apiUrl, certs);
  const times = [];
  try {
    for (let i = 0; i < WARM_UP + writes; i++) {
      const created = await client.send('/v1/consents', {
        method: 'POST',
        headers: { 'TPP-Redirect-URI': REDIRECT },
        body: {
          access: { accounts: [{ iban: IBAN }], balances: [{ iban: IBAN }] },
          recurringIndicator: true,
          frequencyPerDay: 4,
        },
      });
      if (created.status !== 201) throw new Error(`consent creation: ${created.status} ${created.text}`);
      if (i >= WARM_UP) times.push(created.ms);
    }
  } finally {
    client.close();
  }
  const sorted = [...times].sort((x, y) => x - y);
  return {
    meanMs: times.reduce((sum, ms) => sum + ms, 0) / times.length,
    p50Ms: sorted[Math.floor(sorted.length / 2)],
    maxMs: sorted[sorted.length - 1],
  };
}

/** One write with `stored` consents in a data file, and the RSS after the writes. */
async function measure(certs, stored) {
  const dir = mkdtempSync(join(tmpdir(), 'xs2a-bench-store-'));
  const file = join(dir, 'sandbox.data');
  try {
    seedFile(file, stored);
    // The first start takes the file over (a release with SQLite migrates it); the second is measured.
    const first = start(certs.dir, file);
    await first.ready;
    await stop(first.child);
    const { child, ready } = start(certs.dir, file);
    try {
      const { apiUrl, readyMs } = await ready;
      const timed = await timeWrites(apiUrl, certs);
      return { stored, readyMs, ...timed, rssMb: rssMb(child.pid), fileMb: statSync(file).size / 1024 / 1024 };
    } finally {
      await stop(child);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The same writes without --data (the in-memory default), from an empty store. */
async function measureMemory(certs) {
  const { child, ready } = start(certs.dir, undefined);
  try {
    const { apiUrl } = await ready;
    return { ...(await timeWrites(apiUrl, certs)), rssMb: rssMb(child.pid) };
  } finally {
    await stop(child);
  }
}

const certs = await certificates();
try {
  const rows = [];
  for (const stored of SIZES) {
    process.stderr.write(`bench: store, ${stored.toLocaleString('en')} consents stored …\n`);
    rows.push(await measure(certs, stored));
  }
  process.stderr.write('bench: store, in memory …\n');
  const memory = await measureMemory(certs);
  const at = (n) => rows.find((row) => row.stored === n);
  report({ benchmark: 'store', packageRoot, writes, rows, memory, growth: at(50_000).meanMs / at(200).meanMs });
} finally {
  rmSync(certs.dir, { recursive: true, force: true });
}
