/**
 * What the XS2A API makes of a request body, over the wire: a consent creation with its headers in
 * order, so whatever refuses it is the body. Bodies are JSON (an object or an array, UTF-8, not
 * compressed, 64 KiB and 32 levels at most); a body the edge reads is then the operation's to judge,
 * with the `path` of the field at fault.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from '../helpers/raw-request.js';
import { certificateFolder, testSandbox, type TestSandbox } from '../helpers/sandbox.js';

let t: TestSandbox;
let iban: string;

beforeAll(async () => {
  t = await testSandbox(await certificateFolder());
  iban = t.sandbox.customers().find((customer) => customer.psuId === 'anna')!.accounts[0]!.iban;
});
afterAll(() => t.sandbox.close());

const JSON_TYPE = 'application/json';
const NOT_JSON = 'The body is not a JSON object or array.';
const SEND_JSON = 'Request bodies are JSON: send Content-Type: application/json.';
const NOT_UTF8 = 'The body must be UTF-8 JSON without content encoding.';
const NO_CONSENT_REQUEST = 'The body must be a ConsentRequest object.';
const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

// what, body, headers → status, code, path, text
const TABLE: [
  string,
  string | undefined,
  Record<string, string>,
  number,
  string | null,
  string | null,
  string | null,
][] = [
  ['malformed JSON', '{"access":', { 'content-type': JSON_TYPE }, 400, 'FORMAT_ERROR', null, NOT_JSON],
  ['a JSON scalar', '1', { 'content-type': JSON_TYPE }, 400, 'FORMAT_ERROR', null, NOT_JSON],
  ['whitespace alone', '\n ', { 'content-type': JSON_TYPE }, 400, 'FORMAT_ERROR', null, NOT_JSON],
  ['text/plain', '{}', { 'content-type': 'text/plain' }, 400, 'FORMAT_ERROR', null, SEND_JSON],
  ['no content type', '{}', {}, 400, 'FORMAT_ERROR', null, SEND_JSON],
  [
    'another JSON media type',
    '{}',
    { 'content-type': 'application/vnd.api+json' },
    400,
    'FORMAT_ERROR',
    null,
    SEND_JSON,
  ],
  ['latin1', '{}', { 'content-type': `${JSON_TYPE}; charset=latin1` }, 400, 'FORMAT_ERROR', null, NOT_UTF8],
  ['gzip', '{}', { 'content-type': JSON_TYPE, 'content-encoding': 'gzip' }, 400, 'FORMAT_ERROR', null, NOT_UTF8],
  [
    'over 64 KiB',
    'x'.repeat(64 * 1024 + 1),
    { 'content-type': JSON_TYPE },
    400,
    'FORMAT_ERROR',
    null,
    'The body is larger than 64 KiB.',
  ],
  [
    '33 levels deep',
    nested(33),
    { 'content-type': JSON_TYPE },
    400,
    'FORMAT_ERROR',
    null,
    'The body is nested deeper than 32 levels.',
  ],
  [
    '32 levels deep (read, then judged)',
    nested(32),
    { 'content-type': JSON_TYPE },
    400,
    'FORMAT_ERROR',
    null,
    NO_CONSENT_REQUEST,
  ],
  ['empty', '', { 'content-type': JSON_TYPE }, 400, 'FORMAT_ERROR', null, NO_CONSENT_REQUEST],
  ['none', undefined, {}, 400, 'FORMAT_ERROR', null, NO_CONSENT_REQUEST],
  [
    'an object without access',
    '{}',
    { 'content-type': JSON_TYPE, 'content-encoding': 'identity' },
    400,
    'FORMAT_ERROR',
    'access',
    'access: Invalid input: expected object, received undefined',
  ],
  [
    'a malformed IBAN',
    '{"access":{"balances":[{"iban":"DE00"}]}}',
    { 'content-type': JSON_TYPE },
    400,
    'FORMAT_ERROR',
    'access.balances.0.iban',
    'access.balances.0.iban: An IBAN is two capital letters, two check digits and 4 to 30 capital letters or digits, without spaces.',
  ],
  ['a good one, charset named', 'GOOD', { 'content-type': `${JSON_TYPE}; charset=UTF-8` }, 201, null, null, null],
];

describe('request bodies of the XS2A API, over the wire', () => {
  it.each(TABLE)('answers a body that is %s', async (_what, body, headers, status, code, path, text) => {
    const good = JSON.stringify({ access: { balances: [{ iban }] }, recurringIndicator: true, frequencyPerDay: 4 });
    const reply = await rawRequest(t.sandbox, '/v1/consents', {
      method: 'POST',
      headers: { 'x-request-id': randomUUID(), 'tpp-redirect-uri': 'https://tpp.example/cb', ...headers },
      ...(body === undefined ? {} : { body: body === 'GOOD' ? good : body }),
    });
    const message = (reply.json as { tppMessages?: { code: string; path?: string; text: string }[] }).tppMessages?.[0];
    expect([reply.status, message?.code ?? null, message?.path ?? null, message?.text ?? null]).toEqual([
      status,
      code,
      path,
      text,
    ]);
  });
});
