/**
 * `xs2a-kit certs lint` from outside: it passes what xs2a-kit issues, finds the planted fault of each
 * almost-right certificate (the revoked and suspended ones through the sandbox's OCSP responder),
 * and reads what other tools (OpenSSL) make.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeAlmostRight, type AlmostRight } from '../../src/certs/almost-right.js';
import { issueQwac } from '../../src/certs/index.js';
import { xs2aKit } from '../helpers/cli.js';
import { certificateFolder, testSandbox, type TestSandbox } from '../helpers/sandbox.js';
import { openssl } from '../helpers/tools.js';

let dir: string;
let t: TestSandbox;
let almost: { cert: string; certificate: AlmostRight }[];

const lint = (...args: string[]) => xs2aKit(['certs', 'lint', ...args]);
const inDir = (args: string[]) => args.map((arg) => (arg === 'ca.crt' ? join(dir, 'ca.crt') : arg));

beforeAll(async () => {
  dir = await certificateFolder();
  t = await testSandbox(dir);
  almost = (await writeAlmostRight(dir, { pkiBase: t.sandbox.portalUrl })).files;
});

afterAll(async () => {
  await t.sandbox.close();
});

describe('certs lint passes every certificate xs2a-kit issues', () => {
  it('the default provider, a QSealC, an EC provider and the kit providers: ok, exit 0', async () => {
    expect((await xs2aKit(['certs', 'tpp', '--name', 'ec-tpp', '--key-type', 'ec', '--out', dir])).code).toBe(0);
    expect((await xs2aKit(['certs', 'tpp', '--name', 'acme', '--kind', 'qseal', '--out', dir])).code).toBe(0);
    // The conformance kit's own providers, kept in the folder's conformance-certificates.json.
    const kit = JSON.parse(readFileSync(join(dir, 'conformance-certificates.json'), 'utf8')) as Record<
      string,
      { cert: string }
    >;
    writeFileSync(join(dir, 'kit-second.pem'), kit.secondProvider!.cert);
    writeFileSync(join(dir, 'kit-without-cof.pem'), kit.providerWithoutCof!.cert);
    writeFileSync(join(dir, 'kit-renamed.pem'), kit.renamedProvider!.cert);
    const files = [
      'tpp.crt',
      'ec-tpp.crt',
      'acme.seal.crt',
      'kit-second.pem',
      'kit-without-cof.pem',
      'kit-renamed.pem',
    ].map((name) => join(dir, name));
    const answer = await lint('--ca', join(dir, 'ca.crt'), ...files);
    expect(answer.stdout.split('\n')).toEqual([
      `${files[0]}: ok (QWAC, PSDDE-BAFIN-123456, PSP_AI PSP_PI PSP_IC)`,
      expect.stringMatching(/ec-tpp\.crt: ok \(QWAC, PSDDE-BAFIN-\d{6}, PSP_AI PSP_PI PSP_IC\)$/),
      expect.stringMatching(/acme\.seal\.crt: ok \(QSealC, PSDDE-BAFIN-\d{6}, PSP_AI PSP_PI PSP_IC\)$/),
      expect.stringMatching(/kit-second\.pem: ok \(QWAC, PSDDE-BAFIN-\d{6}, PSP_/),
      expect.stringMatching(/kit-without-cof\.pem: ok \(QWAC, PSDDE-BAFIN-\d{6}, PSP_AI PSP_PI\)$/),
      expect.stringMatching(/kit-renamed\.pem: ok \(QWAC, PSDDE-BAFIN-123456, PSP_/),
      '',
    ]);
    expect(answer.code).toBe(0);
  });

  it('with --ocsp, the default provider is good at the sandbox', async () => {
    // tpp.crt names serve's default address; this sandbox listens elsewhere.
    const answer = await lint(
      '--ca',
      join(dir, 'ca.crt'),
      '--ocsp',
      '--ocsp-url',
      `${t.sandbox.portalUrl}/pki/ocsp`,
      join(dir, 'tpp.crt'),
    );
    expect(answer).toMatchObject({
      code: 0,
      stdout: `${join(dir, 'tpp.crt')}: ok (QWAC, PSDDE-BAFIN-123456, PSP_AI PSP_PI PSP_IC, OCSP good)\n`,
    });
  });
});

describe('the roles the current edition of TS 119 495 added', () => {
  it('are issued, linted by their OIDs and names, and a name given to another of them is an error', async () => {
    const made = await xs2aKit(['certs', 'tpp', '--name', 'vop-tpp', '--roles', 'VOP_RS,PSP_PA', '--out', dir]);
    expect(made.code, made.stderr).toBe(0);
    const ok = await lint('--ca', join(dir, 'ca.crt'), join(dir, 'vop-tpp.crt'));
    expect(ok.stdout).toMatch(/vop-tpp\.crt: ok \(QWAC, PSDDE-BAFIN-\d{6}, VOP_RS PSP_PA\)\n$/);
    expect(ok.code).toBe(0);
    const misnamed = issueQwac({
      ca: { cert: readFileSync(join(dir, 'ca.crt'), 'utf8'), key: readFileSync(join(dir, 'ca.key'), 'utf8') },
      name: 'Misnamed VOP TPP',
      organizationIdentifier: 'PSDDE-BAFIN-700052',
      roles: ['PSP_AI'],
      statementRoles: [{ oid: '0.4.0.19495.1.51', name: 'VOP_VS' }],
    });
    writeFileSync(join(dir, 'misnamed-vop.crt'), misnamed.cert);
    const wrong = await lint(join(dir, 'misnamed-vop.crt'));
    expect(wrong.code).toBe(1);
    expect(wrong.stdout).toContain(
      'role 0.4.0.19495.1.51 is named "VOP_VS"; the name associated with that OID is "VOP_RS"',
    );
  });

  it('the unspecified role stands alone: issuing it beside another role is refused, and lint finds a certificate that does', async () => {
    const refused = await xs2aKit([
      'certs',
      'tpp',
      '--name',
      'vague-tpp',
      '--roles',
      'Unspecified,PSP_AI',
      '--out',
      dir,
    ]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('Unspecified is a single entry');
    const alone = await xs2aKit(['certs', 'tpp', '--name', 'unspecified-tpp', '--roles', 'Unspecified', '--out', dir]);
    expect(alone.code, alone.stderr).toBe(0);
    expect((await lint(join(dir, 'unspecified-tpp.crt'))).code).toBe(0);
    const both = issueQwac({
      ca: { cert: readFileSync(join(dir, 'ca.crt'), 'utf8'), key: readFileSync(join(dir, 'ca.key'), 'utf8') },
      name: 'Vague TPP',
      organizationIdentifier: 'PSDDE-BAFIN-700053',
      roles: ['PSP_AI'],
      statementRoles: [
        { oid: '0.4.0.19495.1.0', name: 'Unspecified' },
        { oid: '0.4.0.19495.1.3', name: 'PSP_AI' },
      ],
    });
    writeFileSync(join(dir, 'vague.crt'), both.cert);
    const linted = await lint(join(dir, 'vague.crt'));
    expect(linted.code).toBe(1);
    expect(linted.stdout).toContain(
      'error [ETSI TS 119 495 clause 5.2.2] RolesOfPSP holds the unspecified role (0.4.0.19495.1.0) beside 1 other role',
    );
  });
});

describe('certs lint finds the planted fault of each almost-right certificate', () => {
  it('names the eight of them', () => {
    expect(almost.map((file) => file.certificate.name)).toEqual([
      'wrong-nca-id',
      'role-name-mismatch',
      'seal-as-qwac',
      'missing-qc-type',
      'revoked',
      'suspended',
      'expired-on-sandbox-clock',
      'untrusted-intermediate',
    ]);
  });

  it.each([0, 1, 2, 3, 4, 5, 6, 7])(
    'almost-right certificate %i: exit 1 and the finding with its clause',
    async (i) => {
      const { cert, certificate } = almost[i]!;
      const answer = await lint(...inDir(certificate.lintWith), cert);
      expect(answer.code).toBe(1);
      const line = answer.stdout.split('\n').find((candidate) => candidate.includes(certificate.finding.contains));
      expect(line, answer.stdout).toBeDefined();
      expect(line!.startsWith(`${cert}: error [${certificate.finding.clause}] `)).toBe(true);
    },
  );

  it('without the flag that finds it, a revoked or expired-later certificate lints clean: the fault is its status, not its content', async () => {
    const revoked = almost.find((file) => file.certificate.name === 'revoked')!;
    expect((await lint(revoked.cert)).code).toBe(0);
  });
});

describe('certs lint on what is not one certificate', () => {
  it('a file that is no certificate, a key, a PEM bundle and DER: one line each', async () => {
    writeFileSync(join(dir, 'notes.txt'), 'hello\n');
    writeFileSync(
      join(dir, 'bundle.pem'),
      readFileSync(join(dir, 'tpp.crt'), 'utf8') + readFileSync(join(dir, 'ca.crt'), 'utf8'),
    );
    openssl(dir, 'x509', '-in', 'tpp.crt', '-outform', 'DER', '-out', 'tpp.der');
    const files = ['notes.txt', 'tpp.key', 'bundle.pem', 'tpp.der', 'no-such.crt'].map((name) => join(dir, name));
    const answer = await lint(...files);
    expect(answer.stdout.split('\n')).toEqual([
      `${files[0]}: error not a certificate: neither DER nor PEM`,
      `${files[1]}: error not a certificate: a PEM file without a CERTIFICATE block (PRIVATE KEY)`,
      `${files[2]}#1: ok (QWAC, PSDDE-BAFIN-123456, PSP_AI PSP_PI PSP_IC)`,
      `${files[2]}#2: warning [RFC 5280 4.2.1.9] a CA certificate: the PSD2 profile is for the end-entity certificates it issues`,
      `${files[3]}: ok (QWAC, PSDDE-BAFIN-123456, PSP_AI PSP_PI PSP_IC)`,
      `${files[4]}: error cannot be read (ENOENT)`,
      '',
    ]);
    expect(answer.code).toBe(1);
  });
});

describe('certificates made by OpenSSL', () => {
  it('a self-made certificate with a well-formed PSD2 statement passes; a plain one is told what it lacks, clause by clause', async () => {
    // The qcStatements value of the default provider, carried over as raw DER by OpenSSL.
    openssl(dir, 'x509', '-in', 'tpp.crt', '-outform', 'DER', '-out', 'tpp-for-qc.der');
    const hex = extensionHex(readFileSync(join(dir, 'tpp-for-qc.der')), '06082b06010505070103');
    openssl(
      dir,
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:P-256',
      '-nodes',
      '-keyout',
      'ossl.key',
      '-out',
      'ossl.crt',
      '-days',
      '30',
      '-subj',
      '/C=DE/O=OpenSSL Made TPP/organizationIdentifier=PSDDE-BAFIN-123456/CN=OpenSSL Made TPP',
      '-addext',
      'basicConstraints=critical,CA:FALSE',
      '-addext',
      'keyUsage=critical,digitalSignature',
      '-addext',
      'extendedKeyUsage=clientAuth,serverAuth',
      '-addext',
      `1.3.6.1.5.5.7.1.3=DER:${hex}`,
    );
    expect(await lint(join(dir, 'ossl.crt'))).toMatchObject({
      code: 0,
      stdout: `${join(dir, 'ossl.crt')}: ok (QWAC, PSDDE-BAFIN-123456, PSP_AI PSP_PI PSP_IC)\n`,
    });
    // Chained to the sandbox CA it is not.
    const chained = await lint('--ca', join(dir, 'ca.crt'), join(dir, 'ossl.crt'));
    expect(chained.code).toBe(1);
    expect(chained.stdout).toContain('error [RFC 5280 6.1] not issued by a given CA');

    openssl(
      dir,
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:P-256',
      '-nodes',
      '-keyout',
      'plain.key',
      '-out',
      'plain.crt',
      '-days',
      '1',
      '-subj',
      '/CN=plain',
      '-addext',
      'basicConstraints=critical,CA:FALSE',
    );
    const plain = await lint(join(dir, 'plain.crt'));
    expect(plain.code).toBe(1);
    expect(plain.stdout).toContain('error [ETSI TS 119 495 clause 5.1] no qcStatements extension');
    expect(plain.stdout).toContain(
      'error [ETSI TS 119 495 clause 5.2.1] the subject carries no organizationIdentifier',
    );
  });

  it("a self-signed certificate with OpenSSL's defaults (a CA) is no PSD2 certificate: an error on its own, a warning as a bundle's chain", async () => {
    // openssl req -x509 marks what it makes cA:TRUE unless told otherwise.
    openssl(
      dir,
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:P-256',
      '-nodes',
      '-keyout',
      'selfsigned.key',
      '-out',
      'selfsigned.crt',
      '-days',
      '1',
      '-subj',
      '/CN=selfsigned',
    );
    const alone = await lint(join(dir, 'selfsigned.crt'));
    expect(alone).toMatchObject({
      code: 1,
      stdout: `${join(dir, 'selfsigned.crt')}: error [RFC 5280 4.2.1.9] a CA certificate (basicConstraints cA), not a QWAC or QSealC: the PSD2 profile is for end-entity certificates\n`,
    });
    // Two CA certificates are no chain of anything either.
    writeFileSync(
      join(dir, 'two-cas.pem'),
      readFileSync(join(dir, 'selfsigned.crt'), 'utf8') + readFileSync(join(dir, 'ca.crt'), 'utf8'),
    );
    const cas = await lint(join(dir, 'two-cas.pem'));
    expect(cas.code).toBe(1);
    expect(cas.stdout.match(/: error \[RFC 5280 4\.2\.1\.9\] a CA certificate/g)).toHaveLength(2);
  });
});

/** The extnValue contents of the extension whose DER-encoded OID is `oidHex`. */
function extensionHex(der: Buffer, oidHex: string): string {
  const at = der.toString('hex').indexOf(oidHex);
  if (at < 0) throw new Error('no such extension');
  let i = at / 2 + oidHex.length / 2;
  if (der[i] === 0x01) i += 3; // critical BOOLEAN
  if (der[i] !== 0x04) throw new Error('expected the extnValue OCTET STRING');
  let length = der[i + 1]!;
  let start = i + 2;
  if (length & 0x80) {
    const bytes = length & 0x7f;
    length = 0;
    for (let k = 0; k < bytes; k++) length = length * 256 + der[i + 2 + k]!;
    start = i + 2 + bytes;
  }
  return der.subarray(start, start + length).toString('hex');
}
