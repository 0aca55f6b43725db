/**
 * The server side of `bench/profile-stages.mjs`: the simulator (the built package, in this process)
 * or the bare node:https baseline, measured between two messages of the parent: the process's CPU
 * time (user + system) and, for the simulator, a V8 CPU profile (node:inspector, sampled every
 * 100 µs). argv: sim|bare CERTS_DIR [BODY_FILE]. Prints `listening <JSON>`, answers `start` and
 * `stop` over IPC; `stop` answers { cpuMicros, profileFile }.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { bareServer, pkg } from './lib.mjs';

const [mode, dir, bodyFile, what = 'profile'] = process.argv.slice(2);
const profiling = what === 'profile';

async function startBare() {
  const server = bareServer(dir, readFileSync(bodyFile));
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { apiUrl: `https://localhost:${server.address().port}` };
}

async function startSim() {
  const { startSandbox } = await pkg();
  const sandbox = await startSandbox({ certsDir: dir, port: 0, portalPort: 0, log: () => undefined });
  return { apiUrl: sandbox.apiUrl, controlUrl: sandbox.controlUrl };
}

const urls = mode === 'bare' ? await startBare() : await startSim();
const session = new Session();
session.connect();
let cpuAtStart;

process.on('message', async (message) => {
  if (message === 'start') {
    if (profiling) {
      await session.post('Profiler.enable');
      await session.post('Profiler.setSamplingInterval', { interval: 100 });
      await session.post('Profiler.start');
    }
    cpuAtStart = process.cpuUsage();
    process.send({ started: true });
  } else if (message === 'stop') {
    const used = process.cpuUsage(cpuAtStart);
    let profileFile;
    if (profiling) {
      const { profile } = await session.post('Profiler.stop');
      profileFile = join(dir, `profile-${process.pid}.cpuprofile`);
      writeFileSync(profileFile, JSON.stringify(profile));
    }
    process.send({ cpuMicros: used.user + used.system, profileFile });
  } else if (message === 'exit') {
    process.exit(0);
  }
});
process.stdout.write(`listening ${JSON.stringify(urls)}\n`);
