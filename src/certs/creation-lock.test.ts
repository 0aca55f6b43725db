import { X509Certificate } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureCertificates } from './cert-files.js';
import { LOCK_NAME } from './creation-lock.js';
import { userCertificatesDir } from './user-cache.js';

const root = mkdtempSync(join(tmpdir(), 'xs2a-cert-lock-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const signedBy = (dir: string, leaf: string) =>
  new X509Certificate(readFileSync(join(dir, leaf))).verify(
    new X509Certificate(readFileSync(join(dir, 'ca.crt'))).publicKey,
  );

describe('creating the certificates of one folder at once', () => {
  it('leaves one consistent set when several starts create them at the same time', async () => {
    const dir = join(root, 'shared');
    const results = await Promise.all([1, 2, 3, 4].map(() => ensureCertificates(dir)));
    expect(results.filter((result) => result.created.length > 0)).toHaveLength(1);
    expect([signedBy(dir, 'server.crt'), signedBy(dir, 'tpp.crt')]).toEqual([true, true]);
    expect(existsSync(join(dir, LOCK_NAME))).toBe(false);
  }, 60_000);

  it('takes over a lock left behind by a process that died', async () => {
    const dir = join(root, 'abandoned');
    mkdirSync(join(dir, LOCK_NAME), { recursive: true });
    const longAgo = new Date(Date.now() - 10 * 60_000);
    utimesSync(join(dir, LOCK_NAME), longAgo, longAgo);
    const { created } = await ensureCertificates(dir);
    expect(created).toHaveLength(6);
    expect(existsSync(join(dir, LOCK_NAME))).toBe(false);
  }, 60_000);
});

describe('the library’s default folder', () => {
  it('is xs2a-kit/certs in the user’s cache', () => {
    expect(userCertificatesDir('/home/ada')).toBe(join('/home/ada', '.cache', 'xs2a-kit', 'certs'));
  });
});
