import { render } from 'ink-testing-library';
import { expect, it } from 'vitest';
import { GuidedLine } from './guided-line.js';

const base = {
  total: 8,
  busy: false,
  explanation: 'Anna logs in, types her SMS code and approves: consent valid.',
  width: 80,
  color: false,
};

it('invites to the walk-through while it is off', () => {
  const { lastFrame } = render(<GuidedLine {...base} active={false} next={0} />);
  expect(lastFrame()!.trimEnd()).toBe('Press g for the guided walk-through (one step per key press).');
});

it('explains the next step in one line', () => {
  const { lastFrame } = render(<GuidedLine {...base} active next={1} />);
  expect(lastFrame()!.trimEnd()).toBe('Guided 2/8: Anna logs in, types her SMS code and approves: consent valid.');
});

it('says when a step is running and when the walk-through is over', () => {
  expect(
    render(<GuidedLine {...base} active busy next={2} />)
      .lastFrame()!
      .trimEnd(),
  ).toBe('Guided 3/8: running…');
  expect(
    render(<GuidedLine {...base} active next={8} explanation={null} />)
      .lastFrame()!
      .trimEnd(),
  ).toBe('Guided: done. Press g to leave the walk-through.');
});
