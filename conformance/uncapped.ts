/**
 * "Uncapped" on every uncapped operation (spec "Limits": consent create, read, status and delete,
 * authorisation reads, everything under /v1/payments and the revocation-callback operations answer
 * no 429 and carry no rate-limit headers): a table with one row per operation of the endpoint table
 * that the interface does not cap, both consent kinds and both payment products, each served and
 * refused, called more often than any daily budget allows. The table's type names every uncapped
 * operation, so a row added to the endpoint table without one here does not compile.
 */
import { randomUUID } from 'node:crypto';
import type { OperationId } from '../src/contract/endpoints.js';
import type { Reply } from '../src/kit/client.js';
import type { ScenarioContext } from '../src/kit/context.js';
import { ensure } from '../src/kit/failure.js';
import { scenario } from '../src/kit/scenario.js';
import { expectUncapped } from './rate-limit.js';
import {
  aisAccess,
  consentFrom,
  createdPayment,
  follow,
  INSTANT,
  initiatePayment,
  paymentBody,
  requestCofConsent,
  requestConsent,
  STANDARD,
} from './steps.js';

/** The operations the interface caps (spec "Limits"): account data and funds confirmations. */
export const CAPPED = [
  'getAccountList',
  'readAccountDetails',
  'getBalances',
  'getTransactionList',
  'checkAvailabilityOfFunds',
] as const satisfies readonly OperationId[];
type Uncapped = Exclude<OperationId, (typeof CAPPED)[number]>;

/** What one round of calls works on: a consent of each kind and a payment of each product, made in that round. */
interface Round {
  ais: { consentId: string; authorisationId: string };
  cof: { consentId: string; authorisationId: string; scaStatus: string };
  payments: { paymentId: string; authorisationId: string; product: string }[];
}

/**
 * Labelled answers of one operation in one round: served (must not be refused), refused on purpose,
 * and open (served or refused as the bank chooses, never a 5xx).
 */
type Answers = { served: [string, Reply][]; refused: [string, Reply][]; open?: [string, Reply][] };
type Row = (ctx: ScenarioContext, round: Round) => Promise<Answers>;

const unknownId = () => `xs2a-kit-unknown-${randomUUID()}`;
const CALLBACK_URL = 'https://tpp.example/xs2a/revocations';

/** A read of each payment of the round and of an unknown payment of each product. */
function perPayment(
  what: string,
  call: (ctx: ScenarioContext, payment: Round['payments'][number], authorisationId: string) => Promise<Reply>,
): Row {
  return async (ctx, round) => {
    const served: [string, Reply][] = [];
    const refused: [string, Reply][] = [];
    for (const payment of round.payments) {
      served.push([`${what} (${payment.product})`, await call(ctx, payment, payment.authorisationId)]);
      const unknown = { ...payment, paymentId: unknownId() };
      refused.push([`${what} of an unknown payment (${payment.product})`, await call(ctx, unknown, unknownId())]);
    }
    return { served, refused };
  };
}

