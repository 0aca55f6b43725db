/**
 * fast-check arbitraries of malformed XS2A requests. Each generated request carries at least one
 * defect the spec (or docs/interpretations.md) says must be refused: a bad X-Request-ID, a
 * body that is not JSON or breaks the schema, a bad header value, an id nobody holds, a bad query.
 * Around the defect the request is otherwise well-formed, so a refusal that still changed state
 * would show in the snapshot the test compares.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { RawRequest } from '../helpers/keep-alive-client.js';

export interface World {
  iban: string;
  resourceId: string;
  aisConsentId: string;
  aisAuthorisationId: string;
  cofConsentId: string;
  paymentId: string;
  paymentAuthorisationId: string;
}

export interface Hostile {
  request: RawRequest;
  /** A request-line or header too large for node's parser: answered before X-Request-ID is read. */
  oversized: boolean;
}

const REDIRECT = 'https://tpp.example/callback';
const CREDITOR = 'DE89370400440532013000';

/** Strings a careless parser trips over: prototype keys, control and bidi characters, lone surrogates, paths. */
const nasty = fc.constantFrom(
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '',
  ' ',
  '\u0000',
  '\u202e\u0041\u0042',
  '\ud800',
  '\udfff\ud800',
  '😀👩‍👩‍👧',
  'ǅ\u0301\u0301\u0301',
  '../../../etc/passwd',
  '%00',
  '${jndi:ldap://x}',
  "'; DROP TABLE consents; --",
  '<script>alert(1)</script>',
  'NaN',
  '-0',
  '1e309',
);
export const hostileString = fc.oneof(
  nasty,
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.integer({ min: 200, max: 5_000 }).map((n) => 'A'.repeat(n)),
);

/** JSON values of every type, with prototype-shaped keys and odd unicode at any depth. */
const hostileKey = fc.oneof(nasty, fc.string({ unit: 'grapheme', maxLength: 12 }));
export const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    fc.double(),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(hostileKey, tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** Any value except a string (for a field that must be a string). */
const notString = hostileValue.filter((value) => typeof value !== 'string');
/** Any value except a plain object (for a field that must be an object). */
const notObject = hostileValue.filter((value) => typeof value !== 'object' || value === null || Array.isArray(value));

const validIban = /^[A-Z]{2}[0-9]{2}[A-Z0-9]{4,30}$/;
const badIban = fc.oneof(
  notString,
  hostileString.filter((s) => !validIban.test(s)),
  fc.constant('DE89370400440532013001'),
);
const badAmount = fc.oneof(
  notString,
  fc.constantFrom(
    '0',
    '0.00',
    '-1.00',
    '1.234',
    '1,00',
    '1 000.00',
    '+5',
    '.5',
    '5.',
    '1e3',
    '０１',
    'NaN',
    '99999999999999999999999999999.99',
  ),
  hostileString.filter((s) => !/^[0-9]+(\.[0-9]{1,2})?$/.test(s)),
);
const badUrl = fc.oneof(
  notString,
  fc.constantFrom(
    'http://tpp.example/cb',
    'https://tpp.example/cb#frag',
    '/relative',
    'ftp://tpp.example',
    'https://',
    'javascript:alert(1)',
    'HTTPS://',
  ),
  hostileString.filter((s) => !s.startsWith('https://')),
);

/** Sets `value` at `path` inside a copy of `body`. */
function setAt(body: Record<string, unknown>, path: readonly string[], value: unknown): Record<string, unknown> {
  const copy = structuredClone(body);
  let node: Record<string, unknown> = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string, unknown>;
  node[path.at(-1)!] = value;
  return copy;
}

type Defect = [readonly string[], fc.Arbitrary<unknown>];

/** A body with one required field broken, plus hostile extra keys (prototype keys, deep values). */
function brokenBody(base: Record<string, unknown>, defects: Defect[]): fc.Arbitrary<string> {
  return fc
    .tuple(
      fc.constantFrom(...defects).chain(([path, arb]) => arb.map((value) => [path, value] as const)),
      fc.dictionary(hostileKey, hostileValue, { maxKeys: 3 }),
    )
    .map(([[path, value], extra]) => {
      const text = JSON.stringify(setAt(base, path, value));
      const extras = Object.entries(extra).map(([key, v]) => `${JSON.stringify(key)}:${JSON.stringify(v) ?? 'null'}`);
      // Spliced into the text so keys such as __proto__ arrive as own properties, as a client would send them.
      return extras.length === 0 ? text : `${text.slice(0, -1)},${extras.join(',')}}`;
    });
}

/** A body that is not acceptable JSON at all. */
const badJson = fc.oneof(
  fc.constantFrom(
    '{',
    '{"access":',
    '[1,2',
    'null',
    '"text"',
    '42',
    'true',
    '{"a":1}}',
    "{'a':1}",
    '{"a":NaN}',
    '{"a":"\\x00"}',
  ),
  fc.integer({ min: 33, max: 3_000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth)),
  fc.integer({ min: 33, max: 1_000 }).map((depth) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)),
  fc.constant(JSON.stringify({ filler: 'x'.repeat(70 * 1024) })),
  hostileString.filter((s) => {
    // An empty body is no body: fine on the endpoints that take none.
    if (s === '') return false;
    try {
      const value: unknown = JSON.parse(s);
      return typeof value !== 'object' || value === null;
    } catch {
      return true;
    }
  }),
);

