/** Payments, newest first, with their transaction status (spec "Payment (TransactionStatus)"). */
import { Box, Text } from 'ink';
import { colourOf, fitTo, padStart, rule, short, statusTone } from './format.js';
import type { PaymentRow } from './selectors.js';

export interface PaymentsPaneProps {
  rows: readonly PaymentRow[];
  height: number;
  width: number;
  color: boolean;
}

export function PaymentsPane({ rows, height, width, color }: PaymentsPaneProps) {
  return (
    <Box flexDirection="column" width={width} height={height + 1}>
      <Text {...colourOf(color, 'accent')}>{rule('Payments', width)}</Text>
      {rows.length === 0 ? <Text {...colourOf(color, 'dim')}>{fitTo('No payments yet.', width)}</Text> : null}
      {rows.slice(0, height).map((row) => (
        <Text key={row.paymentId}>
          {short(row.paymentId)} <Text {...colourOf(color, statusTone(row.status))}>{row.status}</Text>
          {padStart(row.amount, 9)}
          {fitTo(` ${row.creditorName ?? row.debtorIban}`, width - 8 - 1 - 4 - 9)}
        </Text>
      ))}
    </Box>
  );
}
