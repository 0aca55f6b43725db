/**
 * An abort is told once. The run's status line (`xs2a-kit conformance: <reason>`, on stderr) says why
 * it stopped; the console reporter on the terminal keeps its counts but neither repeats the reason nor
 * lists every scenario left unrun with it. Report files keep every event: they are the record.
 */
import type { Reporter, RunEvent } from './events.js';

export function quietAfterAbort(reporter: Reporter): Reporter {
  let aborted = false;
  const pass = (event: RunEvent) => reporter.onEvent(event);
  return {
    onEvent(event) {
      if (event.type === 'run-aborted') aborted = true;
      else if (event.type === 'run-finished') {
        const { aborted: _reason, ...summary } = event.summary;
        pass({ type: 'run-finished', summary });
      } else if (!aborted) pass(event);
    },
    ...(reporter.close ? { close: () => reporter.close!() } : {}),
  };
}
