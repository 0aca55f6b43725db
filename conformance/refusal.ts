/**
 * One check for every refusal the catalogue expects, hand-written scenarios and negative rows alike:
 * a 4xx carrying the tppMessages envelope (spec "Errors / Envelope") with the code, the status and the
 * `path` the interface states, `X-Request-ID` echoed. What the interface leaves open is observed: a
 * code's status where Errors rule 5 leaves it open, the code where several are allowed, the path where
 * the interface names none.
 */
import { SETTINGS } from '../src/contract/index.js';
import type { Reply } from '../src/kit/client.js';
import type { ScenarioContext } from '../src/kit/context.js';
import { ensure, ensureEqual, ensureSchema } from '../src/kit/failure.js';
import { TppMessagesSchema } from '../src/contract/index.js';

/** Where a field at fault is named: exactly, or (array positions are not shown) by its start and end. */
export type PathExpectation = string | { startsWith: string; endsWith: string };

export interface Refusal {
  /** The status the spec states; absent where Errors rule 5 leaves it open (then only the 4xx class is held). */
  status?: number;
  /** The code the spec states, or the codes it allows; absent when it names none (then observed). */
  code?: string | readonly string[];
  /** The field at fault; `'observed'` where the spec does not say which; absent: not looked at. */
  path?: PathExpectation | 'observed';
  /** The bank-profile setting whose value is the code answered (an open point: any of its values passes). */
  setting?: string;
}

export function isStatusSetting(code: string): boolean {
  return SETTINGS.some((definition) => definition.name === `status.${code}`);
}

/**
 * The status a target answers for a code whose status Errors rule 5 leaves open: a bank-profile
 * setting (`status.CODE`), recorded and held to one value per run; other codes are only observed.
 */
export function observeStatus(ctx: ScenarioContext, code: string, status: number, what = ''): void {
  if (isStatusSetting(code)) ctx.observeSetting(`status.${code}`, status);
  else ctx.observe(`${what}HTTP status of ${code} (not stated)`, status);
}

function matches(path: string | undefined, expected: PathExpectation): boolean {
  if (typeof expected === 'string') return path === expected;
  return typeof path === 'string' && path.startsWith(expected.startsWith) && path.endsWith(expected.endsWith);
}

/** Holds a refusal: the 4xx class (or the stated status), the envelope, the code, the path, the echo. */
export function expectRefusal(ctx: ScenarioContext, reply: Reply, expected: Refusal, what?: string): void {
  const lead = what === undefined ? '' : `${what}: `;
  const codes =
    expected.code === undefined ? undefined : typeof expected.code === 'string' ? [expected.code] : expected.code;
  ensure(
    reply.status >= 400 && reply.status < 500,
    `${lead}expected a refusal (4xx${codes ? ` ${codes.join(' or ')}` : ''}), got ${reply.status}`,
    { expected: expected.status ?? codes ?? '4xx', actual: reply.json ?? reply.text, exchange: reply.evidence },
  );
  const body = ensureSchema(TppMessagesSchema, reply.json, `${lead}${reply.status} error body`);
  const message = codes ? body.tppMessages.find((item) => codes.includes(item.code)) : body.tppMessages[0];
  ensure(
    message,
    `${lead}expected code ${codes?.join(' or ')}, got ${body.tppMessages.map((item) => item.code).join(', ')}`,
    { expected: codes, actual: body, exchange: reply.evidence },
  );
  ensureEqual(message.category, 'ERROR', `${lead}category of ${message.code}`);
  if (expected.status === undefined) observeStatus(ctx, message.code, reply.status, lead);
  else ensureEqual(reply.status, expected.status, `${lead}status of ${message.code}`);
  if (expected.setting !== undefined) ctx.observeSetting(expected.setting, message.code);
  else if (codes === undefined || codes.length > 1) ctx.observe(`${lead}code`, message.code);
  if (expected.path === 'observed') ctx.observe(`${lead}path`, message.path ?? null);
  else if (expected.path !== undefined)
    ensure(
      matches(message.path, expected.path),
      `${lead}path of ${message.code} must name the field at fault: expected ${JSON.stringify(expected.path)}, got ${JSON.stringify(message.path ?? null)}`,
      { expected: expected.path, actual: message.path ?? null, exchange: reply.evidence },
    );
  // Errors / Envelope: X-Request-ID is echoed on every error response.
  if (reply.requestId)
    ensureEqual(reply.header('x-request-id'), reply.requestId, `${lead}X-Request-ID echoed on the refusal`);
}
