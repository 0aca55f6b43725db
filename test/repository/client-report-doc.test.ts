/** docs/client-report.md names every client rule with its severity, so the page keeps up with the catalogue. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { CLIENT_RULES } from '../../src/sim/judge/client-rules.js';

it('lists every client rule with its severity in docs/client-report.md, and no rule the catalogue lacks', () => {
  const page = readFileSync(join(import.meta.dirname, '../../docs/client-report.md'), 'utf8');
  const rows = [...page.matchAll(/^\| `(CLIENT-[A-Z0-9-]+)` \| (\w+) \|/gm)].map((match) => [match[1], match[2]]);
  expect(rows).toEqual(CLIENT_RULES.map((rule) => [rule.id, rule.severity]));
});
