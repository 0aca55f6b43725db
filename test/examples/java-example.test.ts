/**
 * examples/java/ runs as a Java developer runs it: `examples/java/run.sh` compiles it with javac and
 * runs it with the JDK alone, and it starts `xs2a-kit serve` itself on free ports, reads the ready
 * line, walks a consent, accounts, balances, every page of transactions and an instant transfer to
 * ACSC over mutual TLS, then checks the request journal and an empty client report. Once with the
 * PEM files serve wrote, once with PKCS#12 key stores made by convert-certificates.sh (openssl and
 * keytool), from a folder outside the clone with XS2A_KIT naming the binary. A missing JDK fails
 * here with the way to install it (.ci/run installs one), never as a pass.
 */
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN } from '../helpers/cli.js';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));
const example = join(root, 'examples/java');
const work = mkdtempSync(join(tmpdir(), 'xs2a-java-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

for (const tool of ['javac', 'java', 'keytool', 'openssl']) {
  try {
    execFileSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' });
  } catch {
    throw new Error(`No ${tool} found: install a JDK with \`apt-get install default-jdk-headless\` (and openssl).`);
  }
}

/** Runs a script of the example; answers its exit code and output, whatever the code. */
async function script(file: string, args: string[], options: { cwd?: string; env?: Record<string, string> } = {}) {
  return run('bash', [join(example, file), ...args], {
    cwd: options.cwd ?? root,
    env: { ...process.env, ...options.env },
    timeout: 120_000,
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

/** What the flow prints when every step held, step by step. */
function expectTheWholeFlow(stdout: string): void {
  expect(stdout).toMatch(
    /^\n== sandbox ready: XS2A API https:\/\/localhost:\d+, control API http:\/\/localhost:\d+\/sandbox\n/,
  );
  expect(stdout).toContain("== 1. Anna's current account, from the control API\nIBAN DE12123456780000100001\n");
  expect(stdout).toMatch(/consentId [0-9a-f-]{36}, authorisationId [0-9a-f-]{36}\n/);
  expect(stdout).toContain('consentStatus valid\n');
  expect(stdout).toMatch(/resourceId [0-9a-f]+\n/);
  expect(stdout).toContain('== 5. balances\nclosingBooked 2450.75 EUR\ninterimAvailable ');
  expect(stdout).toContain('unattended balances reads left today: 3\n');
  expect(stdout).toContain(
    'page 1: 250 booked transactions\npage 2: 250 booked transactions\npage 3: 150 booked transactions\n650 booked transactions on 3 pages\n',
  );
  expect(stdout).toMatch(/paymentId [0-9a-f-]{36} RCVD\n/);
  expect(stdout).toContain('transactionStatus ACSP\ntransactionStatus ACSC\n');
  expect(stdout).toContain('10 requests, none refused\n');
  expect(stdout).toMatch(/10 exchanges judged, no findings\n$/);
}

describe('examples/java', () => {
  it('runs the whole flow with the PEM files serve wrote, and leaves nothing in its folder', async () => {
    const before = readdirSync(example, { recursive: true }).sort();
    const { code, stdout, stderr } = await script('run.sh', []);
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expectTheWholeFlow(stdout);
    expect(readdirSync(example, { recursive: true }).sort()).toEqual(before);
  }, 120_000);

  it('runs it outside the clone with the binary from XS2A_KIT and a control token, on PKCS#12 key stores made by convert-certificates.sh', async () => {
    const certs = join(work, 'certs');
    const stores = join(work, 'stores');
    await run(process.execPath, [BIN, 'certs', '--out', certs]);
    const converted = await script('convert-certificates.sh', [certs, stores, 'store-secret']);
    expect(converted.code).toBe(0);
    expect(converted.stdout).toBe(`Created in ${stores}: tpp.p12 (key store), trust.p12 (trust store)\n`);
    // The key store holds the QWAC with its key; the trust store the sandbox CA alone.
    const keytool = (store: string) =>
      run('keytool', ['-list', '-keystore', join(stores, store), '-storetype', 'PKCS12', '-storepass', 'store-secret']);
    expect((await keytool('tpp.p12')).stdout).toMatch(/^tpp, .*PrivateKeyEntry,/m);
    expect((await keytool('trust.p12')).stdout).toMatch(/^xs2a-kit-ca, .*trustedCertEntry,/m);

    const flags = [
      '--certs',
      certs,
      '--key-store',
      join(stores, 'tpp.p12'),
      '--trust-store',
      join(stores, 'trust.p12'),
    ];
    // With a control token, which serve takes from the environment it inherits, as the client does.
    const options = { cwd: work, env: { XS2A_KIT: `node ${BIN}`, XS2A_CONTROL_TOKEN: 'java-example-token' } };
    const { code, stdout, stderr } = await script('run.sh', [...flags, '--store-password', 'store-secret'], options);
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expectTheWholeFlow(stdout);

    // The key stores are what the client speaks with: a wrong password stops it, exit 1, serve stopped too.
    const wrong = await script('run.sh', [...flags, '--store-password', 'not-it'], options);
    expect(wrong.code).toBe(1);
    expect(wrong.stdout).toContain('FAILED: java.io.IOException: keystore password was incorrect');
    expect(wrong.stdout).not.toContain('== 1.');
  }, 120_000);

  it('refuses a certificate folder without the sandbox files, with exit 2 and one line', async () => {
    const empty = mkdtempSync(join(work, 'empty-'));
    const { code, stdout, stderr } = await script('convert-certificates.sh', [empty, join(work, 'none')]);
    expect({ code, stdout, stderr }).toEqual({
      code: 2,
      stdout: '',
      stderr: `no ca.crt in ${empty}: give the folder serve printed\n`,
    });
  });
});
