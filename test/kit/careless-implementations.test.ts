/**
 * Implementations that get a rule almost right, each played by a real sandbox behind a proxy that
 * changes that rule alone (`test/helpers/careless-bank.ts`): a frequency defaulting to 1 (to 4 on a
 * one-off consent), an authorisation that lapses after 10 minutes, a grant checked per data type
 * rather than per account, a budget counted per account, a date filter comparing dates as text
 * without leading zeros, an idempotency key compared on the amount alone, an instant payment or a
 * funds confirmation that demands two decimals, an idempotency layer over funds confirmations, a
 * second callback registration kept beside the first, a callback sender that takes only 200 and 204
 * for delivered, an eventId made from the time. For each, the scenario written for it
 * (`conformance/almost-right.ts`, and AIS-PAGING-013) fails, naming what it saw, while the older
 * scenarios of the same rules pass: the break is one the catalogue missed before. Through a proxy
 * that changes nothing, the new scenarios pass, so the proxy itself is not what they catch.
 */
import { createServer, request as httpsRequest } from 'node:https';
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signCallback } from '../../src/contract/index.js';
import type { Target } from '../../src/kit/target.js';
import { headerOf, refusal, type Behaviour, type ProxiedAnswer } from '../helpers/careless-bank.js';
import {
  olderOfTheRules as olderOf,
  startCarelessHarness,
  statusOf,
  type CarelessHarness,
  expectCaught,
  parsed,
} from '../helpers/careless-harness.js';
import type { ServerCertificates } from '../helpers/misbehaving-targets.js';

let harness: CarelessHarness;
let sim: Target;
let server: ServerCertificates;

beforeAll(async () => {
  harness = await startCarelessHarness();
  ({ sim, server } = harness);
}, 60_000);
afterAll(async () => {
  await harness?.close();
});

const runBehind: CarelessHarness['runBehind'] = (behave, ids) => harness.runBehind(behave, ids);
const olderOfTheRules = (id: string) => olderOf(id, NEW);

/** The scenarios written for careless implementations (`conformance/almost-right.ts`, and AIS-PAGING-013). */
const NEW = [
  'AIS-CONSENT-038',
  'AIS-CONSENT-039',
  'SCA-EXPIRY-003',
  'AIS-DATA-017',
  'AIS-LIMIT-021',
  'AIS-PAGING-013',
  'PIS-IDEM-010',
  'PIS-INIT-013',
  'COF-029',
  'COF-030',
  'CB-REG-005',
  'CB-RETRY-006',
  'CB-EVT-002',
];

/**
 * Unattended reads of balances and transactions under a budget the proxy keeps instead of the
 * sandbox: `budget` says which count a read draws on and its limit (the sandbox's when left out),
 * or leaves the read to the sandbox. Counted reads are forwarded as attended, so the sandbox spends
 * nothing; attended reads report what the proxy's count leaves.
 */
function ownBudget(
  budget: (read: { consentId: string; accountId: string; type: string }) => { key: string; limit?: number } | undefined,
): Behaviour {
  const used = new Map<string, number>();
  return async (request, forward) => {
    const read = /^\/v1\/accounts\/([^/]+)\/(balances|transactions)$/.exec(request.path);
    const consentId = headerOf(request, 'Consent-ID');
    const own =
      request.method === 'GET' && read && consentId
        ? budget({ consentId, accountId: read[1]!, type: read[2]! })
        : undefined;
    if (!own) return forward(request);
    const attended = headerOf(request, 'PSU-IP-Address') !== undefined;
    const answer = await forward({ ...request, headers: { ...request.headers, 'psu-ip-address': '192.0.2.77' } });
    if (answer.status !== 200) return answer;
    const limit = own.limit ?? Number(answer.headers['x-ratelimit-limit']);
    const reset = answer.headers['x-ratelimit-reset']!;
    const key = `${request.provider}|${own.key}|${reset}`;
    const headers = (count: number) => ({
      ...answer.headers,
      'x-ratelimit-limit': String(limit),
      'x-ratelimit-remaining': String(limit - count),
    });
    if (attended) return { ...answer, headers: headers(used.get(key) ?? 0) };
    const count = (used.get(key) ?? 0) + 1;
    if (count > limit)
      return refusal(429, 'ACCESS_EXCEEDED', headerOf(request, 'X-Request-ID'), {
        'x-ratelimit-limit': String(limit),
        'x-ratelimit-remaining': '0',
        'x-ratelimit-reset': reset,
        // Counted to the reset by the sandbox's clock, which scenarios move.
        'retry-after': String(Math.max(1, Number(reset) - Math.floor((await sim.clock!.now()).getTime() / 1000))),
      });
    used.set(key, count);
    return { ...answer, headers: headers(count) };
  };
}

