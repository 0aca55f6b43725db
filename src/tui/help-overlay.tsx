/** The help overlay: every key, what each pane shows, and the certificate paths to paste into curl. */
import { Box, Text } from 'ink';
import { colourOf, fitTo, fitLeft, rule } from './format.js';

/** The default provider's files, whole: the status bar has room for the folder only. */
export interface CurlCertificates {
  caCert: string;
  tppCert: string;
  tppKey: string;
}

export const HELP_KEYS: readonly [string, string][] = [
  ['↑ ↓', 'select a consent'],
  ['a / d', 'approve / decline the oldest pending SCA, as its customer'],
  ['r', 'the customer revokes the selected consent (callback sent)'],
  ['y / n', 'the customer confirms / refuses the oldest payee check'],
  ['t / T', 'move the sandbox clock by one hour / one day'],
  ['c', 'run the conformance catalogue (own sandbox); c again: back'],
  ['g', 'guided walk-through on or off; space or enter: next step'],
  ['?', 'this help; Esc or ? closes it'],
  ['q', 'quit (Ctrl+C too)'],
];

export const HELP_PANES: readonly [string, string][] = [
  ['Requests', 'time, provider, method, path, status, error code, latency'],
  ['Consents', 'status, customer, 4/day or once, reads left per data type'],
  ['Payments', 'transaction status, amount, payee'],
  ['Callbacks', 'revocation deliveries: outcome, attempt, HTTP status'],
  ['Waiting', 'what a/d and y/n act on next'],
];

export function HelpOverlay({
  width,
  color,
  certificates,
}: {
  width: number;
  color: boolean;
  certificates: CurlCertificates;
}) {
  const flags: [string, string][] = [
    ['--cacert', certificates.caCert],
    ['--cert', certificates.tppCert],
    ['--key', certificates.tppKey],
  ];
  return (
    <Box flexDirection="column" width={width}>
      <Text {...colourOf(color, 'accent')}>{rule('Help: keys', width)}</Text>
      {HELP_KEYS.map(([key, meaning]) => (
        <Text key={key}>
          <Text bold>{fitTo(`  ${key}`, 10)}</Text>
          {fitTo(meaning, width - 10)}
        </Text>
      ))}
      <Text {...colourOf(color, 'accent')}>{rule('Panes', width)}</Text>
      {HELP_PANES.map(([pane, meaning]) => (
        <Text key={pane}>
          <Text bold>{fitTo(`  ${pane}`, 14)}</Text>
          {fitTo(meaning, width - 14)}
        </Text>
      ))}
      <Text {...colourOf(color, 'accent')}>{rule('curl as the default TPP', width)}</Text>
      {flags.map(([flag, path]) => (
        <Text key={flag}>
          <Text bold>{fitTo(`  ${flag}`, 11)}</Text>
          {fitLeft(path, width - 11)}
        </Text>
      ))}
    </Box>
  );
}
