import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { xs2aKit } from '../helpers/cli.js';
import { certificateFolder } from '../helpers/sandbox.js';
import { openssl } from '../helpers/tools.js';

describe('xs2a-kit certs revoke, suspend, resume, status', () => {
  it('revokes the default provider by file, refuses the second revocation, the CA and an unknown serial with one line each, and changes nothing then', async () => {
    const dir = await certificateFolder();
    const serial = openssl(dir, 'x509', '-in', 'tpp.crt', '-noout', '-serial')
      .trim()
      .replace(/^serial=/, '')
      .toLowerCase()
      .replace(/^0+/, '');
    const revoked = await xs2aKit([
      'certs',
      'revoke',
      join(dir, 'tpp.crt'),
      '--reason',
      'keyCompromise',
      '--at',
      '2026-01-01T00:00:00Z',
      '--out',
      dir,
    ]);
    expect(revoked).toMatchObject({ code: 0, stdout: `Revoked (keyCompromise) ${serial} (tpp.crt)\n` });
    const file = readFileSync(join(dir, 'revocations.json'), 'utf8');
    expect(JSON.parse(file)).toEqual({
      records: [{ serial, state: 'revoked', reason: 'keyCompromise', at: '2026-01-01T00:00:00.000Z' }],
    });

    const twice = await xs2aKit(['certs', 'revoke', serial, '--reason', 'superseded', '--out', dir]);
    expect(twice.code).toBe(1);
    expect(twice.stderr).toBe(
      `xs2a-kit: serial: The certificate ${serial} is already revoked (keyCompromise, 2026-01-01T00:00:00.000Z).\n`,
    );
    const ca = await xs2aKit(['certs', 'revoke', join(dir, 'ca.crt'), '--reason', 'cACompromise', '--out', dir]);
    expect(ca.code).toBe(1);
    expect(ca.stderr).toMatch(/^xs2a-kit: serial: Serial number [0-9a-f]+ is the CA certificate itself .*\n$/);
    const unknown = await xs2aKit(['certs', 'suspend', 'abc123', '--out', dir]);
    expect(unknown).toMatchObject({
      code: 1,
      stderr: 'xs2a-kit: serial: The test CA issued no certificate with serial number abc123.\n',
    });
    const badReason = await xs2aKit(['certs', 'revoke', serial, '--reason', 'oops', '--out', dir]);
    expect(badReason.code).toBe(1);
    expect(badReason.stderr).toMatch(/argument 'oops' is invalid. --reason is one of unspecified, keyCompromise/);
    const notCert = await xs2aKit([
      'certs',
      'revoke',
      join(dir, 'revocations.json'),
      '--reason',
      'keyCompromise',
      '--out',
      dir,
    ]);
    expect(notCert.code).toBe(1);
    expect(notCert.stderr).toMatch(/is not a certificate \(PEM or DER\)\.\n$/);
    expect(readFileSync(join(dir, 'revocations.json'), 'utf8')).toBe(file);

    const status = await xs2aKit(['certs', 'status', '--out', dir]);
    expect(status.code).toBe(0);
    expect(status.stdout).toContain(`${serial}  revoked (keyCompromise, 2026-01-01T00:00:00.000Z)  tpp.crt`);
    expect(status.stdout).toMatch(/ {2}CA {2}ca\.crt {2}/);
  });

  it('certs tpp --kind qseal writes NAME.seal.crt, a seal certificate', async () => {
    const dir = await certificateFolder();
    const made = await xs2aKit(['certs', 'tpp', '--name', 'acme', '--kind', 'qseal', '--out', dir]);
    expect(made.code).toBe(0);
    expect(made.stdout).toContain('acme.seal.crt');
    expect(made.stdout).toContain('(QSealC)');
    expect(openssl(dir, 'x509', '-in', 'acme.seal.crt', '-noout', '-ext', 'keyUsage')).toContain(
      'Digital Signature, Non Repudiation',
    );
  });
});
