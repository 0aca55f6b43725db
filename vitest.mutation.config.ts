import { defineConfig } from 'vitest/config';

/**
 * Mutation testing only (`npm run mutate`, through Stryker): the conformance catalogue as the
 * simulator's test suite. `vitest.config.ts` (npm test) does not include `*.mutation.ts`.
 * Keep vitest's default module isolation: without it, start-up (static) mutants are judged wrongly.
 */
export default defineConfig({
  test: {
    include: ['test/mutation/**/*.mutation.ts'],
    // One scenario per test: about 50 ms each; a hanging mutant is normally ended by Stryker's timeout first.
    testTimeout: 30_000,
    // The sandbox start-up (and, once per worker, certificate generation).
    hookTimeout: 60_000,
    // The judge (kit, catalogue, contract) from dist/ is never mutated: Node loads it as it is,
    // instead of vitest transforming and evaluating it for every mutant run. Only src/ goes through vitest.
    server: { deps: { external: [/\/dist\//] } },
  },
});
