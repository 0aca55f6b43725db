/**
 * Global set-up of the suite: one sandbox certificate folder (the CA, server and provider keys, and
 * the kit's extra certificates) generated once per run; each test file copies it instead of making
 * its own keys. Key generation is CPU work repeated in every file otherwise, on a 2-core machine.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureCertificates } from '../../src/certs/index.js';
import { keptKitCertificates } from '../../src/kit/targets/sim-certificates.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A complete certificate folder, to be copied, never written to. */
    certificatesOnce: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(join(tmpdir(), 'xs2a-certs-once-'));
  const { paths } = await ensureCertificates(dir);
  const read = (file: string) => readFile(file, 'utf8');
  const ca = { cert: await read(paths.caCert), key: await read(paths.caKey) };
  await keptKitCertificates(dir, ca, { cert: await read(paths.tppCert), key: await read(paths.tppKey) });
  project.provide('certificatesOnce', dir);
  return () => rm(dir, { recursive: true, force: true });
}
