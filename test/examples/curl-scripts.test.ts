/**
 * The curl scripts of examples/curl/ run as a reader runs them, against a sandbox on free ports:
 * bash, curl and jq, the sandbox's URLs and certificate folder as arguments. What they print is
 * held against what the sandbox itself answers, and what they did against its state.
 */
import { execFile, execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificateFolder, testSandbox, type TestSandbox } from '../helpers/sandbox.js';

const run = promisify(execFile);
const scripts = fileURLToPath(new URL('../../examples/curl/', import.meta.url));

// The scripts need curl and jq; a missing one fails here with the way to install it, never as a pass.
for (const tool of ['curl', 'jq']) {
  try {
    execFileSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' });
  } catch {
    throw new Error(`No ${tool} found: install it with \`apt-get install ${tool}\` (or \`brew install ${tool}\`).`);
  }
}

let t: TestSandbox;
let certsDir: string;
beforeAll(async () => {
  certsDir = await certificateFolder();
  t = await testSandbox(certsDir, { port: 0, portalPort: 0 });
});
afterAll(() => t.sandbox.close());

async function script(name: string, args = [t.sandbox.apiUrl, t.sandbox.controlUrl, certsDir]) {
  return run('bash', [join(scripts, name), ...args]).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

/** A consent of Anna's on her Girokonto, approved by her hand, to read what the script should have printed. */
async function annasReads() {
  const anna = t.sandbox.customers().find((customer) => customer.psuId === 'anna')!;
  const account = anna.accounts[0]!;
  const access = { balances: [{ iban: account.iban }], transactions: [{ iban: account.iban }] };
  const created = await t.sandbox.fetch('/v1/consents', {
    method: 'POST',
    headers: { 'TPP-Redirect-URI': 'https://tpp.example/cb', 'PSU-IP-Address': '192.0.2.1' },
    body: JSON.stringify({ access, recurringIndicator: true, validUntil: '2099-12-31', frequencyPerDay: 4 }),
  });
  const { consentId, authorisationId } = (await created.json()) as { consentId: string; authorisationId: string };
  await t.sandbox.psu('anna').approve(authorisationId);
  // Attended reads (PSU-IP-Address): they spend no budget, so the script's own reads are untouched.
  const headers = { 'Consent-ID': consentId, 'PSU-IP-Address': '192.0.2.1' };
  const read = async (path: string) =>
    (await (await t.sandbox.fetch(`/v1/accounts/${account.resourceId}/${path}`, { headers })).json()) as never;
  const balances: { balances: { balanceType: string; balanceAmount: { amount: string; currency: string } }[] } =
    await read('balances');
  const transactions: {
    transactions: {
      booked: { bookingDate: string; transactionAmount: { amount: string; currency: string } }[];
      _links: { next?: { href: string } };
    };
  } = await read('transactions?bookingStatus=booked');
  return { account, balances: balances.balances, transactions: transactions.transactions };
}

describe('examples/curl/account-information.sh', () => {
  it('creates a consent on Anna’s account, approves it through the control API and prints its balances and transactions', async () => {
    const { code, stdout, stderr } = await script('account-information.sh');
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const { account, balances, transactions } = await annasReads();
    expect(stdout).toContain(`IBAN ${account.iban}\n`);
    expect(stdout).toMatch(/consentId [0-9a-f-]{36} \(received\), authorisationId [0-9a-f-]{36}\n/);
    expect(stdout).toContain('{"scaStatus":"finalised"}\n{"consentStatus":"valid"}\n');
    expect(stdout).toContain(`resourceId ${account.resourceId}\n`);
    // Every balance the sandbox reports, in its order, as "type amount currency".
    expect(balances.map((balance) => balance.balanceType).sort()).toEqual(['closingBooked', 'interimAvailable']);
    const printedBalances = balances
      .map((b) => `${b.balanceType} ${b.balanceAmount.amount} ${b.balanceAmount.currency}`)
      .join('\n');
    expect(stdout).toContain(`== 5. balances\n${printedBalances}\n`);
    expect(stdout).toContain('closingBooked 2450.75 EUR\n');
    // The first page: 250 booked entries of Anna's 650, the newest five printed, and the next page's link.
    expect(stdout).toContain(`${transactions.booked.length} booked transactions on this page\n`);
    expect(transactions.booked).toHaveLength(250);
    for (const entry of transactions.booked.slice(0, 5))
      expect(stdout).toContain(
        `${entry.bookingDate} ${entry.transactionAmount.amount} ${entry.transactionAmount.currency} `,
      );
    expect(stdout).toContain(`next page: ${transactions._links.next!.href}\n`);
    // What it did: one consent of Anna's, valid.
    const consents = (await t.control('/consents')).json as { psuId: string; consentStatus: string }[];
    expect(consents.filter((consent) => consent.psuId === 'anna').map((consent) => consent.consentStatus)).toContain(
      'valid',
    );
  }, 30_000);

  it('stops with exit 2 and one line when the certificate folder holds no certificates', async () => {
    const { code, stdout, stderr } = await script('account-information.sh', [
      t.sandbox.apiUrl,
      t.sandbox.controlUrl,
      join(certsDir, 'missing'),
    ]);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toBe(
      `no certificates in ${join(certsDir, 'missing')}: give the folder serve printed as the third argument\n`,
    );
  });

  it('stops with exit 1 and says so when no sandbox answers', async () => {
    const { code, stderr } = await script('account-information.sh', [
      'https://127.0.0.1:1',
      'http://127.0.0.1:1/sandbox',
      certsDir,
    ]);
    expect(code).toBe(1);
    expect(stderr).toContain(
      'no answer: is xs2a-kit serve running at https://127.0.0.1:1 and http://127.0.0.1:1/sandbox?',
    );
  });
});

describe('examples/curl/payment-initiation.sh', () => {
  it('initiates an instant transfer, approves it as Anna and moves the clock until it settles', async () => {
    const before = t.sandbox.clock.now().getTime();
    const { code, stdout, stderr } = await script('payment-initiation.sh');
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const id = /paymentId ([0-9a-f-]{36}) \(RCVD\)/.exec(stdout)?.[1];
    expect(id).toBeDefined();
    expect(stdout).toMatch(/\{"scaStatus":"finalised"\}\ntransactionStatus ACSP\n/);
    expect(stdout).toMatch(/clock \S+Z\ntransactionStatus ACSC\n$/);
    const payments = (await t.control('/payments')).json as {
      paymentId: string;
      transactionStatus: string;
    }[];
    expect(payments.find((payment) => payment.paymentId === id)).toMatchObject({ transactionStatus: 'ACSC' });
    expect(t.sandbox.clock.now().getTime() - before).toBeGreaterThanOrEqual(10_000);
  }, 30_000);
});