/**
 * Balances and transactions counted per consent, account and data type: each account a budget of its
 * own. (The account list and the account read are left to the sandbox: one budget per consent.)
 */
const budgetPerAccount = () =>
  ownBudget(({ consentId, accountId, type }) => ({ key: `${consentId}|${accountId}|${type}` }));

/**
 * A consent asked without `frequencyPerDay` given the wrong default: `recurring` 1 (a recurring
 * consent defaulted to 1) or `one-off` 4 (the default of 4 filled in after the one-off rule forced
 * 1). It reads back that value and its balances and transactions serve that many unattended reads.
 */
function frequencyDefault(kind: 'recurring' | 'one-off'): Behaviour {
  const limit = kind === 'recurring' ? 1 : 4;
  const defaulted = new Set<string>();
  const budget = ownBudget(({ consentId, type }) =>
    defaulted.has(consentId) ? { key: `${consentId}|${type}`, limit } : undefined,
  );
  return async (request, forward) => {
    if (request.method === 'POST' && request.path === '/v1/consents') {
      const answer = await forward(request);
      const asked = parsed(request.text) as { recurringIndicator?: unknown; frequencyPerDay?: unknown } | undefined;
      const created = parsed(answer.text) as { consentId?: string } | undefined;
      if (
        answer.status === 201 &&
        asked?.recurringIndicator === (kind === 'recurring') &&
        asked.frequencyPerDay === undefined
      )
        defaulted.add(created!.consentId!);
      return answer;
    }
    const consent = /^\/v1\/consents\/([^/]+)$/.exec(request.path);
    if (request.method === 'GET' && consent && defaulted.has(consent[1]!)) {
      const answer = await forward(request);
      const body = parsed(answer.text) as Record<string, unknown> | undefined;
      return answer.status === 200 && body
        ? { ...answer, text: JSON.stringify({ ...body, frequencyPerDay: limit }) }
        : answer;
    }
    return budget(request, forward);
  };
}

/** A funds confirmation behind an idempotency layer: an X-Request-ID seen before gets the first answer again. */
function fundsAnswersReplayedById(): Behaviour {
  const first = new Map<string, ProxiedAnswer>();
  return async (request, forward) => {
    const key = headerOf(request, 'X-Request-ID')?.toLowerCase();
    if (request.method !== 'POST' || request.path !== '/v1/funds-confirmations' || !key) return forward(request);
    const earlier = first.get(key);
    if (earlier) return earlier;
    const answer = await forward(request);
    if (answer.status === 200) first.set(key, answer);
    return answer;
  };
}

/**
 * The sandbox's callbacks through a relay the proxy registers in the provider's place (showing the
 * provider its own URL back). `only-200-204`: a sender that takes only 200 and 204 for delivered —
 * the relay passes each attempt on and tells the sandbox 500 when the receiver answered another 2xx,
 * so the sandbox retries a 202. (A sender taking only 200 is caught already: the kit's receiver
 * acknowledges with 204, so CB-RETRY-001 sees the retry after it.) `keeps-old`: a second PUT with
 * another URL adds a registration beside the first — the relay sends each attempt to every URL
 * registered, the newest one's answer going back to the sandbox. `event-id-from-time`: the eventId
 * made from the revocation's time (to the minute here, so two revocations a few milliseconds apart
 * share it; to the second in the wild) — the relay rewrites it and signs the body again with the
 * registration's secret.
 */
