/**
 * The kit against targets nobody here wrote: a stateless mock of the interface behind mutual TLS
 * (canned contract-valid answers, the same ids every time, nothing refused, nothing remembered), the
 * same answering the Berlin Group definition's own examples as a generated mock server would, a web
 * server answering HTML to everything (502 and 404), a mock that stops answering mid-run, and the
 * packed build judging the mock. No scenario may pass falsely, the exit codes must be right, and a
 * failure must be reported as a failure.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue, contractRules, rules } from '../../conformance/index.js';
import { issueQwac } from '../../src/certs/index.js';
import type { RunSummary } from '../../src/kit/events.js';
import { runConformance } from '../../src/kit/run-conformance.js';
import { runScenarios } from '../../src/kit/runner.js';
import { ruleOwners } from '../../src/kit/verdict.js';
import { issueRefusedCertificates, issueRenamedProvider } from '../../src/kit/targets/sim-certificates.js';
import {
  doNothingTarget,
  examplesMock,
  htmlServer,
  statelessMock,
  type MockServer,
  type ServerCertificates,
} from '../helpers/misbehaving-targets.js';
import { certificateFolder } from '../helpers/sandbox.js';

const run = promisify(execFile);
const root = join(import.meta.dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'xs2a-kit-misbehaving-'));
let certs: string;
let server: ServerCertificates;
let mock: MockServer;
let summary: RunSummary;
let examples: RunSummary;

/**
 * The scenarios a stateless mock really keeps, each for a reason its constant, never-refusing
 * answers satisfy and none of them needing anything remembered: open points answered with a choice
 * the interface leaves (served), paths that do not exist answered 404, contract-valid creations with
 * a UUID v4 state, no rate-limit headers anywhere, payments accepted as sent, bodies without a card
 * number. Any other pass would be a false one.
 */
const KEPT_BY_THE_MOCK = [
  'ID-ROLE-002',
  'ID-ROLE-003',
  'ID-ROLE-004',
  'ID-ROLE-005',
  'ID-REQID-001',
  'ID-BODY-001',
  'SCOPE-001',
  'AIS-CONSENT-004',
  // A well-formed IBAN nobody holds is accepted like a held one (creation checks the format only): a mock accepting every consent keeps it.
  'AIS-CONSENT-042',
  // Serving a TPP-NOK-Redirect-URI or a PSU-IP-Address of any form is a choice the interface leaves (OPEN-22, OPEN-23).
  'HDR-NOK-CONSENT',
  'HDR-PSU-IP-CONSENT',
  'AIS-LIMIT-005',
  'AIS-LIMIT-010',
  // The revocation-callback operations uncapped: no 429 and no rate-limit header, which constant answers keep.
  'AIS-LIMIT-019',
  'PIS-INIT-001',
  'PIS-LIMIT-001',
  // No limit at all is a plausible choice (Limits: not shown): a mock that accepts every payment keeps it.
  'PIS-LIMIT-002',
  'PIS-INIT-010',
  'PIS-INIT-012',
  'PIS-CANCEL-004',
  'HDR-NOK-PAYMENT',
  'HDR-NOK-INSTANT-PAYMENT',
  'HDR-PSU-IP-PAYMENT',
  'COF-009',
  'COF-010',
  // Card numbers of every length masked: a mock whose bodies carry no card number keeps it.
  'COF-035',
  'HDR-PSU-IP-COF-CONSENT',
];

/** The Berlin Group examples carry no `state` on scaRedirect, so the two creation scenarios that check it fail there. */
const KEPT_BY_THE_EXAMPLES = KEPT_BY_THE_MOCK.filter((id) => id !== 'AIS-CONSENT-004' && id !== 'PIS-INIT-001');

