/**
 * `serve` and `demo` on a port another program holds: one message that names the port and the flags
 * that start the sandbox elsewhere, exit code 1, nothing left listening. `demo` needs a terminal, so
 * it runs under `script`, which gives it one.
 */
import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, xs2aKit } from '../helpers/cli.js';
import { certificateFolder } from '../helpers/sandbox.js';

const run = promisify(execFile);
let certs: string;
let blocker: Server;
let busy: string;

beforeAll(async () => {
  certs = await certificateFolder();
  blocker = createServer();
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  busy = String((blocker.address() as { port: number }).port);
});
afterAll(() => blocker.close());

/** The command under a pseudo-terminal (util-linux `script` on Linux, the BSD one elsewhere). */
async function inTerminal(args: string[]): Promise<{ code: number; output: string }> {
  const command = ['node', BIN, ...args].map((part) => `'${part}'`).join(' ');
  const argv = process.platform === 'linux' ? ['-qec', command, '/dev/null'] : ['-q', '/dev/null', 'sh', '-c', command];
  try {
    const { stdout } = await run('script', argv, { timeout: 60_000 });
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string };
    return { code: failed.code, output: failed.stdout };
  }
}

const apiHint = (port: string) =>
  `The XS2A API cannot listen on 127.0.0.1:${port}: port ${port} is already in use. Another sandbox may be running: ` +
  'start this one elsewhere with --port N (and --portal-port N for the customer surface; 0 picks a free port).';

describe('a port in use', () => {
  it('serve names the port and the flags to choose others', async () => {
    const api = await xs2aKit(['serve', '--port', busy, '--portal-port', '0', '--certs', certs]);
    expect(api.code).toBe(1);
    expect(api.stderr).toBe(`xs2a-kit: ${apiHint(busy)}\n`);
    const portal = await xs2aKit(['serve', '--port', '0', '--portal-port', busy, '--certs', certs]);
    expect(portal.code).toBe(1);
    expect(portal.stderr).toContain(
      `port ${busy} is already in use. Another sandbox may be running: start this one elsewhere with --portal-port N ` +
        '(and --port N for the XS2A API; 0 picks a free port).',
    );
  });

  it('demo says the same in its terminal', async () => {
    const demo = await inTerminal(['demo', '--port', busy, '--portal-port', '0', '--certs', certs]);
    expect(demo.code).toBe(1);
    expect(demo.output.replace(/\r?\n/g, '')).toContain(`xs2a-kit: ${apiHint(busy)}`);
  });
});
