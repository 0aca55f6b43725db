import { X509Certificate } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureCertificates } from '../../src/index.js';
import {
  KIT_CERTIFICATES_FILE,
  keptKitCertificates,
  type KitCertificates,
} from '../../src/kit/targets/sim-certificates.js';
import { readQwacPem, type PemPair } from '../../src/certs/index.js';

const DAY_MS = 86_400_000;

let dir = '';
let ca: PemPair;
let provider: PemPair;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'xs2a-kit-kept-'));
  const { paths } = await ensureCertificates(dir);
  ca = { cert: await readFile(paths.caCert, 'utf8'), key: await readFile(paths.caKey, 'utf8') };
  provider = { cert: await readFile(paths.tppCert, 'utf8'), key: await readFile(paths.tppKey, 'utf8') };
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const file = () => join(dir, KIT_CERTIFICATES_FILE);
const dates = (pem: string) => {
  const x509 = new X509Certificate(pem);
  return { from: Date.parse(x509.validFrom), to: Date.parse(x509.validTo) };
};
const all = (certificates: KitCertificates) => [
  certificates.secondProvider,
  certificates.providerWithoutCof,
  certificates.renamedProvider,
  ...Object.values(certificates.refusedCertificates),
];

describe('the sim target keeps its extra certificates in a kept folder', () => {
  it('issues them once and hands the same ones out again, in a file only its owner can read', async () => {
    await rm(file(), { force: true });
    const first = await keptKitCertificates(dir, ca, provider);
    const second = await keptKitCertificates(dir, ca, provider);
    expect(second).toEqual(first);
    expect((await stat(file())).mode & 0o777).toBe(0o600);
    // Eleven distinct certificates, each with its own key.
    expect(new Set(all(first).map((item) => item.cert)).size).toBe(11);
    expect(new Set(all(first).map((item) => item.key)).size).toBe(11);
  });

  it('issues the renamed provider as the default provider’s organisation and roles under a name the old one does not contain', async () => {
    const { renamedProvider } = await keptKitCertificates(dir, ca, provider);
    const own = readQwacPem(provider.cert);
    const renamed = readQwacPem(renamedProvider.cert);
    expect(renamed.organizationIdentifier).toBe(own.organizationIdentifier);
    expect(renamed.roles).toEqual(own.roles);
    expect(renamed.organizationName).toBe('Conformance Renamed TPP');
    expect(own.organizationName).toBe('xs2a-kit Test TPP');
    // The common names are host names, never the organisation's name.
    expect([own.commonName, renamed.commonName]).toEqual([
      'xs2a-kit-test-tpp.example',
      'conformance-renamed-tpp.example',
    ]);
    expect(new X509Certificate(renamedProvider.cert).verify(new X509Certificate(ca.cert).publicKey)).toBe(true);
  });

  it('dates the expired and the not-yet-valid ones by the host clock, the others valid now', async () => {
    const { refusedCertificates, secondProvider, providerWithoutCof, renamedProvider } = await keptKitCertificates(
      dir,
      ca,
      provider,
    );
    const now = Date.now();
    expect(dates(refusedCertificates.expired.cert).to).toBeLessThan(now);
    expect(dates(refusedCertificates.notYetValid.cert).from).toBeGreaterThan(now + DAY_MS);
    for (const certificate of [
      secondProvider,
      providerWithoutCof,
      renamedProvider,
      refusedCertificates.withdrawn,
      refusedCertificates.unknownRoles,
      refusedCertificates.seal,
    ]) {
      expect(dates(certificate.cert).from).toBeLessThanOrEqual(now);
      expect(dates(certificate.cert).to).toBeGreaterThan(now + DAY_MS);
    }
  });

  it('issues new ones when the folder holds them for another CA or another default provider', async () => {
    const kept = await keptKitCertificates(dir, ca, provider);
    const content = JSON.parse(await readFile(file(), 'utf8')) as Record<string, unknown>;
    await writeFile(file(), JSON.stringify({ ...content, ca: kept.secondProvider.cert }));
    const afterOtherCa = await keptKitCertificates(dir, ca, provider);
    expect(afterOtherCa.refusedCertificates.expired.cert).not.toBe(kept.refusedCertificates.expired.cert);
    const rewritten = JSON.parse(await readFile(file(), 'utf8')) as { ca: string; provider: string };
    expect(rewritten.ca).toBe(ca.cert);

    await writeFile(file(), JSON.stringify({ ...rewritten, provider: kept.secondProvider.cert }));
    const afterOtherProvider = await keptKitCertificates(dir, ca, provider);
    expect(afterOtherProvider.secondProvider.cert).not.toBe(afterOtherCa.secondProvider.cert);
  });

  it('issues new ones when the host clock has made the not-yet-valid one valid', async () => {
    const kept = await keptKitCertificates(dir, ca, provider);
    const content = JSON.parse(await readFile(file(), 'utf8')) as { refusedCertificates: Record<string, PemPair> };
    // What a file kept for a month and more looks like: the not-yet-valid certificate has begun.
    content.refusedCertificates.notYetValid = kept.refusedCertificates.withoutRoles;
    await writeFile(file(), JSON.stringify(content));
    const renewed = await keptKitCertificates(dir, ca, provider);
    expect(dates(renewed.refusedCertificates.notYetValid.cert).from).toBeGreaterThan(Date.now() + DAY_MS);
    expect(renewed.refusedCertificates.withoutRoles.cert).not.toBe(kept.refusedCertificates.withoutRoles.cert);
  });

  it('issues new ones when one that should be valid no longer is', async () => {
    const kept = await keptKitCertificates(dir, ca, provider);
    const content = JSON.parse(await readFile(file(), 'utf8')) as { secondProvider: PemPair };
    content.secondProvider = kept.refusedCertificates.expired;
    await writeFile(file(), JSON.stringify(content));
    const renewed = await keptKitCertificates(dir, ca, provider);
    expect(dates(renewed.secondProvider.cert).to).toBeGreaterThan(Date.now() + DAY_MS);
  });

  it.each([
    ['not JSON', 'not json {'],
    ['JSON of another shape', JSON.stringify({ ca: 'x' })],
    ['a certificate that does not parse', 'MALFORMED'],
  ])('issues new ones over a file that is %s', async (_name, content) => {
    if (content === 'MALFORMED') {
      const kept = await keptKitCertificates(dir, ca, provider);
      const parsed = JSON.parse(await readFile(file(), 'utf8')) as { refusedCertificates: Record<string, PemPair> };
      parsed.refusedCertificates.expired = {
        cert: '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n',
        key: kept.refusedCertificates.expired.key,
      };
      await writeFile(file(), JSON.stringify(parsed));
    } else {
      await writeFile(file(), content);
    }
    const renewed = await keptKitCertificates(dir, ca, provider);
    expect(dates(renewed.refusedCertificates.expired.cert).to).toBeLessThan(Date.now());
    expect(await keptKitCertificates(dir, ca, provider)).toEqual(renewed);
  });
});
