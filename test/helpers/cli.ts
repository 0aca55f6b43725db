/** The built binary, run as a user runs it: its exit code and what it printed, whatever the code. */
import { execFile, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
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

export interface ServeProcess {
  child: ChildProcessWithoutNullStreams;
  /** The certificate folder it was given (a fresh copy of the run's). */
  certs: string;
  /** What it printed so far: on stdout, and on both streams in the order received. */
  stdout: () => string;
  output: () => string;
  /** Its exit code once it exits. */
  exited: Promise<number | null>;
}

/** Spawns `serve` on free ports with a fresh certificate folder and no generated customers, resolved once it is ready. */
export async function startServe(args: string[]): Promise<ServeProcess> {
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
  let stdout = '';
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => ((stdout += chunk.toString()), (output += chunk.toString())));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', () => stdout.includes('Press Ctrl+C') && resolve());
    void exited.then((code) => reject(new Error(`serve exited with ${code}: ${output}`)));
  });
  return { child, certs, stdout: () => stdout, output: () => output, exited };
}

/** Starts `serve` (free ports, no generated customers), hands its output and control URL to `use`, then stops it with SIGTERM and expects exit 0. */
export async function serving(args: string[], use: (out: string, controlUrl: string) => Promise<void>): Promise<void> {
  const serve = await startServe(args);
  try {
    await use(serve.stdout(), /Control API\s+(\S+)/.exec(serve.stdout())![1]!);
  } finally {
    serve.child.kill('SIGTERM');
  }
  expect(await serve.exited).toBe(0);
}
