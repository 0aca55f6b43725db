import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../config-error.js';
import { firstPlaceholder, readConfigFile, stripComments } from './config-file.js';

describe('a config file with comments', () => {
  it('blanks line and block comments but keeps strings that look like them, and every position', () => {
    const text = '{\n  // the base\n  "baseUrl": "https://bank.example//v1", /* a note */ "x": "/* kept */"\n}';
    const stripped = stripComments(text);
    expect(stripped).toHaveLength(text.length);
    expect(JSON.parse(stripped)).toEqual({ baseUrl: 'https://bank.example//v1', x: '/* kept */' });
    expect(stripped.split('\n').map((line) => line.length)).toEqual(text.split('\n').map((line) => line.length));
  });

  it('keeps escaped quotes inside strings', () => {
    expect(JSON.parse(stripComments('{"a": "say \\"// not a comment\\"" // one\n}'))).toEqual({
      a: 'say "// not a comment"',
    });
  });

  it('is read back by the kit, and a malformed one is a configuration error naming the file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'xs2a-kit-config-file-'));
    writeFileSync(join(dir, 'good.json'), '{\n  // the CA\n  "ca": "ca.crt"\n}\n');
    expect(await readConfigFile(join(dir, 'good.json'))).toEqual({ ca: 'ca.crt' });
    writeFileSync(join(dir, 'bad.json'), '{ "ca": }');
    const error = await readConfigFile(join(dir, 'bad.json')).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain(join(dir, 'bad.json'));
  });
});

describe('the first placeholder of a template', () => {
  it('is found depth first in the file’s order, with its key path', () => {
    expect(
      firstPlaceholder({
        ca: 'ca.crt',
        provider: { cert: 'tpp.crt', key: '<fill in: its key>' },
        psu: { id: '<fill in: a customer>' },
      }),
    ).toEqual({ key: 'provider.key', value: '<fill in: its key>' });
  });

  it('is absent from a filled config, and found inside arrays', () => {
    expect(firstPlaceholder({ ca: 'ca.crt', capabilities: ['clock'], revocationCallback: true })).toBeUndefined();
    expect(firstPlaceholder({ capabilities: ['clock', '<fill in: more>'] })).toEqual({
      key: 'capabilities.1',
      value: '<fill in: more>',
    });
  });
});