/** UTF-8 bytes as latin1 characters, so odd unicode reaches the server raw in a header. */
const headerSafe = (s: string) =>
  Buffer.from(s, 'utf8')
    .toString('latin1')
    .replace(/[\u0000-\u0008\u000a-\u001f\u007f]/g, '?');
const hostileHeader = hostileString.map(headerSafe);
const badRequestId = fc.oneof(
  fc.constant(undefined),
  hostileHeader.filter((s) => !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s.trim())),
  fc.constant<string[]>([randomUUID(), randomUUID()]),
  fc.constant(`${randomUUID()}x`),
  fc.constant(randomUUID().replace(/-/g, '')),
);

/** Every byte percent-encoded, plus escapes that do not decode. */
const hostileSegment = fc.oneof(
  hostileString
    // Not `.` or `..`: the client reads their encodings (`%2e`, `%2e%2e`) as dot segments, as every URL
    // parser does, and sends the path without them — another, well-formed request (`/v1/accounts/`).
    .filter((s) => s.length > 0 && s !== '.' && s !== '..')
    .map((s) => [...Buffer.from(s, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('')),
  fc.constantFrom(
    '%',
    '%zz',
    '%E0%A4',
    '%C0%AF',
    '..%2F..%2F',
    '%2e%2e%2f',
    'x'.repeat(3_000),
    randomUUID(),
    'null',
    'undefined',
    '0',
  ),
);

interface Endpoint {
  method: string;
  /** Path with `:name` placeholders for ids a path defect may replace. */
  path: string;
  headers: Record<string, string>;
  body?: Record<string, unknown>;
  bodyDefects?: Defect[];
  /** Headers whose values, when broken, must be refused. */
  headerDefects?: Record<string, fc.Arbitrary<string | string[] | undefined>>;
  query?: boolean;
}

const badIp = fc.oneof(
  hostileHeader.filter((s) => !/^[0-9a.:]+$/i.test(s.trim()) || s.trim() === ''),
  fc.constantFrom('999.1.1.1', '1.2.3', '::g', '1.2.3.4, 5.6.7.8'),
);
const badRedirect = fc.oneof(
  fc.constant(undefined),
  badUrl.filter((u): u is string => typeof u === 'string').map(headerSafe),
);
const badConsentHeader = fc.oneof(
  fc.constant(undefined),
  hostileHeader.filter((s) => s.trim() !== ''),
  fc.constant(randomUUID()),
);

export function endpoints(w: World): Endpoint[] {
  const refs = [{ iban: w.iban }];
  const consent = {
    access: { accounts: refs, balances: refs, transactions: refs },
    recurringIndicator: true,
    frequencyPerDay: 4,
  };
  const consentDefects: Defect[] = [
    [['access'], notObject],
    [['access', 'accounts', '0', 'iban'], badIban],
    [['access', 'balances'], hostileValue.filter((v) => !Array.isArray(v))],
    [['recurringIndicator'], hostileValue.filter((v) => typeof v !== 'boolean')],
    [['frequencyPerDay'], hostileValue.filter((v) => typeof v !== 'number' || !Number.isInteger(v))],
    [['validUntil'], hostileValue.filter((v) => typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v))],
    [['combinedServiceIndicator'], hostileValue.filter((v) => v !== false && v !== undefined && v !== null)],
  ];
  const payment = {
    debtorAccount: { iban: w.iban },
    instructedAmount: { currency: 'EUR', amount: '12.30' },
    creditorAccount: { iban: CREDITOR },
    creditorName: 'Merchant GmbH',
  };
  const paymentDefects: Defect[] = [
    [['debtorAccount'], notObject],
    [['debtorAccount', 'iban'], badIban],
    [['creditorAccount', 'iban'], badIban],
    [['instructedAmount', 'amount'], badAmount],
    [['instructedAmount', 'currency'], hostileValue.filter((v) => v !== 'EUR')],
    [['instructedAmount'], notObject],
    [['creditorName'], notString],
  ];
  const funds = { account: { iban: w.iban }, instructedAmount: { currency: 'EUR', amount: '1.00' } };
  const fundsDefects: Defect[] = [
    [['account'], notObject],
    [['account', 'iban'], badIban],
    [['instructedAmount', 'amount'], badAmount],
    [['instructedAmount'], notObject],
  ];
  const creation = { 'TPP-Redirect-URI': REDIRECT, 'Content-Type': 'application/json' };
  const ais = { 'Consent-ID': w.aisConsentId };
  const pay = '/v1/payments/:product/:paymentId';
  return [
    {
      method: 'POST',
      path: '/v1/consents',
      headers: creation,
      body: consent,
      bodyDefects: consentDefects,
      headerDefects: { 'TPP-Redirect-URI': badRedirect },
    },
    { method: 'GET', path: '/v1/consents/:aisConsentId', headers: {} },
    { method: 'DELETE', path: '/v1/consents/:aisConsentId', headers: {} },
    { method: 'GET', path: '/v1/consents/:aisConsentId/status', headers: {} },
    { method: 'GET', path: '/v1/consents/:aisConsentId/authorisations', headers: {} },
    { method: 'GET', path: '/v1/consents/:aisConsentId/authorisations/:aisAuthorisationId', headers: {} },
    {
      method: 'POST',
      path: '/v1/consents/confirmation-of-funds',
      headers: creation,
      body: { account: { iban: w.iban } },
      bodyDefects: [
        [['account'], notObject],
        [['account', 'iban'], badIban],
        [['validUntil'], hostileValue.filter((v) => typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v))],
      ],
      headerDefects: { 'TPP-Redirect-URI': badRedirect },
    },
    { method: 'GET', path: '/v1/consents/confirmation-of-funds/:cofConsentId', headers: {} },
    { method: 'DELETE', path: '/v1/consents/confirmation-of-funds/:cofConsentId', headers: {} },
    { method: 'GET', path: '/v1/consents/confirmation-of-funds/:cofConsentId/status', headers: {} },
    {
      method: 'GET',
      path: '/v1/accounts',
      headers: ais,
      headerDefects: { 'Consent-ID': badConsentHeader, 'PSU-IP-Address': badIp },
    },
    {
      method: 'GET',
      path: '/v1/accounts/:resourceId',
      headers: ais,
      headerDefects: { 'Consent-ID': badConsentHeader, 'PSU-IP-Address': badIp },
    },
    {
      method: 'GET',
      path: '/v1/accounts/:resourceId/balances',
      headers: ais,
      headerDefects: { 'Consent-ID': badConsentHeader, 'PSU-IP-Address': badIp },
    },
    {
      method: 'GET',
      path: '/v1/accounts/:resourceId/transactions',
      headers: ais,
      query: true,
      headerDefects: { 'Consent-ID': badConsentHeader, 'PSU-IP-Address': badIp },
    },
    {
      method: 'POST',
      path: '/v1/payments/:product',
      headers: creation,
      body: payment,
      bodyDefects: paymentDefects,
      headerDefects: { 'TPP-Redirect-URI': badRedirect, 'PSU-IP-Address': badIp },
    },
    { method: 'GET', path: pay, headers: {} },
    { method: 'DELETE', path: pay, headers: {} },
    { method: 'GET', path: `${pay}/status`, headers: {} },
    { method: 'GET', path: `${pay}/authorisations`, headers: {} },
    { method: 'GET', path: `${pay}/authorisations/:paymentAuthorisationId`, headers: {} },
    { method: 'GET', path: '/v1/revocation-callback', headers: {} },
    {
      method: 'PUT',
      path: '/v1/revocation-callback',
      headers: { 'Content-Type': 'application/json' },
      body: { url: 'https://tpp.example/revocations' },
      bodyDefects: [[['url'], badUrl]],
    },
    { method: 'DELETE', path: '/v1/revocation-callback', headers: {} },
    {
      method: 'POST',
      path: '/v1/funds-confirmations',
      headers: { 'Consent-ID': w.cofConsentId, 'Content-Type': 'application/json' },
      body: funds,
      bodyDefects: fundsDefects,
      headerDefects: { 'Consent-ID': badConsentHeader, 'PSU-IP-Address': badIp },
    },
  ];
}

