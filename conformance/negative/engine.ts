/**
 * Negative cases as data: each row is one change to a valid request and the refusal the interface
 * requires for it. One generic step runs every row: it sends the changed request and holds the
 * answer to the row, sends it again and expects the same refusal, then sends the request without the
 * change and expects it served — so a target that refuses everything cannot pass, and (with the same
 * X-Request-ID) a refused payment is shown to have bound no idempotency key and created nothing.
 */
import { randomUUID } from 'node:crypto';
import { TppMessagesSchema } from '../../src/contract/index.js';
import type { Reply } from '../../src/kit/client.js';
import type { ScenarioContext } from '../../src/kit/context.js';
import { ensure, ensureEqual, ensureSchema } from '../../src/kit/failure.js';
import { scenario, type Area, type Capability, type Scenario } from '../../src/kit/scenario.js';
import { answerOf, codeOf, observeStatus, SHARED_COF } from '../steps.js';
import { validRequest, type RequestKind, type ValidRequest } from './requests.js';

/** One change to the valid request: `body` changes a deep copy in place, `replaceBody` sends another body instead. */
export interface Change {
  /** What the change is, as the report shows it: `lower-case letters`, `"0.00"`. */
  what: string;
  body?: (body: Record<string, any>) => void;
  replaceBody?: unknown;
  headers?: Record<string, string | undefined>;
  /** A body sent as these bytes instead of JSON. */
  rawBody?: string;
}

/** Where a field at fault is named: exactly, or (array positions are not shown) by its start and end. */
export type PathExpectation = string | { startsWith: string; endsWith: string };

export interface Refusal {
  /** The status the spec states; absent where Errors rule 5 leaves it open (then only the 4xx class is held). */
  status?: number;
  /** The code the spec states, or the codes it allows; absent when it names none (then observed). */
  code?: string | readonly string[];
  /** The field at fault; absent when the spec does not say which (then observed). */
  path?: PathExpectation;
  /** The bank-profile setting whose value is the code answered (an open point: any of its values passes). */
  setting?: string;
}

export interface NegativeCase {
  /** Stable scenario id. */
  id: string;
  /** Ids of the catalogue rules the row enforces. */
  rules: readonly string[];
  title: string;
  kind: RequestKind;
  /** Every change of the row must be refused the same way. */
  changes: readonly Change[];
  expect: Refusal;
}

const AREA: Record<RequestKind, Area> = {
  consent: 'consents',
  'cof-consent': 'cof',
  funds: 'cof',
  payment: 'payments',
  'instant-payment': 'payments',
  callback: 'callbacks',
};

function matches(path: string | undefined, expected: PathExpectation): boolean {
  if (typeof expected === 'string') return path === expected;
  return typeof path === 'string' && path.startsWith(expected.startsWith) && path.endsWith(expected.endsWith);
}

/** Holds a refusal to the row: the 4xx class (or the stated status), the envelope, the code, the path, the echo. */
export function expectRefusal(ctx: ScenarioContext, reply: Reply, expected: Refusal, what: string): void {
  ensure(reply.status >= 400 && reply.status < 500, `${what}: expected a refusal (4xx), got ${reply.status}`, {
    expected: expected.status ?? '4xx',
    actual: reply.json ?? reply.text,
  });
  const body = ensureSchema(TppMessagesSchema, reply.json, `${what}: ${reply.status} error body`);
  const codes =
    expected.code === undefined ? undefined : typeof expected.code === 'string' ? [expected.code] : expected.code;
  const message = codes ? body.tppMessages.find((item) => codes.includes(item.code)) : body.tppMessages[0];
  ensure(
    message,
    `${what}: expected code ${codes?.join(' or ')}, got ${body.tppMessages.map((item) => item.code).join(', ')}`,
    { expected: codes, actual: body },
  );
  ensureEqual(message.category, 'ERROR', `${what}: category of ${message.code}`);
  if (expected.status === undefined) observeStatus(ctx, message.code, reply.status, `${what}: `);
  else ensureEqual(reply.status, expected.status, `${what}: status of ${message.code}`);
  if (expected.setting !== undefined) ctx.observeSetting(expected.setting, message.code);
  else if (codes === undefined || codes.length > 1) ctx.observe(`${what}: code`, message.code);
  if (expected.path === undefined) ctx.observe(`${what}: path`, message.path ?? null);
  else
    ensure(
      matches(message.path, expected.path),
      `${what}: path of ${message.code} must name the field at fault: expected ${JSON.stringify(expected.path)}, got ${JSON.stringify(message.path ?? null)}`,
      { expected: expected.path, actual: message.path ?? null },
    );
  if (reply.requestId)
    ensureEqual(reply.header('x-request-id'), reply.requestId, `${what}: X-Request-ID echoed on the refusal`);
}