async function relayedCallbacks(
  mode: 'only-200-204' | 'keeps-old' | 'event-id-from-time',
): Promise<{ behave: Behaviour; close(): Promise<void> }> {
  let registered: string[] = [];
  let secret = '';
  const send = (url: string, req: IncomingMessage, body: Buffer) =>
    new Promise<number>((resolve, reject) => {
      const { host: _host, 'content-length': _length, ...headers } = req.headers;
      headers['content-length'] = String(body.length);
      const onward = httpsRequest(new URL(url), { method: req.method, headers, ca: sim.ca, agent: false }, (answer) => {
        answer.resume();
        answer.on('end', () => resolve(answer.statusCode ?? 502));
      });
      onward.on('error', reject);
      onward.end(body);
    });
  const relay = createServer({ key: server.key, cert: server.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      let body = Buffer.concat(chunks);
      if (mode === 'event-id-from-time') {
        const event = JSON.parse(body.toString('utf8')) as { revokedAt: string };
        body = Buffer.from(JSON.stringify({ ...event, eventId: `evt-${event.revokedAt.slice(0, 16)}` }));
        const t = Number(/t=(\d+)/.exec(String(req.headers['x-service-signature']))?.[1]);
        req.headers['x-service-signature'] = signCallback(body, secret, t);
      }
      const urls = mode === 'keeps-old' ? registered : registered.slice(-1);
      Promise.all(urls.map((url) => send(url, req, body))).then(
        (statuses) => {
          const status = statuses.at(-1)!;
          res.writeHead(
            mode === 'only-200-204' && status >= 200 && status < 300 && status !== 200 && status !== 204 ? 500 : status,
          );
          res.end();
        },
        // The receiver dropped the connection: so does the relay, and the sandbox sees a connection failure.
        () => req.socket.destroy(),
      );
    });
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const relayUrl = `https://localhost:${(relay.address() as AddressInfo).port}/relay`;
  const shownBack = (answer: ProxiedAnswer): ProxiedAnswer => {
    const body = parsed(answer.text) as { url?: string } | undefined;
    return body?.url === relayUrl ? { ...answer, text: JSON.stringify({ ...body, url: registered.at(-1) }) } : answer;
  };
  const behave: Behaviour = async (request, forward) => {
    if (request.path !== '/v1/revocation-callback') return forward(request);
    if (request.method === 'PUT') {
      const body = parsed(request.text) as { url?: unknown } | undefined;
      if (typeof body?.url !== 'string') return forward(request);
      const answer = await forward({ ...request, text: JSON.stringify({ ...body, url: relayUrl }) });
      if (answer.status === 200 && registered.at(-1) !== body.url) registered = [...registered, body.url];
      if (answer.status === 200) secret = (parsed(answer.text) as { secret: string }).secret;
      return shownBack(answer);
    }
    if (request.method === 'DELETE') {
      const answer = await forward(request);
      if (answer.status === 204) registered = [];
      return answer;
    }
    return request.method === 'GET' ? shownBack(await forward(request)) : forward(request);
  };
  return {
    behave,
    close: () =>
      new Promise<void>((resolve) => {
        relay.closeAllConnections();
        relay.close(() => resolve());
      }),
  };
}

/**
 * Transactions filtered by dates compared as text in a form without leading zeros (`2026-5-10`), as a
 * bank storing dates that way would: the proxy drops from each filtered page the rows such a
 * comparison puts outside the range, among them rows strictly inside it.
 */
function datesComparedAsUnpaddedText(): Behaviour {
  const unpadded = (date: string) => date.replace(/-0/g, '-');
  return async (request, forward) => {
    const dateFrom = request.query.get('dateFrom');
    const dateTo = request.query.get('dateTo');
    if (request.method !== 'GET' || !request.path.endsWith('/transactions') || (!dateFrom && !dateTo))
      return forward(request);
    const answer = await forward(request);
    const body = parsed(answer.text) as { transactions?: Record<string, unknown> } | undefined;
    if (answer.status !== 200 || !body?.transactions) return answer;
    const outside = (row: { bookingDate?: string }) =>
      row.bookingDate !== undefined &&
      ((dateFrom !== null && unpadded(row.bookingDate) < unpadded(dateFrom)) ||
        (dateTo !== null && unpadded(row.bookingDate) > unpadded(dateTo)));
    const transactions = { ...body.transactions };
    for (const list of ['booked', 'pending'] as const) {
      const rows = transactions[list];
      if (Array.isArray(rows)) transactions[list] = (rows as { bookingDate?: string }[]).filter((row) => !outside(row));
    }
    return { ...answer, text: JSON.stringify({ ...body, transactions }) };
  };
}

/**
 * A grant checked per data type on the consent, not per account: the proxy asks the sandbox for each
 * data type the consent names on every account it names (so a read of any of them is served), and
 * shows the consent's `access` back as it was asked, narrowed to the accounts the sandbox granted.
 */
