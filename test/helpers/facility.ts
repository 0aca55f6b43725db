/**
 * A testing facility as a bank runs one (docs/hosting.md): several `xs2a-kit serve` processes on one
 * PostgreSQL database, behind a real HAProxy started by the test. The XS2A API is balanced in TCP
 * mode (TLS passes through: each process does the mutual TLS and sees the client's certificate),
 * the customer surface in HTTP mode, request by request. Every process is told the balancer's
 * addresses (--public-api-url, --public-portal-url), so the links it answers with lead back through it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { join } from 'node:path';
import { createDatabase, type TestDatabase } from './postgres.js';
import { certificateFolder } from './sandbox.js';
import { serveProcess, stopServe, type ServeProcess } from './serve-process.js';
import { apiCaller } from './tls-client.js';

export interface Facility {
  db: TestDatabase;
  certs: string;
  ca: string;
  tpp: { cert: string; key: string };
  /** The balancer's addresses. */
  apiUrl: string;
  portalUrl: string;
  controlUrl: string;
  call: ReturnType<typeof apiCaller>;
  /** A control call through the balancer: GET without a body, POST with one; with the operator's token when it has one. */
  control(path: string, body?: unknown): Promise<{ status: number; json: any }>;
  /** The processes, in the order HAProxy lists them; a killed one stays in its slot until restarted. */
  processes: ServeProcess[];
  /** SIGKILL: no chance to finish anything. */
  kill(index: number): Promise<void>;
  /** Starts the process of a slot again on its ports. */
  restart(index: number): Promise<void>;
  /** The haproxy.cfg the balancer runs (what docs/hosting.md shows). */
  config: string;
  close(): Promise<void>;
}

/** A port nobody listens on now (the kernel's pick, released at once). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** HAProxy's configuration for a facility of these processes: the one docs/hosting.md shows. */
export function haproxyConfig(ports: {
  api: number;
  portal: number;
  backends: { api: number; portal: number }[];
  /** The address the balancer listens on (the tests: 127.0.0.1; a facility: its public address). */
  bind?: string;
  /** Where the processes listen. */
  backendHost?: string;
}) {
  const bind = ports.bind ?? '127.0.0.1';
  const servers = (which: 'api' | 'portal') =>
    ports.backends
      .map((b, i) => `  server p${i + 1} ${ports.backendHost ?? '127.0.0.1'}:${b[which]} check inter 500 fall 1 rise 1`)
      .join('\n');
  return `global
  maxconn 4096

defaults
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  # A connection refused by a process that died is tried again on another.
  retries 3
  option redispatch

# The XS2A API: TLS passes through, each process does the mutual TLS itself.
frontend xs2a_api
  mode tcp
  bind ${bind}:${ports.api}
  default_backend xs2a_processes

backend xs2a_processes
  mode tcp
  balance roundrobin
${servers('api')}

# The customer surface (SCA pages, portal, control API): request by request, no stickiness.
frontend customer_surface
  mode http
  bind ${bind}:${ports.portal}
  default_backend customer_processes

backend customer_processes
  mode http
  balance roundrobin
  option http-server-close
${servers('portal')}
`;
}

async function reachable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Resolves once `done` holds (checked every 50 ms), or rejects after `ms`. */
export async function waitFor(done: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Resolves once something listens on the port (a proxy the test started), or rejects after 5 s. */
export async function listening(port: number): Promise<void> {
  for (let tries = 0; !(await reachable(port)); tries++) {
    if (tries > 100) throw new Error(`nothing listens on port ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function startFacility(label: string, count = 3, extra: readonly string[] = []): Promise<Facility> {
  const db = await createDatabase(label);
  const certs = await certificateFolder();
  const api = await freePort();
  const portal = await freePort();
  const backends: { api: number; portal: number }[] = [];
  for (let i = 0; i < count; i++) backends.push({ api: await freePort(), portal: await freePort() });
  const apiUrl = `https://localhost:${api}`;
  const portalUrl = `http://localhost:${portal}`;
  const args = (slot: number) => [
    '--port',
    String(backends[slot]!.api),
    '--portal-port',
    String(backends[slot]!.portal),
    '--data',
    db.url,
    '--public-api-url',
    apiUrl,
    '--public-portal-url',
    portalUrl,
    '--callback-ca',
    join(certs, 'ca.crt'),
    '--customers',
    '5',
    ...extra,
  ];
  const processes = await Promise.all(backends.map((_b, slot) => serveProcess(certs, args(slot))));
  const config = haproxyConfig({ api, portal, backends });
  const configFile = join(certs, 'haproxy.cfg');
  writeFileSync(configFile, config);
  const haproxy: ChildProcess = spawn('haproxy', ['-f', configFile, '-db'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let haproxyErr = '';
  haproxy.stderr!.on('data', (chunk: Buffer) => (haproxyErr += chunk.toString()));
  const spawned = new Promise<never>((_resolve, reject) => {
    haproxy.once('error', (error) =>
      reject(new Error(`haproxy could not start (${error.message}): install it (apt-get install haproxy)`)),
    );
    haproxy.once('exit', (code) => reject(new Error(`haproxy exited (${String(code)}): ${haproxyErr}`)));
  });
  spawned.catch(() => undefined);
  for (let tries = 0; !(await reachable(api)) || !(await reachable(portal)); tries++) {
    if (tries > 100) throw new Error(`haproxy did not listen: ${haproxyErr}`);
    await Promise.race([new Promise((resolve) => setTimeout(resolve, 50)), spawned]);
  }
  const ca = readFileSync(join(certs, 'ca.crt'), 'utf8');
  // The operator's token, when the processes were given one: `control` sends it.
  const token = extra.includes('--control-token') ? extra[extra.indexOf('--control-token') + 1] : undefined;
  const facility: Facility = {
    db,
    certs,
    ca,
    tpp: { cert: readFileSync(join(certs, 'tpp.crt'), 'utf8'), key: readFileSync(join(certs, 'tpp.key'), 'utf8') },
    apiUrl,
    portalUrl,
    controlUrl: `${portalUrl}/sandbox`,
    call: apiCaller(apiUrl, ca),
    async control(path, body) {
      const res = await fetch(`${portalUrl}/sandbox${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: res.status, json: await res.json() };
    },
    processes,
    config,
    async kill(index) {
      const child = facility.processes[index]!.child;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    },
    async restart(index) {
      facility.processes[index] = await serveProcess(certs, args(index));
      // HAProxy's check (every 500 ms) takes the process back.
      await new Promise((resolve) => setTimeout(resolve, 1200));
    },
    async close() {
      haproxy.kill('SIGTERM');
      await Promise.all(facility.processes.map((p) => stopServe(p)));
      await db.drop();
    },
  };
  return facility;
}
