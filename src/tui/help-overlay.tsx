/** The help overlay: every key, and what each pane shows. */
import { Box, Text } from 'ink';
import { colourOf, fit, rule } from './format.js';

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

export function HelpOverlay({ width, color }: { width: number; color: boolean }) {
  return (
    <Box flexDirection="column" width={width}>
      <Text {...colourOf(color, 'accent')}>{rule('Help: keys', width)}</Text>
      {HELP_KEYS.map(([key, meaning]) => (
        <Text key={key}>
          <Text bold>{fit(`  ${key}`, 10)}</Text>
          {fit(meaning, width - 10)}
        </Text>
      ))}
      <Text> </Text>
      <Text {...colourOf(color, 'accent')}>{rule('Panes', width)}</Text>
      {HELP_PANES.map(([pane, meaning]) => (
        <Text key={pane}>
          <Text bold>{fit(`  ${pane}`, 14)}</Text>
          {fit(meaning, width - 14)}
        </Text>
      ))}
      <Text> </Text>
      <Text>{fit('Every action goes through the control API or the XS2A API, as a customer or', width)}</Text>
      <Text>{fit('a TPP would: what you see is what the sandbox does.', width)}</Text>
    </Box>
  );
}
