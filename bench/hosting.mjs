#!/usr/bin/env node
/**
 * Benchmark 6: hosting. The same loads against every store on one machine in one run: memory (one
 * process), SQLite (one process, a fresh data file), PostgreSQL with one process and PostgreSQL with
 * three processes behind HAProxy (the XS2A API balanced in TCP mode, TLS passing through, as
 * docs/hosting.md shows). Each gets an attended balance read (PSU-IP-Address, so never 429) and a
 * payment initiation (a new X-Request-ID each, 201 expected), a fixed number of requests from
 * autocannon over keep-alive mutual-TLS connections: req/s, p50 and p99, and the CPU time per
 * request of the serve processes and, for PostgreSQL, of its server processes, read from /proc
 * before and after the load. CPU per request carries over to a bigger machine; req/s here is
 * whatever two shared cores leave. On PostgreSQL with one process, the same requests one at a time
 * too: how long a unit of work holds the sandbox's row, at most.
 *
 * Then the write cost as rows grow on PostgreSQL: a consent creation's mean round trip (one
 * keep-alive connection, one after another) with 200, 5,000 and 50,000 consents stored, seeded with
 * SQL. Last, what a run on this machine can and cannot show, and a projection to N cores.
 *
 * argv: [READS] [PAYMENTS] [WRITES] (default 3000, 1200, 100): requests of each measured load (on
 * PostgreSQL a few hundred a second here) and of each measure one request at a time. The serve
 * processes run with their defaults (client judge and request journal on). BENCH_CONNECTIONS
 * (default 24; at least 12, so that HAProxy, which balances connections, not requests, gives each of
 * three processes work). PG_HOST, PG_PORT, PG_USER name the PostgreSQL server (default 127.0.0.1,
 * 5432, postgres; trust authentication).
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import {
  approvedConsent,
  balancesRead,
  bin,
  certificates,
  control,
  machine,
  percentile,
  readyUrls,
  REDIRECT,
  report,
  root,
  tlsClient,
  wellMadeLoad,
  withPg,
  PG,
} from './lib.mjs';

const reads = Number(process.argv[2] ?? 3_000);
const payments = Number(process.argv[3] ?? 1_200);
const writes = Number(process.argv[4] ?? 100);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 24);
if (Math.min(reads, payments) < connections) throw new Error(`READS and PAYMENTS must be at least ${connections}`);
const SIZES = [200, 5_000, 50_000];
const WARM_UP = 10;
const ANNA_IBAN = 'DE12123456780000100001';
const OTHER_BANK_IBAN = 'DE89370400440532013000';
const PSU_IP = { 'PSU-IP-Address': '192.0.2.10' };
const PAYMENT_PATH = '/v1/payments/sepa-credit-transfers';
const TICK_MS = 1000 / Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }));

/** What is left to undo, newest first: processes, databases, folders; undone at the end, on failure and on a signal too. */
const undo = [];
async function cleanUp() {
  while (undo.length > 0) {
    try {
      await undo.pop()();
    } catch (error) {
      process.stderr.write(`bench: hosting, clean-up: ${error.message}\n`);
    }
  }
}

/** Registers `action` to be undone at the end; answers a function that undoes it now instead (once). */
function toUndo(action) {
  let done = false;
  const now = async () => {
    if (done) return;
    done = true;
    await action();
  };
  undo.push(now);
  return now;
}
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => cleanUp().finally(() => process.exit(1)));
// autocannon throws some of its errors outside any promise of ours.
process.once('uncaughtException', (error) => {
  process.stderr.write(`${error.stack}\n`);
  cleanUp().finally(() => process.exit(1));
});

/** Stops a child and waits for it: SIGTERM (a serve process closes its store), SIGKILL if it lingers. */
async function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const late = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(late);
}

/** A child process and the function that stops it (also run at the end if not called before). */
function spawnOwned(command, args, options) {
  const child = spawn(command, args, options);
  return { child, stop: toUndo(() => stop(child)) };
}

