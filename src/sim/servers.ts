/** Binding and closing the two servers of a sandbox. */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A server that could not listen; `option` names the startSandbox option of its port, so a caller can say what to change. */
export class ListenError extends Error {
  constructor(
    message: string,
    readonly option: 'port' | 'portalPort',
    readonly port: number,
    readonly inUse: boolean,
  ) {
    super(message);
    this.name = 'ListenError';
  }
}

export function listen(
  server: Server,
  port: number,
  host: string,
  what: string,
  option: ListenError['option'],
): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      const inUse = error.code === 'EADDRINUSE';
      const why = inUse ? `port ${port} is already in use` : error.message;
      reject(new ListenError(`The ${what} cannot listen on ${host}:${port}: ${why}.`, option, port, inUse));
    };
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

export function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) {
      resolve();
      return;
    }
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

/** The name to put in URLs: the server certificate is issued for localhost and 127.0.0.1. */
export function urlHost(host: string): string {
  if (['127.0.0.1', '0.0.0.0', '::', '::1', 'localhost'].includes(host)) return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}