beforeAll(async () => {
  certs = await certificateFolder();
  const read = (name: string) => readFileSync(join(certs, name), 'utf8');
  const ca = { cert: read('ca.crt'), key: read('ca.key') };
  server = { key: read('server.key'), cert: read('server.crt'), ca: ca.cert };
  const second = issueQwac({
    ca,
    name: 'Mock Second TPP',
    organizationIdentifier: 'PSDDE-BAFIN-654321',
    roles: ['PSP_AI', 'PSP_PI', 'PSP_IC'],
    keyType: 'ec',
  });
  const withoutCof = issueQwac({
    ca,
    name: 'Mock AIS PIS TPP',
    organizationIdentifier: 'PSDDE-BAFIN-654322',
    roles: ['PSP_AI', 'PSP_PI'],
    keyType: 'ec',
  });
  const provider = { cert: read('tpp.crt'), key: read('tpp.key') };
  const renamed = issueRenamedProvider(ca, provider);
  // The sim target's refused certificates: the mock serves them all like the provider's.
  const refused = await issueRefusedCertificates(ca, provider);
  // Revoked and suspended by the test CA as far as the scenarios know: the mock checks nothing and serves them.
  const revoked = {
    revoked: issueQwac({
      ca,
      name: 'Mock Revoked TPP',
      organizationIdentifier: 'PSDDE-BAFIN-123456',
      roles: ['PSP_AI'],
      keyType: 'ec',
    }),
    suspended: issueQwac({
      ca,
      name: 'Mock Suspended TPP',
      organizationIdentifier: 'PSDDE-BAFIN-123456',
      roles: ['PSP_AI'],
      keyType: 'ec',
    }),
  };
  mock = await statelessMock(server);
  const judged = { scenarios: catalogue, rules, contractRules, owners: ruleOwners(catalogue) };
  summary = await runScenarios({
    target: doNothingTarget(mock.baseUrl, ca.cert, { provider, second, withoutCof, renamed, refused, revoked }),
    ...judged,
  });
  const generated = await examplesMock(server);
  try {
    examples = await runScenarios({
      target: doNothingTarget(generated.baseUrl, ca.cert, { provider, second, withoutCof, renamed, refused, revoked }),
      ...judged,
    });
  } finally {
    await generated.close();
  }
  // A remote target's config for the CLI runs: the provider's certificate, no SCA driver, no powers.
  writeFileSync(
    join(dir, 'config.json'),
    JSON.stringify({
      ca: join(certs, 'ca.crt'),
      provider: { cert: join(certs, 'tpp.crt'), key: join(certs, 'tpp.key') },
      redirectUri: 'https://tpp.example/xs2a/ok',
      nokRedirectUri: 'https://tpp.example/xs2a/nok',
      psu: { id: 'anna', password: 'anna-1234' },
      ibans: {
        main: 'DE89370400440532013000',
        second: 'DE75512108001245126199',
        notHeld: 'DE02100100100006820101',
        creditor: 'DE02120300000000202051',
      },
      amounts: { small: '1.25', beyondBalance: '99999.00' },
      sca: { driver: 'none' },
    }),
  );
}, 240_000);
afterAll(() => mock.close());

/** runConformance as the CLI calls it, with what it said and wrote. */
async function conformance(target: string, extra: { only?: string[]; reporter?: string[] } = {}) {
  const said: string[] = [];
  const written: string[] = [];
  const outcome = await runConformance({
    target,
    config: join(dir, 'config.json'),
    ...extra,
    stdout: { write: (text: string) => void written.push(text) } as never,
    say: (text) => said.push(text),
  });
  return { ...outcome, said: said.join(''), written: written.join('') };
}

