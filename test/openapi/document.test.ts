import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../src/contract/openapi.js';
import { certificateFolder, testSandbox, type TestSandbox } from '../helpers/sandbox.js';

type Json = Record<string, any>;

const run = promisify(execFile);
const BIN = new URL('../../bin/xs2a-kit.js', import.meta.url).pathname;

describe('the OpenAPI document', () => {
  it('validates as OpenAPI 3.1 with swagger-parser, references resolved', async () => {
    // validate() dereferences in place; hand it a copy.
    const api = (await SwaggerParser.validate(structuredClone(buildOpenApiDocument()) as never)) as Json;
    expect(api.openapi).toBe('3.1.0');
    // Resolved: every operation's success response has its schema inlined, no $ref left dangling.
    const operations = Object.values(api.paths as Json).flatMap((item) => Object.values(item as Json));
    // The spec's 24 endpoints and the two reads a CoF consent's scaStatus link needs.
    expect(operations).toHaveLength(26);
    expect(JSON.stringify(api)).not.toContain('$ref');
  });
});

describe('GET /openapi.json on the customer surface', () => {
  let t: TestSandbox;
  beforeAll(async () => {
    t = await testSandbox(await certificateFolder());
  });
  afterAll(() => t.sandbox.close());

  it('serves the document as JSON with the running sandbox first and production second', async () => {
    const res = await fetch(`${t.sandbox.portalUrl}/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const doc = (await res.json()) as Json;
    expect(doc.servers).toEqual([
      { url: t.sandbox.apiUrl, description: 'Sandbox' },
      { url: 'https://xs2a.bank.example:8443', description: 'Production' },
    ]);
    expect(doc.paths).toEqual(buildOpenApiDocument().paths);
  });
});

describe('xs2a-kit openapi', () => {
  it('writes the document to stdout without --out', async () => {
    const { stdout } = await run(process.execPath, [BIN, 'openapi']);
    expect(JSON.parse(stdout)).toEqual(buildOpenApiDocument());
  });

  it('writes the document to the file named by --out and keeps stdout empty', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'xs2a-openapi-')), 'openapi.json');
    const { stdout, stderr } = await run(process.execPath, [BIN, 'openapi', '--out', file]);
    expect(stdout).toBe('');
    expect(stderr).toContain(file);
    const doc = JSON.parse(readFileSync(file, 'utf8')) as Json;
    expect(doc.servers[0]).toEqual({ url: 'https://localhost:8443', description: 'Sandbox' });
    expect(doc).toEqual(buildOpenApiDocument());
  });

  it('creates the folders --out names when they do not exist yet', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'xs2a-openapi-')), 'sub', 'dir', 'openapi.json');
    await run(process.execPath, [BIN, 'openapi', '--out', file]);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(buildOpenApiDocument());
  });
});