/** A database of this run's own, dropped at the end. */
async function database(label) {
  const name = `xs2a_bench_${label}_${process.pid}_${randomBytes(3).toString('hex')}`;
  try {
    await withPg('postgres', (client) => client.query(`CREATE DATABASE ${name}`));
  } catch (error) {
    throw new Error(`PostgreSQL at ${PG.host}:${PG.port} (user ${PG.user}): ${error.message}`, { cause: error });
  }
  return {
    name,
    url: `postgresql://${PG.user}@${PG.host}:${PG.port}/${name}`,
    sql: (text, params) => withPg(name, (client) => client.query(text, params)),
    drop: toUndo(() => withPg('postgres', (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`))),
  };
}

async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const reachable = (port) =>
  new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** `xs2a-kit serve` on the given ports; answers its pid, its own API and control URLs, and `stop`. */
async function serve(certsDir, api, portal, extra) {
  const args = ['serve', '--port', String(api), '--portal-port', String(portal), '--certs', certsDir, ...extra];
  const { child, stop } = spawnOwned(process.execPath, [bin, ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await readyUrls(child);
  return { pid: child.pid, stop, apiUrl: `https://localhost:${api}`, controlUrl: `http://localhost:${portal}/sandbox` };
}

/**
 * HAProxy's configuration as test/helpers/facility.ts writes it (docs/hosting.md), with a stats
 * socket: how many connections it gave each process (every process's journal holds every process's
 * requests, so none tells what it served itself).
 */
function haproxyConfig(ports, statsSocket) {
  const servers = (which) =>
    ports.backends.map((b, i) => `  server p${i + 1} 127.0.0.1:${b[which]} check inter 500 fall 1 rise 1`).join('\n');
  return `global
  maxconn 4096
  stats socket ${statsSocket}

defaults
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  retries 3
  option redispatch

frontend xs2a_api
  mode tcp
  bind 127.0.0.1:${ports.api}
  default_backend xs2a_processes

backend xs2a_processes
  mode tcp
  balance roundrobin
${servers('api')}

frontend customer_surface
  mode http
  bind 127.0.0.1:${ports.portal}
  default_backend customer_processes

backend customer_processes
  mode http
  balance roundrobin
  option http-server-close
${servers('portal')}
`;
}

/**
 * The sandbox a load runs against: one serve process (`data` absent: memory; a file: SQLite; a URL:
 * PostgreSQL), or `count` processes on one PostgreSQL database behind HAProxy.
 */
async function sandbox(certsDir, data, count = 1) {
  const dataArgs = data === undefined ? [] : ['--data', data];
  if (count === 1) {
    const one = await serve(certsDir, await freePort(), await freePort(), dataArgs);
    return { ...one, processes: [one] };
  }
  const ports = { api: await freePort(), portal: await freePort(), backends: [] };
  for (let i = 0; i < count; i++) ports.backends.push({ api: await freePort(), portal: await freePort() });
  const apiUrl = `https://localhost:${ports.api}`;
  const portalUrl = `http://localhost:${ports.portal}`;
  const publicUrls = ['--public-api-url', apiUrl, '--public-portal-url', portalUrl];
  const processes = await Promise.all(
    ports.backends.map((b) => serve(certsDir, b.api, b.portal, [...dataArgs, ...publicUrls])),
  );
  const configFile = join(certsDir, 'haproxy.cfg');
  const statsSocket = join(certsDir, 'haproxy.sock');
  writeFileSync(configFile, haproxyConfig(ports, statsSocket));
  const haproxy = spawnOwned('haproxy', ['-f', configFile, '-db'], { stdio: ['ignore', 'ignore', 'inherit'] });
  let failed;
  haproxy.child.once('error', (error) => (failed = error));
  for (let tries = 0; !(await reachable(ports.api)) || !(await reachable(ports.portal)); tries++) {
    if (failed) throw new Error(`haproxy could not start (${failed.message}): install it (apt-get install haproxy)`);
    if (tries > 100 || haproxy.child.exitCode !== null) throw new Error('haproxy did not listen');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    apiUrl,
    controlUrl: `${portalUrl}/sandbox`,
    processes,
    balancerPid: haproxy.child.pid,
    statsSocket,
    stop: async () => {
      await haproxy.stop();
      await Promise.all(processes.map((p) => p.stop()));
    },
  };
}

/** utime + stime of a process (all its threads) in clock ticks; 0 when it is gone. */
function ticks(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name, in parentheses, may hold spaces: count fields after its closing one.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/**
 * The PostgreSQL server's processes and their ticks: every process whose command name starts with
 * `postgres` (the postmaster, the WAL writer, the checkpointer, …, the backends), except backends
 * of other databases (another run's or another engineer's), told by the database their title names.
 * The server's own processes (`shared`) also work for other databases: their share is kept apart.
 */
function postgresTicks(databaseName) {
  const found = new Map();
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    let stat;
    let title;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      title = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    } catch {
      continue;
    }
    if (!stat.slice(stat.indexOf('(') + 1).startsWith('postgres')) continue;
    const backendOf = /^postgres: [^:]+: \S+ (\S+) (\[local\]|\S+\(\d+\))/.exec(title)?.[1];
    if (backendOf === undefined || backendOf === databaseName)
      found.set(pid, { ticks: ticks(pid), shared: backendOf === undefined });
  }
  return found;
}

/** Ticks spent between two readings of postgresTicks, all and the shared processes'; a process that started meanwhile counts from 0. */
function postgresSpent(before, after) {
  const spent = { all: 0, shared: 0 };
  for (const [pid, now] of after) {
    const ticksSpent = now.ticks - (before.get(pid)?.ticks ?? 0);
    spent.all += ticksSpent;
    if (now.shared) spent.shared += ticksSpent;
  }
  return spent;
}

/** The connections HAProxy has given each serve process so far (`stot` of `show stat`), in the config's order. */
function connectionsPerProcess(statsSocket) {
  return new Promise((resolve, reject) => {
    let csv = '';
    const socket = connect(statsSocket, () => socket.end('show stat\n'));
    socket.on('data', (chunk) => (csv += chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const [header, ...rows] = csv.trim().split('\n');
      const column = header.replace(/^# /, '').split(',').indexOf('stot');
      const servers = rows
        .map((row) => row.split(','))
        .filter(([proxy, server]) => proxy === 'xs2a_processes' && /^p\d+$/.test(server));
      resolve(servers.map((fields) => Number(fields[column])));
    });
  });
}

/** The CPU time a load's figures need, read before it and as its last answer arrives. */
function cpuReading(target, databaseName) {
  return {
    app: target.processes.map((p) => ticks(p.pid)),
    balancer: target.balancerPid === undefined ? 0 : ticks(target.balancerPid),
    postgres: databaseName === undefined ? new Map() : postgresTicks(databaseName),
    // The load generator runs in this process.
    generatorUs: process.cpuUsage(),
  };
}

/**
 * The requests each serve process answered in a load: all of them with one process; behind HAProxy,
 * the connections it got times the requests autocannon sends on each (amount / connections, the
 * same on every connection).
 */
async function perProcess(target, amount, connectionsBefore) {
  if (target.statsSocket === undefined) return [amount];
  const after = await connectionsPerProcess(target.statsSocket);
  return after.map((count, i) => Math.round(((count - connectionsBefore[i]) * amount) / connections));
}

const sum = (values) => values.reduce((total, value) => total + value, 0);

/**
 * autocannon with a fixed number of requests, every answer `status`. autocannon settles on its
 * one-second tick, so its own duration is rounded up to whole seconds: the wall time here ends at
 * the last answer, and `atLast()` is read then.
 */
async function load(certs, url, status, amount, requestOptions, atLast = () => undefined) {
  const started = performance.now();
  let answers = 0;
  let last;
  const run = autocannon({
    url,
    connections,
    amount,
    ...requestOptions,
    tlsOptions: { ca: certs.ca, cert: certs.cert, key: certs.key },
  });
  run.on('response', () => {
    if (++answers === amount) last = { seconds: (performance.now() - started) / 1000, reading: atLast() };
  });
  const result = await run;
  const others = Object.entries(result.statusCodeStats ?? {}).filter(([code]) => Number(code) !== status);
  if (others.length > 0 || result.errors > 0 || result.timeouts > 0 || last === undefined)
    throw new Error(
      `${url}: answers ${JSON.stringify(result.statusCodeStats)} (${status} expected), ${result.errors} errors, ${result.timeouts} timeouts`,
    );
  return { result, ...last };
}

/** A tenth of a load, and never fewer requests than connections (autocannon refuses that). */
const warmUpOf = (amount) => Math.max(connections, Math.ceil(amount / 10));

/**
 * A warm-up, then the measured load: req/s, latency, CPU per request (the serve processes,
 * PostgreSQL's processes, HAProxy, the load generator), how many of the machine's cores all of that
 * kept busy, and the requests each serve process answered.
 */
async function measure(certs, target, databaseName, url, status, amount, requestOptions) {
  await load(certs, url, status, warmUpOf(amount), requestOptions);
  const connectionsBefore = target.statsSocket && (await connectionsPerProcess(target.statsSocket));
  const before = cpuReading(target, databaseName);
  const {
    result,
    seconds,
    reading: after,
  } = await load(certs, url, status, amount, requestOptions, () => cpuReading(target, databaseName));
  const perRequest = (spentTicks) => (spentTicks * TICK_MS) / amount;
  const generatorUs = (reading) => reading.generatorUs.user + reading.generatorUs.system;
  const postgres = postgresSpent(before.postgres, after.postgres);
  const cpu = {
    appCpuMs: perRequest(sum(after.app) - sum(before.app)),
    dbCpuMs: perRequest(postgres.all),
    balancerCpuMs: perRequest(after.balancer - before.balancer),
    generatorCpuMs: (generatorUs(after) - generatorUs(before)) / 1000 / amount,
  };
  return {
    requests: amount,
    seconds,
    rps: amount / seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ...cpu,
    // Of dbCpuMs: the server's own processes (WAL writer, checkpointer, …), which other databases' work moves too.
    dbSharedCpuMs: perRequest(postgres.shared),
    busyCores: (sum(Object.values(cpu)) * amount) / 1000 / seconds,
    perProcess: await perProcess(target, amount, connectionsBefore),
  };
}

/** A payment initiation's body: a cent from the debtor to another bank's account, so no balance runs out. */
function transfer(debtorIban) {
  return JSON.stringify({
    debtorAccount: { iban: debtorIban },
    instructedAmount: { currency: 'EUR', amount: '0.01' },
    creditorAccount: { iban: OTHER_BANK_IBAN },
    creditorName: 'Merchant GmbH',
    remittanceInformationUnstructured: 'Invoice 42',
  });
}

/**
 * The debtor accounts the payments rotate over: every live account of the customer list that
 * accepts a payment. One account would do for the money (an initiation reserves nothing before
 * authorisation), but each initiation reads the debtor's payments of the day and each one's
 * authorisation (the daily limit counts those not rejected), so on one account the run would measure
 * a list growing with it; spread over all, it stays short (`initiationsPerDebtor` says how short).
 */
async function debtors(client, controlUrl) {
  const accounts = (await control(controlUrl, '/customers')).flatMap((customer) => customer.accounts);
  const accepted = [];
  for (const { iban } of accounts.filter((account) => account.status === 'live' && account.currency === 'EUR')) {
    const sent = await client.send(PAYMENT_PATH, {
      method: 'POST',
      headers: { 'TPP-Redirect-URI': REDIRECT, ...PSU_IP },
      body: JSON.parse(transfer(iban)),
    });
    if (sent.status === 201) accepted.push(iban);
  }
  if (!accepted.includes(ANNA_IBAN)) throw new Error(`a payment from ${ANNA_IBAN} was refused`);
  return accepted;
}

/** autocannon's options for payment initiations: a new X-Request-ID each, the debtors in turn. */
function paymentLoad(ibans) {
  const bodies = ibans.map(transfer);
  let next = 0;
  return {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'TPP-Redirect-URI': REDIRECT, ...PSU_IP },
    requests: [
      {
        setupRequest: (req) => ({
          ...req,
          body: bodies[next++ % bodies.length],
          headers: { ...req.headers, 'X-Request-ID': randomUUID() },
        }),
      },
    ],
  };
}

/** Mean, p50 and max of `count` round trips of `send()`, one after another. */
async function sequential(send, count) {
  const times = [];
  for (let i = 0; i < count; i++) times.push(await send());
  return { meanMs: sum(times) / times.length, p50Ms: percentile(times, 50), maxMs: Math.max(...times) };
}

/** One request answered `status`; its round trip in ms. */
async function timed(client, path, status, options) {
  const answer = await client.send(path, options);
  if (answer.status !== status) throw new Error(`${path}: ${answer.status} ${answer.text}`);
  return answer.ms;
}

/**
 * The time the database's sessions spent in transactions and running statements, in ms, as its
 * statistics say (read from another database, so the reading itself is not counted). A backend
 * reports them at most once a second when it goes idle: wait that out before reading.
 */
async function databaseBusyMs(name) {
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const { rows } = await withPg('postgres', (client) =>
    client.query('SELECT active_time + idle_in_transaction_time AS ms FROM pg_stat_database WHERE datname = $1', [
      name,
    ]),
  );
  return Number(rows[0].ms);
}

/**
 * Requests one after another on PostgreSQL with one process (after a warm-up): the round trip and the
 * database's busy time per request. Every request here runs one unit of work and nothing waits for
 * the sandbox's row, so both bound how long a unit of work holds it: the round trip from above
 * with everything the process does outside the transaction, the database's figure more closely
 * (it adds only the few statements outside the unit of work).
 */
async function alone(db, send) {
  await sequential(send, WARM_UP);
  const before = await databaseBusyMs(db.name);
  const timing = await sequential(send, writes);
  return { ...timing, inDatabaseMs: ((await databaseBusyMs(db.name)) - before) / writes };
}

/**
 * Reads and payments against one sandbox layout. On PostgreSQL with one process, each one at a time
 * first, while the debtors have made few payments today (see `debtors`): the hold of a unit of work
 * an initiation has at its least.
 */
async function hosting(certs, label, data, count) {
  process.stderr.write(`bench: hosting, ${label} …\n`);
  const target = await sandbox(certs.dir, data?.url ?? data?.file, count);
  const { path, headers } = await balancesRead(target.apiUrl, target.controlUrl, certs);
  const client = tlsClient(target.apiUrl, certs);
  try {
    const ibans = await debtors(client, target.controlUrl);
    let initiated = ibans.length;
    const store = data?.url ? 'postgresql' : data?.file ? 'sqlite' : 'memory';
    const result = { label, store, processes: count, debtors: ibans.length };
    if (store === 'postgresql' && count === 1) {
      const readOnce = () => timed(client, path, 200, { headers: { ...headers, 'X-Request-ID': randomUUID() } });
      const payOnce = () =>
        timed(client, PAYMENT_PATH, 201, {
          method: 'POST',
          headers: { 'TPP-Redirect-URI': REDIRECT, ...PSU_IP },
          body: JSON.parse(transfer(ibans[initiated++ % ibans.length])),
        });
      result.alone = { read: await alone(data, readOnce), payment: await alone(data, payOnce) };
      result.alone.initiationsPerDebtor = initiated / ibans.length;
    }
    const url = (to) => `${target.apiUrl}${to}`;
    result.read = await measure(certs, target, data?.name, url(path), 200, reads, wellMadeLoad(headers));
    result.payment = await measure(certs, target, data?.name, url(PAYMENT_PATH), 201, payments, paymentLoad(ibans));
    // The warm-up and the load.
    initiated += warmUpOf(payments) + payments;
    return { ...result, initiationsPerDebtor: initiated / ibans.length };
  } finally {
    client.close();
    await target.stop();
    await data?.drop?.();
  }
}

/**
 * Adds consents until `stored` are in the database: clones of `template` (a real approved consent
 * and its authorisation, made over the API) with fresh ids, with the index rows the template has.
 * Each clone is the template's row with its key, body and place in the list replaced, whatever
 * other columns the layout has. Then ANALYZE, as autovacuum would after such a growth (it may be
 * off, as on the benchmark machine).
 */
async function seedConsents(db, template, stored) {
  const { rows } = await db.sql("SELECT count(*)::int AS n FROM xs2a_records WHERE kind = 'consents'");
  const clonedKey = (alias) => `CASE ${alias}.kind WHEN 'consents' THEN i.consent ELSE i.auth END`;
  const templates = (alias) => `(${alias}.kind, ${alias}.key) IN (('consents', $2), ('authorisations', $3))`;
  await db.sql(
    `WITH ids AS MATERIALIZED (
       SELECT gen_random_uuid()::text AS consent, gen_random_uuid()::text AS auth FROM generate_series(1, $1)
     ), records AS (
       INSERT INTO xs2a_records
       SELECT clone.* FROM ids i CROSS JOIN xs2a_records t
       CROSS JOIN LATERAL json_populate_record(t, json_build_object(
         'key', ${clonedKey('t')},
         'seq', nextval(pg_get_serial_sequence('xs2a_records', 'seq')),
         'body', replace(replace(t.body::text, $2, i.consent), $3, i.auth)::json)) clone
       WHERE ${templates('t')}
     )
     INSERT INTO xs2a_index
     SELECT clone.* FROM ids i CROSS JOIN xs2a_index x
     CROSS JOIN LATERAL json_populate_record(x, json_build_object('key', ${clonedKey('x')})) clone
     WHERE ${templates('x')}`,
    [stored - rows[0].n, template.consentId, template.authorisationId],
  );
  await db.sql('ANALYZE');
}

/**
 * The write cost as rows grow, on PostgreSQL with one process: consent creations one after another.
 * The seeded consents are approved recurring ones of ben; the measured ones are created for anna's
 * account and not approved, so the supersession rule, which runs at an approval and looks only at
 * the approving customer's consents, never looks at them.
 */
async function growth(certs) {
  process.stderr.write('bench: hosting, consent writes as rows grow …\n');
  const db = await database('growth');
  const target = await sandbox(certs.dir, db.url);
  const client = tlsClient(target.apiUrl, certs);
  try {
    const ben = (await control(target.controlUrl, '/customers')).find((c) => c.psuId === 'ben').accounts[0].iban;
    const consentId = await approvedConsent(client, target.controlUrl, ben, 'ben');
    const stored = await db.sql("SELECT body FROM xs2a_records WHERE kind = 'consents' AND key = $1", [consentId]);
    const template = { consentId, authorisationId: stored.rows[0].body.authorisationId };
    const refs = [{ iban: ANNA_IBAN }];
    const create = () =>
      timed(client, '/v1/consents', 201, {
        method: 'POST',
        headers: { 'TPP-Redirect-URI': REDIRECT },
        body: { access: { accounts: refs, balances: refs }, recurringIndicator: true, frequencyPerDay: 4 },
      });
    const rows = [];
    for (const size of SIZES) {
      await seedConsents(db, template, size);
      await sequential(create, WARM_UP);
      rows.push({ stored: size, ...(await sequential(create, writes)) });
    }
    return rows;
  } finally {
    client.close();
    await target.stop();
    await db.drop();
  }
}

/** Requests per second on N cores: N seconds of CPU a second over the CPU time a request costs. */
const cpuCeiling = (cores, cpuMs) => (cores * 1000) / cpuMs;

/**
 * The throughput ceiling of one sandbox on N cores for the serve processes and the database together:
 * N over the CPU a request costs both (from the three-process run); and, whatever N, one over the
 * time a unit of work holds the sandbox's row, since every attended read (it stores the consent's
 * last use) and every initiation is one. The hold is at most the round trip alone on one process
 * (so that ceiling is a lower bound); the database's busy time per request is the closer estimate.
 */
function projection(layouts) {
  const hosted = layouts.find((layout) => layout.processes > 1);
  const single = layouts.find((layout) => layout.alone);
  const of = (kind) => {
    const cpuMs = hosted[kind].appCpuMs + hosted[kind].dbCpuMs;
    const { meanMs, inDatabaseMs } = single.alone[kind];
    return {
      cpuMs,
      cores: [2, 4, 8, 16].map((n) => ({ n, cpu: cpuCeiling(n, cpuMs) })),
      holdMs: meanMs,
      lockCeiling: 1000 / meanMs,
      holdInDatabaseMs: inDatabaseMs,
      lockCeilingInDatabase: 1000 / inDatabaseMs,
      measured: { one: single[kind].rps, three: hosted[kind].rps },
    };
  };
  return { basis: hosted.label, read: of('read'), payment: of('payment') };
}

const whole = (value) => Math.round(value).toLocaleString('en');

/**
 * Why three processes did not serve more here: the cores were full (busy with everything measured at
 * 80 % or more of them), or, if not, the units of work taking turns on the sandbox's row.
 */
function limit(three) {
  const cores = cpus().length;
  const busy = `${three.read.busyCores.toFixed(1)} and ${three.payment.busyCores.toFixed(1)} of the ${cores} cores`;
  if (Math.max(three.read.busyCores, three.payment.busyCores) >= 0.8 * cores)
    return `The cores were full (${busy}), so the row lock's limit cannot be told from the machine's.`;
  return (
    `The cores were not full (${busy}; other work on the machine aside, see its load average), so what held ` +
    `the processes back was that turn-taking: a unit of work holds the row for all its statements, each a round ` +
    `trip, and each round trip here a hop between threads and processes that wait for a core too.`
  );
}

/** What this machine's run can and cannot show, and the projection, with the figures they rest on. */
function notes(layouts, projected) {
  const one = layouts.find((layout) => layout.alone);
  const three = layouts.find((layout) => layout.processes > 1);
  const { read, payment } = projected;
  return [
    `On this machine the load generator (autocannon, one thread), HAProxy, three serve processes and ` +
      `PostgreSQL share ${cpus().length} cores. What it can show: one sandbox served by three processes at once ` +
      `(every answer as expected; reads answered per process ${three.read.perProcess.join(' / ')}, initiations ` +
      `${three.payment.perProcess.join(' / ')}) and what a request costs in CPU: the serve processes ` +
      `${three.read.appCpuMs.toFixed(2)} ms a read and ${three.payment.appCpuMs.toFixed(2)} ms an initiation, ` +
      `PostgreSQL ${three.read.dbCpuMs.toFixed(2)} and ${three.payment.dbCpuMs.toFixed(2)} ms. What it cannot ` +
      `show: more throughput from more processes. Three served ${whole(three.read.rps)} reads/s against ` +
      `${whole(one.read.rps)} with one and ${whole(three.payment.rps)} initiations/s against ` +
      `${whole(one.payment.rps)}, with everything measured (serve processes, PostgreSQL, HAProxy, the generator) ` +
      `keeping ${three.read.busyCores.toFixed(1)} and ${three.payment.busyCores.toFixed(1)} cores busy. Every ` +
      `attended read (it stores the consent's last use) and every initiation is a unit of work, and the units ` +
      `of work of all processes take turns on the sandbox's row. ${limit(three)} Nor can it show a database on ` +
      `a machine of its own: over a network, every statement of a unit of work adds the network's round-trip ` +
      `time to the time the row is held.`,
    `Projection for one sandbox, N cores for the serve processes and PostgreSQL (generator and balancer ` +
      `elsewhere): N / (app CPU + database CPU per request), from the three-process run: a read ` +
      `${read.cpuMs.toFixed(2)} ms, about ${whole(cpuCeiling(1, read.cpuMs))} req/s a core; an initiation ` +
      `${payment.cpuMs.toFixed(2)} ms, about ${whole(cpuCeiling(1, payment.cpuMs))} req/s a core. Whatever N, ` +
      `never more than 1 / (the time a unit of work holds the row). Alone on one process (concurrency 1) a read ` +
      `took ${read.holdMs.toFixed(2)} ms (the database busy ${read.holdInDatabaseMs.toFixed(2)} ms of it), an ` +
      `initiation ${payment.holdMs.toFixed(2)} ms (${payment.holdInDatabaseMs.toFixed(2)} ms): at least ` +
      `${whole(read.lockCeiling)} reads/s and ${whole(payment.lockCeiling)} initiations/s, about ` +
      `${whole(read.lockCeilingInDatabase)} and ${whole(payment.lockCeilingInDatabase)} by the database's figure ` +
      `(measured under load: ${whole(one.read.rps)} and ${whole(one.payment.rps)} with one process). The ` +
      `initiations alone ended with ${whole(one.alone.initiationsPerDebtor)} payments per debtor account today, ` +
      `the load with ${whole(one.initiationsPerDebtor)}: an initiation's hold grows with its debtor's payments ` +
      `of the day. More cores raise the CPU ceiling, not this one: only several ` +
      `sandboxes (databases) do, or fewer round trips per unit of work.`,
  ];
}

const started = performance.now();
try {
  const certs = await certificates();
  toUndo(() => rmSync(certs.dir, { recursive: true, force: true }));
  const sqliteDir = mkdtempSync(join(tmpdir(), 'xs2a-bench-hosting-'));
  toUndo(() => rmSync(sqliteDir, { recursive: true, force: true }));
  const layouts = [
    await hosting(certs, 'memory, 1 process', undefined, 1),
    await hosting(certs, 'SQLite, 1 process', { file: join(sqliteDir, 'sandbox.data') }, 1),
    await hosting(certs, 'PostgreSQL, 1 process', await database('one'), 1),
    await hosting(certs, 'PostgreSQL, 3 processes + HAProxy', await database('three'), 3),
  ];
  const rows = await growth(certs);
  const at = (n) => rows.find((row) => row.stored === n);
  const projected = projection(layouts);
  const text = notes(layouts, projected);
  process.stdout.write(`${machine()}\n\n${text.join('\n\n')}\n`);
  report({
    benchmark: 'hosting',
    reads,
    payments,
    writes,
    connections,
    clientJudge: true,
    layouts,
    growth: { rows, ratio: at(50_000).meanMs / at(200).meanMs },
    projection: projected,
    notes: text,
    seconds: (performance.now() - started) / 1000,
  });
} finally {
  await cleanUp();
}
