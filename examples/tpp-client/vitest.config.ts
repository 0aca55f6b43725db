import { defineConfig } from 'vitest/config';

// One sandbox per test file, started by the setup file (docs/library.md, "A setup file").
export default defineConfig({
  test: { include: ['test/**/*.test.ts'], setupFiles: ['./test/sandbox.ts'], testTimeout: 20_000, hookTimeout: 30_000 },
});
