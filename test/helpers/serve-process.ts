/**
 * `xs2a-kit serve` in a process of its own, for tests that kill it, limit it or read its log: started
 * on free ports, resolved with the URLs its ready banner prints. `stopAll` kills what is still running.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';

const bin = new URL('../../bin/xs2a-kit.js', import.meta.url).pathname;
const running = new Set<ChildProcessWithoutNullStreams>();

export interface ServeProcess {
  child: ChildProcessWithoutNullStreams;
  apiUrl: string;
  controlUrl: string;
  /** Everything the process wrote to stderr so far. */
  stderr(): string;
  /** Everything the process wrote to stdout so far (the ready banner). */
  stdout(): string;
}

export function serveProcess(certs: string, args: readonly string[]): Promise<ServeProcess> {
  const child = spawn(process.execPath, [bin, 'serve', '--port', '0', '--portal-port', '0', '--certs', certs, ...args]);
  running.add(child);
  child.on('exit', () => running.delete(child));
  let out = '';
  let err = '';
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const api = /XS2A API \(mutual TLS\)\s+(\S+)/.exec(out);
      const control = /Control API\s+(\S+)/.exec(out);
      if (/ready in \d+ ms/.test(out) && api && control)
        resolve({ child, apiUrl: api[1]!, controlUrl: control[1]!, stderr: () => err, stdout: () => out });
    });
    child.on('exit', (code) => reject(new Error(`serve exited (${String(code)}) before ready: ${out}${err}`)));
  });
}

/** Stops a server with SIGTERM (it closes its data file) and waits for it to exit. */
export async function stopServe(server: ServeProcess): Promise<void> {
  if (server.child.exitCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  await exited;
}

export function killAllServes(): void {
  for (const child of running) child.kill('SIGKILL');
}
