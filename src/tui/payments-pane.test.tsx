import { render } from 'ink-testing-library';
import { expect, it } from 'vitest';
import { PaymentsPane } from './payments-pane.js';

it('draws each payment with its status, amount and payee, newest first as given', () => {
  const rows = [
    {
      paymentId: 'p1111111-x',
      status: 'PDNG',
      amount: '100.00',
      debtorIban: 'DE12123456780000100001',
      creditorName: 'Juergen Gross',
      psuId: 'anna',
    },
    {
      paymentId: 'p2222222-x',
      status: 'ACSC',
      amount: '12.30',
      debtorIban: 'DE12123456780000100001',
      creditorName: null,
      psuId: 'anna',
    },
  ];
  const { lastFrame } = render(<PaymentsPane rows={rows} height={3} width={39} color={false} />);
  expect(
    lastFrame()!
      .split('\n')
      .map((line) => line.trimEnd()),
  ).toEqual([
    '── Payments ───────────────────────────',
    'p1111111 PDNG   100.00 Juergen Gross',
    'p2222222 ACSC    12.30 DE1212345678000…',
    '',
  ]);
});

it('says so when there is no payment', () => {
  const { lastFrame } = render(<PaymentsPane rows={[]} height={3} width={39} color={false} />);
  expect(lastFrame()!.split('\n')[1]?.trimEnd()).toBe('No payments yet.');
});
