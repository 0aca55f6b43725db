/**
 * Each service takes the narrow part of its world it reads (docs/architecture.md, "A world's path
 * through a request"): a service file names the world's context only as a `Pick` of named fields,
 * exported under the service's own name, and the page's table lists exactly those fields. Only the
 * code that builds or holds a world takes the whole context.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = `${dir}/${name}`;
    if (statSync(join(root, path)).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const read = (file: string) => readFileSync(join(root, file), 'utf8');

/** `Pick<SandboxContext, 'a' | 'b'>` (or of SandboxParts): named fields, nothing computed. */
const PICK = /Pick<\s*Sandbox(?:Context|Parts)\s*,\s*((?:\|\s*)?'\w+'(?:\s*\|\s*'\w+')*)\s*>/g;

/** Whether a source text takes more of the context than a Pick of named fields: any other mention of the type. */
function takesWholeContext(text: string): boolean {
  const code = text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\/\/.*$/gm, '')
    .replace(/^import type \{[^}]*\} from '[^']*\/context\.js';$/gm, '')
    .replace(PICK, '');
  return /\bSandbox(?:Context|Parts)\b/.test(code);
}

/** The context types a file exports: name → the fields it picks. */
function contextTypes(text: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const match of text.matchAll(/export type (\w+Context) = (Pick<[^>]*>);/g)) {
    const fields = [...match[2]!.matchAll(/'(\w+)'/g)].map((field) => field[1]!);
    found.set(match[1]!, fields);
  }
  return found;
}

const FOLDER: Record<string, string> = {
  accounts: 'Account',
  callbacks: 'Callback',
  cof: 'Cof',
  consents: 'Consent',
  control: 'Control',
  payments: 'Payment',
  sca: 'Sca',
};
const pascal = (name: string) =>
  name
    .split('-')
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('');

/** A service's context type by its file: `consents/reads.ts` → ConsentReadsContext, `providers.ts` → ProvidersContext. */
function serviceContextName(file: string): string {
  const [folder, name] = file
    .replace(/^src\/sim\/services\//, '')
    .replace(/\.ts$/, '')
    .split('/');
  return name === undefined
    ? `${pascal(folder!)}Context`
    : `${FOLDER[folder!] ?? pascal(folder!)}${pascal(name)}Context`;
}

const SERVICES = sourceFiles('src/sim/services');
/** The services that read their world: those that import the context's type. */
const READERS = SERVICES.filter((file) => /from '[^']*\/context\.js'/.test(read(file)));

/** The rows of the page's table: file → [its context type, the fields it names]. */
function pageTable(): Map<string, { name: string; fields: string[] }> {
  const page = read('docs/architecture.md');
  const start = page.indexOf("## A world's path through a request");
  const section = page.slice(start, page.indexOf('\n## ', start + 1));
  const rows = new Map<string, { name: string; fields: string[] }>();
  for (const line of section.split('\n')) {
    const row = /^\| `(src\/[\w/.-]+\.ts)` \| `(\w+)` \| (.*) \|$/.exec(line);
    if (row) rows.set(row[1]!, { name: row[2]!, fields: [...row[3]!.matchAll(/`(\w+)`/g)].map((field) => field[1]!) });
  }
  return rows;
}

describe('each service takes the narrow part of its world', () => {
  it('tells a whole context from a narrow one (the checks below would pass on nothing otherwise)', () => {
    expect(SERVICES.length).toBeGreaterThan(40);
    expect(READERS.length).toBeGreaterThan(40);
    expect(takesWholeContext('export function f(ctx: SandboxContext, id: string) {}')).toBe(true);
    expect(takesWholeContext("export function f(ctx: Omit<SandboxContext, 'bank'>) {}")).toBe(true);
    expect(takesWholeContext('export function f(ctx: Pick<SandboxContext, keyof SandboxContext>) {}')).toBe(true);
    expect(takesWholeContext('export function f(ctx: SandboxParts) {}')).toBe(true);
    expect(
      takesWholeContext(
        "import type { SandboxContext } from '../../context.js';\n/** Not the SandboxContext. */\nexport type ReadsContext = Pick<SandboxContext, 'store' | 'clock'>;\nexport function f(ctx: ReadsContext) {}",
      ),
    ).toBe(false);
  });

  it('no service file takes the whole SandboxContext (or SandboxParts): only a Pick of named fields', () => {
    expect(SERVICES.filter((file) => takesWholeContext(read(file)))).toEqual([]);
  });

  it('outside the services, only what builds or holds a world takes the whole context', () => {
    const builders = ['src/sim/context.ts', 'src/sim/context-build.ts', 'src/sim/worlds/world-runtime.ts'];
    const simulator = sourceFiles('src/sim');
    expect(simulator).toEqual(expect.arrayContaining([...builders, 'src/sim/api/lifecycle.ts']));
    expect(simulator.filter((file) => !builders.includes(file) && takesWholeContext(read(file)))).toEqual([]);
  });

  it('each service that reads its world exports one context type, named after it', () => {
    const named = READERS.map((file) => [file, [...contextTypes(read(file)).keys()]] as const);
    expect(named.filter(([file, names]) => names.length !== 1 || names[0] !== serviceContextName(file))).toEqual([]);
  });

  it("docs/architecture.md's table names each service's context type and exactly the parts it takes", () => {
    const table = pageTable();
    expect(table.size).toBeGreaterThan(40);
    const inCode = READERS.map((file) => {
      const [name, fields] = [...contextTypes(read(file))][0] ?? ['(none)', []];
      return [file, { name, fields: [...fields].sort() }] as const;
    });
    const inPage = READERS.map((file) => {
      const row = table.get(file);
      return [file, row ? { name: row.name, fields: [...row.fields].sort() } : undefined] as const;
    });
    expect(inPage).toEqual(inCode);
    // Every other row (the lifecycle, the operations, the portal, the library) is held against its file too.
    for (const [file, row] of table) {
      expect(contextTypes(read(file)).get(row.name)?.toSorted(), `${file}: ${row.name}`).toEqual(row.fields.toSorted());
    }
  });
});
