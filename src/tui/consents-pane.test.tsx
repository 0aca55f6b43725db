import { render } from 'ink-testing-library';
import { expect, it } from 'vitest';
import { ConsentsPane, visibleWindow } from './consents-pane.js';
import type { ConsentRow } from './selectors.js';

const row = (over: Partial<ConsentRow>): ConsentRow => ({
  consentId: 'aaaaaaaa-0000-4000-8000-000000000000',
  kind: 'ais',
  status: 'valid',
  psuId: 'anna',
  provider: 'Test TPP',
  recurring: true,
  limit: 4,
  budgets: [
    { budget: 'accounts', left: 3 },
    { budget: 'balances', left: 0 },
    { budget: 'transactions', left: 4 },
  ],
  ...over,
});

it('draws each consent with status, customer, frequency and the reads left per data type, marking the selected one', () => {
  const rows = [
    row({}),
    row({
      consentId: 'bbbbbbbb-1',
      status: 'received',
      psuId: null,
      recurring: false,
      limit: 1,
      budgets: [{ budget: 'accounts', left: 1 }],
    }),
    row({ consentId: 'cccccccc-2', kind: 'cof', psuId: 'ben', budgets: [{ budget: 'funds', left: 4 }] }),
  ];
  const { lastFrame } = render(
    <ConsentsPane rows={rows} selectedId="bbbbbbbb-1" height={4} width={80} color={false} />,
  );
  expect(
    lastFrame()!
      .split('\n')
      .map((line) => line.trimEnd()),
  ).toEqual([
    '── Consents ───────────────────────────────────── unattended reads left today ──',
    '  aaaaaaaa valid           anna         4/day  acc 3 bal 0 trx 4',
    '> bbbbbbbb received        (no PSU yet) once   acc 1',
    '  cccccccc valid           ben          CoF    funds 4',
    '',
  ]);
});

it('scrolls so the selected consent stays in view', () => {
  expect(visibleWindow([0, 1, 2, 3, 4, 5], 0, 4)).toEqual([0, 1, 2, 3]);
  expect(visibleWindow([0, 1, 2, 3, 4, 5], 5, 4)).toEqual([2, 3, 4, 5]);
  const rows = Array.from({ length: 6 }, (_, n) => row({ consentId: `${n}0000000-x` }));
  const { lastFrame } = render(
    <ConsentsPane rows={rows} selectedId="50000000-x" height={4} width={80} color={false} />,
  );
  expect(
    lastFrame()!
      .split('\n')
      .slice(1)
      .map((line) => line.slice(0, 10)),
  ).toEqual(['  20000000', '  30000000', '  40000000', '> 50000000']);
});

it('says so when there is no consent', () => {
  const { lastFrame } = render(<ConsentsPane rows={[]} selectedId={undefined} height={4} width={80} color={false} />);
  expect(lastFrame()!.split('\n')[1]?.trimEnd()).toBe('No consents yet.');
});
