/** Consents, newest first, with status and the unattended reads left today per data type (spec "Limits"). */
import { Box, Text } from 'ink';
import { colourOf, fitTo, rule, short, statusTone } from './format.js';
import type { ConsentRow } from './selectors.js';

export interface ConsentsPaneProps {
  rows: readonly ConsentRow[];
  selectedId: string | undefined;
  height: number;
  width: number;
  color: boolean;
}

const LABELS: Record<string, string> = { accounts: 'acc', balances: 'bal', transactions: 'trx', funds: 'funds' };

export function budgetText(row: ConsentRow): string {
  return row.budgets.map(({ budget, left }) => `${LABELS[budget] ?? budget} ${left}`).join(' ');
}

/** The rows to draw: a window of `height` that keeps the selected row in view. */
export function visibleWindow<T>(rows: readonly T[], selected: number, height: number): T[] {
  const start = Math.max(0, selected - height + 1);
  return rows.slice(start, start + height);
}

export function ConsentsPane({ rows, selectedId, height, width, color }: ConsentsPaneProps) {
  const selected = Math.max(
    0,
    rows.findIndex((row) => row.consentId === selectedId),
  );
  const shown = visibleWindow(rows, selected, height);
  return (
    <Box flexDirection="column" width={width} height={height + 1}>
      <Text {...colourOf(color, 'accent')}>{rule('Consents', width, 'unattended reads left today')}</Text>
      {rows.length === 0 ? <Text {...colourOf(color, 'dim')}>{fitTo('No consents yet.', width)}</Text> : null}
      {shown.map((row) => {
        const mark = row.consentId === rows[selected]?.consentId ? '> ' : '  ';
        const kind = row.kind === 'cof' ? 'CoF' : row.recurring ? `${row.limit}/day` : 'once';
        return (
          <Text key={row.consentId} bold={mark === '> '}>
            {mark}
            {short(row.consentId)} <Text {...colourOf(color, statusTone(row.status))}>{fitTo(row.status, 15)}</Text>
            {fitTo(` ${row.psuId ?? '(no PSU yet)'}`, 13)}
            {fitTo(` ${kind}`, 7)}
            {fitTo(` ${budgetText(row)}`, width - 2 - 8 - 1 - 15 - 13 - 7)}
          </Text>
        );
      })}
    </Box>
  );
}
