/**
 * A conformance config file is JSON that may carry comments (`//` to the end of the line, `/* … *\/`),
 * as tsconfig.json does: `--init-config` writes one comment per key, and the kit reads back what it
 * writes. A value still holding the template's placeholder stops the run, naming the first such key.
 */
import { readFile } from 'node:fs/promises';
import { ConfigError } from '../config-error.js';
import { jsonSyntaxMessage } from './config-issues.js';

/** How every value of a written template that a person must fill in begins. */
export const PLACEHOLDER = '<fill in';

/** The text with its comments blanked out (kept line and column positions, so JSON errors point right). */
export function stripComments(text: string): string {
  let out = '';
  let index = 0;
  while (index < text.length) {
    const char = text[index]!;
    const next = text[index + 1];
    if (char === '"') {
      // A string, escapes included, is copied as it is: `//` inside a URL is no comment.
      let end = index + 1;
      while (end < text.length && text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      out += text.slice(index, end + 1);
      index = end + 1;
    } else if (char === '/' && next === '/') {
      const end = text.indexOf('\n', index);
      const stop = end === -1 ? text.length : end;
      out += ' '.repeat(stop - index);
      index = stop;
    } else if (char === '/' && next === '*') {
      const end = text.indexOf('*/', index + 2);
      const stop = end === -1 ? text.length : end + 2;
      out += text.slice(index, stop).replace(/[^\n]/g, ' ');
      index = stop;
    } else {
      out += char;
      index += 1;
    }
  }
  return out;
}

/** The first value (depth first, in the file's order) that is still a template placeholder, with its key path. */
export function firstPlaceholder(value: unknown, path: string[] = []): { key: string; value: string } | undefined {
  if (typeof value === 'string') return value.startsWith(PLACEHOLDER) ? { key: path.join('.'), value } : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  const entries = Array.isArray(value) ? value.map((item, i) => [String(i), item] as const) : Object.entries(value);
  for (const [key, item] of entries) {
    const found = firstPlaceholder(item, [...path, key]);
    if (found) return found;
  }
  return undefined;
}

/** The config file's value; unreadable or malformed is a configuration error (exit code 2). */
export async function readConfigFile(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ConfigError(
      `${file}: cannot read the config file (${code === 'ENOENT' ? 'no such file' : (code ?? String(error))})`,
    );
  }
  const json = stripComments(text);
  try {
    return JSON.parse(json);
  } catch (error) {
    // Comments were blanked in place, so the line and column are the file's own.
    throw new ConfigError(`${file}: ${jsonSyntaxMessage(json, error)}`);
  }
}
