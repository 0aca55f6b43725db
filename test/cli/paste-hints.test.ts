/**
 * Every command `serve` prints is run as a reader pastes it, with bash, under the options serve was
 * started with: the consent's curl under the strict profile (which refuses a consent without
 * validUntil), every control API command with the control token from XS2A_CONTROL_TOKEN, and the
 * consent's curl pasted twice (a new X-Request-ID each time, so the client report stays empty).
 */
import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { BIN } from '../helpers/cli.js';
import { certificateFolder } from '../helpers/sandbox.js';

const run = promisify(execFile);
const TOKEN = 'tok-3f9a2c71-paste-hints';

/** The test's environment without XS2A_CONTROL_TOKEN, so only what a test gives reaches serve. */
function withoutToken(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.XS2A_CONTROL_TOKEN;
  return env;
}

/** `serve` on free ports with these flags and environment, until `use` is done; then SIGTERM and exit 0. */
async function serving(
  args: string[],
  env: Record<string, string>,
  use: (out: string, controlUrl: string) => Promise<void>,
): Promise<void> {
  const certs = await certificateFolder();
  const child = spawn(
    process.execPath,
    [BIN, 'serve', '--port', '0', '--portal-port', '0', '--certs', certs, '--customers', '0', ...args],
    { env: { ...withoutToken(), ...env } },
  );
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  try {
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', () => out.includes('Press Ctrl+C') && resolve());
      void exited.then((code) => reject(new Error(`serve exited with ${code}: ${out}`)));
    });
    await use(out, /Control API\s+(\S+)/.exec(out)![1]!);
  } finally {
    child.kill('SIGTERM');
  }
  expect(await exited).toBe(0);
}

/** The commands in what serve printed: each line that starts a curl, with its continuation lines. */
function pastedCommands(out: string): string[] {
  const lines = out.split('\n');
  const commands: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!/^\s*curl /.test(lines[i]!)) continue;
    let command = lines[i]!;
    while (command.endsWith('\\')) command += `\n${lines[++i]!}`;
    commands.push(command.trim());
  }
  return commands;
}

/** Pastes a command into bash; answers the HTTP status and the body it printed. */
async function paste(command: string, env: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  const { stdout } = await run('bash', ['-c', `${command} -s -w '\\n%{http_code}'`], {
    env: { ...process.env, ...env },
  });
  const cut = stdout.lastIndexOf('\n');
  return { status: Number(stdout.slice(cut + 1)), body: stdout.slice(0, cut) };
}

const consentCommand = (commands: string[]) => commands.find((command) => command.includes('/v1/consents'))!;

