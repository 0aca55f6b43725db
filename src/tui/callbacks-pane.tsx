/** Revocation callback deliveries (spec "Events"): the latest attempt of each, newest first. */
import { Box, Text } from 'ink';
import { colourOf, fitTo, rule, short, statusTone } from './format.js';
import type { CallbackRow } from './state.js';

export interface CallbacksPaneProps {
  rows: readonly CallbackRow[];
  height: number;
  width: number;
  color: boolean;
}

export function CallbacksPane({ rows, height, width, color }: CallbacksPaneProps) {
  return (
    <Box flexDirection="column" width={width} height={height + 1}>
      <Text {...colourOf(color, 'accent')}>{rule('Callbacks', width)}</Text>
      {rows.length === 0 ? <Text {...colourOf(color, 'dim')}>{fitTo('No callbacks sent yet.', width)}</Text> : null}
      {rows.slice(0, height).map((row) => (
        <Text key={row.eventId}>
          {short(row.consentId)} <Text {...colourOf(color, statusTone(row.outcome))}>{fitTo(row.outcome, 9)}</Text>
          {fitTo(` #${row.attempt} ${row.status ?? row.error ?? ''}`, width - 8 - 1 - 9)}
        </Text>
      ))}
    </Box>
  );
}
