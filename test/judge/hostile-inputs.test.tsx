/**
 * One table of hostile inputs held against every surface that keeps or prints a request or an
 * answer: the request journal (over HTTP and as the library reads it), the client report (over HTTP,
 * and its JSON, JUnit and HTML files), serve's console lines (the findings as they happen and the
 * summary) and the terminal UI (the request log and the findings line). A surface added to the list
 * below is held against every row; a row added is held against every surface.
 *
 * Card numbers: the interface retains only the last four digits of a funds-confirmation consent's
 * card number and stores none of a funds confirmation's (spec "FundsConfirmationConsentRequest",
 * "FundsConfirmationRequest"). Keys and certificates: any PEM block. The callback secret: anywhere.
 */
import { render } from 'ink-testing-library';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { printFindings } from '../../src/cli/client-report-output.js';
import type { ClientFinding } from '../../src/sim/judge/findings.js';
import { renderClientReport } from '../../src/sim/judge/report-files.js';
import { findingLine, summaryLine } from '../../src/sim/judge/report-text.js';
import { FindingsLine } from '../../src/tui/findings-line.js';
import { RequestLog } from '../../src/tui/request-log.js';
import type { RequestRow } from '../../src/tui/state.js';
import { certificateFolder, testSandbox, type TestSandbox } from '../helpers/sandbox.js';

const CARD = '4111111111111111';
const OTHER_CARD = '5555555555554444';
const PEM_BODY = 'MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7hostileKeyMaterial';
const PEM = `-----BEGIN PRIVATE KEY-----\n${PEM_BODY}\nx9Zq/+abc=\n-----END PRIVATE KEY-----`;
const API_KEY = 'sk_live_hostile_0123456789';
const PASSWORD = 'hunter2-hostile-password';

/** Never to be seen anywhere: the card numbers but their last four digits, the key material, the secrets. */
const forbidden = (secret: string) => [
  CARD,
  CARD.slice(0, 12),
  '4111 1111 1111',
  '4111-1111-1111',
  // `+` is a space in a query: a card number in groups as a form encodes it.
  '4111+1111+1111',
  OTHER_CARD.slice(0, 12),
  '5555 5555 5555',
  PEM_BODY.slice(0, 24),
  encodeURIComponent(PEM_BODY.slice(0, 24)),
  'hostileKeyMaterial',
  API_KEY,
  PASSWORD,
  secret,
];

interface Hostile {
  what: string;
  method: string;
  path: (secret: string) => string;
  headers?: (secret: string) => Record<string, string>;
  body?: (secret: string) => unknown;
  rawBody?: (secret: string) => string;
}

/** A malformed consent for funds confirmation: refused with 400 FORMAT_ERROR, a CLIENT-MALFORMED finding with its evidence. */
const cof = (extra: Record<string, unknown>) => ({ account: { iban: 'not-an-iban' }, ...extra });
const plusEncoded = (text: string) => encodeURIComponent(text).replace(/%20/g, '+');

