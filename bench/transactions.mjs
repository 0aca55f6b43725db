#!/usr/bin/env node
/**
 * Benchmark 2: latency of one transactions page (250 rows) on one account with 1k, 100k and 1M
 * booked transactions. Keyset paging (src/sim/ledger/paging.ts) should make a page cost the same
 * whatever the history: goal p50(1M) / p50(1k) ≤ 1.5. Two pages are timed: the first (newest) page,
 * and a deep page reached through `_links.next` of a page that starts half a year back (mid-history). The
 * account's history is seeded through the customersFixture option; building the ledger on first
 * read is reported separately. argv: [REQUESTS per page kind] (default 200).
 */
import { approvedConsent, certificates, percentile, pkg, report, tlsClient } from './lib.mjs';

const requests = Number(process.argv[2] ?? 200);
const sizes = [1_000, 100_000, 1_000_000];
const { startSandbox } = await pkg();
const certs = await certificates();
const attended = { 'PSU-IP-Address': '192.0.2.10' };

function fixture(history) {
  return {
    bankCode: '12345678',
    customers: [
      {
        psuId: 'bench',
        password: 'bench-1234',
        name: 'Bench Mark',
        about: `One account with ${history} booked transactions.`,
        accounts: [
          {
            accountNumber: '0000900001',
            name: 'Girokonto',
            product: 'Girokonto',
            cashAccountType: 'CACC',
            balance: '1000.00',
            history,
          },
        ],
      },
    ],
  };
}

async function timed(client, path, headers) {
  const times = [];
  for (let i = 0; i < requests; i += 1) {
    const answer = await client.send(path, { headers });
    if (answer.status !== 200) throw new Error(`${path}: ${answer.status} ${answer.text}`);
    times.push(answer.ms);
  }
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

const rows = [];
for (const history of sizes) {
  const sandbox = await startSandbox({
    certsDir: certs.dir,
    customers: 0,
    customersFixture: fixture(history),
    clockStart: '2026-03-02T10:00:00Z',
    log: () => {},
  });
  const client = tlsClient(sandbox.apiUrl, certs);
  try {
    const account = sandbox.customers()[0].accounts[0];
    const consentId = await approvedConsent(client, sandbox.controlUrl, account.iban, 'bench');
    const headers = { 'Consent-ID': consentId, ...attended };
    const first = `/v1/accounts/${account.resourceId}/transactions`;
    const build = await client.send(first, { headers });
    const page = JSON.parse(build.text).transactions;
    if (page.booked.length !== 250 || !page._links?.next)
      throw new Error(`unexpected first page: ${build.text.slice(0, 300)}`);
    const start = JSON.parse((await client.send(`${first}?dateTo=2025-09-01`, { headers })).text).transactions;
    const deep = start._links?.next?.href;
    if (!deep) throw new Error('no next link on the deep page');
    rows.push({
      history,
      buildMs: build.ms,
      first: await timed(client, first, headers),
      deep: await timed(client, deep, headers),
    });
  } finally {
    client.close();
    await sandbox.close();
  }
}
const small = rows[0];
const large = rows.at(-1);
report({
  benchmark: 'transactions',
  requests,
  rows,
  ratioFirst: large.first.p50 / small.first.p50,
  ratioDeep: large.deep.p50 / small.deep.p50,
});