describe.each([
  ['a stateless mock behind mutual TLS', () => summary, KEPT_BY_THE_MOCK],
  ['a mock answering the Berlin Group definition’s examples', () => examples, KEPT_BY_THE_EXAMPLES],
] as const)('against %s', (_name, run, kept) => {
  it('passes only the scenarios whose rules constant, never-refusing answers really keep: none that needs state', () => {
    expect(
      run()
        .results.filter((result) => result.status === 'passed')
        .map((result) => result.id),
    ).toEqual(kept);
    expect([run().skipped, run().errors]).toEqual([0, 0]);
  });

  it('fails the others as broken expectations of their own rules, leading with the rules and the exchange, or leaves them inconclusive naming the scenario that fails', () => {
    const failed = run().results.filter((result) => result.status === 'failed');
    const inconclusive = run().results.filter((result) => result.status === 'inconclusive');
    expect(failed.length + inconclusive.length).toBe(catalogue.length - kept.length);
    expect(failed.filter((result) => result.failure?.kind !== 'expectation').map((result) => result.id)).toEqual([]);
    expect(
      failed.every((result) => result.rules.length > 0 && result.rules.every((rule) => rule.statement.length > 0)),
    ).toBe(true);
    expect(failed.filter((result) => !result.failure?.exchange).map((result) => result.id)).toEqual([]);
    // A step of the situation broke: the scenario named is one that failed on that very rule.
    const failedIds = new Set(failed.map((result) => result.id));
    const owned = inconclusive.filter((result) => result.owner !== undefined);
    expect(owned.filter((result) => !failedIds.has(result.owner!)).map((result) => result.id)).toEqual([]);
    expect(inconclusive.filter((result) => !result.reason).map((result) => result.id)).toEqual([]);
  });
});

describe('against a stateless mock behind mutual TLS', () => {
  it('catches ids that never change: idempotency has a control request, and every authorisation needs a state of its own', () => {
    const failure = (id: string) => summary.results.find((result) => result.id === id)?.failure?.message ?? 'passed';
    for (const id of ['PIS-IDEM-001', 'PIS-IDEM-003', 'PIS-IDEM-006'])
      expect(failure(id)).toMatch(/under another X-Request-ID .*creates another payment/);
    expect(failure('SCA-STATE-001')).toMatch(/distinct states/);
    expect(failure('SCA-STATE-003')).toMatch(/distinct states/);
  });

  it('does not let a ceremony that did nothing pass: a status decided before the customer acts fails the scenario holding that rule, and leaves the others inconclusive', () => {
    const result = (id: string) => summary.results.find((item) => item.id === id)!;
    // AIS-STATE-2 (a fresh consent is received): AIS-CONSENT-019 enforces it first.
    expect(result('AIS-CONSENT-019').status).toBe('failed');
    expect(result('AIS-CONSENT-010')).toMatchObject({
      status: 'inconclusive',
      owner: 'AIS-CONSENT-019',
      reason: expect.stringMatching(/before the customer acted is valid, not received or RCVD; see AIS-CONSENT-019$/),
    });
  });

  it('exits 1 through runConformance, with the failures in the JUnit file as failures', async () => {
    const junit = join(dir, 'mock.xml');
    const { exitCode } = await conformance(mock.baseUrl, { reporter: [`junit:${junit}`] });
    expect(exitCode).toBe(1);
    const xml = readFileSync(junit, 'utf8');
    expect(xml).toMatch(/<testsuites [^>]*errors="0"/);
    expect(Number(/<testsuites [^>]*failures="(\d+)"/.exec(xml)?.[1])).toBeGreaterThan(100);
    // The inconclusive ones are skipped with their reason, never passed.
    expect(xml).toMatch(/<skipped message="inconclusive: not checked: [^"]*"\/>/);
  });
});

