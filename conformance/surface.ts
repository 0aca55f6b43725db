/**
 * The interface's surface: what it offers and what it must not (spec "What the service does",
 * "Endpoint list", "Path parameters", "Versioning"). A generic Berlin Group stack tends to leave
 * its other routes switched on — bulk and periodic payments, card accounts, embedded SCA, other
 * products and versions — and to answer statuses its rows never name.
 */
import { randomUUID } from 'node:crypto';
import { matchEndpoint } from '../src/contract/endpoint-match.js';
import type { Reply } from '../src/kit/client.js';
import { ensure, ensureEqual } from '../src/kit/failure.js';
import { scenario } from '../src/kit/scenario.js';
import {
  accountList,
  aisAccess,
  answerOf,
  ATTENDED,
  completeConsentBody,
  consentStatus,
  createConsent,
  createPayment,
  initiatePayment,
  INSTANT,
  membersOf,
  paymentBody,
  resourceIdOf,
  SHARED_READ,
  sharedReadConsent,
  STANDARD,
  underConsent,
} from './steps.js';

/** A refusal that created nothing: a 4xx (held to the envelope by the client) naming no new resource. */
function ensureNothingCreated(reply: Reply, what: string): void {
  ensure(reply.status >= 400 && reply.status < 500, `${what}: expected a refusal (4xx), got ${reply.status}`, {
    expected: '4xx',
    actual: reply.json ?? reply.text,
  });
  const body = membersOf(reply.json);
  for (const id of ['paymentId', 'basketId', 'consentId', 'authorisationId'])
    ensure(!(id in body), `${what}: the refusal names a ${id}`, { actual: body });
}

/** The statuses an endpoint row allows (success and errors) minus the 5xx: a well-formed request meets no other. */
function ensureRowStatus(reply: Reply, method: string, path: string, what: string): void {
  const entry = matchEndpoint(method, new URL(path, 'https://target.invalid').pathname);
  ensure(entry, `${what}: ${method} ${path} is a row of the endpoint table`);
  const allowed = [entry.success.status, ...entry.errors.filter((status) => status < 500)];
  ensure(
    allowed.includes(reply.status),
    `${what}: ${reply.status} is not a status of the ${entry.operationId} row (${allowed.join(', ')})`,
    { expected: allowed, actual: answerOf(reply) },
  );
}

