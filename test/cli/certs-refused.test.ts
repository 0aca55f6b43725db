/**
 * `xs2a-kit certs refused` (the built binary): the eight certificates a bank must refuse, each what its
 * kind says, from the kit's CA or a bank's own, with config lines the kit reads; bad input stops the
 * command with one line naming the flag, and writes nothing.
 */
import { execFile } from 'node:child_process';
import { createPrivateKey as createKey, X509Certificate } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createCa, issueQwac, readQwacPem } from '../../src/certs/index.js';
import { parseRemoteConfig } from '../../src/kit/targets/remote.js';
import { BIN } from '../helpers/cli.js';
import { remoteConfig } from '../helpers/remote-config.js';

/** The built binary run in `cwd`, as a user runs it there: relative flags are relative to it. */
const runIn = (cwd: string, args: string[]) =>
  promisify(execFile)('node', [BIN, ...args], { cwd }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );

const fresh = () => mkdtempSync(join(tmpdir(), 'xs2a-kit-refused-'));

/** The printed `"refusedCertificates": {…}` member, as the config would hold it. */
function printedLines(stdout: string): Record<string, { cert: string; key: string }> {
  const start = stdout.indexOf('  "refusedCertificates": {');
  const end = stdout.indexOf('\n  }', start) + 4;
  return (
    JSON.parse(`{${stdout.slice(start, end)}}`) as {
      refusedCertificates: Record<string, { cert: string; key: string }>;
    }
  ).refusedCertificates;
}

