import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogue } from '../../conformance/index.js';
import { ensureCertificates } from '../../src/index.js';
import { xs2aKit } from '../helpers/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'xs2a-kit-cli-'));

const cli = (args: string[]) => xs2aKit(args);

describe('xs2a-kit conformance (the built binary)', () => {
  it('runs the catalogue against --target sim, exits 0 and writes a well-formed JUnit file with every scenario, a JSON report of a few megabytes and an HTML report', async () => {
    const file = join(dir, 'junit.xml');
    const json = join(dir, 'report.json');
    const html = join(dir, 'report.html');
    const { code, stdout, stderr } = await cli([
      'conformance',
      '--reporter',
      `junit:${file}`,
      '--reporter',
      `json:${json}`,
      '--reporter',
      `html:${html}`,
    ]);
    expect(code).toBe(0);
    // The sim approves for itself: no approvals are announced, and the one-line result is on the console.
    expect(stderr).toContain(`${catalogue.length} scenarios selected.\n`);
    expect(stderr).not.toContain('approval');
    expect(stdout).toMatch(
      new RegExp(`^${catalogue.length} passed, 0 failed, 0 inconclusive, 0 skipped, 0 errors in \\d+\\.\\d s\\n$`),
    );
    expect(stderr).toMatch(/Finished in \d+\.\d s/);
    const xml = readFileSync(file, 'utf8');
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites ')).toBe(true);
    expect(xml).toMatch(new RegExp(`<testsuites [^>]*tests="${catalogue.length}" failures="0" errors="0" skipped="0"`));
    expect(xml.match(/<testcase /g)).toHaveLength(catalogue.length);
    expect(xml.match(/<testsuite /g)?.length).toBe(xml.match(/<\/testsuite>/g)?.length);
    // Exchanges are the evidence of a verdict that is not a pass: a run where everything passed keeps none.
    expect(statSync(json).size).toBeLessThanOrEqual(3 * 1024 * 1024);
    const report = JSON.parse(readFileSync(json, 'utf8')) as {
      manifest: { kitVersion: string; catalogueDigest: string; catalogueScenarios: number; config: unknown };
      results: { exchanges: unknown[] }[];
    };
    expect(report.results.every((result) => result.exchanges.length === 0)).toBe(true);
    expect(report.manifest).toMatchObject({ catalogueScenarios: catalogue.length, config: null });
    expect(report.manifest.catalogueDigest).toMatch(/^[0-9a-f]{64}$/);
    const page = readFileSync(html, 'utf8');
    expect(page).toMatch(
      new RegExp(`<li class="passed" data-verdict="passed"><span class="count">${catalogue.length}</span>`),
    );
    expect(page).not.toMatch(/<script|<link|src="http/);
  }, 180_000);

  it('keeps every scenario’s exchanges in the JSON report with --full', async () => {
    const json = join(dir, 'full.json');
    const { code } = await cli([
      'conformance',
      '--only',
      'PIS-IDEM-001,PIS-IDEM-002,PIS-IDEM-003',
      '--full',
      '--reporter',
      `json:${json}`,
    ]);
    expect(code).toBe(0);
    const report = JSON.parse(readFileSync(json, 'utf8')) as { results: { exchanges: unknown[] }[] };
    expect(report.results).toHaveLength(3);
    expect(report.results.every((result) => result.exchanges.length > 0)).toBe(true);
  }, 60_000);

  it('announces the approvals of a manual run in words that count right, and puts the result on stderr when a report fills stdout', async () => {
    const config = join(dir, 'sim-manual.json');
    writeFileSync(
      config,
      JSON.stringify({ sca: { driver: 'manual', manual: { timeoutSeconds: 1, pollSeconds: 0.2 } } }),
    );
    const manual = await cli(['conformance', '--config', config, '--only', 'PIS-SCA-001', '--reporter', 'json']);
    expect(manual.stderr).toContain(
      '1 scenario selected; a manual run would ask for 1 customer approval, each waited for up to 1 s.\n',
    );
    // Nobody came to approve: the check could not run, which is no failure of the target.
    expect(manual.stderr).toMatch(/^0 passed, 0 failed, 1 inconclusive, 0 skipped, 0 errors in \d+\.\d s$/m);
    expect(JSON.parse(manual.stdout)).toMatchObject({ failed: 0, inconclusive: 1 });
    expect(manual.code).toBe(0);
    // A certification run counts what could not be checked against the target.
    const strict = await cli(['conformance', '--config', config, '--only', 'PIS-SCA-001', '--strict']);
    expect(strict.code).toBe(1);
    expect(strict.stdout).toMatch(
      /^INCONCLUSIVE PIS-SCA-001 .*\n {5}inconclusive: the SCA driver \(manual\) could not act: /m,
    );
  }, 60_000);

  it('exits 2 for a config file that does not match the schema, naming the field', async () => {
    const config = join(dir, 'bad.json');
    writeFileSync(config, JSON.stringify({ ca: 'ca.pem', provider: { cert: 'c.pem' } }));
    const { code, stderr } = await cli(['conformance', '--target', 'https://bank.example:8443', '--config', config]);
    expect(code).toBe(2);
    expect(stderr).toContain('provider.key');
  });

  it('writes the console report to the file --reporter console:FILE names', async () => {
    const file = join(dir, 'console.txt');
    const { code, stdout } = await cli(['conformance', '--only', 'PIS-IDEM-001', '--reporter', `console:${file}`]);
    expect(code).toBe(0);
    const written = readFileSync(file, 'utf8');
    expect(written).toMatch(/^Target sim \(https:\/\/[^)]+\): 1 scenarios\nPASS PIS-IDEM-001 /);
    expect(written).toMatch(/\n\n1 passed, 0 failed, 0 inconclusive, 0 skipped, 0 errors in \d+\.\d s\n$/);
    expect(written).not.toMatch(/[\r\x1b]/);
    expect(stdout).toMatch(/^1 passed, 0 failed, 0 inconclusive, 0 skipped, 0 errors in \d+\.\d s\n$/);
  }, 60_000);

  it('exits 2 for an unknown reporter and for a remote target without --config', async () => {
    expect((await cli(['conformance', '--reporter', 'tap'])).code).toBe(2);
    expect((await cli(['conformance', '--target', 'https://bank.example:8443'])).code).toBe(2);
  });

  it('runs only what --only selects and prints plain lines without a TTY', async () => {
    const { code, stdout } = await cli(['conformance', '--only', 'PIS-IDEM-*']);
    expect(code).toBe(0);
    expect(stdout.match(/^PASS /gm)).toHaveLength(catalogue.filter((s) => s.id.startsWith('PIS-IDEM-')).length);
    expect(stdout).not.toContain('\x1b');
  }, 60_000);

  it('leaves out what --skip names, after --only', async () => {
    const { code, stdout } = await cli(['conformance', '--only', 'identity', '--skip', 'ID-ROLE-*,ID-CERT-*']);
    expect(code).toBe(0);
    const expected = catalogue.filter((s) => s.area === 'identity' && !/^ID-(ROLE|CERT)-/.test(s.id)).map((s) => s.id);
    expect([...stdout.matchAll(/^PASS (\S+)/gm)].map((m) => m[1]).sort()).toEqual(expected.sort());
  }, 60_000);

  it('exits 2 and runs no scenario when the remote target cannot be reached', async () => {
    const { paths } = await ensureCertificates(join(dir, 'remote-certs'));
    const config = join(dir, 'unreachable.json');
    writeFileSync(
      config,
      JSON.stringify({
        ca: paths.caCert,
        provider: { cert: paths.tppCert, key: paths.tppKey },
        redirectUri: 'https://tpp.example/ok',
        nokRedirectUri: 'https://tpp.example/nok',
        psu: { id: 'anna', password: 'anna-1234' },
        ibans: {
          main: 'DE12123456780000100001',
          second: 'DE82123456780000100002',
          notHeld: 'DE89370400440532013000',
          creditor: 'DE89370400440532013000',
        },
        amounts: { small: '1.00', beyondBalance: '99999.00' },
        sca: { driver: 'none' },
      }),
    );
    // Port 1 on the loopback address: nothing listens, the connection is refused at once.
    const { code, stdout, stderr } = await cli(['conformance', '--target', 'https://127.0.0.1:1', '--config', config]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/xs2a-kit conformance: .*127\.0\.0\.1:1/);
    expect(stdout).not.toMatch(/^(PASS|FAIL) /m);
  }, 60_000);

  it('drives the SCA page with a real browser, found without configuration, when --target sim gets a config choosing the browser driver', async () => {
    const config = join(dir, 'sim-browser.json');
    writeFileSync(config, JSON.stringify({ sca: { driver: 'browser' } }));
    const { code, stdout, stderr } = await cli(['conformance', '--config', config, '--only', 'SCA-NOK-001']);
    expect(stderr).not.toContain('xs2a-kit conformance:');
    expect(code).toBe(0);
    expect(stdout).toMatch(/^PASS SCA-NOK-001 /m);
  }, 60_000);

  it('lets --sca override the config and makes a browser script whose selector never appears inconclusive, with the step in the report', async () => {
    const config = join(dir, 'sim-bad-script.json');
    const script = { approve: [{ click: '#no-such-button' }], decline: [{ click: '#no-such-button' }] };
    writeFileSync(config, JSON.stringify({ sca: { driver: 'manual', browser: { stepTimeoutMs: 1000, script } } }));
    const { code, stdout } = await cli([
      'conformance',
      '--config',
      config,
      '--sca',
      'browser',
      '--only',
      'SCA-NOK-001',
    ]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^INCONCLUSIVE SCA-NOK-001 /m);
    expect(stdout, stdout).toContain(
      'inconclusive: the SCA driver (browser) could not act: SCA browser script (decline), step 1 of 1 {"click":"#no-such-button"}: "#no-such-button" did not appear within 1000 ms',
    );
  }, 60_000);

  it('exits 2 for an unknown --sca driver, for "none" with --target sim, and for a sim config with more than an sca section', async () => {
    const unknown = await cli(['conformance', '--sca', 'robot']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown SCA driver "robot" (known: sim, forms, browser, control, manual, none)');
    expect((await cli(['conformance', '--sca', 'none'])).stderr).toContain('--target sim always has an SCA driver');
    const config = join(dir, 'sim-extra.json');
    writeFileSync(config, JSON.stringify({ sca: { driver: 'sim' }, psu: { id: 'x', password: 'y' } }));
    const extra = await cli(['conformance', '--target', 'sim', '--config', config]);
    expect(extra.code).toBe(2);
    expect(extra.stderr).toBe(
      `xs2a-kit conformance: ${config}: with --target sim a config gives only "sca" (the sandbox brings its own certificates, customers and IBANs), and this one is a bank's ("psu"): leave --target out to run against its "baseUrl", or give --target BASE_URL\n`,
    );
  });

  it('names the line and column of a JSON syntax error, and the nearest known key of a typo, in one line each (exit 2)', async () => {
    const broken = join(dir, 'broken.json');
    writeFileSync(broken, '{\n  // the SCA driver\n  "sca": { "driver": "sim" }\n  "ca": "ca.pem"\n}\n');
    const syntax = await cli(['conformance', '--config', broken]);
    expect([syntax.code, syntax.stdout]).toEqual([2, '']);
    expect(syntax.stderr).toBe(
      `xs2a-kit conformance: ${broken}: line 4, column 3: not valid JSON (Expected ',' or '}' after property value)\n`,
    );
    const typo = join(dir, 'typo.json');
    writeFileSync(typo, JSON.stringify({ sca: { driver: 'manual', manual: { timeoutSecond: 5 } } }));
    const unknown = await cli(['conformance', '--config', typo]);
    expect([unknown.code, unknown.stdout]).toEqual([2, '']);
    expect(unknown.stderr).toBe(
      `xs2a-kit conformance: ${typo}: "sca.manual.timeoutSecond" is not a key of the config; did you mean "sca.manual.timeoutSeconds"?\n`,
    );
  });
});
