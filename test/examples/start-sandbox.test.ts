/**
 * examples/curl/start-sandbox.sh as a CI job of any language uses it: `eval "$(start-sandbox.sh …)"`
 * starts serve in the background on free ports and exports where it is; the job's tests read the
 * variables (here the payment script beside it), and `kill "$XS2A_KIT_PID"` stops it, also when
 * XS2A_KIT starts serve through a command that does not pass SIGTERM on (npx).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN } from '../helpers/cli.js';

const run = promisify(execFile);
const scripts = fileURLToPath(new URL('../../examples/curl/', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'xs2a-start-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function bash(script: string) {
  return run('bash', ['-c', script], { cwd: work, timeout: 90_000 }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

describe('examples/curl/start-sandbox.sh', () => {
  it('starts serve on free ports, exports its URLs, certificates and process id, and the job reads them; kill stops it and the client report is written', async () => {
    const log = join(work, 'serve.log');
    const { code, stdout, stderr } = await bash(`set -euo pipefail
      eval "$(${join(scripts, 'start-sandbox.sh')} certs ${log} --customers 0 --client-report junit:client.xml)"
      echo "api=$XS2A_API_URL control=$XS2A_CONTROL_URL certs=$XS2A_CERTS pid=$XS2A_KIT_PID"
      ${join(scripts, 'payment-initiation.sh')} >/dev/null
      curl -s "$XS2A_CONTROL_URL/client-report" | jq -c '{judged, findings}'
      kill "$XS2A_KIT_PID"
      while kill -0 "$XS2A_KIT_PID" 2>/dev/null; do sleep 0.1; done
      echo stopped`);
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(stdout).toMatch(
      new RegExp(
        `^api=https://localhost:\\d+ control=http://localhost:\\d+/sandbox certs=${join(work, 'certs')} pid=\\d+\n`,
      ),
    );
    expect(stdout).toContain('{"judged":3,"findings":[]}\nstopped\n');
    // Written when serve stopped, which the job waited for.
    expect(readFileSync(join(work, 'client.xml'), 'utf8')).toMatch(/<testsuites [^>]* failures="0" /);
    expect(readFileSync(log, 'utf8')).toMatch(
      /^xs2a-kit sandbox ready in \d+ ms$[\s\S]*xs2a-kit sandbox stopped\.\n$/m,
    );
  }, 90_000);

  it('hands out serve’s own process id when XS2A_KIT starts it through a wrapper, as npx does: kill stops serve, not the wrapper alone', async () => {
    // Like npx: serve runs as a child of the command, which dies of SIGTERM without passing it on.
    const wrapper = join(work, 'like-npx.sh');
    writeFileSync(
      wrapper,
      `#!/bin/sh\n"${process.execPath}" "${BIN}" "$@" &\necho $! >"${join(work, 'serve.pid')}"\nwait $!\n`,
      { mode: 0o755 },
    );
    const servePid = () => Number(readFileSync(join(work, 'serve.pid'), 'utf8'));
    try {
      const { code, stdout, stderr } = await bash(`set -euo pipefail
        export XS2A_KIT=${wrapper}
        eval "$(${join(scripts, 'start-sandbox.sh')} certs ${join(work, 'wrapped.log')} --customers 0 --client-report junit:wrapped.xml)"
        echo "pid=$XS2A_KIT_PID"
        kill "$XS2A_KIT_PID"
        while kill -0 "$XS2A_KIT_PID" 2>/dev/null; do sleep 0.1; done
        echo stopped`);
      expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
      expect(stdout).toBe(`pid=${servePid()}\nstopped\n`);
      // serve stopped, and had written its report by the time the job stopped waiting.
      expect(() => process.kill(servePid(), 0)).toThrow();
      expect(readFileSync(join(work, 'wrapped.xml'), 'utf8')).toMatch(/<testsuites [^>]* failures="0" /);
    } finally {
      try {
        process.kill(servePid(), 'SIGTERM');
      } catch {
        // stopped, as it should be
      }
    }
  }, 90_000);

  it('stops with exit 1 and serve’s own words when serve cannot start', async () => {
    const { code, stdout, stderr } = await bash(
      `${join(scripts, 'start-sandbox.sh')} certs ${join(work, 'refused.log')} --profile nonsense`,
    );
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/^serve stopped:\n.*--profile/);
  }, 90_000);
});
