/** The files the test run starts first are files of the project: a renamed one would silently lose its place. */
import { existsSync } from 'node:fs';
import { expect, it } from 'vitest';
import { HEAVY_FILES } from '../helpers/heavy-first.js';

it('names only test files that exist', () => {
  expect(HEAVY_FILES.length).toBeGreaterThan(0);
  for (const file of HEAVY_FILES) expect(existsSync(new URL(`../../${file}`, import.meta.url)), file).toBe(true);
});
