/**
 * Fault rules as data: what a TPP client must survive although the interface
 * itself never asks for it — spec "Errors" rules 2-4 (a 5xx body may be the envelope, HTML or
 * nothing; 5xx and connection failures are retryable; a 429 carries Retry-After and the rate-limit
 * headers) and "Events" 3, 7, 8 (a callback repeats with one eventId and arrives out of order);
 * and what a client must handle between two calls: an answer lost after the bank acted, a consent
 * the customer revokes. Off unless a rule is given.
 */
import { z } from 'zod';
import { XsError } from '../../contract/errors.js';
import { fieldPath } from '../../contract/parse.js';
import { PathPatternSchema } from './path-pattern.js';

/** A slow answer is a network delay of real time, capped so a typo cannot hang a client for hours. */
export const MAX_DELAY_MS = 30_000;
export const MAX_RETRY_AFTER_SECONDS = 3_600;

export const REQUEST_FAULT_KINDS = [
  'error-500',
  'bad-gateway-html',
  'unavailable-empty',
  'slow',
  'drop',
  'status',
  'too-many-requests',
  'lost-answer',
  'revoke-consent',
] as const;
export const CALLBACK_FAULT_KINDS = ['callback-duplicate', 'callback-reorder'] as const;
export type RequestFaultKind = (typeof REQUEST_FAULT_KINDS)[number];
export type CallbackFaultKind = (typeof CALLBACK_FAULT_KINDS)[number];
export type FaultKind = RequestFaultKind | CallbackFaultKind;

/**
 * The statuses a `status` rule answers, each in the envelope with the code the interface gives its
 * class ("Errors: Status classes"): 429 `ACCESS_EXCEEDED`, 5xx `INTERNAL_SERVER_ERROR`. Other 4xx
 * answers depend on what the request says, which the bank itself decides; no fault plays them.
 */
export const FAULT_STATUSES = [429, 500, 502, 503, 504] as const;
export type FaultStatus = (typeof FAULT_STATUSES)[number];
/** Retry-After of a 429 rule that names none: a minute, long enough to notice a client that does not wait. */
export const DEFAULT_429_RETRY_AFTER_SECONDS = 60;

const Provider = z.string().min(1).max(128);
const RetryAfter = z.number().int().min(0).max(MAX_RETRY_AFTER_SECONDS);
const Status = z.literal(FAULT_STATUSES, { error: `a status a fault answers: ${FAULT_STATUSES.join(', ')}` });
const Method = z.enum(['GET', 'POST', 'PUT', 'DELETE']);

/** Which API requests a rule applies to; every field given must match, none given matches all. */
const RequestMatch = z.strictObject({
  method: Method.optional(),
  path: PathPatternSchema.optional(),
  provider: Provider.optional(),
});
/** Callbacks have no endpoint of ours: they are told apart by the provider they go to. */
const CallbackMatch = z.strictObject({ provider: Provider.optional() });

/** How often: the next `count` matching requests, or each matching request with probability `rate`. */
const scope = {
  count: z.number().int().min(1).max(1_000_000).optional(),
  rate: z.number().min(0).max(1).optional(),
  /** Seed of this rule's random stream (rate rules); derived from the sandbox seed when absent. */
  seed: z.number().int().min(0).max(2_147_483_647).optional(),
};

const requestRule = <K extends string, S extends z.ZodRawShape>(kind: K, shape: S) =>
  z.strictObject({ kind: z.literal(kind), match: RequestMatch.default({}), ...scope, ...shape });

export const FaultRuleSchema = z
  .discriminatedUnion('kind', [
    requestRule('error-500', {}),
    requestRule('bad-gateway-html', {}),
    requestRule('unavailable-empty', { retryAfter: RetryAfter.optional() }),
    requestRule('slow', { delayMs: z.number().int().min(1).max(MAX_DELAY_MS) }),
    requestRule('drop', {}),
    requestRule('status', { status: Status, retryAfter: RetryAfter.optional() }),
    requestRule('too-many-requests', { retryAfter: RetryAfter.optional() }),
    requestRule('lost-answer', {}),
    requestRule('revoke-consent', {}),
    z.strictObject({ kind: z.literal('callback-duplicate'), match: CallbackMatch.default({}), ...scope }),
    z.strictObject({ kind: z.literal('callback-reorder'), match: CallbackMatch.default({}), ...scope }),
  ])
  .superRefine((rule, issues) => {
    if (rule.count === undefined && rule.rate === undefined) {
      issues.addIssue({
        code: 'custom',
        path: ['count'],
        message: 'give count (the next N matching requests) or rate (a probability from 0 to 1)',
      });
    } else if (rule.count !== undefined && rule.rate !== undefined) {
      issues.addIssue({ code: 'custom', path: ['rate'], message: 'give count or rate, not both' });
    }
  });

export type FaultRuleInput = z.input<typeof FaultRuleSchema>;
export type FaultRule = z.output<typeof FaultRuleSchema>;

export const FaultRulesSchema = z.array(FaultRuleSchema).max(100);

/** The `faults` option of startSandbox: a profile (built-in name or JSON file) or the rules themselves. */
export type FaultsOption = string | FaultRuleInput[];

/** Checked here so a bad rule is named by its place (`faults.0.delayMs`); read by resolveFaults. */
export const FaultsOptionSchema = z.custom<FaultsOption>().superRefine((value, issues) => {
  const result = typeof value === 'string' ? z.string().min(1).safeParse(value) : FaultRulesSchema.safeParse(value);
  for (const issue of result.error?.issues ?? [])
    issues.addIssue({ code: 'custom', path: issue.path, message: issue.message });
});

export function isCallbackKind(kind: FaultKind): kind is CallbackFaultKind {
  return (CALLBACK_FAULT_KINDS as readonly string[]).includes(kind);
}

const HINT =
  'Send a rule such as {"kind":"unavailable-empty","count":2,"retryAfter":1,"match":{"method":"GET","path":"/v1/accounts/{account_id}/balances"}}, or an array of rules.';

/**
 * One rule as an object, or several as an array (the control API's body, the library's argument).
 * A bad rule is FORMAT_ERROR with the `path` of the field at fault (`kind`, `match.path`, `0.rate`
 * in a list; an unknown field is named itself), so nothing is added unless every rule is valid.
 */
export function parseFaultRules(body: unknown): FaultRule[] {
  const result = (Array.isArray(body) ? FaultRulesSchema : FaultRuleSchema.transform((rule) => [rule])).safeParse(body);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const at = issue ? [...issue.path, ...(issue.code === 'unrecognized_keys' ? issue.keys.slice(0, 1) : [])] : [];
  const path = fieldPath(at);
  throw new XsError('FORMAT_ERROR', {
    ...(path ? { path } : {}),
    text: `${path ? `${path}: ` : ''}${issue?.message ?? 'not a fault rule'}. ${HINT}`,
  });
}