describe('xs2a-kit certs refused', () => {
  it('makes the eight from the kit’s CA in a new folder, each what its kind says, and prints lines a config accepts', async () => {
    const work = fresh();
    const { code, stdout, stderr } = await runIn(work, ['certs', 'refused', '--out', 'certs']);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const lines = printedLines(stdout);
    expect(Object.keys(lines)).toEqual([
      'untrusted',
      'expired',
      'notYetValid',
      'withoutOrganizationId',
      'withoutRoles',
      'unknownRoles',
      'withdrawn',
      'seal',
    ]);
    expect(lines.notYetValid).toEqual({
      cert: 'certs/refused-not-yet-valid.crt',
      key: 'certs/refused-not-yet-valid.key',
    });
    const read = (file: string) => readFileSync(join(work, file), 'utf8');
    const ca = new X509Certificate(read('certs/ca.crt'));
    const x509 = (kind: string) => new X509Certificate(read(lines[kind]!.cert));
    const qwac = (kind: string) => readQwacPem(read(lines[kind]!.cert));
    for (const [kind, pair] of Object.entries(lines)) {
      expect(x509(kind).checkPrivateKey(createKey(read(pair.key))), kind).toBe(true);
      expect(x509(kind).verify(ca.publicKey), kind).toBe(kind !== 'untrusted');
    }
    const now = Date.now();
    expect(Date.parse(x509('expired').validTo)).toBeLessThan(now);
    expect(Date.parse(x509('notYetValid').validFrom)).toBeGreaterThan(now);
    expect(qwac('withoutOrganizationId').organizationIdentifier).toBeUndefined();
    expect(qwac('withoutRoles').hasPsd2Statement).toBe(false);
    expect(qwac('unknownRoles')).toMatchObject({ hasPsd2Statement: true, roles: [], roleOids: ['0.4.0.19495.1.9'] });
    expect(qwac('withdrawn').organizationIdentifier).toBe('PSDDE-BAFIN-999000');
    // The seal certificate: QcType eseal only, with every role and TLS client use, for the default provider.
    expect(qwac('seal')).toMatchObject({
      qcTypes: ['0.4.0.1862.1.6.2'],
      hasPsd2Statement: true,
      organizationIdentifier: readQwacPem(read('certs/tpp.crt')).organizationIdentifier,
    });
    expect(x509('seal').keyUsage).toContain('1.3.6.1.5.5.7.3.2');
    expect(qwac('untrusted').organizationIdentifier).toBe(readQwacPem(read('certs/tpp.crt')).organizationIdentifier);
    // The lines go into a config as they are.
    const config = parseRemoteConfig(remoteConfig('.', { refusedCertificates: lines }), 'bank.json');
    expect(Object.keys(config.refusedCertificates ?? {})).toHaveLength(8);
    expect(stdout).toContain(`paths relative to ${work}`);
  });

  it('makes them from a bank’s own CA with --ca and --ca-key, naming the provider and the withdrawn organisation given', async () => {
    const work = fresh();
    const bankCa = await createCa();
    const provider = issueQwac({
      ca: bankCa,
      name: 'Bank TPP',
      organizationIdentifier: 'PSDDE-BAFIN-555555',
      roles: ['PSP_AI'],
      keyType: 'ec',
    });
    writeFileSync(join(work, 'bank-ca.crt'), bankCa.cert);
    writeFileSync(join(work, 'bank-ca.key'), bankCa.key);
    writeFileSync(join(work, 'provider.crt'), provider.cert);
    const args = [
      'certs',
      'refused',
      '--out',
      'kit/certs',
      '--ca',
      'bank-ca.crt',
      '--ca-key',
      'bank-ca.key',
      '--provider',
      'provider.crt',
    ];
    const { code, stdout } = await runIn(work, [
      ...args,
      '--withdrawn-org-id',
      'PSDDE-BAFIN-999111',
      '--relative-to',
      'kit',
    ]);
    expect(code).toBe(0);
    const lines = printedLines(stdout);
    expect(lines.expired).toEqual({ cert: 'certs/refused-expired.crt', key: 'certs/refused-expired.key' });
    const cert = (kind: string) => readFileSync(join(work, 'kit', lines[kind]!.cert), 'utf8');
    expect(new X509Certificate(cert('withoutRoles')).verify(new X509Certificate(bankCa.cert).publicKey)).toBe(true);
    expect(readQwacPem(cert('withdrawn')).organizationIdentifier).toBe('PSDDE-BAFIN-999111');
    expect(readQwacPem(cert('expired')).organizationIdentifier).toBe('PSDDE-BAFIN-555555');
    // The bank's CA was used, not one of the kit's: nothing else was made.
    expect(readdirSync(join(work, 'kit/certs')).filter((file) => !file.startsWith('refused-'))).toEqual([]);
  });

  it.each([
    [['--ca', 'bank-ca.crt'], 'xs2a-kit: --ca and --ca-key go together: the CA certificate and its private key'],
    [['--ca', 'missing.crt', '--ca-key', 'bank-ca.key'], 'xs2a-kit: --ca missing.crt: no such file'],
    [
      ['--ca', 'bank-ca.crt', '--ca-key', 'other-ca.key'],
      'xs2a-kit: --ca-key other-ca.key is not the key of the CA certificate bank-ca.crt',
    ],
    [['--ca', 'provider.crt', '--ca-key', 'bank-ca.key'], 'xs2a-kit: --ca provider.crt is not a CA certificate'],
    [
      ['--ca', 'bank-ca.crt', '--ca-key', 'bank-ca.key'],
      'xs2a-kit: --provider (default: tpp.crt in --out) out/tpp.crt: no such file',
    ],
  ])('refuses %j with one line naming the flag, and writes nothing', async (flags, line) => {
    const work = fresh();
    const bankCa = await createCa();
    const otherCa = await createCa();
    writeFileSync(join(work, 'bank-ca.crt'), bankCa.cert);
    writeFileSync(join(work, 'bank-ca.key'), bankCa.key);
    writeFileSync(join(work, 'other-ca.key'), otherCa.key);
    writeFileSync(
      join(work, 'provider.crt'),
      issueQwac({
        ca: bankCa,
        name: 'P',
        organizationIdentifier: 'PSDDE-BAFIN-555555',
        roles: ['PSP_AI'],
        keyType: 'ec',
      }).cert,
    );
    const { code, stdout, stderr } = await runIn(work, ['certs', 'refused', '--out', 'out', ...flags]);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toBe(`${line}\n`);
    expect(existsSync(join(work, 'out'))).toBe(false);
  });

  it('refuses a malformed --withdrawn-org-id before anything is made', async () => {
    const work = fresh();
    const { code, stderr } = await runIn(work, ['certs', 'refused', '--out', 'out', '--withdrawn-org-id', 'BAFIN-1']);
    expect(code).toBe(1);
    expect(stderr).toMatch(/--withdrawn-org-id/);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(existsSync(join(work, 'out'))).toBe(false);
  });

  it('refuses a folder that holds a CA certificate without its key, rather than replace the CA', async () => {
    const work = fresh();
    await runIn(work, ['certs', '--out', 'certs']);
    rmSync(join(work, 'certs/ca.key'));
    const { code, stderr } = await runIn(work, ['certs', 'refused', '--out', 'certs']);
    expect(code).toBe(1);
    expect(stderr).toBe('xs2a-kit: --out certs holds ca.crt but not ca.key: give the CA with --ca and --ca-key\n');
    expect(readdirSync(join(work, 'certs')).filter((file) => file.startsWith('refused-'))).toEqual([]);
  });
});