describe('the commands serve prints', () => {
  it('under --profile strict --control-token --faults: each works when pasted, the token read from XS2A_CONTROL_TOKEN and never printed', async () => {
    await serving(
      ['--profile', 'strict', '--control-token', TOKEN, '--faults', 'flaky'],
      {},
      async (out, controlUrl) => {
        expect(out).not.toContain(TOKEN);
        expect(out).toContain(
          '    control token        Authorization: Bearer <the token>, read by the commands here from $XS2A_CONTROL_TOKEN (never printed)\n',
        );
        // Given as a flag only: the shell the commands are pasted into must be told to set the variable.
        expect(out).toContain(
          "    before pasting       export XS2A_CONTROL_TOKEN='<your --control-token>' in that shell, or the control commands answer 401\n",
        );
        const commands = pastedCommands(out);
        const auth = `curl -s -H "Authorization: Bearer $XS2A_CONTROL_TOKEN"`;
        expect(commands).toEqual([
          `${auth} ${controlUrl}/faults`,
          `${auth} -X DELETE -H 'Content-Type: application/json' ${controlUrl}/faults`,
          `${auth} ${controlUrl}/profile`,
          `${auth} ${controlUrl}/client-report`,
          expect.stringMatching(/^curl --cacert \S+ --cert \S+ --key \S+ \\\n/),
          `${auth} ${controlUrl}/customers`,
        ]);
        // Without the variable the control API refuses: the header is what makes them work.
        expect((await paste(commands[2]!, { XS2A_CONTROL_TOKEN: '' })).status).toBe(401);
        const env = { XS2A_CONTROL_TOKEN: TOKEN };
        // In the printed order: the faults listed, then turned off, so the consents below meet none.
        const answers = [];
        for (const command of commands) answers.push(await paste(command, env));
        expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 201, 200]);
        expect(JSON.parse(answers[2]!.body)).toMatchObject({
          profile: 'strict',
          settings: { 'consent.validUntilDefault': 'required', 'consent.recurringIndicatorDefault': 'required' },
        });
        expect(JSON.parse(answers[4]!.body)).toMatchObject({ consentStatus: 'received' });
        // Pasted a second time: another consent under a new X-Request-ID, and still no finding.
        const again = await paste(consentCommand(commands), env);
        expect(again.status).toBe(201);
        const journal = await paste(
          `curl -s -H "Authorization: Bearer $XS2A_CONTROL_TOKEN" ${controlUrl}/requests`,
          env,
        );
        const sent = (
          JSON.parse(journal.body) as { requests: { request: { headers: Record<string, string>; body: unknown } }[] }
        ).requests;
        expect(sent).toHaveLength(2);
        const ids = sent.map((entry) => entry.request.headers['x-request-id']);
        expect(ids[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
        expect(new Set(ids).size).toBe(2);
        expect(sent[0]!.request.body).toEqual({
          access: { balances: [{ iban: 'DE12123456780000100001' }] },
          recurringIndicator: true,
          validUntil: '2099-12-31',
          frequencyPerDay: 4,
        });
        const report = await paste(commands[3]!, env);
        expect(JSON.parse(report.body)).toMatchObject({ judged: 2, findings: [] });
      },
    );
  }, 60_000);

  it('with the token in XS2A_CONTROL_TOKEN and no flag: the control API needs it, and the printed commands carry it', async () => {
    await serving([], { XS2A_CONTROL_TOKEN: TOKEN }, async (out, controlUrl) => {
      expect(out).not.toContain(TOKEN);
      // The variable is set already where serve was started: nothing to export.
      expect(out).not.toContain('before pasting');
      const customers = pastedCommands(out).at(-1)!;
      expect(customers).toBe(`curl -s -H "Authorization: Bearer $XS2A_CONTROL_TOKEN" ${controlUrl}/customers`);
      expect((await paste(customers, { XS2A_CONTROL_TOKEN: TOKEN })).status).toBe(200);
      expect((await paste(customers, { XS2A_CONTROL_TOKEN: 'another' })).status).toBe(401);
    });
  }, 60_000);

  it('without a token: no Authorization header, and every command works when pasted', async () => {
    await serving([], {}, async (out, controlUrl) => {
      const commands = pastedCommands(out);
      expect(commands).toEqual([
        `curl -s ${controlUrl}/client-report`,
        expect.stringContaining(`-H "X-Request-ID: $(node -p 'crypto.randomUUID()')"`),
        `curl -s ${controlUrl}/customers`,
      ]);
      const statuses = [];
      for (const command of commands) statuses.push((await paste(command)).status);
      expect(statuses).toEqual([200, 201, 200]);
    });
  }, 60_000);

  it('refuses an empty XS2A_CONTROL_TOKEN with exit 1 and one line, instead of serving an open control API', async () => {
    const certs = await certificateFolder();
    const failure = await run(process.execPath, [BIN, 'serve', '--port', '0', '--portal-port', '0', '--certs', certs], {
      env: { ...withoutToken(), XS2A_CONTROL_TOKEN: '' },
    }).then(
      () => {
        throw new Error('expected a failure');
      },
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure.code).toBe(1);
    expect(failure.stderr).toBe(
      "error: option '--control-token <token>' value '' from env 'XS2A_CONTROL_TOKEN' is invalid. an empty token would leave the control API open.\n",
    );
  });
});
