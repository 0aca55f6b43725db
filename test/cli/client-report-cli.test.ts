/**
 * The client report in the CLI: `xs2a-kit client-rules [--json]`, and `serve` printing each finding
 * as it happens, a summary when it stops, and `--client-report FORMAT:FILE` written at exit with
 * exit code 1 when there are findings, so a CI job fails on them.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sendHttps } from '../../src/kit/client.js';
import { CLIENT_RULES } from '../../src/sim/judge/client-rules.js';
import { startServe, xs2aKit } from '../helpers/cli.js';

describe('xs2a-kit client-rules', () => {
  it('prints every rule with its severity and section, and as JSON [{id, statement, section, severity}]', async () => {
    const text = await xs2aKit(['client-rules']);
    expect(text.code).toBe(0);
    for (const rule of CLIENT_RULES) expect(text.stdout).toContain(`${rule.id}  ${rule.severity}  ${rule.section}`);
    expect(text.stdout).toContain(`${CLIENT_RULES.length} client rules.`);
    const json = await xs2aKit(['client-rules', '--json']);
    expect(JSON.parse(json.stdout)).toEqual(CLIENT_RULES);
  });
});

/** Runs serve with the given flags, sends the requests, stops it with SIGTERM; its exit code and output. */
async function serveAndStop(
  args: string[],
  paths: string[],
  waitFor?: string,
): Promise<{ code: number | null; out: string }> {
  const serve = await startServe(args);
  const { certs, child } = serve;
  try {
    const apiUrl = /XS2A API \(mutual TLS\)\s+(\S+)/.exec(serve.output())![1]!;
    for (const path of paths)
      await sendHttps(new URL(path, apiUrl), {
        method: 'GET',
        headers: { 'X-Request-ID': randomUUID() },
        ca: readFileSync(join(certs, 'ca.crt'), 'utf8'),
        certificate: {
          cert: readFileSync(join(certs, 'tpp.crt'), 'utf8'),
          key: readFileSync(join(certs, 'tpp.key'), 'utf8'),
        },
      });
    if (waitFor) await expect.poll(() => serve.output().includes(waitFor)).toBe(true);
  } finally {
    // Stopped whatever happened above, so a failed expectation leaves no server running.
    child.kill('SIGTERM');
  }
  return { code: await serve.exited, out: serve.output() };
}

describe('xs2a-kit serve and the client report', () => {
  it('prints a finding as it happens and the summary at stop, writes junit, json and html, and exits 1', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'xs2a-client-report-'));
    const { code, out } = await serveAndStop(
      [
        '--client-report',
        `junit:${dir}/report.xml`,
        '--client-report',
        `json:${dir}/report.json`,
        '--client-report',
        `html:${dir}/report.html`,
      ],
      ['/v1/acounts'],
      'client finding',
    );
    expect(out).toContain('Client judge on:');
    expect(out).toMatch(
      /client finding CLIENT-ENDPOINT \(minor\) PSDDE-BAFIN-123456: GET \/v1\/acounts names no endpoint/,
    );
    expect(out).toContain('Client report: 1 exchange judged, 1 finding (CLIENT-ENDPOINT 1).');
    expect(code).toBe(1);
    const junit = readFileSync(`${dir}/report.xml`, 'utf8');
    expect(junit).toContain(`tests="${CLIENT_RULES.length}" failures="1" errors="0" skipped="0"`);
    expect(junit).toMatch(/<testcase classname="xs2a.client" name="CLIENT-ENDPOINT [^"]*" time="0.000">\s*<failure /);
    const json = JSON.parse(readFileSync(`${dir}/report.json`, 'utf8')) as { findings: { rule: string }[] };
    expect(json.findings.map((finding) => finding.rule)).toEqual(['CLIENT-ENDPOINT']);
    expect(readFileSync(`${dir}/report.html`, 'utf8')).toContain('<h1>xs2a-kit client report</h1>');
  }, 60_000);

  it('exits 0 with a report whose rules all pass when the client made no mistake', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'xs2a-client-report-'));
    const { code, out } = await serveAndStop(
      ['--client-report', `junit:${dir}/report.xml`],
      ['/v1/revocation-callback'],
    );
    expect(out).toContain('Client report: 1 exchange judged, no findings.');
    expect(code).toBe(0);
    expect(readFileSync(`${dir}/report.xml`, 'utf8')).toContain('failures="0" errors="0" skipped="0"');
  }, 60_000);

  it('refuses a report target that is not FORMAT:FILE', async () => {
    const refused = await xs2aKit(['serve', '--client-report', 'xml:out.xml']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('expected FORMAT:FILE with FORMAT one of json, junit, html');
  });
});