function fill(path: string, w: World, replace?: { name: string; value: string }): string {
  return path.replace(/:(\w+)/g, (_match, name: string) => {
    if (replace?.name === name) return replace.value;
    if (name === 'product') return 'sepa-credit-transfers';
    return (w as unknown as Record<string, string>)[name] ?? name;
  });
}

const badQuery = fc.oneof(
  hostileString.filter((s) => !['booked', 'pending', 'both'].includes(s)).map((s) => ({ bookingStatus: s })),
  hostileString.filter((s) => !/^\d{4}-\d{2}-\d{2}$/.test(s)).map((s) => ({ dateFrom: s })),
  fc.constantFrom('2026-02-30', '2026-13-01', '26-01-01', '2026-1-1', '20260101').map((s) => ({ dateTo: s })),
  hostileString.filter((s) => !/^e[0-9a-z]{8}$/.test(s)).map((s) => ({ entryReferenceFrom: s })),
  fc.constant({ dateFrom: '2026-03-01', dateTo: '2026-01-01' }),
  fc
    .constantFrom('bookingStatus', 'dateFrom', 'dateTo', 'entryReferenceFrom')
    .map((name) => ({ [name]: ['booked', 'both'] })),
);

function queryString(query: Record<string, string | string[]>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) for (const v of [value].flat()) params.append(name, v);
  return `?${params.toString()}`;
}

