import { render } from 'ink-testing-library';
import { expect, it } from 'vitest';
import { columnsOf, compactPath, RequestLog, requestLine, shortName } from './request-log.js';
import type { RequestRow } from './state.js';

const row = (over: Partial<RequestRow>): RequestRow => ({
  seq: 1,
  at: '2026-03-02T10:00:01.000Z',
  provider: 'PSDDE-BAFIN-123456',
  method: 'GET',
  path: '/v1/accounts',
  status: 200,
  code: undefined,
  latencyMs: 3.4,
  ...over,
});

it('draws one line per request: time, provider, method, path, status, error code and latency', () => {
  const rows = [
    row({ seq: 1 }),
    row({
      seq: 2,
      method: 'DELETE',
      path: '/v1/payments/instant-sepa-credit-transfers/ce12cd94-1111-4000-8000-000000000000',
      status: 405,
      code: 'CANCELLATION_INVALID',
      latencyMs: 12,
    }),
    row({ seq: 3, provider: undefined, status: 401, code: 'CERTIFICATE_MISSING', latencyMs: 1 }),
  ];
  const { lastFrame } = render(
    <RequestLog
      rows={rows}
      providers={{ 'PSDDE-BAFIN-123456': 'Test TPP' }}
      total={3}
      height={6}
      width={80}
      color={false}
    />,
  );
  expect(
    lastFrame()!
      .split('\n')
      .map((line) => line.trimEnd()),
  ).toEqual([
    '── Requests (paths under /v1) ────────────────────────────────────── 3 so far ──',
    '10:00:01 Test TPP GET  /accounts                      200                   3ms',
    '10:00:01 Test TPP DEL  /payments/instant-sct/ce12cd94 405 CANCELLATION_I…  12ms',
    '10:00:01 -        GET  /accounts                      401 CERTIFICATE_MI…   1ms',
    // The log keeps its height, so the panes below never move.
    '',
    '',
    '',
  ]);
});

it('shows only the newest requests that fit', () => {
  const rows = Array.from({ length: 9 }, (_, n) => row({ seq: n + 1, path: `/v1/consents/${n}` }));
  const { lastFrame } = render(<RequestLog rows={rows} providers={{}} total={9} height={6} width={80} color={false} />);
  const lines = lastFrame()!.split('\n');
  expect(lines).toHaveLength(7);
  expect(lines[1]).toContain('/consents/3 ');
  expect(lines[6]).toContain('/consents/8 ');
});

it('says how to make requests appear while there are none', () => {
  const { lastFrame } = render(<RequestLog rows={[]} providers={{}} total={0} height={6} width={80} color={false} />);
  expect(lastFrame()).toContain('No requests yet: call the API (curl, guided mode g) to see them here.');
});

it('shortens paths only as far as the column needs: no /v1, ids of eight characters, then product names', () => {
  expect(compactPath('/v1/accounts/c5929c6144e5a1b2c3d4/balances')).toBe('/accounts/c5929c61/balances');
  expect(compactPath('/v1/payments/instant-sepa-credit-transfers')).toBe('/payments/instant-sepa-credit-transfers');
  expect(compactPath('/v1/payments/instant-sepa-credit-transfers', 30)).toBe('/payments/instant-sct');
  const status = '/v1/payments/instant-sepa-credit-transfers/ce12cd94-1111-4000-8000-000000000000/status';
  expect(compactPath(status, 64)).toBe('/payments/instant-sepa-credit-transfers/ce12cd94/status');
  expect(compactPath(status, 40)).toBe('/payments/instant-sct/ce12cd94/status');
  expect(compactPath(status, 30)).toBe('/payments/inst/ce12cd94/status');
  expect(compactPath('/v1/consents/confirmation-of-funds/63f1563c-0000-4000-8000-000000000000/status', 30)).toBe(
    '/consents/cof/63f1563c/status',
  );
  expect(compactPath('/v1/payments/sepa-credit-transfers', 20)).toBe('/payments/sct');
  expect(compactPath('/v1/revocation-callback', 30)).toBe('/revocation-callback');
});

it('widens the path and the code column with the terminal: nothing a reader needs is cut at 120 columns', () => {
  const line = requestLine(
    row({
      method: 'DELETE',
      path: '/v1/payments/instant-sepa-credit-transfers/ce12cd94-1111-4000-8000-000000000000',
      status: 405,
      code: 'CANCELLATION_INVALID',
      latencyMs: 12,
    }),
    { 'PSDDE-BAFIN-123456': 'Test TPP' },
    120,
  ).join('');
  expect(line).toBe(
    `10:00:01 Test TPP DEL  ${'/payments/instant-sepa-credit-transfers/ce12cd94'.padEnd(64)} 405 CANCELLATION_INVALID   12ms`,
  );
  expect([...line]).toHaveLength(119);
  expect(columnsOf(80)).toEqual({ path: 30, code: 15 });
});

it('names a provider by the last words of its name that fit', () => {
  expect(shortName('xs2a-kit Test TPP', 8)).toBe('Test TPP');
  expect(shortName('alice', 8)).toBe('alice');
  expect(shortName('PSDDE-BAFIN-123456', 8)).toBe('PSDDE-BAFIN-123456');
});
