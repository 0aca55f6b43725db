/**
 * A TCP relay between a sandbox and its PostgreSQL server, to take the database away and give it
 * back the way a network or a restart does: `cut()` breaks every open connection and refuses new
 * ones, `restore()` listens again on the same port. It relays bytes only; the database is real. It
 * runs in a process of its own (tcp-proxy-process.mjs).
 */
import { fork } from 'node:child_process';

export interface TcpProxy {
  port: number;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function tcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const child = fork(new URL('./tcp-proxy-process.mjs', import.meta.url), [target.host, String(target.port)], {
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      const found = /listening (\d+)/.exec(chunk.toString());
      if (found) resolve(Number(found[1]));
    });
    child.once('exit', (code) => reject(new Error(`the relay exited (${String(code)})`)));
  });
  const ask = (message: 'cut' | 'restore') =>
    new Promise<void>((resolve) => {
      child.once('message', () => resolve());
      child.send(message);
    });
  return {
    port,
    cut: () => ask('cut'),
    restore: () => ask('restore'),
    close: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill();
      await exited;
    },
  };
}
