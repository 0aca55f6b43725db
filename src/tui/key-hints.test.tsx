import { render } from 'ink-testing-library';
import { expect, it } from 'vitest';
import { GUIDED_KEY_HINTS, KEY_HINTS, KeyHints } from './key-hints.js';

it('shows the keys on one line of the given width', () => {
  const line = render(<KeyHints width={80} color={false} />).lastFrame()!;
  expect(line.split('\n')).toHaveLength(1);
  expect(line.trimEnd()).toBe(KEY_HINTS);
  expect([...line].length).toBeLessThanOrEqual(80);
});

it('shows the guided keys when given them, cut to a narrower width', () => {
  expect(
    render(<KeyHints hints={GUIDED_KEY_HINTS} width={80} color={false} />)
      .lastFrame()!
      .trimEnd(),
  ).toBe(GUIDED_KEY_HINTS);
  expect([...render(<KeyHints width={40} color={false} />).lastFrame()!].length).toBeLessThanOrEqual(40);
});