export const surfaceScenarios = [
  scenario({
    id: 'SCOPE-001',
    title:
      'Bulk payments, periodic payments and signing baskets have no endpoint: a valid body sent there creates nothing',
    rules: ['SCOPE-2'],
    spec: 'What the service does (single SEPA credit transfers only); Endpoint list',
    area: 'payments',
    expect: {},
    async run(ctx) {
      const single = paymentBody(ctx);
      const attempts: [string, unknown][] = [
        [
          '/v1/bulk-payments/sepa-credit-transfers',
          {
            batchBookingPreferred: false,
            debtorAccount: single.debtorAccount,
            payments: [
              {
                instructedAmount: single.instructedAmount,
                creditorAccount: single.creditorAccount,
                creditorName: single.creditorName,
              },
            ],
          },
        ],
        [
          '/v1/bulk-payments/instant-sepa-credit-transfers',
          {
            debtorAccount: single.debtorAccount,
            payments: [
              {
                instructedAmount: single.instructedAmount,
                creditorAccount: single.creditorAccount,
                creditorName: single.creditorName,
              },
            ],
          },
        ],
        ['/v1/periodic-payments/sepa-credit-transfers', { ...single, startDate: '2030-01-01', frequency: 'Monthly' }],
        ['/v1/signing-baskets', { paymentIds: [randomUUID()] }],
      ];
      for (const [path, body] of attempts) {
        ensureNothingCreated(
          await ctx.api.call({
            method: 'POST',
            path,
            headers: { 'TPP-Redirect-URI': ctx.fixtures.redirectUri, ...ATTENDED },
            body,
          }),
          `POST ${path}`,
        );
      }
    },
  }),
  scenario({
    id: 'SCOPE-002',
    title: 'There is no card-account endpoint, and every account, balance and transaction reported is in EUR',
    rules: ['SCOPE-3', 'AIS-DATA-3'],
    spec: 'What the service does (no card accounts, no multi-currency accounts)',
    area: 'ais-data',
    shares: [SHARED_READ],
    expect: { currency: 'EUR' },
    async run(ctx, expect) {
      const { consentId } = await sharedReadConsent(ctx);
      const headers = underConsent(consentId);
      for (const path of ['/v1/card-accounts', `/v1/card-accounts/${randomUUID()}/balances`]) {
        const reply = await ctx.api.call({ path, headers });
        ensure(
          reply.status >= 400 && reply.status < 500,
          `GET ${path}: expected a refusal (4xx), got ${reply.status}`,
          { actual: reply.json ?? reply.text },
        );
      }
      const { accounts } = (await ctx.api.getAccountList({ headers })).success('GET /v1/accounts');
      for (const account of accounts) {
        ensureEqual(account.currency, expect.currency, `currency of account ${account.iban}`);
        const accountId = account.resourceId;
        const balances = (await ctx.api.getBalances({ accountId, headers })).success(`the balances of ${account.iban}`);
        for (const balance of balances.balances)
          ensureEqual(balance.balanceAmount.currency, expect.currency, `balance currency of ${account.iban}`);
        const transactions = await ctx.api.getTransactionList({ accountId, headers, query: { bookingStatus: 'both' } });
        const { booked = [], pending = [] } = transactions.success(`the transactions of ${account.iban}`).transactions;
        const foreign = [...booked, ...pending].find((row) => row.transactionAmount.currency !== expect.currency);
        ensure(!foreign, `a transaction of ${account.iban} is in ${foreign?.transactionAmount.currency}`, {
          actual: foreign,
        });
      }
    },
  }),
  scenario({
    id: 'SCOPE-003',
    title:
      'Redirect is the only approach: no embedded or decoupled step exists, and asking for another approach still gets scaRedirect',
    rules: ['SCOPE-4', 'AIS-CONSENT-21'],
    spec: 'What the service does (redirect only); Behaviour notes / Consents 1 (the authorisation serves polling only)',
    area: 'sca',
    expect: { status: 'received' },
    async run(ctx, expect) {
      const created = await createConsent(
        ctx,
        { access: aisAccess([ctx.fixtures.ibans.main], ['balances']) },
        { headers: { 'TPP-Redirect-Preferred': 'false', 'TPP-Decoupled-Preferred': 'true' } },
      );
      const links = Object.keys(created.created._links);
      const other = links.filter((name) =>
        /^(startAuthorisation|selectAuthenticationMethod|scaOAuth|updatePsu|authoriseTransaction)/.test(name),
      );
      ensureEqual(other, [], 'links of another SCA approach on a creation that asked for one');
      const base = `/v1/consents/${created.consentId}/authorisations`;
      const attempts: [string, string, unknown][] = [
        ['POST', base, {}],
        ['POST', base, { psuData: { password: 'secret' } }],
        ['PUT', `${base}/${created.authorisationId}`, { psuData: { password: 'secret' } }],
        ['PUT', `${base}/${created.authorisationId}`, { scaAuthenticationData: '123456' }],
        ['PUT', `${base}/${created.authorisationId}`, { authenticationMethodId: 'SMS' }],
      ];
      for (const [method, path, body] of attempts)
        ensureNothingCreated(
          await ctx.api.call({ method, path, body }),
          `${method} ${path.replace(created.consentId, '{consent}')} ${JSON.stringify(body)}`,
        );
      ensureEqual(
        await consentStatus(ctx, created.consentId),
        expect.status,
        'consent status after the embedded attempts',
      );
      const list = (await ctx.api.getConsentAuthorisations(created)).success('the authorisation list');
      ensureEqual(list.authorisationIds, [created.authorisationId], 'authorisationIds after the embedded attempts');
      const payment = await createPayment(ctx, paymentBody(ctx));
      const paymentBase = `/v1/payments/${STANDARD}/${payment.paymentId}/authorisations`;
      ensureNothingCreated(
        await ctx.api.call({ method: 'POST', path: paymentBase, body: { psuData: { password: 'secret' } } }),
        'POST payment authorisations',
      );
      ensureNothingCreated(
        await ctx.api.call({
          method: 'PUT',
          path: `${paymentBase}/${payment.authorisationId}`,
          body: { scaAuthenticationData: '123456' },
        }),
        'PUT payment authorisation',
      );
    },
  }),
  scenario({
    id: 'PIS-PRODUCT-001',
    title: 'Only the two SEPA products exist: an initiation under any other payment_product creates nothing',
    rules: ['HDR-14'],
    spec: 'Path parameters (payment_product: sepa-credit-transfers, instant-sepa-credit-transfers)',
    area: 'payments',
    expect: { created: 201 },
    async run(ctx, expect) {
      for (const product of [
        'target-2-payments',
        'cross-border-credit-transfers',
        'pain.001-sepa-credit-transfers',
        'SEPA-CREDIT-TRANSFERS',
        'sepa-credit-transfer',
        'instant-sepa-credit-transfers-x',
      ]) {
        ensureNothingCreated(await initiatePayment(ctx, paymentBody(ctx), { product }), `POST /v1/payments/${product}`);
      }
      for (const product of [STANDARD, INSTANT])
        ensureEqual(
          (await initiatePayment(ctx, paymentBody(ctx), { product })).status,
          expect.created,
          `status under ${product}`,
        );
    },
  }),
  scenario({
    id: 'VER-001',
    title:
      'Every path carries /v1: without it or with another version nothing is served; no Deprecation or Sunset header is observed',
    rules: ['VER-1', 'OPEN-19'],
    spec: 'Versioning (one version under /v1)',
    area: 'identity',
    shares: [SHARED_READ],
    expect: {},
    async run(ctx) {
      const { consentId } = await sharedReadConsent(ctx);
      const served = await accountList(ctx, consentId);
      ensureEqual(served.status, 200, 'status of GET /v1/accounts');
      for (const path of ['/accounts', '/v2/accounts', '/v0/accounts', '/v1.0/accounts']) {
        const reply = await ctx.api.call({ path, headers: { 'Consent-ID': consentId, ...ATTENDED } });
        ensure(
          reply.status >= 400 && reply.status < 500,
          `GET ${path}: expected a refusal (4xx), got ${reply.status}`,
          { actual: reply.json ?? reply.text },
        );
      }
      ensureNothingCreated(
        await ctx.api.call({
          method: 'POST',
          path: '/consents',
          headers: { 'TPP-Redirect-URI': ctx.fixtures.redirectUri, ...ATTENDED },
          body: completeConsentBody({ access: aisAccess([ctx.fixtures.ibans.main], ['balances']) }),
        }),
        'POST /consents',
      );
      ctx.observe('Deprecation and Sunset headers on GET /v1/accounts (deprecation is not shown)', {
        deprecation: served.header('deprecation') ?? null,
        sunset: served.header('sunset') ?? null,
      });
    },
  }),
  scenario({
    id: 'ID-JSON-001',
    title: 'Every answer with a body is JSON declared as application/json: successes and refusals of every class',
    rules: ['HDR-9'],
    spec: 'Endpoint list (JSON bodies)',
    area: 'identity',
    shares: [SHARED_READ],
    expect: { type: 'application/json' },
    async run(ctx, expect) {
      const { consentId } = await sharedReadConsent(ctx);
      const accountId = await resourceIdOf(ctx, consentId, ctx.fixtures.ibans.main);
      const payment = await initiatePayment(ctx, paymentBody(ctx));
      const replies: [string, Reply][] = [
        ['201 payment initiation', payment],
        ['200 account list', await accountList(ctx, consentId)],
        ['200 balances', await ctx.api.getBalances({ accountId, headers: underConsent(consentId) })],
        ['200 consent status', await ctx.api.getConsentStatus({ consentId })],
        [
          '400 refusal',
          await initiatePayment(ctx, paymentBody(ctx, { instructedAmount: { currency: 'EUR', amount: '0' } })),
        ],
        ['refusal without a certificate', await ctx.anonymous.getAccountList({ headers: { 'Consent-ID': consentId } })],
        ['refusal of an unknown consent', await ctx.api.getConsent({ consentId: randomUUID() })],
        ['404 refusal', await ctx.api.getPaymentInformation({ paymentId: randomUUID() })],
      ];
      for (const [what, reply] of replies) {
        ensure(reply.status < 500, `${what}: answered ${reply.status}`, { actual: reply.text });
        ensure(reply.text !== '' && reply.json !== undefined, `${what}: the body is JSON`, { actual: reply.text });
        const type = reply.header('content-type') ?? '';
        ensureEqual(type.split(';')[0]!.trim().toLowerCase(), expect.type, `${what}: Content-Type`);
      }
    },
  }),
  scenario({
    id: 'ID-STATUS-001',
    title:
      'Well-formed requests meet only the statuses of their endpoint row: no 404 on account data or consents, no 409 outside payment initiation',
    rules: ['HDR-13'],
    spec: 'Endpoint list (success and error statuses per row)',
    area: 'identity',
    shares: [SHARED_READ],
    expect: {},
    async run(ctx) {
      const { consentId } = await sharedReadConsent(ctx);
      const attended = { 'Consent-ID': consentId, ...ATTENDED };
      const unknown = randomUUID();
      const key = randomUUID();
      const consentBody = {
        access: aisAccess([ctx.fixtures.ibans.main], ['balances']),
        recurringIndicator: false,
        validUntil: '9999-12-31',
        frequencyPerDay: 1,
        combinedServiceIndicator: false,
      };
      const calls: {
        method?: string;
        path: string;
        headers?: Record<string, string>;
        body?: unknown;
        requestId?: string;
      }[] = [
        { path: `/v1/accounts/${unknown}`, headers: attended },
        { path: `/v1/accounts/${unknown}/balances`, headers: attended },
        { path: `/v1/accounts/${ctx.fixtures.ibans.main}/transactions?bookingStatus=booked`, headers: attended },
        { path: '/v1/accounts', headers: { 'Consent-ID': unknown, ...ATTENDED } },
        { path: `/v1/consents/${unknown}` },
        { path: `/v1/consents/${unknown}/status` },
        { path: `/v1/consents/${unknown}/authorisations` },
        { method: 'DELETE', path: `/v1/consents/${unknown}` },
        { path: `/v1/consents/confirmation-of-funds/${unknown}` },
        { path: `/v1/consents/${consentId}/authorisations/${unknown}` },
        {
          method: 'POST',
          path: '/v1/consents',
          headers: { 'TPP-Redirect-URI': ctx.fixtures.redirectUri, ...ATTENDED },
          body: consentBody,
          requestId: key,
        },
        {
          method: 'POST',
          path: '/v1/consents',
          headers: { 'TPP-Redirect-URI': ctx.fixtures.redirectUri, ...ATTENDED },
          body: consentBody,
          requestId: key,
        },
        {
          method: 'POST',
          path: '/v1/consents/confirmation-of-funds',
          headers: { 'TPP-Redirect-URI': ctx.fixtures.redirectUri },
          body: { account: { iban: ctx.fixtures.ibans.main } },
          requestId: key,
        },
        {
          method: 'POST',
          path: '/v1/funds-confirmations',
          headers: { 'Consent-ID': unknown, ...ATTENDED },
          body: { account: { iban: ctx.fixtures.ibans.main }, instructedAmount: { currency: 'EUR', amount: '1.00' } },
        },
        { path: `/v1/payments/sepa-credit-transfers/${unknown}/status` },
        { method: 'DELETE', path: `/v1/payments/instant-sepa-credit-transfers/${unknown}` },
      ];
      for (const call of calls) {
        const reply = await ctx.api.call({ ...call, ...(call.requestId ? { requestId: call.requestId } : {}) });
        ensureRowStatus(
          reply,
          call.method ?? 'GET',
          call.path,
          `${call.method ?? 'GET'} ${call.path.replace(unknown, '{unknown}').replace(consentId, '{consent}')}`,
        );
      }
    },
  }),
  scenario({
    id: 'AIS-DATA-013',
    title: 'Account data and funds confirmations without Consent-ID are refused and return no data',
    rules: ['HDR-3'],
    spec: 'Request headers (Consent-ID: required on account-data requests and POST /v1/funds-confirmations)',
    area: 'ais-data',
    shares: [SHARED_READ],
    expect: {},
    async run(ctx) {
      const { consentId } = await sharedReadConsent(ctx);
      const accountId = await resourceIdOf(ctx, consentId, ctx.fixtures.ibans.main);
      const calls: [string, string, unknown][] = [
        ['GET', '/v1/accounts', undefined],
        ['GET', `/v1/accounts/${accountId}`, undefined],
        ['GET', `/v1/accounts/${accountId}/balances`, undefined],
        ['GET', `/v1/accounts/${accountId}/transactions?bookingStatus=booked`, undefined],
        [
          'POST',
          '/v1/funds-confirmations',
          { account: { iban: ctx.fixtures.ibans.main }, instructedAmount: { currency: 'EUR', amount: '1.00' } },
        ],
      ];
      for (const [method, path, body] of calls) {
        const reply = await ctx.api.call({ method, path, headers: ATTENDED, ...(body === undefined ? {} : { body }) });
        const what = `${method} ${path.replace(accountId, '{account}')} without Consent-ID`;
        ensure(reply.status >= 400 && reply.status < 500, `${what}: expected a refusal (4xx), got ${reply.status}`, {
          actual: reply.json ?? reply.text,
        });
        const data = membersOf(reply.json);
        for (const field of ['accounts', 'account', 'balances', 'transactions', 'fundsAvailable'])
          ensure(!(field in data), `${what}: the refusal carries ${field}`, { actual: data });
        ctx.observe(`${what} (the code is not stated)`, answerOf(reply));
      }
    },
  }),
];
