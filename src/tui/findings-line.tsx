/**
 * The client report in the demo: one line under the panes, the count of findings and the latest
 * one (rule, severity, provider, what happened), so a developer driving their client against the
 * demo sees a broken rule as it happens. The whole report is at GET /sandbox/client-report.
 */
import { Text } from 'ink';
import { colourOf, fitTo } from './format.js';
import type { FindingRow } from './state.js';

export interface FindingsLineProps {
  latest: FindingRow | undefined;
  count: number;
  width: number;
  color: boolean;
}

export function FindingsLine({ latest, count, width, color }: FindingsLineProps) {
  if (!latest) return <Text {...colourOf(color, 'dim')}>{fitTo('Client report: no findings.', width)}</Text>;
  const head = `Client report: ${count} finding${count === 1 ? '' : 's'} · `;
  const what = `${latest.rule} (${latest.severity}) ${latest.provider}: ${latest.detail}`;
  return (
    <Text>
      <Text {...colourOf(color, latest.severity === 'minor' ? 'warn' : 'bad')}>{head}</Text>
      {fitTo(what, width - head.length)}
    </Text>
  );
}
