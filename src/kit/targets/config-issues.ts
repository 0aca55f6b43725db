/**
 * What is wrong with a conformance config, in the config's own words (issue 39): a JSON syntax error
 * by line and column, a key the config does not know with the nearest one it does ("did you mean"),
 * a missing or mistyped value by its key path, never the schema library's raw wording.
 */
import type { z } from 'zod';

/** 1-based line and column of a character offset. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(0, Math.min(offset, text.length)));
  const lines = before.split('\n');
  return { line: lines.length, column: lines.at(-1)!.length + 1 };
}

/**
 * A JSON.parse error of the file's text as `line L, column C: what` (V8 names a `position`; older
 * messages, or none, fall back to the end of the text for an unexpected end).
 */
export function jsonSyntaxMessage(text: string, error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const position = /\bposition (\d+)/.exec(message);
  const offset = position ? Number(position[1]) : /end of (JSON|data) input/i.test(message) ? text.length : undefined;
  // V8's own "(line L column C)" or " in JSON at position N" are replaced by the one form below.
  const what = message
    .replace(/\s*\(line \d+ column \d+\)/, '')
    .replace(/\s*in JSON at position \d+/, '')
    .replace(/,\s*"[^"]*"\s*is not valid JSON$/, '')
    .trim();
  if (offset === undefined) return `not valid JSON: ${what}`;
  const { line, column } = lineAndColumn(text, offset);
  return `line ${line}, column ${column}: not valid JSON (${what})`;
}

/** Edit distance of two keys, case ignored: how far a typo is from what was meant. */
function distance(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  let row = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const next = [i];
    for (let j = 1; j <= y.length; j++)
      next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (x[i - 1] === y[j - 1] ? 0 : 1));
    row = next;
  }
  return row[y.length]!;
}

/** The known key nearest to `key`, when it is near enough to be a typo of it. */
export function nearestKey(key: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of known) {
    const d = distance(key, candidate);
    if (d < bestDistance) [best, bestDistance] = [candidate, d];
  }
  return best !== undefined && bestDistance <= Math.max(2, Math.floor(best.length / 3)) ? best : undefined;
}

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
}

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The object keys a schema takes, through optional, default, pipe and union wrappers. */
function keysOf(schema: z.ZodType): string[] {
  const def = defOf(schema);
  if (def.type === 'object') return Object.keys(def.shape ?? {});
  const inner = def.innerType ?? def.in;
  if (inner) return keysOf(inner);
  if (def.options) return [...new Set(def.options.flatMap(keysOf))];
  if (def.left && def.right) return [...new Set([...keysOf(def.left), ...keysOf(def.right)])];
  return [];
}

/** The schema of the value at `path`, when the path leads through objects and arrays it knows. */
function schemaAt(schema: z.ZodType, path: readonly PropertyKey[]): z.ZodType | undefined {
  if (path.length === 0) return schema;
  const def = defOf(schema);
  const [head, ...rest] = path;
  if (def.type === 'object') {
    const child = def.shape?.[String(head)];
    return child && schemaAt(child, rest);
  }
  if (def.type === 'array' && def.element) return schemaAt(def.element, rest);
  const inner = def.innerType ?? def.in;
  if (inner) return schemaAt(inner, path);
  for (const option of def.options ?? []) {
    const found = schemaAt(option, path);
    if (found) return found;
  }
  return undefined;
}

const keyPath = (path: readonly PropertyKey[]) =>
  path.map((part, i) => (typeof part === 'number' ? `[${part}]` : `${i === 0 ? '' : '.'}${String(part)}`)).join('');

const ARTICLE: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  boolean: 'true or false',
  object: 'an object ({…})',
  array: 'a list ([…])',
};

function received(input: unknown): string {
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'a list';
  if (typeof input === 'object') return 'an object';
  return `${typeof input} ${JSON.stringify(input)}`;
}

/** One issue in the config's words: the key path first, then what is wrong and what to give. */
export function issueInConfigWords(schema: z.ZodType, issue: z.core.$ZodIssue, input: unknown): string {
  const path = keyPath(issue.path);
  if (issue.code === 'unrecognized_keys') {
    const known = keysOf(schemaAt(schema, issue.path) ?? schema);
    return issue.keys
      .map((key) => {
        const where = keyPath([...issue.path, key]);
        const near = nearestKey(key, known);
        return near
          ? `"${where}" is not a key of the config; did you mean "${keyPath([...issue.path, near])}"?`
          : `"${where}" is not a key of the config; the keys ${issue.path.length === 0 ? 'at the top' : `of "${path}"`} are ${known.map((one) => `"${one}"`).join(', ')}`;
      })
      .join('; ');
  }
  const value = issue.path.reduce<unknown>(
    (at, part) => (at !== null && typeof at === 'object' ? (at as Record<PropertyKey, unknown>)[part] : undefined),
    input,
  );
  if (issue.code === 'invalid_type') {
    const expected = ARTICLE[issue.expected] ?? issue.expected;
    if (value === undefined) return `"${path}" is missing: give ${expected}`;
    return `"${path}" must be ${expected}, not ${received(value)}`;
  }
  if (issue.code === 'invalid_value' && 'values' in issue)
    return `"${path}" must be one of ${issue.values.map((one) => JSON.stringify(one)).join(', ')}, not ${JSON.stringify(value)}`;
  return `"${path || '(the whole config)'}": ${issue.message}`;
}
