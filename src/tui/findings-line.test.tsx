import { render } from 'ink-testing-library';
import { expect, it } from 'vitest';
import { FindingsLine } from './findings-line.js';

it('says there are no findings while the client broke no rule', () => {
  const { lastFrame } = render(<FindingsLine latest={undefined} count={0} width={60} color={false} />);
  expect(lastFrame()!.trimEnd()).toBe('Client report: no findings.');
});

it('shows the count and the latest finding, cut to the width', () => {
  const latest = {
    seq: 3,
    rule: 'CLIENT-RETRY-4XX',
    severity: 'major',
    provider: 'PSDDE-BAFIN-123456',
    detail: 'GET /v1/accounts was sent again unchanged after 400 FORMAT_ERROR.',
  };
  const { lastFrame } = render(<FindingsLine latest={latest} count={3} width={80} color={false} />);
  const line = lastFrame()!;
  expect([...line].length).toBeLessThanOrEqual(80);
  expect(line).toBe('Client report: 3 findings · CLIENT-RETRY-4XX (major) PSDDE-BAFIN-123456: GET /v…');
});
