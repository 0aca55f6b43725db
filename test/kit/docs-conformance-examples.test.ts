/**
 * The conformance page's examples (docs/conformance.md) are held against the code, so they cannot drift: the real-sandbox
 * config is parsed by the CLI's parser and built into a target, its key table names exactly the
 * schema's keys, the default browser script is the driver's, the CI workflow runs the documented
 * command and uploads that report, and every flag the examples use exists.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { SIM_BROWSER_SCRIPT } from '../../src/kit/sca-drivers/browser-script.js';
import {
  parseRemoteConfig,
  parseSimConfig,
  remoteTarget,
  RemoteConfigFileSchema,
} from '../../src/kit/targets/remote.js';

const page = readFileSync(join(import.meta.dirname, '../../docs/conformance.md'), 'utf8');

/** The text of a `##` section of the page, up to the next heading of level 1 or 2. */
function section(title: string): string {
  const start = page.indexOf(`\n## ${title}\n`);
  expect(start, `docs/conformance.md section "${title}"`).toBeGreaterThan(-1);
  const rest = page.slice(start + title.length + 5);
  const end = rest.search(/\n##? /);
  return end === -1 ? rest : rest.slice(0, end);
}

function blocks(text: string, language: string): string[] {
  return [...text.matchAll(new RegExp('```' + language + '\\n([\\s\\S]*?)```', 'g'))].map((match) => match[1]!);
}

describe('the conformance page’s examples', () => {
  it('gives a real-sandbox config that the CLI’s parser accepts, with a browser script and every optional part', () => {
    const [json] = blocks(section('Against a real sandbox'), 'json');
    const config = parseRemoteConfig(JSON.parse(json!), 'docs/conformance.md');
    expect(config.sca?.driver).toBe('browser');
    expect(config.sca?.browser?.script?.approve.length).toBeGreaterThan(0);
    expect(config.capabilities).toEqual(['clock', 'control']);
    for (const key of Object.keys(RemoteConfigFileSchema.shape))
      expect(config, `the page's config has "${key}"`).toHaveProperty(key);
  });

  it('builds a target from that config with every capability it implies, reading files relative to the config', async () => {
    const [json] = blocks(section('Against a real sandbox'), 'json');
    type Pair = { cert: string; key: string };
    const raw = JSON.parse(json!) as {
      ca: string;
      provider: Pair;
      secondProvider: Pair;
      providerWithoutCof: Pair;
      renamedProvider: Pair;
      refusedCertificates: Record<string, Pair>;
      revokedCertificates: Record<string, Pair>;
    };
    const dir = mkdtempSync(join(tmpdir(), 'xs2a-kit-readme-'));
    const refused = [...Object.values(raw.refusedCertificates), ...Object.values(raw.revokedCertificates)].flatMap(
      (pair) => [pair.cert, pair.key],
    );
    for (const file of [
      raw.ca,
      raw.provider.cert,
      raw.provider.key,
      raw.secondProvider.cert,
      raw.secondProvider.key,
      raw.providerWithoutCof.cert,
      raw.providerWithoutCof.key,
      raw.renamedProvider.cert,
      raw.renamedProvider.key,
      ...refused,
    ]) {
      mkdirSync(dirname(join(dir, file)), { recursive: true });
      writeFileSync(join(dir, file), `contents of ${file}`);
    }
    writeFileSync(join(dir, 'bank-sandbox.json'), json!);
    const target = await remoteTarget({ configFile: join(dir, 'bank-sandbox.json'), say: () => {} });
    expect(target.baseUrl).toBe('https://xs2a-sandbox.bank.example:8443');
    expect(target.ca).toBe('contents of bank/ca-bundle.pem');
    expect(target.provider).toEqual({ cert: 'contents of certs/tpp-qwac.crt', key: 'contents of certs/tpp-qwac.key' });
    expect(target.sca?.name).toBe('browser');
    expect([...target.capabilities].sort()).toEqual([
      'callback-endpoint',
      'clock',
      'closed-account',
      'control',
      'held-account',
      'provider-without-cof',
      'refused-certificates',
      'renamed-provider',
      'revoked-certificates',
      'sca',
      'second-provider',
      'second-psu',
    ]);
    expect(Object.keys(target.refusedCertificates ?? {}).sort()).toEqual([
      'expired',
      'notYetValid',
      'seal',
      'unknownRoles',
      'untrusted',
      'withdrawn',
      'withoutOrganizationId',
      'withoutRoles',
    ]);
    expect(target.revokedCertificates?.suspended).toEqual({
      cert: 'contents of certs/refused/suspended.crt',
      key: 'contents of certs/refused/suspended.key',
    });
    expect(target.refusedCertificates?.expired).toEqual({
      cert: 'contents of certs/refused/expired.crt',
      key: 'contents of certs/refused/expired.key',
    });
    await target.close();
  });

  it('lists exactly the config schema’s keys in its table', () => {
    const rows = [...section('Against a real sandbox').matchAll(/^\| ((?:`[A-Za-z]+`(?:, )?)+) \|/gm)].flatMap((row) =>
      [...row[1]!.matchAll(/`([A-Za-z]+)`/g)].map((key) => key[1]!),
    );
    expect(rows.sort()).toEqual(Object.keys(RemoteConfigFileSchema.shape).sort());
  });

  it('shows the browser driver’s default script as it is, and a script a sim config accepts', () => {
    const [json] = blocks(section('SCA drivers'), 'json');
    expect(JSON.parse(json!)).toEqual(SIM_BROWSER_SCRIPT);
    expect(
      parseSimConfig({ sca: { driver: 'browser', browser: { script: JSON.parse(json!) } } }, 'docs/conformance.md').sca
        ?.browser?.script,
    ).toEqual(SIM_BROWSER_SCRIPT);
  });

  it('gives a GitHub Actions workflow that runs the documented command and uploads the JUnit file it writes, even on failure', () => {
    const [yaml] = blocks(section('Running the conformance kit in CI'), 'yaml');
    const workflow = parseYaml(yaml!) as {
      jobs: Record<string, { steps: { uses?: string; run?: string; if?: string; with?: Record<string, string> }[] }>;
    };
    const steps = Object.values(workflow.jobs)[0]!.steps;
    expect(steps.map((step) => step.run).filter(Boolean)).toEqual([
      'npm ci',
      'npx xs2a-kit conformance --target sim --reporter junit:reports/conformance.xml',
    ]);
    const upload = steps.find((step) => step.uses?.startsWith('actions/upload-artifact@'));
    expect(upload).toMatchObject({ if: 'always()', with: { path: 'reports/conformance.xml' } });
    expect(steps.find((step) => step.uses?.startsWith('dorny/test-reporter@'))).toMatchObject({
      if: 'always()',
      with: { path: 'reports/conformance.xml', reporter: 'java-junit' },
    });
  });

  it('uses only flags that xs2a-kit conformance has, in the README and every docs page', async () => {
    const root = join(import.meta.dirname, '../..');
    const docs = [join(root, 'README.md'), ...readdirSync(join(root, 'docs')).map((name) => join(root, 'docs', name))]
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    const commands = docs.match(/xs2a-kit conformance [^\n]*(?:\\\n[^\n]*)*/g) ?? [];
    const used = new Set(commands.flatMap((command) => command.match(/--[a-z]+(?:-[a-z]+)*/g) ?? []));
    expect(used.size).toBeGreaterThan(4);
    const { stdout } = await promisify(execFile)('node', [
      join(import.meta.dirname, '../../bin/xs2a-kit.js'),
      'conformance',
      '--help',
    ]);
    for (const flag of used) expect(stdout, `flag ${flag}`).toContain(`${flag} `);
  });
});
