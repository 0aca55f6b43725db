import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { catalogue } from '../../conformance/index.js';

const run = promisify(execFile);
const bin = join(import.meta.dirname, '../../bin/xs2a-kit.js');
const dir = mkdtempSync(join(tmpdir(), 'xs2a-kit-cli-'));

async function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run('node', [bin, ...args], { timeout: 60_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('xs2a-kit conformance (the built binary)', () => {
  it('runs the catalogue against --target sim, exits 0 and writes a well-formed JUnit file with every scenario', async () => {
    const file = join(dir, 'junit.xml');
    const { code, stderr } = await cli(['conformance', '--reporter', `junit:${file}`]);
    expect(code).toBe(0);
    expect(stderr).toMatch(/a manual run would ask for \d+ customer approvals/);
    expect(stderr).toMatch(/Finished in \d+\.\d s/);
    const xml = readFileSync(file, 'utf8');
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites ')).toBe(true);
    expect(xml).toMatch(new RegExp(`<testsuites [^>]*tests="${catalogue.length}" failures="0" errors="0" skipped="0"`));
    expect(xml.match(/<testcase /g)).toHaveLength(catalogue.length);
    expect(xml.match(/<testsuite /g)?.length).toBe(xml.match(/<\/testsuite>/g)?.length);
  }, 60_000);

  it('exits 2 for a config file that does not match the schema, naming the field', async () => {
    const config = join(dir, 'bad.json');
    writeFileSync(config, JSON.stringify({ ca: 'ca.pem', provider: { cert: 'c.pem' } }));
    const { code, stderr } = await cli(['conformance', '--target', 'https://bank.example:8443', '--config', config]);
    expect(code).toBe(2);
    expect(stderr).toContain('provider.key');
  });

  it('exits 2 for an unknown reporter and for a remote target without --config', async () => {
    expect((await cli(['conformance', '--reporter', 'tap'])).code).toBe(2);
    expect((await cli(['conformance', '--target', 'https://bank.example:8443'])).code).toBe(2);
  });

  it('runs only what --only selects and prints plain lines without a TTY', async () => {
    const { code, stdout } = await cli(['conformance', '--only', 'PIS-IDEM-*']);
    expect(code).toBe(0);
    expect(stdout.match(/^PASS /gm)).toHaveLength(catalogue.filter((s) => s.id.startsWith('PIS-IDEM-')).length);
    expect(stdout).not.toContain('\x1b');
  }, 60_000);
});
