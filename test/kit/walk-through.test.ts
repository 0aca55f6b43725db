/**
 * The remote walk-through of the conformance page (docs/conformance.md, "Step by step"), run end to
 * end as written: its commands are read from the page, so page and test cannot drift. A second
 * `xs2a-kit serve` (the built binary, free ports, its own certificate folder and a control token) is
 * the bank; `certs refused` and `--init-config` make the certificates and the config; the run must end
 * with exit 0 and the certificate-refusal scenarios must have run, not been skipped.
 *
 * The run is the whole catalogue: the `control` driver acts as the customer through the bank's
 * control API on the authorisationId every authorisation step passes on, so the scenarios needing a
 * customer approve and decline for real. Left out, as skipped with their reason, are only those the
 * config cannot serve: the callback-delivery scenarios (no receiver the bank can reach is configured)
 * and what only a driver on the page can do (SCA-CODE-001: the `control` driver cannot enter a wrong
 * code; SCA-PAGE-001 and SCA-PAGE-002: it sees no page).
 */
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { catalogue } from '../../conformance/index.js';
import { BIN } from '../helpers/cli.js';

/** Scenarios only a driver acting on the bank's page can serve: skipped with the control driver. */
const PAGE_ONLY = ['SCA-CODE-001', 'SCA-PAGE-001', 'SCA-PAGE-002'];
const page = readFileSync(join(import.meta.dirname, '../../docs/conformance.md'), 'utf8');

/** The walk-through: from its heading to the next heading. */
function walkThrough(): string {
  const start = page.indexOf('\n### Step by step');
  expect(start, 'docs/conformance.md has the "Step by step" walk-through').toBeGreaterThan(-1);
  const rest = page.slice(start + 1);
  const end = rest.slice(1).search(/\n#{1,3} /);
  return end === -1 ? rest : rest.slice(0, end + 1);
}

/** Each `sh` block as the words a shell would pass: continuation lines joined, `npx` dropped. */
function commands(text: string): string[][] {
  return [...text.matchAll(/```sh\n([\s\S]*?)```/g)].map((block) => {
    const line = block[1]!.replace(/\\\n/g, ' ').trim();
    const words = line.split(/\s+/);
    expect(words.slice(0, 2)).toEqual(['npx', 'xs2a-kit']);
    return words.slice(2);
  });
}

const run = (cwd: string, args: string[]) =>
  promisify(execFile)('node', [BIN, ...args], { cwd, timeout: 120_000 }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );

/** Starts the page's `serve` on free ports in `cwd`; answers its API and control addresses and how to stop it. */
async function startBank(cwd: string, args: string[]) {
  const free = args.map((word, index) => (['--port', '--portal-port'].includes(args[index - 1]!) ? '0' : word));
  const child = spawn(process.execPath, [BIN, ...free], { cwd });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', () => out.includes('Press Ctrl+C') && resolve());
    child.on('exit', (code) => reject(new Error(`serve exited with ${code}: ${out}`)));
  });
  return {
    apiUrl: /XS2A API \(mutual TLS\)\s+(\S+)/.exec(out)![1]!,
    controlUrl: /Control API\s+(\S+)/.exec(out)![1]!,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

it('runs the remote walk-through as written against a second serve as the bank, and the refused certificates are judged', async () => {
  const steps = commands(walkThrough());
  expect(steps.map((words) => words.slice(0, 2).join(' '))).toEqual([
    'serve --port',
    'certs refused',
    'conformance --init-config',
    'conformance --target',
  ]);
  const [serve, refused, init, conformance] = steps as [string[], string[], string[], string[]];
  const cwd = mkdtempSync(join(tmpdir(), 'xs2a-kit-walk-through-'));
  const bank = await startBank(cwd, serve);
  try {
    // The page's addresses are the bank's fixed ports; the bank here listens on free ones.
    const here = (words: string[]) =>
      words.map((word) =>
        word.replace('https://localhost:9443', bank.apiUrl).replace('http://localhost:9080/sandbox', bank.controlUrl),
      );
    const certs = await run(cwd, here(refused));
    expect(certs.stderr).toBe('');
    expect(certs.code).toBe(0);
    expect(certs.stdout).toContain('"refusedCertificates": {');

    const config = await run(cwd, here(init));
    expect(config.stderr).toBe('');
    expect(config.code).toBe(0);
    expect(config.stdout).toContain('a config for the xs2a-kit sandbox');

    const refusals = catalogue.filter((scenario) => scenario.needs.includes('refused-certificates'));
    // The eight refusal scenarios on the operations every bank offers, and one (two kinds of certificate) on the callback endpoint.
    expect(refusals.length).toBe(9);
    const outcome = await run(cwd, here(conformance));
    expect(outcome.stderr).not.toContain('xs2a-kit conformance:');
    expect(outcome.code).toBe(0);
    const verdicts = [...outcome.stdout.matchAll(/^(PASS|FAIL|INCONCLUSIVE|SKIP|ERROR) (\S+) (.*)$/gm)];
    expect(verdicts.map((line) => line[2])).toEqual(catalogue.map((scenario) => scenario.id));
    // No callback receiver the bank can reach, and no revoked certificates: only the bank's CA could revoke them.
    const unreachable = catalogue.filter(
      (scenario) => scenario.needs.includes('callback-receiver') || scenario.needs.includes('revoked-certificates'),
    );
    const skipped = verdicts.filter((line) => line[1] !== 'PASS');
    expect(skipped.map((line) => `${line[1]} ${line[2]}`)).toEqual(
      catalogue
        .filter((scenario) => unreachable.includes(scenario) || PAGE_ONLY.includes(scenario.id))
        .map((scenario) => `SKIP ${scenario.id}`),
    );
    expect(verdicts.find((line) => line[2] === 'SCA-CODE-001')![3]).toContain(
      'lacks an SCA driver that can enter a wrong one-time code',
    );
    for (const id of ['SCA-PAGE-001', 'SCA-PAGE-002'])
      expect(verdicts.find((line) => line[2] === id)![3]).toContain(
        'lacks an SCA driver that reads the page the customer decides on',
      );
    for (const line of skipped.filter((item) => !PAGE_ONLY.includes(item[2]!)))
      expect(line[3]).toMatch(
        /lacks (a callback receiver the target can reach|client certificates its CA has revoked)/,
      );
    // The customer approves and declines for real: consents of both kinds and payments, each way.
    const withCustomer = catalogue.filter((scenario) => scenario.needs.includes('sca'));
    expect(withCustomer.length).toBeGreaterThan(150);
    for (const id of ['AIS-CONSENT-010', 'PIS-SCA-001', 'SCA-NOK-001', 'SCA-NOK-002', 'COF-016', 'SCA-REOPEN-001'])
      expect(outcome.stdout).toMatch(new RegExp(`^PASS ${id} `, 'm'));
    for (const scenario of refusals) expect(outcome.stdout).toMatch(new RegExp(`^PASS ${scenario.id} `, 'm'));
    const junit = readFileSync(join(cwd, 'reports/bank.xml'), 'utf8');
    for (const scenario of refusals) {
      const testcase = new RegExp(`<testcase [^>]*name="${scenario.id}[^"]*"[^>]*(/>|>([\\s\\S]*?)</testcase>)`).exec(
        junit,
      );
      expect(testcase, scenario.id).not.toBeNull();
      expect(testcase![2] ?? '', scenario.id).not.toMatch(/<(skipped|failure|error)/);
    }
  } finally {
    await bank.stop();
  }
}, 120_000);
