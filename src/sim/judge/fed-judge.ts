/**
 * The client judge over the feed (feed.ts): it judges what every process of the sandbox served, and
 * a report read through any process is read after catching up with the others. Forgetting and
 * acknowledging findings are told to every process's judge, this one's included, through the feed.
 */
import type { EventBus } from '../events.js';
import type { Feed } from '../feed.js';
import { createClientJudge, readAcknowledgement, type ClientJudge } from './judge.js';

export function fedJudge(
  feed: Feed,
  clock: { now(): Date },
  findings: EventBus,
  findingsPerProvider?: number,
): ClientJudge {
  const judge = createClientJudge(feed.bus, clock, findings, findingsPerProvider);
  feed.onCommand('report-acknowledged', (input) => judge.acknowledge(input));
  feed.onCommand('report-cleared', (body) => judge.clear((body as { provider?: string }).provider));
  return {
    report(provider) {
      feed.catchUp();
      return judge.report(provider);
    },
    acknowledge(input) {
      // Checked before anything is told: a refused acknowledgement reaches no judge.
      readAcknowledgement(input);
      feed.tell('report-acknowledged', input);
      return judge.report().acknowledged;
    },
    clear(provider) {
      feed.tell('report-cleared', provider === undefined ? {} : { provider });
    },
  };
}
