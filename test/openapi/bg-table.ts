/**
 * The table of differences docs/openapi.md shows: each group of berlin-group-differences.ts with the
 * differences the comparison (bg-compare.ts) finds for it, kind by kind, fields under one parent
 * written once (`Transaction/{a, b}`), statuses, parameters and response headers with the operations
 * they differ on.
 */
import type { Differences } from './bg-compare.js';
import { DIFFERENCES, type DifferenceGroup } from './berlin-group-differences.js';

/** `**` stands for any text, `*` for any text within one step of a location (no `/`). */
export const matches = (pattern: string, key: string) =>
  new RegExp(
    `^${pattern
      .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
      .split('**')
      .map((part) => part.replaceAll('*', '[^/]*'))
      .join('.*')}$`,
  ).test(key);

/** The operations a difference was seen on, as a reader wants them: all, all but a few, or the few. */
function operationsText(where: Set<string>, shared: readonly string[]): string {
  const operations = [...new Set([...where].map((seen) => seen.split(' ')[0]!))];
  if (operations.length === shared.length) return 'every shared operation';
  const others = shared.filter((operation) => !operations.includes(operation));
  if (others.length < operations.length) return `every shared operation but ${others.join(', ')}`;
  return operations.join(', ');
}

/** One group's differences, kind by kind; fields under one parent as `Parent/{a, b}`. */
function differencesText(group: DifferenceGroup, found: Differences, shared: readonly string[]): string {
  const keys = [...found.keys()].filter((key) => group.match.some((pattern) => matches(pattern, key))).sort();
  const byKind = new Map<string, string[]>();
  for (const key of keys) {
    const [kind, subject] = key.split(': ') as [string, string];
    const located = /^(status|parameter|response header)/.test(kind)
      ? `\`${subject}\` (${operationsText(found.get(key)!, shared)})`
      : subject;
    byKind.set(kind, [...(byKind.get(kind) ?? []), located]);
  }
  return [...byKind]
    .map(([kind, subjects]) => {
      if (/^(status|parameter|response header)/.test(kind)) return `${kind}: ${subjects.join('; ')}`;
      const byParent = new Map<string, string[]>();
      for (const subject of subjects) {
        const cut = subject.includes(' ') ? subject.indexOf(' ') : subject.lastIndexOf('/');
        const [parent, leaf] = cut === -1 ? ['', subject] : [subject.slice(0, cut), subject.slice(cut + 1)];
        byParent.set(parent, [...(byParent.get(parent) ?? []), leaf]);
      }
      const items = [...byParent].map(([parent, leaves]) => {
        if (!parent) return `\`${leaves.join(', ')}\``;
        if (leaves.length === 1)
          return `\`${parent}${subjects.includes(`${parent} ${leaves[0]}`) ? ' ' : '/'}${leaves[0]}\``;
        return `\`${parent}/{${leaves.join(', ')}}\``;
      });
      return `${kind}: ${items.join(', ')}`;
    })
    .join('<br>');
}

/** The table docs/openapi.md shows, from the groups and what the comparison finds. */
export function differencesTable(found: Differences, shared: readonly string[]): string {
  const rows = DIFFERENCES.map((group) => `| ${differencesText(group, found, shared)} | ${group.why} |`);
  return ['| Difference | The interface’s reason |', '|---|---|', ...rows].join('\n');
}
