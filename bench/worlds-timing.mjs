#!/usr/bin/env node
/**
 * With `--worlds organisation`, nothing of one world may be timeable from another: a provider that
 * reads a consent id of another world must wait as long as for an id nobody issued, whatever the
 * other world holds. Measured in memory and on PostgreSQL (one process): provider B reads unknown
 * consent ids while world A is empty; then A makes consents, and B reads A's ids and unknown ids
 * alternately. Each answer's status, headers (but the date and the echoed X-Request-ID) and body are
 * compared too: any difference is reported, and fails the run.
 * Usage: node bench/worlds-timing.mjs [reads per kind, 400] [A's consents, 2000]
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { certificates, PG, percentile, pkg, REDIRECT, report, tlsClient, withPg } from './lib.mjs';

const reads = Number(process.argv[2] ?? 400);
const made = Number(process.argv[3] ?? 2_000);
const WARM_UP = 100;

/** What an answer says, but what differs between any two: the date and the echoed X-Request-ID. */
function comparable(answer) {
  const { date: _date, 'x-request-id': _id, ...headers } = answer.headers;
  return JSON.stringify({ status: answer.status, headers, body: answer.text });
}

const summary = (values) => ({
  p50: Number(percentile(values, 50).toFixed(2)),
  p99: Number(percentile(values, 99).toFixed(2)),
});

async function layout(label, data) {
  const { startSandbox } = await pkg();
  const certs = await certificates();
  const sandbox = await startSandbox({
    certsDir: certs.dir,
    worlds: 'organisation',
    controlToken: 'bench',
    customers: 5,
    ...(data ? { data } : {}),
    log: () => {},
  });
  try {
    const other = await sandbox.provider('bench-other', { orgId: 'PSDDE-BAFIN-700001' });
    const a = tlsClient(sandbox.apiUrl, certs);
    const b = tlsClient(sandbox.apiUrl, { ca: certs.ca, cert: other.tls.cert, key: other.tls.key });
    const status = (client, id) => client.send(`/v1/consents/${id}/status`);
    // B's world is made by its first request; then B reads ids nobody issued while A holds nothing.
    for (let i = 0; i < WARM_UP; i++) await status(b, randomUUID());
    const emptyTimes = [];
    for (let i = 0; i < reads; i++) emptyTimes.push((await status(b, randomUUID())).ms);

    const ids = [];
    for (let i = 0; i < made; i++) {
      const answer = await a.send('/v1/consents', {
        method: 'POST',
        headers: { 'TPP-Redirect-URI': REDIRECT },
        body: {
          access: { balances: [{ iban: 'DE12123456780000100001' }] },
          recurringIndicator: true,
          validUntil: '9999-12-31',
          frequencyPerDay: 4,
        },
      });
      if (answer.status !== 201) throw new Error(`A's consent: ${answer.status} ${answer.text}`);
      ids.push(JSON.parse(answer.text).consentId);
    }
    for (let i = 0; i < WARM_UP; i++) await status(b, ids[i % ids.length]);
    const foreignTimes = [];
    const unknownTimes = [];
    const shapes = new Set();
    let differences = 0;
    for (let i = 0; i < reads; i++) {
      // Alternating, so a drift of the machine's load weighs on both alike.
      const foreign = await status(b, ids[(i * 7919) % ids.length]);
      const unknown = await status(b, randomUUID());
      foreignTimes.push(foreign.ms);
      unknownTimes.push(unknown.ms);
      if (comparable(foreign) !== comparable(unknown)) differences++;
      shapes.add(comparable(foreign));
    }
    a.close();
    b.close();
    const foreign = summary(foreignTimes);
    const unknown = summary(unknownTimes);
    return {
      label,
      worldAEmpty: summary(emptyTimes),
      foreign,
      unknown,
      ratioP50: Number((foreign.p50 / unknown.p50).toFixed(2)),
      differences,
      answer: JSON.parse([...shapes][0]).status,
    };
  } finally {
    await sandbox.close();
  }
}

const started = performance.now();
const layouts = [await layout('in memory')];
const name = `xs2a_bench_worlds_${process.pid}_${randomBytes(3).toString('hex')}`;
let created = false;
try {
  await withPg('postgres', (client) => client.query(`CREATE DATABASE ${name}`));
  created = true;
  layouts.push(await layout('PostgreSQL, one process', `postgresql://${PG.user}@${PG.host}:${PG.port}/${name}`));
} finally {
  if (created) await withPg('postgres', (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}
report({ reads, made, layouts, seconds: (performance.now() - started) / 1000 });
if (layouts.some((entry) => entry.differences > 0)) process.exitCode = 1;
