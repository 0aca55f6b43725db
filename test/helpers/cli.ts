/** The built binary, run as a user runs it: its exit code and what it printed, whatever the code. */
import { execFile, spawn } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'vitest';
import { certificateFolder } from './sandbox.js';

const run = promisify(execFile);
export const BIN = join(import.meta.dirname, '../../bin/xs2a-kit.js');

export async function xs2aKit(
  args: string[],
  timeoutMs = 60_000,
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run('node', [BIN, ...args], { timeout: timeoutMs });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** Starts `serve` (free ports, no generated customers), hands its output and control URL to `use`, then stops it with SIGTERM and expects exit 0. */
export async function serving(args: string[], use: (out: string, controlUrl: string) => Promise<void>): Promise<void> {
  const certs = await certificateFolder();
  const child = spawn(process.execPath, [
    BIN,
    'serve',
    '--port',
    '0',
    '--portal-port',
    '0',
    '--certs',
    certs,
    '--customers',
    '0',
    ...args,
  ]);
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', () => out.includes('Press Ctrl+C') && resolve());
    child.on('exit', (code) => reject(new Error(`serve exited with ${code}`)));
  });
  try {
    await use(out, /Control API\s+(\S+)/.exec(out)![1]!);
  } finally {
    child.kill('SIGTERM');
  }
  expect(await new Promise<number | null>((resolve) => child.on('exit', resolve))).toBe(0);
}
