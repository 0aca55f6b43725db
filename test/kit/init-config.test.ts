/**
 * `xs2a-kit conformance --init-config` (the built binary) against an in-process sandbox with a control
 * token, playing a bank that is an xs2a-kit build: a working config in one command, a template for a
 * bank without a control API, and a bad target or flag refused with one line and no file written.
 */
import { execFile } from 'node:child_process';
import { createPrivateKey, X509Certificate } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ibanProblem, readQwacPem } from '../../src/index.js';
import { readConfigFile } from '../../src/kit/targets/config-file.js';
import { parseRemoteConfig, scaOf } from '../../src/kit/targets/remote.js';
import { runConformance } from '../../src/kit/run-conformance.js';
import { BIN } from '../helpers/cli.js';
import { htmlServer } from '../helpers/misbehaving-targets.js';
import { certificateFolder, testSandbox, type TestSandbox } from '../helpers/sandbox.js';

const TOKEN = 'init-t0ken';
let t: TestSandbox;
let certs: string;
let work: string;

beforeAll(async () => {
  certs = await certificateFolder();
  t = await testSandbox(certs, { controlToken: TOKEN });
  work = mkdtempSync(join(tmpdir(), 'xs2a-kit-init-'));
});
afterAll(() => t.sandbox.close());

const kit = (args: string[]) =>
  promisify(execFile)('node', [BIN, 'conformance', ...args], { cwd: work }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );

const forSandbox = (file: string, ...more: string[]) => [
  '--init-config',
  file,
  '--target',
  t.sandbox.apiUrl,
  '--control-url',
  t.sandbox.controlUrl,
  '--control-token',
  TOKEN,
  '--certs',
  certs,
  ...more,
];

async function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

describe('--init-config for a bank that is an xs2a-kit build', () => {
  it('writes, in one command, a config read from the bank: fixtures, certificates, control API and its driver', async () => {
    const { code, stdout, stderr } = await kit(forSandbox('bank/bank.json'));
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const file = join(work, 'bank/bank.json');
    expect(stdout).toContain(`Wrote ${file}: a config for the xs2a-kit sandbox at ${t.sandbox.apiUrl}`);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const config = parseRemoteConfig(await readConfigFile(file), file);
    const ibanOf = (psuId: string, index = 0) =>
      t.sandbox.customers().find((customer) => customer.psuId === psuId)!.accounts[index]!.iban;
    expect(config).toMatchObject({
      baseUrl: t.sandbox.apiUrl,
      psu: { id: 'anna', password: 'anna-1234' },
      otherPsu: { id: 'ben', password: 'ben-1234' },
      ibans: {
        // Anna's Girokonto has 650 booked transactions, and holds 2450.75.
        main: ibanOf('anna'),
        second: ibanOf('anna', 1),
        creditor: 'DE89370400440532013000',
        closed: ibanOf('gero', 1),
        held: ibanOf('hanna'),
      },
      amounts: { small: '1.25', beyondBalance: '3450.00' },
      sca: { driver: 'control' },
      controlUrl: t.sandbox.controlUrl,
      controlToken: TOKEN,
      capabilities: ['clock', 'control'],
      revocationCallback: true,
    });
    const held = new Set(t.sandbox.customers().flatMap((customer) => customer.accounts.map((account) => account.iban)));
    expect(ibanProblem(config.ibans.notHeld)).toBeUndefined();
    expect(held.has(config.ibans.notHeld)).toBe(false);
    expect(config.ibans.notHeld.slice(4, 12)).toBe(ibanOf('anna').slice(4, 12));
    // Certificates: the folder's CA and provider, and the ones issued from its CA, named relative to the config.
    const at = (path: string) => join(dirname(file), path);
    expect(readFileSync(at(config.ca), 'utf8')).toBe(readFileSync(join(certs, 'ca.crt'), 'utf8'));
    const ca = new X509Certificate(readFileSync(join(certs, 'ca.crt')));
    for (const pair of [
      config.secondProvider!,
      config.providerWithoutCof!,
      config.renamedProvider!,
      ...Object.values(config.refusedCertificates!),
    ])
      expect(
        new X509Certificate(readFileSync(at(pair!.cert))).checkPrivateKey(
          createPrivateKey(readFileSync(at(pair!.key))),
        ),
      ).toBe(true);
    expect(new X509Certificate(readFileSync(at(config.secondProvider!.cert))).verify(ca.publicKey)).toBe(true);
    expect(readQwacPem(readFileSync(at(config.providerWithoutCof!.cert), 'utf8')).roles).toEqual(['PSP_AI', 'PSP_PI']);
    // The folder's own provider under another organisation name.
    const own = readQwacPem(readFileSync(join(certs, 'tpp.crt'), 'utf8'));
    const renamed = readQwacPem(readFileSync(at(config.renamedProvider!.cert), 'utf8'));
    expect([renamed.organizationIdentifier, renamed.organizationName]).toEqual([
      own.organizationIdentifier,
      'Conformance Renamed TPP',
    ]);
    expect(Object.keys(config.refusedCertificates!)).toHaveLength(8);
    // The consent it read the accounts with is gone again.
    const consents = (await t.control('/consents', { headers: { authorization: `Bearer ${TOKEN}` } })).json as {
      consentStatus: string;
    }[];
    expect(consents.map((consent) => consent.consentStatus)).toEqual(['terminatedByTpp']);
  });

  it('writes a config a run accepts as it is: the preflight passes and the refused certificates are judged', async () => {
    const file = join(work, 'bank/bank.json');
    if (!existsSync(file)) await kit(forSandbox('bank/bank.json'));
    const said: string[] = [];
    const written: string[] = [];
    const { exitCode } = await runConformance({
      target: t.sandbox.apiUrl,
      config: file,
      only: ['ID-DETAIL-007', 'ID-DETAIL-012', 'ID-REQID-001'],
      stdout: { write: (text) => void written.push(text), isTTY: false },
      say: (text) => said.push(text),
    });
    expect(said.join('')).not.toContain('xs2a-kit conformance:');
    // The control API approves: no person is asked, so no approvals are announced.
    expect(said.join('')).toContain('3 scenarios selected.\n');
    expect(exitCode).toBe(0);
    expect(written.join('').match(/^PASS /gm)).toHaveLength(3);
    expect(scaOf(parseRemoteConfig(await readConfigFile(file), file)).driver).toBe('control');
  });

  it('does not overwrite an existing file unless --force says so', async () => {
    const file = join(work, 'kept.json');
    writeFileSync(file, '{"mine": true}\n');
    const kept = await kit(forSandbox('kept.json'));
    expect(kept.code).toBe(2);
    expect(kept.stderr).toBe('xs2a-kit conformance: --init-config kept.json exists: --force overwrites it\n');
    expect(readFileSync(file, 'utf8')).toBe('{"mine": true}\n');
    expect((await kit(forSandbox('kept.json', '--force'))).code).toBe(0);
    expect(readFileSync(file, 'utf8')).toContain('"psu": { "id": "anna", "password": "anna-1234" }');
  });

  it('names --control-token when the control API refuses it, and writes no file', async () => {
    const args = forSandbox('refused.json');
    args[args.indexOf(TOKEN)] = 'wrong';
    const { code, stdout, stderr } = await kit(args);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toBe(
      `xs2a-kit conformance: --control-token: the control API at ${t.sandbox.controlUrl} refuses it (401); give the bearer token it was started with\n`,
    );
    expect(existsSync(join(work, 'refused.json'))).toBe(false);
  });

  it('needs the bank’s certificate folder to read through the API', async () => {
    const { code, stderr } = await kit(forSandbox('no-certs.json').slice(0, -2));
    expect(code).toBe(2);
    expect(stderr).toMatch(/^xs2a-kit conformance: --init-config with --control-url needs --certs DIR: .*\n$/);
    expect(existsSync(join(work, 'no-certs.json'))).toBe(false);
  });
});