const HOSTILE: Hostile[] = [
  {
    what: 'a card number in the body field cardNumber',
    method: 'POST',
    path: () => '/v1/consents/confirmation-of-funds',
    body: () => cof({ cardNumber: CARD }),
  },
  {
    what: 'a card number in groups in a funds confirmation',
    method: 'POST',
    path: () => '/v1/funds-confirmations',
    body: () => ({
      account: { iban: 'nope' },
      instructedAmount: { currency: 'EUR', amount: '1.00' },
      cardNumber: '4111 1111 1111 1111',
    }),
  },
  {
    what: 'a card number in free text of a body under another name',
    method: 'POST',
    path: () => '/v1/consents/confirmation-of-funds',
    body: () => cof({ note: `paid with ${OTHER_CARD} yesterday`, pan: '4111-1111-1111-1111' }),
  },
  {
    what: 'a card number as a JSON number',
    method: 'POST',
    path: () => '/v1/consents/confirmation-of-funds',
    body: () => cof({ reference: Number(OTHER_CARD) }),
  },
  { what: 'a card number in the query', method: 'GET', path: () => `/v1/nowhere?cardNumber=${CARD}&ref=${OTHER_CARD}` },
  { what: 'a card number in groups in the query', method: 'GET', path: () => `/v1/nowhere?q=4111+1111+1111+1111` },
  { what: 'a card number in the path', method: 'GET', path: () => `/v1/nowhere/${CARD}` },
  {
    what: 'card numbers in headers',
    method: 'GET',
    path: () => '/v1/nowhere',
    headers: () => ({ 'X-Card-Number': CARD, 'X-Note': 'card 4111-1111-1111-1111 used' }),
  },
  {
    what: 'a card number as the Consent-ID of a malformed read',
    method: 'GET',
    path: () => '/v1/accounts?withBalance=maybe',
    headers: () => ({ 'Consent-ID': CARD }),
  },
  {
    what: 'a PEM block in a JSON body',
    method: 'POST',
    path: () => '/v1/consents/confirmation-of-funds',
    body: () => cof({ note: PEM }),
  },
  {
    what: 'a PEM block as a text body',
    method: 'POST',
    path: () => '/v1/consents/confirmation-of-funds',
    headers: () => ({ 'Content-Type': 'application/json' }),
    rawBody: () => `oops ${PEM}`,
  },
  {
    what: 'a PEM block URL-encoded in the query',
    method: 'GET',
    path: () => `/v1/nowhere?k=${encodeURIComponent(PEM)}`,
  },
  { what: 'a PEM block form-encoded in the query', method: 'GET', path: () => `/v1/nowhere?k=${plusEncoded(PEM)}` },
  {
    what: 'a PEM block encoded twice in the query',
    method: 'GET',
    path: () => `/v1/nowhere?k=${encodeURIComponent(encodeURIComponent(PEM))}`,
  },
  {
    what: 'a PEM block cut by a raw & in the query',
    method: 'GET',
    path: () => `/v1/nowhere?a=1&k=-----BEGIN+PRIVATE+KEY-----%0AMIIE&${PEM_BODY}%0A-----END+PRIVATE+KEY-----&b=2`,
  },
  {
    what: 'a PEM block URL-encoded in a header (a forwarded certificate)',
    method: 'GET',
    path: () => '/v1/nowhere',
    headers: () => ({ 'X-Client-Cert': encodeURIComponent(PEM) }),
  },
  {
    what: 'a card number after two letters and two digits, shaped like an IBAN but none',
    method: 'GET',
    path: () => `/v1/nowhere?ref=AB${CARD}`,
    headers: () => ({ 'X-Note': `ref XX00${CARD} ok` }),
  },
  {
    what: 'secrets by names joined with dashes in the query',
    method: 'GET',
    path: () => `/v1/nowhere?api-key=${API_KEY}&client-secret=${PASSWORD}`,
  },
  {
    what: 'the callback secret after 0x and inside a longer run of hexadecimal digits',
    method: 'POST',
    path: (secret) => `/v1/consents/confirmation-of-funds?h=${secret}ff`,
    headers: (secret) => ({ 'X-Signature': `0x${secret}` }),
    body: (secret) => cof({ memo: `sha256:a${secret}` }),
  },
  {
    what: 'secrets by name in the query',
    method: 'GET',
    path: () => `/v1/nowhere?password=${PASSWORD}&api_key=${API_KEY}`,
  },
  {
    what: 'credentials in headers',
    method: 'GET',
    path: () => '/v1/nowhere',
    headers: () => ({ Authorization: `Bearer ${API_KEY}`, 'X-Api-Key': API_KEY, Cookie: `session=${PASSWORD}` }),
  },
  {
    what: 'the callback secret in a header, the query and the body',
    method: 'POST',
    path: (secret) => `/v1/consents/confirmation-of-funds?echo=${secret}`,
    headers: (secret) => ({ 'X-Echo': secret }),
    body: (secret) => cof({ memo: `my secret is ${secret}`, password: PASSWORD }),
  },
];

let t: TestSandbox;
let secret: string;
const console: string[] = [];
const requestRows: RequestRow[] = [];
const findings: ClientFinding[] = [];

beforeAll(async () => {
  t = await testSandbox(await certificateFolder(), { clockStart: '2026-03-02T10:00:00Z' });
  const registered = await t.call({
    method: 'PUT',
    path: '/v1/revocation-callback',
    client: t.tpp,
    body: { url: 'https://tpp.example/callbacks' },
  });
  secret = (registered.json as { secret: string }).secret;
  expect(secret).toMatch(/^[0-9a-f]{64}$/);
  printFindings(t.sandbox, { out: (text: string) => console.push(text), err: (text: string) => console.push(text) });
  t.sandbox.events.on('request', (event) => requestRows.push({ ...event, seq: requestRows.length + 1 }));
  t.sandbox.events.on('client-finding', (finding) => findings.push(finding));
  for (const hostile of HOSTILE) {
    const answer = await t.call({
      method: hostile.method,
      path: hostile.path(secret),
      client: t.tpp,
      ...(hostile.headers ? { headers: hostile.headers(secret) } : {}),
      ...(hostile.body ? { body: hostile.body(secret) } : {}),
      ...(hostile.rawBody ? { rawBody: hostile.rawBody(secret) } : {}),
    });
    expect(answer.status, hostile.what).toBeGreaterThanOrEqual(400);
  }
});
afterAll(() => t?.sandbox.close());