/** One malformed request against one endpoint of the world. */
export function hostileRequest(w: World): fc.Arbitrary<Hostile> {
  const options = endpoints(w).map((endpoint) => {
    const base = (over: Partial<RawRequest> & { replace?: { name: string; value: string } }): RawRequest => ({
      method: endpoint.method,
      path: fill(endpoint.path, w, over.replace) + (over.path ?? ''),
      headers: { 'X-Request-ID': randomUUID(), ...endpoint.headers, ...over.headers },
      ...(over.body !== undefined ? { body: over.body } : endpoint.body ? { body: JSON.stringify(endpoint.body) } : {}),
    });
    const defects: fc.Arbitrary<Hostile>[] = [
      // The request as it should be, but with a missing, malformed or repeated X-Request-ID.
      badRequestId.map((id) => {
        const request = base({});
        if (id === undefined) delete request.headers['X-Request-ID'];
        else request.headers['X-Request-ID'] = id;
        return { request, oversized: false };
      }),
      // A body that is not JSON, too deep, too large, or not an object; on any endpoint (bodies are read first).
      badJson.map((body) => ({
        request: base({ body, headers: { 'Content-Type': 'application/json' } }),
        oversized: false,
      })),
      // A JSON body in another content type.
      fc
        .constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/xml', 'multipart/form-data')
        .map((type) => ({
          request: base({ body: JSON.stringify(endpoint.body ?? { a: 1 }), headers: { 'Content-Type': type } }),
          oversized: false,
        })),
    ];
    if (endpoint.body && endpoint.bodyDefects) {
      defects.push(
        brokenBody(endpoint.body, endpoint.bodyDefects).map((body) => ({ request: base({ body }), oversized: false })),
      );
    }
    for (const [name, arb] of Object.entries(endpoint.headerDefects ?? {})) {
      defects.push(
        arb.map((value) => {
          const request = base({});
          if (value === undefined) delete request.headers[name];
          else request.headers[name] = value;
          return { request, oversized: false };
        }),
      );
    }
    const ids = [...endpoint.path.matchAll(/:(\w+)/g)].map((match) => match[1]!);
    if (ids.length > 0) {
      defects.push(
        fc
          .tuple(fc.constantFrom(...ids), hostileSegment)
          .map(([name, value]) => ({ request: base({ replace: { name, value } }), oversized: false })),
      );
    }
    if (endpoint.query)
      defects.push(badQuery.map((query) => ({ request: base({ path: queryString(query) }), oversized: false })));
    // Headers past node's 16 KiB limit: refused by the HTTP parser, still with the envelope.
    defects.push(fc.constant({ request: base({ headers: { 'X-Padding': 'p'.repeat(20_000) } }), oversized: true }));
    return fc.oneof(...defects);
  });
  return fc.oneof(...options);
}
