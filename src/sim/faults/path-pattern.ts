/**
 * Endpoint patterns of fault rules, written the way the spec writes paths: `{name}` (or `:name`,
 * or `*`) stands for one path segment, a final `**` for any rest. The query string never counts.
 * `/v1/accounts/{account_id}/balances`, `/v1/payments/**`, `/v1/consents/*`.
 */
import { z } from 'zod';

const ONE_SEGMENT = /^(\*|:[A-Za-z_][\w-]*|\{[A-Za-z_][\w-]*\})$/;

function segments(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

export function patternProblem(pattern: string): string | undefined {
  if (!pattern.startsWith('/')) return 'a path pattern starts with /';
  if (/[?#\s]/.test(pattern)) return 'a path pattern has no query, fragment or spaces';
  const parts = segments(pattern);
  const rest = parts.indexOf('**');
  if (rest >= 0 && rest !== parts.length - 1) return '** may only end a path pattern';
  return undefined;
}

export const PathPatternSchema = z
  .string()
  .min(1)
  .max(256)
  .superRefine((pattern, issues) => {
    const problem = patternProblem(pattern);
    if (problem) issues.addIssue({ code: 'custom', message: problem });
  });

export function matchesPath(pattern: string, path: string): boolean {
  const want = segments(pattern);
  const have = segments(path.split('?')[0] ?? '');
  for (const [index, part] of want.entries()) {
    if (part === '**') return true;
    const actual = have[index];
    if (actual === undefined) return false;
    if (!ONE_SEGMENT.test(part) && part !== actual) return false;
  }
  return want.length === have.length;
}
