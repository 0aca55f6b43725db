import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'test/**/*.test.ts', 'test/**/*.test.tsx'],
    // Certificate generation (RSA keys) and TLS handshakes are CPU-bound; the machine has 2 cores.
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // The simulators with a break patched in (test/breaks/apply-break.ts) are built JavaScript: node
    // loads them as they are; transforming every module of every copy again would triple the test's time.
    server: { deps: { external: [/\/\.xs2a-breaks\//] } },
  },
});