const CONSENT_ROWS = {
  // The creations of the round are made before the rows run; each row here is what a creation answers when refused.
  createConsent: async (ctx) => ({
    served: [],
    refused: [['POST /v1/consents without access', await requestConsent(ctx, { recurringIndicator: true })]],
  }),
  createFundsConfirmationConsent: async (ctx) => ({
    served: [],
    refused: [
      [
        'POST /v1/consents/confirmation-of-funds without account',
        await ctx.api.createFundsConfirmationConsent({
          headers: { 'TPP-Redirect-URI': ctx.fixtures.redirectUri },
          body: {},
        }),
      ],
    ],
  }),
  getConsent: async (ctx, round) => ({
    served: [['GET /v1/consents/{id}', await ctx.api.getConsent(round.ais)]],
    refused: [['GET /v1/consents/{unknown}', await ctx.api.getConsent({ consentId: unknownId() })]],
  }),
  getConsentStatus: async (ctx, round) => ({
    served: [['GET /v1/consents/{id}/status', await ctx.api.getConsentStatus(round.ais)]],
    refused: [['GET /v1/consents/{unknown}/status', await ctx.api.getConsentStatus({ consentId: unknownId() })]],
  }),
  getConsentAuthorisations: async (ctx, round) => ({
    served: [['GET /v1/consents/{id}/authorisations', await ctx.api.getConsentAuthorisations(round.ais)]],
    refused: [
      ['GET /v1/consents/{unknown}/authorisations', await ctx.api.getConsentAuthorisations({ consentId: unknownId() })],
    ],
  }),
  getConsentScaStatus: async (ctx, round) => ({
    served: [['GET /v1/consents/{id}/authorisations/{id}', await ctx.api.getConsentScaStatus(round.ais)]],
    refused: [
      [
        'GET /v1/consents/{id}/authorisations/{unknown}',
        await ctx.api.getConsentScaStatus({ consentId: round.ais.consentId, authorisationId: unknownId() }),
      ],
    ],
  }),
  getFundsConfirmationConsent: async (ctx, round) => ({
    served: [['GET /v1/consents/confirmation-of-funds/{id}', await ctx.api.getFundsConfirmationConsent(round.cof)]],
    refused: [
      [
        'GET /v1/consents/confirmation-of-funds/{unknown}',
        await ctx.api.getFundsConfirmationConsent({ consentId: unknownId() }),
      ],
    ],
  }),
  getFundsConfirmationConsentStatus: async (ctx, round) => ({
    served: [
      [
        'GET /v1/consents/confirmation-of-funds/{id}/status',
        await ctx.api.getFundsConfirmationConsentStatus(round.cof),
      ],
    ],
    refused: [
      [
        'GET /v1/consents/confirmation-of-funds/{unknown}/status',
        await ctx.api.getFundsConfirmationConsentStatus({ consentId: unknownId() }),
      ],
    ],
  }),
  // Not rows of the interface's endpoint table (a bank need not offer them): the CoF consent's
  // authorisation is read where its creation's scaStatus link leads (spec "Links"; "Versioning" 4).
  getFundsConfirmationConsentAuthorisations: null,
  getFundsConfirmationConsentScaStatus: async (ctx, round) => ({
    served: [['the CoF consent’s scaStatus link', await follow(ctx, round.cof.scaStatus)]],
    refused: [],
  }),
  // The deletions end the round's consents: they run last. Whether a consent still `received` can
  // be deleted is open (OPEN-4, setting consent.deleteNotValid): 204 or CONSENT_INVALID.
  deleteConsent: async (ctx, round) => ({
    served: [],
    open: [['DELETE /v1/consents/{id} of a received consent', await ctx.api.deleteConsent(round.ais)]],
    refused: [['DELETE /v1/consents/{unknown}', await ctx.api.deleteConsent({ consentId: unknownId() })]],
  }),
  deleteFundsConfirmationConsent: async (ctx, round) => ({
    served: [],
    open: [
      [
        'DELETE /v1/consents/confirmation-of-funds/{id} of a received consent',
        await ctx.api.deleteFundsConfirmationConsent(round.cof),
      ],
    ],
    refused: [
      [
        'DELETE /v1/consents/confirmation-of-funds/{unknown}',
        await ctx.api.deleteFundsConfirmationConsent({ consentId: unknownId() }),
      ],
    ],
  }),
} satisfies Partial<Record<Uncapped, Row | null>>;

const PAYMENT_ROWS = {
  initiatePayment: async (ctx) => {
    const refused: [string, Reply][] = [];
    for (const product of [STANDARD, INSTANT]) {
      const zero = paymentBody(ctx, { instructedAmount: { currency: 'EUR', amount: '0.00' } });
      refused.push([`POST /v1/payments/${product} of a zero amount`, await initiatePayment(ctx, zero, { product })]);
    }
    return { served: [], refused };
  },
  getPaymentInformation: perPayment('GET /v1/payments/{product}/{id}', (ctx, payment) =>
    ctx.api.getPaymentInformation(payment),
  ),
  getPaymentInitiationStatus: perPayment('GET /v1/payments/{product}/{id}/status', (ctx, payment) =>
    ctx.api.getPaymentInitiationStatus(payment),
  ),
  getPaymentInitiationAuthorisations: perPayment('GET /v1/payments/{product}/{id}/authorisations', (ctx, payment) =>
    ctx.api.getPaymentInitiationAuthorisations(payment),
  ),
  getPaymentInitiationScaStatus: perPayment(
    'GET /v1/payments/{product}/{id}/authorisations/{id}',
    (ctx, payment, authorisationId) => ctx.api.getPaymentInitiationScaStatus({ ...payment, authorisationId }),
  ),
  // The cancellations end the round's payments: they run last.
  cancelPayment: perPayment('DELETE /v1/payments/{product}/{id}', (ctx, payment) => ctx.api.cancelPayment(payment)),
} satisfies Partial<Record<Uncapped, Row>>;