function applied(
  valid: ValidRequest,
  change: Change,
): { headers: Record<string, string | undefined>; body?: unknown; rawBody?: string } {
  const headers = { ...valid.headers, ...change.headers };
  if (change.rawBody !== undefined) return { headers, rawBody: change.rawBody };
  if (change.replaceBody !== undefined) return { headers, body: change.replaceBody };
  const copy = structuredClone(valid.body) as Record<string, any>;
  change.body?.(copy);
  return { headers, body: copy };
}

async function send(
  ctx: ScenarioContext,
  valid: ValidRequest,
  parts: { headers: Record<string, string | undefined>; body?: unknown; rawBody?: string },
  requestId: string,
): Promise<Reply> {
  return ctx.api.call({
    method: valid.method,
    path: valid.path,
    headers: parts.headers,
    requestId,
    ...(parts.rawBody === undefined ? { body: parts.body } : { rawBody: parts.rawBody }),
  });
}

/**
 * Holds a refusal of a changed request to `expected`: the envelope, code and path; the same request
 * again meets the same refusal; the state is as before; and the request without the change is served.
 */
async function holdRefusal(
  ctx: ScenarioContext,
  valid: ValidRequest,
  parts: ReturnType<typeof applied>,
  requestId: string,
  before: unknown,
  refused: Reply,
  expected: Refusal,
  what: string,
): Promise<void> {
  expectRefusal(ctx, refused, expected, what);
  // Errors rule 2: a 4xx was understood and refused, so the same request again meets the same refusal.
  const again = await send(ctx, valid, parts, requestId);
  ensureEqual(
    [again.status, codeOf(again)],
    [refused.status, codeOf(refused)],
    `${what}: status and code of the same refused request sent again`,
  );
  if (valid.state)
    ensureEqual(await valid.state(), before, `${what}: the state a refused request must leave as it was`);
  // The same request without the change, under the same X-Request-ID: served, so the refusal came
  // from the change and (for a payment) bound no key and made nothing the valid request meets.
  const served = await send(ctx, valid, { headers: valid.headers, body: valid.body }, requestId);
  ensure(
    served.status === valid.success,
    `${what}: the request without the change is served with ${valid.success}, got ${served.status}: the refusal proves nothing otherwise`,
    { expected: valid.success, actual: answerOf(served) },
  );
}

/** Sends one change of a row: the valid request it changes, the parts sent, under a fresh X-Request-ID, with the state before it. */
async function sendChanged(ctx: ScenarioContext, kind: RequestKind, change: Change) {
  const valid = await validRequest(ctx, kind);
  const requestId = randomUUID();
  const before = valid.state ? await valid.state() : undefined;
  const parts = applied(valid, change);
  const reply = await send(ctx, valid, parts, requestId);
  return { valid, requestId, before, parts, reply };
}

/** The generic step: every change refused as the row says, and the unchanged request served after it. */
export async function runNegativeCase(ctx: ScenarioContext, row: NegativeCase): Promise<void> {
  for (const change of row.changes) {
    const { valid, requestId, before, parts, reply } = await sendChanged(ctx, row.kind, change);
    await holdRefusal(ctx, valid, parts, requestId, before, reply, row.expect, change.what);
  }
}

/**
 * A change the interface neither requires nor forbids refusing (an open point): the target may serve
 * it, or refuse it as `refusal` says. Which it does is observed; a refusal is held like a negative
 * row's.
 */
export interface ObservedCase {
  id: string;
  rules: readonly string[];
  title: string;
  kind: RequestKind;
  changes: readonly Change[];
  /** The refusal a target may answer instead of serving the change. */
  refusal: Refusal;
}

export async function runObservedCase(ctx: ScenarioContext, row: ObservedCase): Promise<void> {
  for (const change of row.changes) {
    const { valid, requestId, before, parts, reply } = await sendChanged(ctx, row.kind, change);
    if (reply.status === valid.success) {
      ctx.observe(`${change.what}: answer`, 'served');
      continue;
    }
    ctx.observe(`${change.what}: answer`, `refused with ${codeOf(reply) ?? 'no code'}`);
    await holdRefusal(ctx, valid, parts, requestId, before, reply, row.refusal, change.what);
  }
}

function rowScenario(
  row: Pick<NegativeCase, 'id' | 'title' | 'rules' | 'kind'>,
  expect: Refusal,
  run: Scenario['run'],
): Scenario {
  const needs: Capability[] = row.kind === 'callback' ? ['callback-endpoint'] : [];
  const shares = row.kind === 'funds' ? [SHARED_COF] : [];
  // Every refused request is also sent twice (Errors rule 2).
  const rules = [...row.rules, 'ERR-8'];
  return scenario({
    id: row.id,
    title: row.title,
    spec: rules.join('; '),
    rules,
    area: AREA[row.kind],
    needs,
    shares,
    expect,
    run,
  });
}

export const negativeScenario = (row: NegativeCase): Scenario =>
  rowScenario(row, row.expect, (ctx) => runNegativeCase(ctx, row));

export const observedScenario = (row: ObservedCase): Scenario =>
  rowScenario(row, row.refusal, (ctx) => runObservedCase(ctx, row));
