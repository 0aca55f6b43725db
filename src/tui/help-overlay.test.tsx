import { render } from 'ink-testing-library';
import { expect, it } from 'vitest';
import { HELP_KEYS, HelpOverlay } from './help-overlay.js';

const certificates = {
  caCert: '/home/presenter/xs2a/certs/ca.crt',
  tppCert: '/home/presenter/xs2a/certs/tpp.crt',
  tppKey: '/home/presenter/xs2a/certs/tpp.key',
};

it('lists every key and what each pane shows, within 80 columns and 20 rows', () => {
  const frame = render(<HelpOverlay width={80} color={false} certificates={certificates} />).lastFrame()!;
  const lines = frame.split('\n');
  expect(lines.length).toBeLessThanOrEqual(20);
  for (const line of lines) expect(line.length).toBeLessThanOrEqual(80);
  expect(lines[0]).toMatch(/^── Help: keys ─+$/);
  expect(lines[2]?.trimEnd()).toBe('  a / d   approve / decline the oldest pending SCA, as its customer');
  expect(frame).toContain('  Consents    status, customer, 4/day or once, reads left per data type');
  expect(HELP_KEYS.map(([key]) => key)).toEqual(['↑ ↓', 'a / d', 'r', 'y / n', 't / T', 'c', 'g', '?', 'q']);
});

it('gives the whole path of each certificate file for curl', () => {
  const lines = render(<HelpOverlay width={80} color={false} certificates={certificates} />)
    .lastFrame()!
    .split('\n')
    .map((line) => line.trimEnd());
  expect(lines.slice(-4)).toEqual([
    expect.stringMatching(/^── curl as the default TPP ─+$/),
    '  --cacert /home/presenter/xs2a/certs/ca.crt',
    '  --cert   /home/presenter/xs2a/certs/tpp.crt',
    '  --key    /home/presenter/xs2a/certs/tpp.key',
  ]);
});

it('keeps the end of a path too long for the line, where the file name is', () => {
  const deep = { ...certificates, caCert: `/${'very-long-folder/'.repeat(6)}certs/ca.crt` };
  const line = render(<HelpOverlay width={80} color={false} certificates={deep} />)
    .lastFrame()!
    .split('\n')
    .find((l) => l.startsWith('  --cacert'))!;
  expect(line).toHaveLength(80);
  expect(line).toMatch(/^ {2}--cacert ….*\/certs\/ca\.crt$/);
});
