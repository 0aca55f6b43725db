import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'test/**/*.test.ts', 'test/**/*.test.tsx'],
    // Certificate generation (RSA keys) and TLS handshakes are CPU-bound; the machine has 2 cores.
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
