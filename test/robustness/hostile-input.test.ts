import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificateFolder, testSandbox, type TestSandbox } from '../helpers/sandbox.js';
import { hostileRequest, type Hostile, type World } from './hostile-requests.js';
import { keepAliveClient, type RawAnswer } from '../helpers/keep-alive-client.js';
import { buildWorld, snapshot } from './world.js';

let t: TestSandbox;
let w: World;
let client: ReturnType<typeof keepAliveClient>;
const internal: string[] = [];

beforeAll(async () => {
  t = await testSandbox(await certificateFolder(), {
    clockStart: '2026-03-02T10:00:00Z',
    log: (line) => internal.push(line),
  });
  w = await buildWorld(t);
  client = keepAliveClient(t.sandbox.apiUrl, t.ca, t.tpp);
});
afterAll(async () => {
  client.close();
  await t.sandbox.close();
});

/** What every refusal must look like; undefined when it does. */
function problem(hostile: Hostile, answer: RawAnswer): string | undefined {
  if (answer.status < 400 || answer.status > 499) return `status ${answer.status}`;
  if (!String(answer.headers['content-type']).startsWith('application/json'))
    return `content-type ${String(answer.headers['content-type'])}`;
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return `body is not JSON: ${answer.text.slice(0, 120)}`;
  }
  const messages = (body as { tppMessages?: unknown }).tppMessages;
  const first = Array.isArray(messages) ? (messages[0] as Record<string, unknown> | undefined) : undefined;
  if (!first || first.category !== 'ERROR' || typeof first.code !== 'string' || !/^[A-Z_]+$/.test(first.code))
    return `not the envelope: ${answer.text.slice(0, 200)}`;
  // Echoed when it can be byte for byte (printable ASCII; HTTP trims the spaces and tabs around it,
  // and node joins a repeated header with ", ").
  const sent = hostile.request.headers['X-Request-ID'];
  const trimmed =
    sent === undefined
      ? undefined
      : [sent]
          .flat()
          .map((v) => v.replace(/^[ \t]+|[ \t]+$/g, ''))
          .join(', ');
  const echo = trimmed !== undefined && /^[\x20-\x7e]*$/.test(trimmed) ? trimmed : undefined;
  if (!hostile.oversized && answer.headers['x-request-id'] !== echo)
    return `X-Request-ID ${JSON.stringify(answer.headers['x-request-id'])} for ${JSON.stringify(sent)}`;
  return undefined;
}

const BATCH = 25;
const RUNS = 204;

describe('hostile input', () => {
  it('answers 5,000 generated malformed requests on every endpoint with a 4xx envelope, changes nothing, and keeps serving', async () => {
    const before = await snapshot(t, client, w);
    let sent = 0;
    const statuses = new Map<number, number>();
    const failures: string[] = [];
    const details = await fc.check(
      fc.asyncProperty(fc.array(hostileRequest(w), { minLength: BATCH, maxLength: BATCH }), async (batch) => {
        const answers = await Promise.all(batch.map((hostile) => client.send(hostile.request)));
        sent += batch.length;
        answers.forEach((answer, i) => {
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
          const found = problem(batch[i]!, answer);
          if (found) failures.push(`${found} for ${JSON.stringify(batch[i]!.request).slice(0, 400)}`);
        });
        return failures.length === 0;
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
    // The draw is random on every run: a failure names its seed, and `{ seed }` beside numRuns replays it.
    const replay = `fast-check seed ${details.seed}`;
    // The first offending request, short: a batch of 25 with 70 KiB bodies would drown the report.
    expect(failures.slice(0, 3), replay).toEqual([]);
    expect(details.failed, replay).toBe(false);
    expect(sent).toBeGreaterThanOrEqual(5_000);
    expect(internal, replay).toEqual([]);
    // Refusals only: every answer was a 4xx, and more than one kind of refusal was exercised.
    expect([...statuses.keys()].every((status) => status >= 400 && status < 500)).toBe(true);
    expect(statuses.size).toBeGreaterThanOrEqual(4);
    // Nothing stored, spent or consumed, and the process still answers well-formed requests.
    expect(await snapshot(t, client, w)).toEqual(before);
  }, 120_000);
});
