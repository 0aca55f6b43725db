/** The built binary, run as a user runs it: its exit code and what it printed, whatever the code. */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
export const BIN = join(import.meta.dirname, '../../bin/xs2a-kit.js');

export async function xs2aKit(args: string[], timeoutMs = 60_000): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run('node', [BIN, ...args], { timeout: timeoutMs });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}
