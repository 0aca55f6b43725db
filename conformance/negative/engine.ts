/**
 * Negative cases as data: each row is one change to a valid request and the refusal the interface
 * requires for it. One generic step runs every row: it sends the changed request and holds the
 * answer to the row, sends it again and expects the same refusal, then sends the request without the
 * change and expects it served — so a target that refuses everything cannot pass, and (with the same
 * X-Request-ID) a refused payment is shown to have bound no idempotency key and created nothing.
 */
import { randomUUID } from 'node:crypto';
import type { Reply } from '../../src/kit/client.js';
import type { ScenarioContext } from '../../src/kit/context.js';
import { ensure, ensureEqual } from '../../src/kit/failure.js';
import { given } from '../../src/kit/given.js';
import { scenario, type Area, type Capability, type Scenario } from '../../src/kit/scenario.js';
import { expectRefusal, type Refusal } from '../refusal.js';
import { answerOf, codeOf, SHARED_COF } from '../steps.js';
import { validRequest, type RequestKind, type ValidRequest } from './requests.js';

export type { PathExpectation, Refusal } from '../refusal.js';

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
  expectRefusal(ctx, refused, { ...expected, path: expected.path ?? 'observed' }, what);
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
  // from the change and (for a payment) bound no key and made nothing the valid request meets. That
  // the valid request is served is its own rule's (a creation that answers 201), not the row's.
  await given(valid.rule, `${what}: the request without the change`, async () => {
    const served = await send(ctx, valid, { headers: valid.headers, body: valid.body }, requestId);
    ensure(
      served.status === valid.success,
      `the request without the change is served with ${valid.success}, got ${served.status}: the refusal proves nothing otherwise`,
      { expected: valid.success, actual: answerOf(served), exchange: served.evidence },
    );
  });
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
