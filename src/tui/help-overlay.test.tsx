import { render } from 'ink-testing-library';
import { expect, it } from 'vitest';
import { HELP_KEYS, HelpOverlay } from './help-overlay.js';

it('lists every key and what each pane shows, within 80 columns and 20 rows', () => {
  const frame = render(<HelpOverlay width={80} color={false} />).lastFrame()!;
  const lines = frame.split('\n');
  expect(lines.length).toBeLessThanOrEqual(20);
  for (const line of lines) expect(line.length).toBeLessThanOrEqual(80);
  expect(lines[0]).toMatch(/^── Help: keys ─+$/);
  expect(lines[2]?.trimEnd()).toBe('  a / d   approve / decline the oldest pending SCA, as its customer');
  expect(frame).toContain('  Consents    status, customer, 4/day or once, reads left per data type\n');
  expect(HELP_KEYS.map(([key]) => key)).toEqual(['↑ ↓', 'a / d', 'r', 'y / n', 't / T', 'c', 'g', '?', 'q']);
});
