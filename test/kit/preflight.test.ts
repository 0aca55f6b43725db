/**
 * Configuration mistakes are caught before any scenario runs: exit 2, one line naming the config key
 * or flag, printed once (the console gets nothing), and nothing reaches the target beyond the probe.
 * The bank is an in-process sandbox with a control token; each test breaks one thing in a config
 * that otherwise works.
 */
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:https';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCa, issueQwac } from '../../src/certs/index.js';
import { ensureInterfaceAnswers } from '../../src/kit/preflight/base-url.js';
import { runConformance } from '../../src/kit/run-conformance.js';
import type { Sandbox } from '../../src/index.js';
import { BIN } from '../helpers/cli.js';
import { remoteConfig } from '../helpers/remote-config.js';
import { certificateFolder, testSandbox } from '../helpers/sandbox.js';

const TOKEN = 'preflight-t0ken';
const dir = mkdtempSync(join(tmpdir(), 'xs2a-kit-preflight-'));
let certs: string;
let sandbox: Sandbox;
/** API requests the bank saw, by path. */
let requests: string[] = [];
/** A port nothing listens on. */
let closedPort: number;
const ALIEN_SECOND = {
  name: 'Alien Second TPP',
  organizationIdentifier: 'PSDDE-BAFIN-777777',
  roles: ['PSP_AI', 'PSP_PI', 'PSP_IC'] as ('PSP_AI' | 'PSP_PI' | 'PSP_IC')[],
  keyType: 'ec' as const,
};

