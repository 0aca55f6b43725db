import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { readQwacPem } from '../../src/certs/index.js';
import { loadCustomersFixture } from '../../src/sim/seed/fixtures.js';

const run = promisify(execFile);
const BIN = new URL('../../bin/xs2a-kit.js', import.meta.url).pathname;

const cli = (...args: string[]) => run(process.execPath, [BIN, ...args]);
const cliFailing = (...args: string[]) =>
  cli(...args).then(
    () => {
      throw new Error('expected a failure');
    },
    (error: { code: number; stderr: string }) => error,
  );

describe('xs2a-kit certs', () => {
  it('creates the CA, server certificate and default provider QWAC with the documented file names', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'xs2a-cli-'));
    const { stdout } = await cli('certs', '--out', dir);
    expect(readdirSync(dir).sort()).toEqual(['ca.crt', 'ca.key', 'server.crt', 'server.key', 'tpp.crt', 'tpp.key']);
    expect(stdout).toContain(`Created in ${dir}`);
    const tpp = readQwacPem(readFileSync(join(dir, 'tpp.crt'), 'utf8'));
    expect(tpp.roles.sort()).toEqual(['PSP_AI', 'PSP_IC', 'PSP_PI']);
    expect(tpp.organizationIdentifier).toBe('PSDDE-BAFIN-123456');
    const again = await cli('certs', '--out', dir);
    expect(again.stdout).toContain('nothing created');
  });

  it('creates NAME.crt and NAME.key for another provider with the roles and org id asked for', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'xs2a-cli-'));
    await cli(
      'certs',
      'tpp',
      '--name',
      'acme',
      '--roles',
      'PSP_AI,PSP_IC',
      '--org-id',
      'PSDDE-BAFIN-777777',
      '--out',
      dir,
    );
    expect(existsSync(join(dir, 'acme.key'))).toBe(true);
    const acme = readQwacPem(readFileSync(join(dir, 'acme.crt'), 'utf8'));
    expect(acme).toMatchObject({
      organizationIdentifier: 'PSDDE-BAFIN-777777',
      organizationName: 'acme',
      roles: ['PSP_AI', 'PSP_IC'],
    });
  });

  it('derives a distinct org id when none is given, and makes EC keys on request', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'xs2a-cli-'));
    await cli('certs', 'tpp', '--name', 'beta', '--key-type', 'ec', '--out', dir);
    const beta = readQwacPem(readFileSync(join(dir, 'beta.crt'), 'utf8'));
    expect(beta.organizationIdentifier).toMatch(/^PSDDE-BAFIN-\d{6}$/);
    expect(beta.organizationIdentifier).not.toBe('PSDDE-BAFIN-123456');
    expect(readFileSync(join(dir, 'beta.key'), 'utf8')).toContain('PRIVATE KEY');
  });

  it('refuses unknown roles, a malformed org id and a reserved name with exit code 1 and a message', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'xs2a-cli-'));
    const roles = await cliFailing('certs', 'tpp', '--name', 'x', '--roles', 'PSP_XX', '--out', dir);
    expect(roles.code).toBe(1);
    expect(roles.stderr).toContain('unknown: PSP_XX');
    const org = await cliFailing('certs', 'tpp', '--name', 'x', '--org-id', 'BAFIN-1', '--out', dir);
    expect(org.code).toBe(1);
    expect(org.stderr).toMatch(/org-id/);
    const reserved = await cliFailing('certs', 'tpp', '--name', 'ca', '--out', dir);
    expect(reserved.code).toBe(1);
    expect(reserved.stderr).toMatch(/^xs2a-kit: /);
    expect(reserved.stderr).not.toMatch(/\n\s+at /);
  });
});

describe('xs2a-kit serve', () => {
  it('prints the ready time, both base URLs, the certificates and a curl that works when pasted, and stops on SIGTERM', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'xs2a-cli-'));
    await cli('certs', '--out', dir);
    const child = spawn(process.execPath, [
      BIN,
      'serve',
      '--port',
      '0',
      '--portal-port',
      '0',
      '--certs',
      dir,
      '--customers',
      '3',
    ]);
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', () => out.includes('Press Ctrl+C') && resolve());
      child.on('exit', (code) => reject(new Error(`serve exited with ${code}`)));
    });
    try {
      expect(out).toMatch(/^xs2a-kit sandbox ready in \d+ ms$/m);
      expect(out).toMatch(
        /XS2A API \(mutual TLS\)\s+https:\/\/localhost:\d+ +\(\{base_url\}: every path carries \/v1\)\n/,
      );
      expect(out).toMatch(/Customer surface\s+http:\/\/localhost:\d+/);
      expect(out).toContain(join(dir, 'ca.crt'));
      expect(out).toContain(`seed 42: ${loadCustomersFixture().customers.length + 3}`);
      const curl = out.slice(out.indexOf('curl --cacert'), out.indexOf('/v1/consents') + '/v1/consents'.length);
      const pasted = await run('bash', ['-c', `${curl} -s -i`]);
      expect(pasted.stdout).toMatch(/^HTTP\/1\.1 201 Created/);
      expect(pasted.stdout).toMatch(/X-Request-ID: [0-9a-f-]{36}/i);
      expect(pasted.stdout).toContain('"consentStatus":"received"');
    } finally {
      child.kill('SIGTERM');
    }
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(0);
    expect(out).toContain('xs2a-kit sandbox stopped.');
  });

  it('refuses a port that is in use with a clear message and exit code 1', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'xs2a-cli-'));
    const { createServer } = await import('node:net');
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = String((blocker.address() as { port: number }).port);
    try {
      const failure = await cliFailing('serve', '--port', port, '--portal-port', '0', '--certs', dir);
      expect(failure.code).toBe(1);
      expect(failure.stderr).toContain(
        `xs2a-kit: The XS2A API cannot listen on 127.0.0.1:${port}: port ${port} is already in use.`,
      );
    } finally {
      blocker.close();
    }
  });

  it('refuses a bad port value before starting anything', async () => {
    const failure = await cliFailing('serve', '--port', 'eighty');
    expect(failure.code).toBe(1);
    expect(failure.stderr).toContain('expected a whole number from 0 to 65535');
  });

  it('refuses an --allow-host that is not a host name with exit 1 and one line naming the option', async () => {
    const failure = await cliFailing(
      'serve',
      '--port',
      '0',
      '--portal-port',
      '0',
      '--certs',
      mkdtempSync(join(tmpdir(), 'xs2a-cli-')),
      '--allow-host',
      'evil.example/x',
    );
    expect(failure.code).toBe(1);
    expect(failure.stderr.trim().split('\n')).toEqual([
      'xs2a-kit: Invalid sandbox option allowHosts.0: a host name such as sandbox.test',
    ]);
  });
});