const CALLBACK_ROWS = {
  putRevocationCallback: async (ctx) => ({
    served: [['PUT /v1/revocation-callback', await ctx.api.putRevocationCallback({ body: { url: CALLBACK_URL } })]],
    refused: [
      [
        'PUT /v1/revocation-callback with an http URL',
        await ctx.api.putRevocationCallback({ body: { url: 'http://tpp.example/xs2a/revocations' } }),
      ],
    ],
  }),
  getRevocationCallback: async (ctx) => ({
    served: [['GET /v1/revocation-callback', await ctx.api.getRevocationCallback()]],
    refused: [],
  }),
  // Last: after it, a GET answers 404 (no callback registered), which carries no headers either.
  deleteRevocationCallback: async (ctx) => ({
    served: [['DELETE /v1/revocation-callback', await ctx.api.deleteRevocationCallback()]],
    refused: [['GET /v1/revocation-callback with none registered', await ctx.api.getRevocationCallback()]],
  }),
} satisfies Partial<Record<Uncapped, Row>>;

/** Every uncapped operation has its row, or null where it is none of the interface's (the compiler holds it). */
export const UNCAPPED: Record<Uncapped, Row | null> = { ...CONSENT_ROWS, ...PAYMENT_ROWS, ...CALLBACK_ROWS };

/** A consent of each kind and a payment of each product, each creation answer itself held to "uncapped". */
async function newRound(ctx: ScenarioContext, call: number): Promise<Round> {
  const aisCreation = await requestConsent(ctx, { access: aisAccess([ctx.fixtures.ibans.main], ['balances']) });
  const cofCreation = await requestCofConsent(ctx);
  expectUncapped(aisCreation, `POST /v1/consents (call ${call})`);
  expectUncapped(cofCreation, `POST /v1/consents/confirmation-of-funds (call ${call})`);
  const payments: Round['payments'] = [];
  for (const product of [STANDARD, INSTANT]) {
    const initiation = await initiatePayment(ctx, paymentBody(ctx), { product });
    expectUncapped(initiation, `POST /v1/payments/${product} (call ${call})`);
    payments.push({ ...createdPayment(initiation), product });
  }
  const cof = consentFrom(ctx, cofCreation, 'cof');
  return {
    ais: consentFrom(ctx, aisCreation),
    cof: { ...cof, scaStatus: cof.created._links.scaStatus.href },
    payments,
  };
}

/** Runs rows `calls` times, holding every answer to "uncapped" and every served one to not being refused. */
async function runRows(
  ctx: ScenarioContext,
  rows: Partial<Record<Uncapped, Row | null>>,
  calls: number,
  round: (call: number) => Promise<Round>,
): Promise<void> {
  for (let call = 1; call <= calls; call += 1) {
    const world = await round(call);
    for (const row of Object.values(rows)) {
      if (row === null) continue;
      const { served, refused, open = [] } = await row(ctx, world);
      for (const [what, reply] of served) {
        ensure(reply.status < 400, `${what} (call ${call}) is served, got ${reply.status}`, {
          actual: reply.json ?? reply.text,
          exchange: reply.evidence,
        });
        expectUncapped(reply, `${what} (call ${call})`);
      }
      for (const [what, reply] of refused) expectUncapped(reply, `${what} (call ${call})`);
      for (const [what, reply] of open) {
        ensure(reply.status < 500, `${what} (call ${call}) is answered, got ${reply.status}`, {
          actual: reply.json ?? reply.text,
          exchange: reply.evidence,
        });
        expectUncapped(reply, `${what} (call ${call})`);
      }
    }
  }
}

export const uncappedScenarios = [
  scenario({
    id: 'AIS-LIMIT-018',
    title:
      'Every consent and payment operation, of both consent kinds and both products, served or refused, is uncapped: six calls each, no 429, no rate-limit header',
    spec: 'Limits (uncapped operations: consent create/read/status/delete, authorisation reads, everything under /v1/payments: no 429, no rate-limit headers)',
    rules: ['LIMIT-12', 'LIMIT-13', 'OPEN-18'],
    area: 'limits',
    expect: { calls: 6 },
    async run(ctx, expect) {
      await runRows(ctx, { ...CONSENT_ROWS, ...PAYMENT_ROWS }, expect.calls, (call) => newRound(ctx, call));
    },
  }),
  scenario({
    id: 'AIS-LIMIT-019',
    title:
      'Every revocation-callback operation, served or refused, is uncapped: six calls each, no 429, no rate-limit header',
    spec: 'Limits (uncapped operations: revocation callback operations: no 429, no rate-limit headers)',
    rules: ['LIMIT-13', 'OPEN-18'],
    area: 'limits',
    needs: ['callback-endpoint'],
    expect: { calls: 6 },
    async run(ctx, expect) {
      const none = {
        ais: { consentId: '', authorisationId: '' },
        cof: { consentId: '', authorisationId: '', scaStatus: '' },
      };
      await runRows(ctx, CALLBACK_ROWS, expect.calls, () => Promise.resolve({ ...none, payments: [] }));
    },
  }),
];