describe('against a web server answering HTML to everything', () => {
  it.each([
    [502, 'is not serving: GET /v1/revocation-callback answered 502'],
    [404, 'answers outside the interface, so no XS2A interface is there'],
  ] as const)('answering %i: runs nothing, exits 2, and writes the report saying why', async (status, why) => {
    const html = await htmlServer(server, status);
    try {
      const junit = join(dir, `html-${status}.xml`);
      const { exitCode, said } = await conformance(html.baseUrl, { reporter: [`junit:${junit}`] });
      expect(exitCode).toBe(2);
      expect(said).toContain(`xs2a-kit conformance: ${html.baseUrl} ${why}`);
      expect(html.requests()).toBe(1);
      // One error for the run and no scenario: a CI reading the file sees why nothing ran.
      const xml = readFileSync(junit, 'utf8');
      expect(xml.match(/<testcase /g)).toHaveLength(1);
      expect(xml).toMatch(
        new RegExp(
          `<testcase classname="xs2a.run" name="the run"[^>]*>\\s*<error message="nothing ran: [^"]*${why.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`,
        ),
      );
    } finally {
      await html.close();
    }
  });
});

describe('against a mock that stops answering mid-run', () => {
  it('aborts with exit 2 instead of failing every later scenario, and the report says so', async () => {
    const dying = await statelessMock(server, { answerFor: 40 });
    try {
      const junit = join(dir, 'dying.xml');
      const { exitCode, said, summary: aborted } = await conformance(dying.baseUrl, { reporter: [`junit:${junit}`] });
      expect(exitCode).toBe(2);
      expect(aborted?.aborted).toMatch(/^the target stopped answering/);
      expect(said).toContain(`xs2a-kit conformance: ${aborted?.aborted}`);
      const notRun = aborted!.results.filter(
        (result) => result.status === 'skipped' && result.reason?.startsWith('not run: the target stopped answering'),
      );
      expect(notRun.length).toBeGreaterThan(catalogue.length / 2);
      // The scenario that met the dead target is inconclusive (target unstable); none after it was tried.
      const firstNotRun = aborted!.results.indexOf(notRun[0]!);
      expect(aborted!.results.slice(firstNotRun).every((result) => result.status === 'skipped')).toBe(true);
      expect(readFileSync(junit, 'utf8')).toContain('not run: the target stopped answering');
    } finally {
      await dying.close();
    }
  });
});

describe('the packed build', () => {
  it('reports a broken expectation as a JUnit failure and keeps expected and actual in the JSON report', async () => {
    const packDir = join(dir, 'pack');
    mkdirSync(packDir);
    // The build is current (npm test builds first); packing it must not build again.
    const { stdout } = await run('npm', ['pack', '--ignore-scripts', '--silent', '--pack-destination', packDir], {
      cwd: root,
    });
    await run('tar', ['-xzf', join(packDir, stdout.trim().split('\n').at(-1)!), '-C', packDir]);
    symlinkSync(join(root, 'node_modules'), join(packDir, 'package', 'node_modules'), 'dir');
    const junit = join(dir, 'packed.xml');
    const json = join(dir, 'packed.json');
    const outcome = await run('node', [
      join(packDir, 'package', 'bin', 'xs2a-kit.js'),
      'conformance',
      '--target',
      mock.baseUrl,
      '--config',
      join(dir, 'config.json'),
      '--only',
      'PIS-IDEM-001,AIS-CONSENT-004',
      '--reporter',
      `junit:${junit}`,
      '--reporter',
      `json:${json}`,
    ]).then(
      () => 0,
      (error: { code: number }) => error.code,
    );
    expect(outcome).toBe(1);
    const xml = readFileSync(junit, 'utf8');
    expect(xml).toMatch(/<testsuites [^>]*tests="2" failures="1" errors="0"/);
    expect(xml).toMatch(/<testcase [^>]*name="PIS-IDEM-001[^"]*"[^>]*>\s*<failure /);
    const report = JSON.parse(readFileSync(json, 'utf8')) as {
      results: { id: string; failure?: { kind: string; expected?: unknown; actual?: unknown } }[];
    };
    const failure = report.results.find((result) => result.id === 'PIS-IDEM-001')?.failure;
    expect(failure?.kind).toBe('expectation');
    expect(failure).toHaveProperty('actual');
  }, 60_000);
});
