/**
 * Every check the judge runs on an exchange, and which finding stands for another on the same
 * exchange: one mistake, one finding. A request sent again after a refusal is the retry, not a
 * second malformed request; a foreign consent used twice is the mix-up, not a consent used after
 * its end.
 */
import type { ClientAdviceId, ClientRuleId } from '../client-rules.js';
import { backoff } from './backoff.js';
import type { AnyCheck, Violation } from './check.js';
import { consentEnded } from './consent-ended.js';
import { foreignId } from './foreign-id.js';
import { paymentKey } from './payment-key.js';
import { rateRemaining } from './rate-remaining.js';
import { requestIdForm, requestIdNew } from './request-id.js';
import { accountId, endpoint, malformed } from './request-shape.js';
import { retry4xx } from './retry-4xx.js';
import { retryAfter } from './retry-after.js';

export const EXCHANGE_CHECKS: readonly AnyCheck[] = [
  retry4xx,
  retryAfter,
  rateRemaining,
  backoff,
  paymentKey,
  requestIdForm,
  requestIdNew,
  consentEnded,
  malformed,
  endpoint,
  accountId,
  foreignId,
];

type Judged = ClientRuleId | ClientAdviceId;

const SUPERSEDES: Partial<Record<Judged, readonly Judged[]>> = {
  'CLIENT-RETRY-4XX': [
    'CLIENT-MALFORMED',
    'CLIENT-REQUEST-ID-NEW',
    'ADVICE-REQUEST-ID-NEW',
    'CLIENT-ENDPOINT',
    'CLIENT-ACCOUNT-ID',
  ],
  'CLIENT-RETRY-AFTER': ['CLIENT-REQUEST-ID-NEW', 'ADVICE-REQUEST-ID-NEW', 'CLIENT-RATE-REMAINING'],
  'CLIENT-BACKOFF': ['CLIENT-REQUEST-ID-NEW', 'ADVICE-REQUEST-ID-NEW'],
  'ADVICE-BACKOFF': ['ADVICE-REQUEST-ID-NEW'],
  'ADVICE-CALLBACK-READ': ['ADVICE-REQUEST-ID-NEW'],
  'CLIENT-CONSENT-ENDED': ['CLIENT-REQUEST-ID-NEW', 'ADVICE-REQUEST-ID-NEW', 'CLIENT-ACCOUNT-ID'],
  'CLIENT-FOREIGN-ID': ['CLIENT-CONSENT-ENDED', 'CLIENT-RETRY-4XX'],
};

/** The violations of one exchange, less those another of them stands for. */
export function oneFindingPerMistake(violations: readonly Violation[]): Violation[] {
  const present = new Set(violations.map((violation) => violation.rule));
  const covered = new Set([...present].flatMap((rule) => SUPERSEDES[rule] ?? []));
  return violations.filter((violation) => !covered.has(violation.rule));
}