beforeAll(async () => {
  certs = await certificateFolder();
  ({ sandbox } = await testSandbox(certs, { controlToken: TOKEN }));
  sandbox.events.on('request', (event) => requests.push(`${event.method} ${event.path}`));
  const otherCa = await createCa();
  const alien = issueQwac({
    ca: otherCa,
    name: 'Alien TPP',
    organizationIdentifier: 'PSDDE-BAFIN-123456',
    roles: ['PSP_AI', 'PSP_PI', 'PSP_IC'],
    keyType: 'ec',
  });
  writeFileSync(join(dir, 'alien.crt'), alien.cert);
  writeFileSync(join(dir, 'alien.key'), alien.key);
  const alienSecond = issueQwac({ ...ALIEN_SECOND, ca: otherCa });
  writeFileSync(join(dir, 'alien-second.crt'), alienSecond.cert);
  writeFileSync(join(dir, 'alien-second.key'), alienSecond.key);
  closedPort = await new Promise<number>((resolve) => {
    const server = createNetServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
  writeFileSync(join(dir, 'other-ca.crt'), otherCa.cert);
});
afterAll(() => sandbox.close());

function config(name: string, change: (base: Record<string, any>) => void = () => {}): string {
  const base = remoteConfig(certs, {
    controlUrl: sandbox.controlUrl,
    controlToken: TOKEN,
    capabilities: ['clock', 'control'],
    // No scenario here needs a customer: those that do are skipped.
    sca: { driver: 'none' },
  });
  change(base);
  const file = join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify(base));
  return file;
}

/** What the provider's certificate asks before anything runs: the callback read, then the first read that finds the interface answering. */
const PROVIDER_PROBES = [
  'GET /v1/revocation-callback',
  expect.stringMatching(/^GET \/v1\/consents\/[0-9a-f-]{36}\/status$/),
];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** runConformance as the CLI calls it (console reporter on stdout, status lines on stderr). */
async function run(configFile: string, target = sandbox.apiUrl) {
  requests = [];
  const said: string[] = [];
  const written: string[] = [];
  const { exitCode } = await runConformance({
    target,
    config: configFile,
    only: ['identity'],
    stdout: { write: (text) => void written.push(text), isTTY: false },
    say: (text) => said.push(text),
  });
  return { exitCode, stderr: said.join(''), stdout: written.join(''), requests };
}

/** Exit 2, exactly this one line on stderr, nothing on stdout. */
async function refused(configFile: string, line: string | RegExp, target?: string) {
  const outcome = await run(configFile, target);
  expect(outcome.exitCode).toBe(2);
  expect(outcome.stdout).toBe('');
  expect(outcome.stderr.split('\n')).toHaveLength(2);
  if (typeof line === 'string') expect(outcome.stderr).toBe(`xs2a-kit conformance: ${line}\n`);
  else expect(outcome.stderr).toMatch(line);
  return outcome;
}

describe('preflight of the base URL (issue 39: a wrong base URL never blames the bank)', () => {
  it('stops a base URL that already ends in /v1 with one line saying what to try, before any request', async () => {
    const outcome = await refused(
      config('good-v1'),
      `--target ${sandbox.apiUrl}/v1 already ends in /v1, the prefix every path of the interface starts with (the kit would call ${sandbox.apiUrl}/v1/v1/…); try --target ${sandbox.apiUrl}`,
      `${sandbox.apiUrl}/v1`,
    );
    expect(outcome.requests).toEqual([]);
  });

  it('stops a prefix the bank does not serve (/psd2, every path 404): no scenario failed or errored', async () => {
    const outcome = await refused(
      config('good-psd2'),
      new RegExp(
        `^xs2a-kit conformance: ${escape(`no endpoint of the interface answers under --target ${sandbox.apiUrl}/psd2: GET /psd2/v1/consents/`)}[0-9a-f-]{36}${escape(`/status answered 404; GET /psd2/v1/accounts answered 404, where the interface answers 401 or 403 with tppMessages; try --target ${sandbox.apiUrl} (without /psd2), or the path the bank publishes before /v1`)}\n$`,
      ),
      `${sandbox.apiUrl}/psd2`,
    );
    // The callback read and the two reads, each under the prefix; nothing else reached the bank.
    expect(outcome.requests).toEqual([
      'GET /psd2/v1/revocation-callback',
      expect.stringMatching(/^GET \/psd2\/v1\/consents\/[0-9a-f-]{36}\/status$/),
      'GET /psd2/v1/accounts',
    ]);
  });

  it('goes on when one of the two reads answers as the interface does; stops when each answers 404 or no envelope', async () => {
    // A bank that answers the unknown consent's status 404 (against its row) but the account list as the interface does.
    const answers: Record<string, [number, string]> = {};
    const server = createServer(
      {
        cert: readFileSync(join(certs, 'server.crt')),
        key: readFileSync(join(certs, 'server.key')),
        ca: readFileSync(join(certs, 'ca.crt')),
        requestCert: true,
        rejectUnauthorized: false,
      },
      (req, res) => {
        const [status, body] = answers[req.url!.includes('/consents/') ? 'status' : 'accounts']!;
        res.writeHead(status, { 'content-type': body.startsWith('<') ? 'text/html' : 'application/json' }).end(body);
      },
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const baseUrl = `https://localhost:${(server.address() as AddressInfo).port}`;
    const probe = () =>
      ensureInterfaceAnswers({
        baseUrl,
        from: '--target',
        ca: readFileSync(join(certs, 'ca.crt'), 'utf8'),
        certificate: {
          cert: readFileSync(join(certs, 'tpp.crt'), 'utf8'),
          key: readFileSync(join(certs, 'tpp.key'), 'utf8'),
        },
      });
    const envelope = (code: string) => JSON.stringify({ tppMessages: [{ category: 'ERROR', code, text: '…' }] });
    try {
      answers.status = [404, envelope('RESOURCE_UNKNOWN')];
      answers.accounts = [403, envelope('CONSENT_UNKNOWN')];
      await expect(probe()).resolves.toBeUndefined();
      answers.status = [403, envelope('CONSENT_UNKNOWN')];
      answers.accounts = [404, '<html>Not Found</html>'];
      await expect(probe()).resolves.toBeUndefined();
      answers.status = [401, '<html>Sign in</html>'];
      await expect(probe()).rejects.toThrow(
        new RegExp(
          `^no endpoint of the interface answers under --target ${escape(baseUrl)}: GET /v1/consents/[0-9a-f-]{36}/status answered 401 without the tppMessages envelope \\(text/html\\); GET /v1/accounts answered 404 without the tppMessages envelope, where`,
        ),
      );
    } finally {
      server.close();
    }
  });
});

describe('the config’s baseUrl is the target when --target is absent (issue 39)', () => {
  const runWithout = async (configFile: string) => {
    const said: string[] = [];
    const written: string[] = [];
    const { exitCode } = await runConformance({
      config: configFile,
      only: ['identity'],
      stdout: { write: (text) => void written.push(text), isTTY: false },
      say: (text) => said.push(text),
    });
    return { exitCode, stderr: said.join(''), stdout: written.join('') };
  };

  it('runs against it, not the sim', async () => {
    const outcome = await runWithout(config('base-url', (base) => (base.baseUrl = sandbox.apiUrl)));
    expect(outcome.exitCode).toBe(0);
    expect(outcome.stdout).toContain(`Target ${sandbox.apiUrl}:`);
    expect(outcome.stdout).toMatch(/^PASS ID-/m);
  });

  it('names the config’s key when its base URL is wrong', async () => {
    const file = config('base-url-v1', (base) => (base.baseUrl = `${sandbox.apiUrl}/v1`));
    const outcome = await runWithout(file);
    expect(outcome.exitCode).toBe(2);
    expect(outcome.stderr).toBe(
      `xs2a-kit conformance: "baseUrl" of ${file} ${sandbox.apiUrl}/v1 already ends in /v1, the prefix every path of the interface starts with (the kit would call ${sandbox.apiUrl}/v1/v1/…); try "baseUrl": "${sandbox.apiUrl}"\n`,
    );
  });
});

describe('preflight of a remote target', () => {
  it('runs the scenarios when nothing is wrong (the config the mistakes below start from)', async () => {
    const outcome = await run(config('good'));
    expect(outcome.stderr).not.toContain('xs2a-kit conformance:');
    expect(outcome.exitCode).toBe(0);
    expect(outcome.stdout).toMatch(/^PASS ID-/m);
  });

  it('names controlToken when the control API refuses it, after only the provider’s probe reached the API', async () => {
    const outcome = await refused(
      config('wrong-token', (base) => (base.controlToken = 'not-the-token')),
      `controlToken: the control API at ${sandbox.controlUrl} refuses it (401); give the bearer token it was started with`,
    );
    expect(outcome.requests).toEqual(PROVIDER_PROBES);
  });

  it('names controlToken when the config gives none and the control API needs one', async () => {
    await refused(
      config('no-token', (base) => delete base.controlToken),
      `controlToken: the control API at ${sandbox.controlUrl} answered 401 without one; give the bearer token it needs`,
    );
  });

  it('names controlUrl when nothing answers there', async () => {
    const url = `http://127.0.0.1:${closedPort}/sandbox`;
    await refused(
      config('no-control', (base) => (base.controlUrl = url)),
      `controlUrl ${url}: cannot connect (ECONNREFUSED)`,
    );
  });

  it('names ca when it does not verify the target’s server certificate, and nothing reaches the API', async () => {
    const outcome = await refused(
      config('wrong-ca', (base) => (base.ca = join(dir, 'other-ca.crt'))),
      `ca (${join(dir, 'other-ca.crt')}) does not verify the target's server certificate (self-signed certificate in certificate chain)`,
    );
    expect(outcome.requests).toEqual([]);
  });

  it('names the provider whose certificate does not match its key, and sends nothing', async () => {
    const outcome = await refused(
      config('mismatch', (base) => (base.provider.key = join(dir, 'alien.key'))),
      `provider: the certificate ${join(certs, 'tpp.crt')} does not match the key ${join(dir, 'alien.key')}`,
    );
    expect(outcome.requests).toEqual([]);
  });

  it('names secondProvider when the target refuses it in the envelope, after one probe per certificate', async () => {
    const outcome = await refused(
      config(
        'alien-second',
        (base) => (base.secondProvider = { cert: join(dir, 'alien-second.crt'), key: join(dir, 'alien-second.key') }),
      ),
      `secondProvider (${join(dir, 'alien-second.crt')}): the target refuses this certificate (401 CERTIFICATE_MISSING: The client certificate was not issued by a certificate authority this service trusts.)`,
    );
    expect(outcome.requests).toEqual([...PROVIDER_PROBES, 'GET /v1/revocation-callback']);
  });

  it('names the provider a target refuses at the TLS handshake', async () => {
    const read = (name: string) => readFileSync(join(certs, name), 'utf8');
    let reached = 0;
    const strict = createServer(
      {
        key: read('server.key'),
        cert: read('server.crt'),
        ca: read('ca.crt'),
        requestCert: true,
        rejectUnauthorized: true,
      },
      (_req, res) => {
        reached += 1;
        res
          .writeHead(404, { 'content-type': 'application/json' })
          .end('{"tppMessages":[{"category":"ERROR","code":"RESOURCE_UNKNOWN"}]}');
      },
    );
    await new Promise<void>((resolve) => strict.listen(0, '127.0.0.1', resolve));
    try {
      const target = `https://127.0.0.1:${(strict.address() as AddressInfo).port}`;
      await refused(
        config(
          'alien-provider',
          (base) => (base.provider = { cert: join(dir, 'alien.crt'), key: join(dir, 'alien.key') }),
        ),
        new RegExp(
          `^xs2a-kit conformance: provider \\(${join(dir, 'alien.crt').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\): the target refuses this certificate at the TLS handshake \\(.+\\)\\n$`,
        ),
        target,
      );
      expect(reached).toBe(0);
    } finally {
      strict.close();
    }
  });

  it('says the target speaks plain HTTP when the customer surface’s port is given as the API’s', async () => {
    const portal = sandbox.portalUrl.replace('http:', 'https:');
    const outcome = await refused(
      config('portal'),
      `--target ${portal} speaks plain HTTP, not HTTPS: is it the customer surface's port? The XS2A API is the mutual-TLS port`,
      portal,
    );
    expect(outcome.requests).toEqual([]);
  });

  it.each([
    ['https://127.0.0.1:1', /cannot connect \(connection refused: connect ECONNREFUSED 127\.0\.0\.1:1\)/],
    [
      'https://xs2a-kit.invalid:8443',
      /cannot connect \(host name (not found|lookup failed): getaddrinfo E\w+ xs2a-kit\.invalid\)/,
    ],
  ])('names --target when %s cannot be reached', async (target, reason) => {
    const outcome = await refused(
      config('unreachable'),
      new RegExp(
        `^xs2a-kit conformance: --target ${target.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: ${reason.source}\\n$`,
      ),
      target,
    );
    expect(outcome.requests).toEqual([]);
  });

  it('names the first key of a template still to fill in, and sends nothing', async () => {
    const outcome = await refused(
      config(
        'template',
        (base) => (base.psu = { id: '<fill in: a test customer>', password: '<fill in: the password>' }),
      ),
      `${join(dir, 'template.json')}: "psu.id" is still the template's placeholder "<fill in: a test customer>": fill it in, or remove the key if it is optional`,
    );
    expect(outcome.requests).toEqual([]);
  });

  it('names providerWithoutCof when it carries PSP_IC after all', async () => {
    await refused(
      config(
        'cof',
        (base) => (base.providerWithoutCof = { cert: join(certs, 'tpp.crt'), key: join(certs, 'tpp.key') }),
      ),
      'providerWithoutCof carries the role PSP_IC: it must be a certificate without it',
    );
  });

  describe('renamedProvider', () => {
    const issued = (file: string, name: string, organizationIdentifier: string) => {
      const ca = {
        cert: readFileSync(join(certs, 'ca.crt'), 'utf8'),
        key: readFileSync(join(certs, 'ca.key'), 'utf8'),
      };
      const pair = issueQwac({
        ca,
        name,
        organizationIdentifier,
        roles: ['PSP_AI', 'PSP_PI', 'PSP_IC'],
        keyType: 'ec',
      });
      writeFileSync(join(dir, `${file}.crt`), pair.cert);
      writeFileSync(join(dir, `${file}.key`), pair.key);
      return { cert: join(dir, `${file}.crt`), key: join(dir, `${file}.key`) };
    };

    it('names it when it is of another organisation, and sends nothing', async () => {
      const files = issued('renamed-other', 'Renamed Elsewhere TPP', 'PSDDE-BAFIN-777778');
      const outcome = await refused(
        config('renamed-other', (base) => (base.renamedProvider = files)),
        "renamedProvider names the organizationIdentifier PSDDE-BAFIN-777778, not the provider's (PSDDE-BAFIN-123456): it must be the provider's own organisation under another name",
      );
      expect(outcome.requests).toEqual([]);
    });

    it.each([
      ['the provider’s own name', 'xs2a-kit Test TPP', `is the provider's`],
      ['a part of the provider’s name', 'Test TPP', `is part of the provider's`],
    ])(
      'names it when its organisation name is %s: a page still showing the old name would pass',
      async (_label, name, says) => {
        const files = issued(`renamed-${name.length}`, name, 'PSDDE-BAFIN-123456');
        await refused(
          config(`renamed-${name.length}`, (base) => (base.renamedProvider = files)),
          `renamedProvider's organisation name "${name}" ${says} ("xs2a-kit Test TPP"): it must be a new name that the old one does not contain`,
        );
      },
    );

    it('names it when the target refuses it at the handshake (another CA)', async () => {
      await refused(
        config(
          'renamed-alien',
          (base) => (base.renamedProvider = { cert: join(dir, 'alien.crt'), key: join(dir, 'alien.key') }),
        ),
        new RegExp(
          `^xs2a-kit conformance: renamedProvider \\(${escape(join(dir, 'alien.crt'))}\\): the target refuses this certificate`,
        ),
      );
    });
  });
});

describe('preflight of the SCA driver', () => {
  const cli = (args: string[]) =>
    promisify(execFile)('node', [
      '--import',
      join(import.meta.dirname, '../helpers/without-playwright.mjs'),
      BIN,
      ...args,
    ]).then(
      () => ({ code: 0, stdout: '', stderr: '' }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );

  it('stops a run whose browser driver has no playwright-core, naming the flag that chose it', async () => {
    const { code, stdout, stderr } = await cli(['conformance', '--sca', 'browser', '--only', 'SCA-NOK-001']);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toBe(
      'xs2a-kit conformance: --sca browser: the browser SCA driver needs the playwright-core package installed beside xs2a-kit (npm install --save-dev playwright-core)\n',
    );
  });

  it('names sca.driver when the config chose the browser driver', async () => {
    const { code, stderr } = await cli([
      'conformance',
      '--target',
      sandbox.apiUrl,
      '--config',
      config('browser', (base) => (base.sca = { driver: 'browser' })),
    ]);
    expect(code).toBe(2);
    expect(stderr).toBe(
      'xs2a-kit conformance: sca.driver "browser": the browser SCA driver needs the playwright-core package installed beside xs2a-kit (npm install --save-dev playwright-core)\n',
    );
  });
});
