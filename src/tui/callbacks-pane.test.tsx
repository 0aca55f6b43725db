import { render } from 'ink-testing-library';
import { expect, it } from 'vitest';
import { CallbacksPane } from './callbacks-pane.js';

it('draws each revocation delivery with outcome, attempt and HTTP status or connection error', () => {
  const rows = [
    { eventId: 'e1', consentId: 'c1111111-x', attempt: 2, status: 204, error: null, outcome: 'delivered' },
    { eventId: 'e2', consentId: 'c2222222-x', attempt: 1, status: null, error: 'ECONNREFUSED', outcome: 'pending' },
  ];
  const { lastFrame } = render(<CallbacksPane rows={rows} height={3} width={39} color={false} />);
  expect(
    lastFrame()!
      .split('\n')
      .map((line) => line.trimEnd()),
  ).toEqual([
    '── Callbacks ──────────────────────────',
    'c1111111 delivered #2 204',
    'c2222222 pending   #1 ECONNREFUSED',
    // The pane keeps its height, so the panes below never move.
    '',
  ]);
});

it('says so when no callback was sent', () => {
  const { lastFrame } = render(<CallbacksPane rows={[]} height={3} width={39} color={false} />);
  expect(lastFrame()!.split('\n')[1]?.trimEnd()).toBe('No callbacks sent yet.');
});
