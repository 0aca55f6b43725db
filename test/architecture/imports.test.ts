/**
 * The layers of docs/architecture.md, held against the code's own imports: no import circle
 * anywhere (type-only imports count: they tie modules as tightly for whoever changes them), the
 * contract depends on nothing of the project, rules on nothing of HTTP, the kit on nothing of the
 * simulator, and only the CLI reads argv.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const FILES = [...sourceFiles('src'), ...sourceFiles('conformance')];

/** Relative module specifiers of a file: static imports and re-exports, `import type`, and `import('…')` with a literal. */
function specifiers(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/^\s*(?:import|export)\b[^;]*?\bfrom\s*'([^']+)'/gms)) found.push(match[1]!);
  for (const match of text.matchAll(/^\s*import\s*'([^']+)'/gm)) found.push(match[1]!);
  for (const match of text.matchAll(/\bimport\(\s*'([^']+)'\s*\)/g)) found.push(match[1]!);
  return found.filter((specifier) => specifier.startsWith('.'));
}

function resolveModule(from: string, specifier: string): string | undefined {
  const base = join(dirname(from), specifier);
  const candidates = [base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx'), join(base, 'index.ts')];
  return candidates.find((candidate) => existsSync(join(root, candidate)));
}

const GRAPH = new Map(
  FILES.map((file) => {
    const text = readFileSync(join(root, file), 'utf8');
    const targets = specifiers(text)
      .map((specifier) => resolveModule(file, specifier))
      .filter((target): target is string => target !== undefined);
    return [file, targets] as const;
  }),
);

/** Every circle, each as the list of files around it (Tarjan's strongly connected components). */
function circles(): string[][] {
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string) => {
    indexOf.set(file, index);
    low.set(file, index);
    index += 1;
    stack.push(file);
    onStack.add(file);
    for (const next of GRAPH.get(file) ?? []) {
      if (!indexOf.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(file, Math.min(low.get(file)!, indexOf.get(next)!));
      }
    }
    if (low.get(file) === indexOf.get(file)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== file);
      if (component.length > 1 || (GRAPH.get(file) ?? []).includes(file)) found.push(component.sort());
    }
  };
  for (const file of GRAPH.keys()) if (!indexOf.has(file)) visit(file);
  return found;
}

/** Imports of files under `from` that land under one of `forbidden`, as "a -> b" lines. */
function crossings(
  from: string,
  forbidden: readonly string[],
  except: (file: string) => boolean = () => false,
): string[] {
  return [...GRAPH]
    .filter(([file]) => file.startsWith(from) && !except(file))
    .flatMap(([file, targets]) =>
      targets
        .filter((target) => forbidden.some((place) => target.startsWith(place)))
        .map((target) => `${file} -> ${target}`),
    );
}

describe('the architecture', () => {
  it('reads a real graph (the check would pass on nothing otherwise)', () => {
    expect(GRAPH.size).toBeGreaterThan(200);
    expect(GRAPH.get('src/sim/api/operations.ts')).toContain('src/contract/endpoints.ts');
  });

  it('has no import circle anywhere', () => {
    expect(circles()).toEqual([]);
  });

  it('keeps the contract free of the rest of the project', () => {
    expect(
      crossings('src/contract/', ['src/sim/', 'src/kit/', 'src/cli/', 'src/tui/', 'src/certs/', 'conformance/']),
    ).toEqual([]);
  });

  it('keeps the domain rules and the ledger free of HTTP, services and the portal', () => {
    const edge = [
      'src/sim/http/',
      'src/sim/api/',
      'src/sim/services/',
      'src/sim/portal/',
      'src/sim/bank/',
      'src/sim/faults/',
    ];
    expect([...crossings('src/sim/rules/', edge), ...crossings('src/sim/ledger/', edge)]).toEqual([]);
  });

  it('keeps the kit and the catalogue off the simulator (only the sim target loads it, through the package root)', () => {
    const simulator = ['src/sim/', 'src/index.ts'];
    expect(crossings('src/kit/', simulator, (file) => file === 'src/kit/targets/sim.ts')).toEqual([]);
    expect(crossings('conformance/', simulator)).toEqual([]);
    expect(GRAPH.get('src/kit/targets/sim.ts')?.filter((target) => target.startsWith('src/sim/'))).toEqual([]);
  });

  it('lets only the CLI read argv', () => {
    const offenders = FILES.filter((file) => !file.startsWith('src/cli/')).filter((file) => {
      const text = readFileSync(join(root, file), 'utf8');
      return /process\.argv/.test(text);
    });
    expect(offenders.map((file) => relative(root, join(root, file)))).toEqual([]);
  });
});

describe('the architecture page (docs/architecture.md)', () => {
  const section = readFileSync(join(root, 'docs/architecture.md'), 'utf8');

  it('names only files and folders that exist, and every rules file of the simulator', () => {
    expect(section.length).toBeGreaterThan(1000);
    const named = [...section.matchAll(/`((?:src|conformance|test)\/[\w./-]+)`/g)].map((match) => match[1]!);
    // A table row lists sibling files after the first path: `src/contract/schemas.ts`, `ais.ts`.
    for (const row of section.split('\n').filter((line) => line.startsWith('| '))) {
      const first = /`((?:src|conformance)\/[\w/-]+\/)[\w.-]+`/.exec(row)?.[1];
      if (first) for (const match of row.matchAll(/`([\w-]+\.ts)`/g)) named.push(first + match[1]!);
    }
    expect(named.length).toBeGreaterThan(20);
    expect(named.filter((path) => !existsSync(join(root, path)))).toEqual([]);
    const rules = readdirSync(join(root, 'src/sim/rules')).filter(
      (name) => name.endsWith('.ts') && !name.endsWith('.test.ts'),
    );
    expect(rules.filter((name) => !section.includes(name))).toEqual([]);
  });
});
