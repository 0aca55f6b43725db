import { render } from 'ink-testing-library';
import { expect, it } from 'vitest';
import { Footer } from './footer.js';

it('names the oldest pending SCA with its customer and the oldest payee check, then the last outcome', () => {
  const { lastFrame } = render(
    <Footer
      pending={{ kind: 'consent', parentId: 'c1111111-x', customer: 'anna' }}
      pendingCount={3}
      payeeCheck={{ paymentId: 'p2222222-x', creditorName: 'Juergen' }}
      message={{ text: 'anna chose approve for consent c1111111: scaStatus finalised', tone: 'good' }}
      width={80}
      color={false}
    />,
  );
  expect(
    lastFrame()!
      .split('\n')
      .map((line) => line.trimEnd()),
  ).toEqual([
    'Waiting: SCA: consent c1111111 for anna (+2 more) (a/d) · payee check p2222222 …',
    'anna chose approve for consent c1111111: scaStatus finalised',
  ]);
});

it('says nothing waits when nothing does', () => {
  const { lastFrame } = render(
    <Footer pending={null} pendingCount={0} payeeCheck={null} message={null} width={80} color={false} />,
  );
  expect(lastFrame()!.split('\n')[0]?.trimEnd()).toBe('Waiting: nothing for the customer to do.');
});