function grantPerDataType(): Behaviour {
  type Access = Partial<Record<'accounts' | 'balances' | 'transactions', { iban: string }[]>>;
  const asked = new Map<string, Access>();
  const ibansOf = (access: Access) =>
    new Set(Object.values(access).flatMap((list) => (list ?? []).map((ref) => ref.iban)));
  return async (request, forward) => {
    if (request.method === 'POST' && request.path === '/v1/consents') {
      const body = parsed(request.text) as { access?: Access } | undefined;
      if (!body?.access || typeof body.access !== 'object') return forward(request);
      const every = [...ibansOf(body.access)].map((iban) => ({ iban }));
      const widened: Access = { ...body.access };
      for (const type of ['balances', 'transactions'] as const)
        if ((body.access[type] ?? []).length > 0) widened[type] = every;
      const answer = await forward({ ...request, text: JSON.stringify({ ...body, access: widened }) });
      const created = parsed(answer.text) as { consentId?: string } | undefined;
      if (answer.status === 201 && created?.consentId) asked.set(created.consentId, body.access);
      return answer;
    }
    const consent = /^\/v1\/consents\/([^/]+)$/.exec(request.path);
    const original = request.method === 'GET' && consent ? asked.get(consent[1]!) : undefined;
    if (!original) return forward(request);
    const answer = await forward(request);
    const body = parsed(answer.text) as { access?: Access } | undefined;
    if (answer.status !== 200 || !body?.access) return answer;
    const granted = ibansOf(body.access);
    const shown = Object.fromEntries(
      Object.entries(original).map(([type, list]) => [type, (list ?? []).filter((ref) => granted.has(ref.iban))]),
    );
    return { ...answer, text: JSON.stringify({ ...body, access: shown }) };
  };
}

/**
 * Authorisations that lapse after 10 minutes instead of 15: a consent or payment whose first status
 * past awaiting the customer is an authorised one (`valid`; `ACSP` and the like), seen more than 10
 * minutes (of the sandbox's clock) after its creation, is shown as still awaiting the customer
 * (`received`, `RCVD`) from then on.
 */
function authorisationOfTenMinutes(): Behaviour {
  const LIFETIME_MS = 10 * 60_000;
  const createdAt = new Map<string, number>();
  const settled = new Set<string>();
  const lapsed = new Set<string>();
  const now = async () => (await sim.clock!.now()).getTime();
  return async (request, forward) => {
    const answer = await forward(request);
    const body = parsed(answer.text) as Record<string, unknown> | undefined;
    if (!body || answer.status >= 300) return answer;
    if (
      request.method === 'POST' &&
      (request.path === '/v1/consents' || /^\/v1\/payments\/[^/]+$/.test(request.path))
    ) {
      const id = (body.consentId ?? body.paymentId) as string | undefined;
      if (answer.status === 201 && id) createdAt.set(id, await now());
      return answer;
    }
    const read =
      /^\/v1\/consents\/([^/]+)(?:\/status)?$/.exec(request.path) ??
      /^\/v1\/payments\/[^/]+\/([^/]+)(?:\/status)?$/.exec(request.path);
    const id = request.method === 'GET' ? read?.[1] : undefined;
    const field =
      'consentStatus' in body ? 'consentStatus' : 'transactionStatus' in body ? 'transactionStatus' : undefined;
    if (!id || !field || !createdAt.has(id)) return answer;
    const waiting = field === 'consentStatus' ? 'received' : 'RCVD';
    if (!settled.has(id) && body[field] !== waiting) {
      settled.add(id);
      const authorised = ['valid', 'ACTC', 'ACSP', 'ACSC', 'PDNG'].includes(String(body[field]));
      if (authorised && (await now()) - createdAt.get(id)! > LIFETIME_MS) lapsed.add(id);
    }
    return lapsed.has(id) ? { ...answer, text: JSON.stringify({ ...body, [field]: waiting }) } : answer;
  };
}

/** The idempotency key compared on the instructed amount alone: any body of the same amount replays the first payment. */
function keyComparedOnTheAmount(): Behaviour {
  const first = new Map<string, string>();
  const amountOf = (text: string): unknown => {
    try {
      return (JSON.parse(text) as { instructedAmount?: { amount?: unknown } }).instructedAmount?.amount;
    } catch {
      return undefined;
    }
  };
  return async (request, forward) => {
    const key = headerOf(request, 'X-Request-ID')?.toLowerCase();
    if (request.method !== 'POST' || !/^\/v1\/payments\/[^/]+$/.test(request.path) || !key) return forward(request);
    const earlier = first.get(key);
    if (earlier !== undefined && amountOf(earlier) === amountOf(request.text))
      return forward({ ...request, text: earlier });
    const answer = await forward(request);
    if (earlier === undefined && answer.status === 201) first.set(key, request.text);
    return answer;
  };
}

/** An endpoint whose own amount check demands exactly two decimals: the funds confirmation, or instant payments. */
function amountWithTwoDecimals(path: RegExp): Behaviour {
  return async (request, forward) => {
    if (request.method !== 'POST' || !path.test(request.path)) return forward(request);
    const amount = (parsed(request.text) as { instructedAmount?: { amount?: unknown } } | undefined)?.instructedAmount
      ?.amount;
    if (typeof amount === 'string' && !/^[0-9]+\.[0-9]{2}$/.test(amount))
      return refusal(400, 'FORMAT_ERROR', headerOf(request, 'X-Request-ID'), {}, 'instructedAmount.amount');
    return forward(request);
  };
}

