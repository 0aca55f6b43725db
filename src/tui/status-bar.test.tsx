import { render } from 'ink-testing-library';
import { expect, it } from 'vitest';
import { StatusBar } from './status-bar.js';

const props = {
  now: new Date('2026-03-02T10:00:05Z'),
  apiUrl: 'https://localhost:8443',
  portalUrl: 'http://localhost:8080',
  certificates: { dir: '/home/presenter/xs2a/certs' },
  width: 80,
  color: false,
};

it('shows the sandbox clock, the API base URL and where the certificates are', () => {
  const { lastFrame } = render(<StatusBar {...props} pending={0} />);
  expect(
    lastFrame()!
      .split('\n')
      .map((line) => line.trimEnd()),
  ).toEqual([
    'xs2a-kit demo · clock 2026-03-02 10:00:05 UTC                             ? help',
    'API https://localhost:8443 (paths /v1, mTLS) · customer http://localhost:8080',
    'certs /home/presenter/xs2a/certs/ ca.crt  tpp.crt + tpp.key',
  ]);
});

it('counts the authorisations waiting for a customer', () => {
  const { lastFrame } = render(<StatusBar {...props} pending={2} />);
  expect(lastFrame()!.split('\n')[0]).toBe(
    'xs2a-kit demo · clock 2026-03-02 10:00:05 UTC             2 SCA waiting · ? help',
  );
});

it('keeps the end of a long certificate folder within 80 columns', () => {
  const { lastFrame } = render(
    <StatusBar {...props} certificates={{ dir: `/very/${'deep/'.repeat(20)}certs` }} pending={0} />,
  );
  const line = lastFrame()!.split('\n')[2]!;
  expect(line.length).toBeLessThanOrEqual(80);
  expect(line).toMatch(/^certs ….*deep\/certs\/ ca\.crt {2}tpp\.crt \+ tpp\.key$/);
});
