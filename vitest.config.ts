import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { HeavyFirstSequencer } from './test/helpers/heavy-first.js';

export default defineConfig({
  test: {
    // Certificate generation (RSA keys) and TLS handshakes are CPU-bound; the machine has 2 cores.
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // One worker per core. vitest's default leaves one core to its own process, which here mostly
    // waits: on 2 cores that was one file at a time, the second core idle while a file waited on
    // its sandbox, a spawned CLI or a browser.
    maxWorkers: availableParallelism(),
    // The files that run whole catalogues start first, so no core ends the run alone on one of them.
    sequence: { sequencer: HeavyFirstSequencer },
    projects: [
      {
        extends: true,
        test: {
          // Tests beside the code: plain functions over data, no module-level state (a rule of the
          // code base), so the files share one module cache instead of importing it again each.
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
          // The certificate folder every file copies (test/helpers/sandbox.ts), generated once.
          globalSetup: ['test/helpers/certificates-once.ts'],
          // Every file starts its own sandboxes and closes them; what the files import is the same
          // package, so they share one module cache: importing it again per file cost about a tenth
          // of the integration tests' time.
          isolate: false,
        },
      },
    ],
  },
});