describe('the scenarios written for careless implementations', () => {
  it('pass against the sandbox behind a proxy that changes nothing', async () => {
    const summary = await runBehind((request, forward) => forward(request), NEW);
    expect(statusOf(summary)).toEqual(Object.fromEntries(NEW.map((id) => [id, 'passed'])));
  }, 120_000);

  it.each([
    {
      careless: 'a default frequencyPerDay of 1 when the request leaves it out',
      id: 'AIS-CONSENT-038',
      behave: () => frequencyDefault('recurring'),
      message: /frequencyPerDay of the received consent asked without it/,
    },
    {
      careless: 'a default frequencyPerDay of 4 filled in after a one-off consent was forced to 1',
      id: 'AIS-CONSENT-039',
      behave: () => frequencyDefault('one-off'),
      message: /frequencyPerDay of the received one-off consent asked without it/,
    },
    {
      careless: 'an authorisation that lapses after 10 minutes',
      id: 'SCA-EXPIRY-003',
      behave: authorisationOfTenMinutes,
      message: /status of a consent approved 12 minutes after its creation: expected "valid", got "received"/,
    },
    {
      careless: 'a grant checked per data type, not per account',
      id: 'AIS-DATA-017',
      behave: grantPerDataType,
      message: /balances of the second account: expected a refusal \(4xx CONSENT_INVALID\), got 200/,
    },
    {
      careless: 'an unattended budget counted per account',
      id: 'AIS-LIMIT-021',
      behave: budgetPerAccount,
      message: /unattended balances read of the second account: expected a refusal \(4xx ACCESS_EXCEEDED\), got 200/,
    },
    {
      careless: 'dates compared as text without leading zeros',
      id: 'AIS-PAGING-013',
      behave: datesComparedAsUnpaddedText,
      message: /missing from the filtered traversal/,
    },
    {
      careless: 'an idempotency key compared on the amount alone',
      id: 'PIS-IDEM-010',
      behave: keyComparedOnTheAmount,
      message: /the same key with another creditorAccount: expected a refusal \(4xx REQUEST_ID_REUSED\), got 201/,
    },
    {
      careless: 'instant payments that demand two decimals',
      id: 'PIS-INIT-013',
      behave: () => amountWithTwoDecimals(/^\/v1\/payments\/instant-sepa-credit-transfers$/),
      message: /status of an instant payment of "5": expected 201, got 400/,
    },
    {
      careless: 'a funds confirmation that demands two decimals',
      id: 'COF-029',
      behave: () => amountWithTwoDecimals(/^\/v1\/funds-confirmations$/),
      message: /funds confirmation of "1"/,
    },
    {
      careless: 'an idempotency layer replaying funds confirmations by X-Request-ID',
      id: 'COF-030',
      behave: fundsAnswersReplayedById,
      message: /fundsAvailable of the funds confirmation 2 under one X-Request-ID/,
    },
  ])(
    'catch $careless with $id, which the older scenarios of its rules missed',
    async ({ id, behave, message }) => {
      await expectCaught(harness, behave(), id, message, NEW);
    },
    240_000,
  );

  it.each([
    {
      careless: 'a callback sender that takes only 200 and 204 for delivered',
      id: 'CB-RETRY-006',
      mode: 'only-200-204' as const,
      message: /when it answered 202/,
    },
    {
      careless: 'an eventId made from the time of the revocation',
      id: 'CB-EVT-002',
      mode: 'event-id-from-time' as const,
      message: /two revocations carry one eventId, evt-/,
    },
    {
      careless: 'a second registration kept beside the first',
      id: 'CB-REG-005',
      mode: 'keeps-old' as const,
      // The old URL's refusal and the new URL's acknowledgement, in whichever order they arrived.
      message: /one delivery, acknowledged at the new URL; the receiver answered (204, 401|401, 204)/,
    },
  ])(
    'catch $careless with $id, which the older scenarios of its rules missed',
    async ({ id, mode, message }) => {
      const careless = await relayedCallbacks(mode);
      try {
        const older = olderOfTheRules(id);
        expect(older.length).toBeGreaterThan(0);
        const summary = await runBehind(careless.behave, [id, ...older]);
        const result = summary.results.find((item) => item.id === id)!;
        expect(result.status).toBe('failed');
        expect(result.failure?.message).toMatch(message);
        expect(
          Object.entries(statusOf(summary)).filter(([other, status]) => other !== id && status !== 'passed'),
        ).toEqual([]);
      } finally {
        await careless.close();
      }
    },
    240_000,
  );
});
