import { render } from 'ink-testing-library';
import { expect, it } from 'vitest';
import { colourOf } from './format.js';
import { paneRows, Screen, type ScreenProps } from './screen.js';
import { initialState } from './state.js';

const certificates = {
  dir: '/srv/xs2a/certs',
  caCert: '/srv/xs2a/certs/ca.crt',
  tppCert: '/srv/xs2a/certs/tpp.crt',
  tppKey: '/srv/xs2a/certs/tpp.key',
};
const base: ScreenProps = {
  size: { columns: 80, rows: 24 },
  now: new Date('2026-03-02T10:00:05Z'),
  endpoints: { apiUrl: 'https://localhost:8443', portalUrl: 'http://localhost:8080', certificates },
  state: initialState(0),
  consents: [],
  selectedConsentId: undefined,
  payments: [],
  pending: null,
  pendingCount: 0,
  payeeCheck: null,
  guidedTotal: 8,
  guidedExplanation: null,
  color: false,
};

function rows(props: ScreenProps): string[] {
  return render(<Screen {...props} />)
    .lastFrame()!
    .split('\n');
}

it('lays out the dashboard in 23 rows of at most 80 columns, the same height while empty', () => {
  const lines = rows(base);
  expect(lines).toHaveLength(23);
  for (const line of lines) expect([...line].length).toBeLessThanOrEqual(80);
  expect(lines[0]).toMatch(/^xs2a-kit demo · clock 2026-03-02 10:00:05 UTC/);
  expect(lines[3]).toMatch(/^── Requests \(paths under \/v1\)/);
  expect(lines.at(-1)?.trimEnd()).toBe('a/d approve/decline  r revoke  y/n payee  t/T +1h/+1d  c tests  g guide  ? q');
});

it('fills a larger terminal: 120×40 draws 39 rows of 120 columns, the panes taller, a request’s path whole', () => {
  const requests = [
    {
      seq: 1,
      at: '2026-03-02T10:00:01.000Z',
      provider: undefined,
      method: 'GET',
      path: '/v1/payments/instant-sepa-credit-transfers/ce12cd94-1111-4000-8000-000000000000/status',
      status: 200,
      code: undefined,
      latencyMs: 2,
    },
  ];
  const lines = rows({
    ...base,
    size: { columns: 120, rows: 40 },
    state: { ...base.state, requests, requestCount: 1 },
  });
  expect(lines).toHaveLength(39);
  expect(lines.map((line) => [...line].length <= 120)).not.toContain(false);
  expect([...lines[0]!].length).toBe(120);
  expect(lines[4]).toContain('/payments/instant-sepa-credit-transfers/ce12cd94/status');
  expect(lines.findIndex((line) => line.startsWith('── Consents'))).toBe(3 + 1 + 14);
  expect(lines.at(-1)?.trimEnd()).toBe('a/d approve/decline  r revoke  y/n payee  t/T +1h/+1d  c tests  g guide  ? q');
});

it('gives every extra row to a pane: half to the requests, a quarter to the consents, the rest below', () => {
  expect(paneRows(24)).toEqual({ middle: 16, requests: 6, consents: 4, bottom: 3 });
  expect(paneRows(40)).toEqual({ middle: 32, requests: 14, consents: 8, bottom: 7 });
  expect(paneRows(25)).toEqual({ middle: 17, requests: 7, consents: 4, bottom: 3 });
});

it('puts the help in place of the panes, under the same three status rows, within 23 rows', () => {
  const lines = rows({ ...base, state: { ...base.state, view: 'help' } });
  expect(lines.length).toBeLessThanOrEqual(23);
  expect(lines[3]).toMatch(/^── Help: keys/);
  expect(lines.at(-1)?.trimEnd()).toBe('  --key    /srv/xs2a/certs/tpp.key');
});

it('asks for colour only when colour is on: without it every status is still written out', () => {
  expect(colourOf(false, 'warn')).toEqual({});
  expect(colourOf(true, 'warn')).toEqual({ color: expect.any(String) });
  expect(colourOf(true, undefined)).toEqual({});
  const busy = { ...base, pendingCount: 2 };
  expect(rows(busy)[0]).toMatch(/2 SCA waiting · \? help$/);
});