/** Every surface, as the text a person or a tool reads from it. */
async function surfaces(): Promise<[string, string][]> {
  const report = t.sandbox.clientReport();
  const tui = render(
    <RequestLog rows={requestRows} providers={{}} total={requestRows.length} height={100} width={400} color={false} />,
  ).lastFrame();
  const lines = findings.map((finding, index) => {
    const row = { ...finding, seq: index + 1 };
    return render(<FindingsLine latest={row} count={findings.length} width={2000} color={false} />).lastFrame() ?? '';
  });
  return [
    ['the journal over HTTP', JSON.stringify((await t.control('/requests')).json)],
    ['the journal as the library reads it', JSON.stringify(t.sandbox.requests.read())],
    ['the client report over HTTP', JSON.stringify((await t.control('/client-report')).json)],
    ['the client report as the library reads it', JSON.stringify(report)],
    ['the client report file (json)', renderClientReport('json', report)],
    ['the client report file (junit)', renderClientReport('junit', report)],
    ['the client report file (html)', renderClientReport('html', report)],
    ["serve's console lines", [...console, ...report.findings.map(findingLine), summaryLine(report)].join('\n')],
    ["the terminal UI's request log", tui ?? ''],
    ["the terminal UI's findings line", lines.join('\n')],
  ];
}

describe('every surface that keeps or prints an exchange masks every hostile input', () => {
  it('sent every hostile request, and the judge found each malformed one', async () => {
    const journal = (await t.control('/requests')).json as { kept: number };
    expect(journal.kept).toBe(HOSTILE.length + 1);
    // Each hostile request is refused, and all but the unknown Consent-ID are judged (CLIENT-MALFORMED or
    // CLIENT-ENDPOINT), so their evidence is kept.
    expect(findings.length).toBeGreaterThanOrEqual(HOSTILE.length - 1);
    expect(requestRows).toHaveLength(HOSTILE.length);
  });

  it.each(HOSTILE.map((hostile, index) => [hostile.what, index] as const))(
    'masks %s on every surface',
    async (_what, index) => {
      const [entry] = t.sandbox
        .requests({ limit: HOSTILE.length + 1 })
        .slice(HOSTILE.length - 1 - index, HOSTILE.length - index);
      // The entry of this row's request, and every surface as a whole.
      const texts: [string, string][] = [['its journal entry', JSON.stringify(entry)], ...(await surfaces())];
      for (const [surface, text] of texts)
        for (const bad of forbidden(secret)) expect(text, `${surface} shows ${bad}`).not.toContain(bad);
    },
  );

  it('keeps the last four digits of a card number, and says where something was masked', async () => {
    const [first] = t.sandbox.requests({ path: '/v1/consents/confirmation-of-funds' }).slice(-1);
    const cofEntries = t.sandbox.requests({ path: '/v1/consents/confirmation-of-funds' });
    const withCard = cofEntries.find((entry) => (entry.request.body as { cardNumber?: string })?.cardNumber);
    expect(first).toBeDefined();
    expect((withCard!.request.body as { cardNumber: string }).cardNumber).toBe('************1111');
    const funds = t.sandbox.requests({ path: '/v1/funds-confirmations' })[0]!;
    expect((funds.request.body as { cardNumber: string }).cardNumber).toBe('**** **** **** 1111');
    const query = t.sandbox.requests({ path: '/v1/nowhere' }).find((entry) => entry.request.query.cardNumber);
    expect(query!.request.query).toEqual({ cardNumber: '************1111', ref: '************4444' });
    expect(query!.request.url).toBe('/v1/nowhere?cardNumber=************1111&ref=************4444');
    const callback = t.sandbox.requests({ path: '/v1/revocation-callback' })[0]!;
    expect((callback.response!.body as { secret: string }).secret).toBe('***');
    const echoed = cofEntries.find((entry) => entry.request.headers['x-echo']);
    expect(echoed!.request.headers['x-echo']).toBe('***');
    expect((echoed!.request.body as { password: string; memo: string }).password).toBe('***');
    expect((echoed!.request.body as { memo: string }).memo).toBe('my secret is ***');
    const pem = cofEntries.find((entry) => JSON.stringify(entry.request.body).includes('PEM'));
    expect((pem!.request.body as { note: string }).note).toBe('[PEM masked]');
  });
});
