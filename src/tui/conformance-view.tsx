/** Live progress of a conformance run: counts, a bar, the scenario running, the latest results. */
import { Box, Text } from 'ink';
import { colourOf, durationText, fitTo, rule, statusTone } from './format.js';
import type { ConformanceState } from './state.js';

export interface ConformanceViewProps {
  run: ConformanceState;
  height: number;
  width: number;
  color: boolean;
}

export function progressBar(done: number, total: number, width: number): string {
  const filled = total === 0 ? 0 : Math.round((done / total) * width);
  return `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}]`;
}

function headline(run: ConformanceState): string {
  if (run.phase === 'starting') return 'Starting a separate in-process sandbox for the run…';
  if (run.phase === 'error') return `The run could not complete: ${run.error ?? ''}`;
  const done = run.passed + run.failed + run.inconclusive + run.skipped + run.errors;
  const state =
    run.phase === 'finished'
      ? `finished${run.durationMs === null ? '' : ` in ${durationText(run.durationMs)}`}`
      : `running ${run.current ?? ''}`;
  return `${done}/${run.total} ${state}`;
}

/** The short word of a verdict in the list of latest results. */
const WORD = { passed: 'pass', inconclusive: 'inco', skipped: 'skip', failed: 'FAIL', error: 'ERR' } as const;

export function ConformanceView({ run, height, width, color }: ConformanceViewProps) {
  const done = run.passed + run.failed + run.inconclusive + run.skipped + run.errors;
  // Failures stay on screen whatever scrolls past; the rest of the space shows the latest results.
  const failures = run.failures.slice(-3);
  const latest = run.finished
    .filter((result) => result.status !== 'failed' && result.status !== 'error')
    .slice(0, Math.max(0, height - 5 - failures.length));
  return (
    <Box flexDirection="column" width={width}>
      <Text {...colourOf(color, 'accent')}>
        {rule('Conformance catalogue', width, run.target ? 'own sandbox' : '')}
      </Text>
      <Text>{fitTo(headline(run), width)}</Text>
      <Text>
        {fitTo(
          `${progressBar(done, run.total, width - 48)} ${run.passed} passed ${run.failed} failed ${run.inconclusive} inconclusive ${run.skipped} skipped`,
          width,
        )}
      </Text>
      {failures.map((result) => (
        <Text key={`f-${result.id}`} {...colourOf(color, 'bad')}>
          {fitTo(`${WORD[result.status]} ${result.id}: ${result.detail}`, width)}
        </Text>
      ))}
      {latest.map((result) => (
        <Text key={result.id}>
          <Text {...colourOf(color, statusTone(result.status))}>{fitTo(WORD[result.status], 5)}</Text>
          {fitTo(`${result.id}${result.status === 'passed' ? '' : `: ${result.detail}`}`, width - 5)}
        </Text>
      ))}
      <Text {...colourOf(color, 'dim')}>
        {fitTo(
          run.phase === 'running' || run.phase === 'starting'
            ? 'c or Esc: back to the panes (the run goes on)'
            : 'c or Esc: back to the panes; c there runs it again',
          width,
        )}
      </Text>
    </Box>
  );
}