describe('--init-config for any other bank', () => {
  it('writes a template naming every key, which a run refuses naming the first key still to fill', async () => {
    const { code, stdout } = await kit(['--init-config', 'other.json', '--target', t.sandbox.apiUrl]);
    expect(code).toBe(0);
    expect(stdout).toContain('a template for');
    const file = join(work, 'other.json');
    const text = readFileSync(file, 'utf8');
    for (const key of [
      'baseUrl',
      'ca',
      'provider',
      'secondProvider',
      'refusedCertificates',
      'controlToken',
      'revocationCallback',
    ])
      expect(text).toContain(`"${key}": `);
    const run = await kit(['--target', t.sandbox.apiUrl, '--config', 'other.json']);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(
      `xs2a-kit conformance: other.json: "ca" is still the template's placeholder "<fill in: PEM file of the CA the bank's server certificate chains to>": fill it in, or remove the key if it is optional\n`,
    );
  });
});

describe('a bad --init-config target', () => {
  it.each([
    ['unreachable', async () => `https://127.0.0.1:${await closedPort()}`, /: cannot connect \(connection refused/],
    ['plain HTTP', async () => t.sandbox.portalUrl.replace('http:', 'https:'), / speaks plain HTTP, not HTTPS/],
    ['not https', async () => t.sandbox.portalUrl, /^xs2a-kit conformance: --init-config needs --target https:\/\/…/],
  ])('%s: exit 2, one line, no file', async (name, target, line) => {
    const { code, stdout, stderr } = await kit(['--init-config', `${name}.json`, '--target', await target()]);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr.split('\n')).toHaveLength(2);
    expect(stderr).toMatch(line);
    expect(existsSync(join(work, `${name}.json`))).toBe(false);
  });

  it('not an XS2A interface (a web server’s HTML page): exit 2, one line, no file', async () => {
    const read = (name: string) => readFileSync(join(certs, name), 'utf8');
    const html = await htmlServer({ key: read('server.key'), cert: read('server.crt'), ca: read('ca.crt') }, 404);
    try {
      const { code, stderr } = await kit(['--init-config', 'html.json', '--target', html.baseUrl]);
      expect(code).toBe(2);
      expect(stderr).toBe(
        `xs2a-kit conformance: --target ${html.baseUrl} answers outside the interface (GET /v1/accounts answered 404 without the tppMessages envelope), so no XS2A interface is there\n`,
      );
      expect(existsSync(join(work, 'html.json'))).toBe(false);
    } finally {
      await html.close();
    }
  });

  it('--control-url and its companions go with --init-config only', async () => {
    const { code, stderr } = await kit(['--control-url', 'http://localhost:8080/sandbox']);
    expect(code).toBe(2);
    expect(stderr).toBe(
      'xs2a-kit conformance: --control-url goes with --init-config; a run reads these from its --config file\n',
    );
  });
});
