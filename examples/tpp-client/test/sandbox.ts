// The setup file of docs/library.md, "A setup file": start once per test file, reset after each test, close at the end.
import { afterAll, afterEach, beforeAll } from 'vitest';
import { startSandbox, type Sandbox } from 'xs2a-kit';

export let sandbox: Sandbox;
beforeAll(async () => void (sandbox = await startSandbox()));
afterEach(async () => {
  await sandbox.faults.clear();
  await sandbox.reset();
});
afterAll(() => sandbox.close());
