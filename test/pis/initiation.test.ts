import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { issueQwac } from '../../src/certs/index.js';
import { PaymentInitiationResponseSchema } from '../../src/contract/index.js';
import { codeOf, ibansOf, NOK_REDIRECT, UUID_V4 } from '../helpers/ais.js';
import {
  created,
  initiate,
  INSTANT,
  NON_SEPA_IBAN,
  paymentRows,
  STANDARD,
  transfer,
  UNHELD_SERVICE_IBAN,
} from '../helpers/pis.js';
import { certificateFolder, testSandbox, type TestSandbox } from '../helpers/sandbox.js';

let t: TestSandbox;
let anna: string[];
let clara: string;

beforeAll(async () => {
  t = await testSandbox(await certificateFolder(), { clockStart: '2026-03-02T10:00:00Z' });
  anna = ibansOf(t, 'anna');
  clara = ibansOf(t, 'clara')[0]!;
});
afterAll(() => t.sandbox.close());
beforeEach(() => t.sandbox.reset());

const count = async () => (await paymentRows(t)).length;

describe('POST /v1/payments/{payment_product}', () => {
  it.each([STANDARD, INSTANT])(
    'answers 201 RCVD for %s with ids, Location and links, scaRedirect absolute with a UUID v4 state',
    async (product) => {
      const { answer } = await initiate(t, transfer(anna[0]!), {
        product,
        headers: { 'TPP-NOK-Redirect-URI': NOK_REDIRECT, 'PSU-IP-Address': '192.0.2.1' },
      });
      expect(answer.status).toBe(201);
      const body = PaymentInitiationResponseSchema.parse(answer.json);
      expect(Object.keys(body).sort()).toEqual(['_links', 'authorisationId', 'paymentId', 'transactionStatus']);
      expect(answer.headers.location).toBe(body._links.self?.href);
      const redirect = new URL(body._links.scaRedirect.href);
      expect(redirect.origin).toBe(new URL(t.sandbox.portalUrl).origin);
      expect(redirect.pathname).toBe(`/sca/${body.authorisationId}`);
      expect(redirect.searchParams.get('state')).toMatch(UUID_V4);
      expect(body._links.scaStatus?.href).toContain(body.authorisationId);
      expect(await paymentRows(t)).toEqual([
        expect.objectContaining({
          paymentId: body.paymentId,
          product,
          transactionStatus: 'RCVD',
          psuId: null,
          tpp: 'PSDDE-BAFIN-123456',
        }),
      ]);
    },
  );

  it('accepts a live account of the service as creditor, and one whose IBAN the service does not know at another bank', async () => {
    expect((await initiate(t, transfer(anna[0]!, { creditorAccount: { iban: clara } }))).answer.status).toBe(201);
    expect(
      (
        await initiate(
          t,
          transfer(anna[0]!, { creditorAccount: { iban: 'FR1420041010050500013M02606', bic: 'PSSTFRPPXXX' } }),
        )
      ).answer.status,
    ).toBe(201);
  });

  it('answers an unknown payment product with 404 RESOURCE_UNKNOWN and creates nothing', async () => {
    for (const product of ['bulk-payments', 'cross-border-credit-transfers', 'SEPA-CREDIT-TRANSFERS']) {
      const { answer } = await initiate(t, transfer(anna[0]!), { product });
      expect([answer.status, codeOf(answer)]).toEqual([404, 'RESOURCE_UNKNOWN']);
    }
    expect(await count()).toBe(0);
  });

  it('refuses a provider without PSP_PI with 403 ROLE_INVALID, on initiation and on every payment operation', async () => {
    const aisOnly = issueQwac({
      ca: { cert: t.ca, key: t.caKey },
      name: 'Info Only',
      organizationIdentifier: 'PSDDE-BAFIN-654323',
      roles: ['PSP_AI', 'PSP_IC'],
    });
    const refused = await initiate(t, transfer(anna[0]!), { client: aisOnly });
    expect(refused.answer.status).toBe(403);
    expect(refused.answer.json).toEqual({
      tppMessages: [
        {
          category: 'ERROR',
          code: 'ROLE_INVALID',
          text: "This service needs the role PSP_PI in the certificate's PSD2 statement.",
        },
      ],
    });
    const { paymentId, authorisationId } = await created(t, transfer(anna[0]!));
    const base = `/v1/payments/${STANDARD}/${paymentId}`;
    for (const [method, path] of [
      ['GET', base],
      ['GET', `${base}/status`],
      ['GET', `${base}/authorisations`],
      ['GET', `${base}/authorisations/${authorisationId}`],
      ['DELETE', base],
    ]) {
      const answer = await t.call({ method, path: path!, client: aisOnly });
      expect([answer.status, codeOf(answer)], `${method} ${path}`).toEqual([403, 'ROLE_INVALID']);
    }
    expect(await count()).toBe(1);
  });
});

describe('malformed initiation', () => {
  it.each([
    [
      'a debtor IBAN with a bad checksum',
      { debtorAccount: { iban: 'DE00123456780000100001' } },
      'FORMAT_ERROR',
      'debtorAccount.iban',
    ],
    [
      'a creditor IBAN of the wrong length',
      { creditorAccount: { iban: 'DE8937040044053201300' } },
      'FORMAT_ERROR',
      'creditorAccount.iban',
    ],
    [
      'a creditor IBAN in lower case',
      { creditorAccount: { iban: 'de89370400440532013000' } },
      'FORMAT_ERROR',
      'creditorAccount.iban',
    ],
    [
      'a zero amount',
      { instructedAmount: { currency: 'EUR', amount: '0' } },
      'FORMAT_ERROR',
      'instructedAmount.amount',
    ],
    [
      'three decimals',
      { instructedAmount: { currency: 'EUR', amount: '1.005' } },
      'FORMAT_ERROR',
      'instructedAmount.amount',
    ],
    [
      'an amount as a JSON number',
      { instructedAmount: { currency: 'EUR', amount: 10 } },
      'FORMAT_ERROR',
      'instructedAmount.amount',
    ],
    [
      'a non-EUR currency',
      { instructedAmount: { currency: 'USD', amount: '10.00' } },
      'PRODUCT_INVALID',
      'instructedAmount.currency',
    ],
    ['a missing creditor account', { creditorAccount: undefined }, 'FORMAT_ERROR', 'creditorAccount'],
    ['a creditor name that is not a string', { creditorName: ['Merchant'] }, 'FORMAT_ERROR', 'creditorName'],
    [
      'an execution date in the past',
      { requestedExecutionDate: '2026-03-01' },
      'FORMAT_ERROR',
      'requestedExecutionDate',
    ],
  ])('refuses %s with its code and path and creates nothing', async (_case, over, code, path) => {
    const { answer } = await initiate(t, transfer(anna[0]!, over));
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ tppMessages: [{ category: 'ERROR', code, path }] });
    expect(await count()).toBe(0);
  });

  it.each([
    ['missing', undefined, 'TPP-Redirect-URI is required: an absolute https URI without fragment.'],
    ['http', 'http://tpp.example/cb', 'TPP-Redirect-URI must use https.'],
    ['relative', '/cb', 'TPP-Redirect-URI must be an absolute URI.'],
    ['with a fragment', 'https://tpp.example/cb#x', 'TPP-Redirect-URI must not carry a fragment.'],
  ])('refuses a TPP-Redirect-URI that is %s with FORMAT_ERROR and creates nothing', async (_case, value, text) => {
    const { answer } = await initiate(t, transfer(anna[0]!), { headers: { 'TPP-Redirect-URI': value } });
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({ tppMessages: [{ category: 'ERROR', code: 'FORMAT_ERROR', text }] });
    expect(await count()).toBe(0);
  });

  it('refuses a malformed TPP-NOK-Redirect-URI and PSU-IP-Address, and a body that is no object', async () => {
    const nok = await initiate(t, transfer(anna[0]!), {
      headers: { 'TPP-NOK-Redirect-URI': 'http://tpp.example/nok' },
    });
    const ip = await initiate(t, transfer(anna[0]!), { headers: { 'PSU-IP-Address': 'somewhere' } });
    const list = await initiate(t, [transfer(anna[0]!)]);
    for (const { answer } of [nok, ip, list]) expect([answer.status, codeOf(answer)]).toEqual([400, 'FORMAT_ERROR']);
    expect(await count()).toBe(0);
  });
});

describe('PAYMENT_FAILED', () => {
  const failing = (): [string, () => Record<string, unknown>][] => [
    [
      'insufficient funds (ben has 35.20 EUR)',
      () => transfer(ibansOf(t, 'ben')[0]!, { instructedAmount: { currency: 'EUR', amount: '35.21' } }),
    ],
    ['a debtor IBAN the service does not hold', () => transfer(UNHELD_SERVICE_IBAN)],
    [
      'a debtor account at another bank',
      () => transfer('DE89370400440532013000', { creditorAccount: { iban: anna[0]! } }),
    ],
    ['a closed debtor account (gero)', () => transfer(ibansOf(t, 'gero')[1]!)],
    [
      'a service IBAN without an account as creditor',
      () => transfer(anna[0]!, { creditorAccount: { iban: UNHELD_SERVICE_IBAN } }),
    ],
    [
      'a closed account as creditor (gero)',
      () => transfer(anna[0]!, { creditorAccount: { iban: ibansOf(t, 'gero')[1]! } }),
    ],
    ['a creditor outside SEPA', () => transfer(anna[0]!, { creditorAccount: { iban: NON_SEPA_IBAN } })],
    [
      'more than 15,000.00 EUR (ivo)',
      () => transfer(ibansOf(t, 'ivo')[0]!, { instructedAmount: { currency: 'EUR', amount: '15000.01' } }),
    ],
    ['a compliance hold (hanna)', () => transfer(ibansOf(t, 'hanna')[0]!)],
    ['paying an account into itself', () => transfer(anna[0]!, { creditorAccount: { iban: anna[0]! } })],
  ];

  it('answers every cause byte-identically: 400, one fixed sentence, no path, and creates nothing', async () => {
    const texts = new Set<string>();
    for (const [name, body] of failing()) {
      const { answer } = await initiate(t, body());
      expect(answer.status, name).toBe(400);
      expect(answer.json, name).toEqual({
        tppMessages: [{ category: 'ERROR', code: 'PAYMENT_FAILED', text: 'The payment could not be initiated.' }],
      });
      texts.add(answer.text);
    }
    expect(texts.size).toBe(1);
    expect(await count()).toBe(0);
  });

  it('lets the same customers pay when nothing is wrong: the amount ben has, gero’s live account, 15,000.00 EUR', async () => {
    expect(
      (await initiate(t, transfer(ibansOf(t, 'ben')[0]!, { instructedAmount: { currency: 'EUR', amount: '35.20' } })))
        .answer.status,
    ).toBe(201);
    expect((await initiate(t, transfer(ibansOf(t, 'gero')[0]!))).answer.status).toBe(201);
    expect(
      (
        await initiate(
          t,
          transfer(ibansOf(t, 'ivo')[0]!, { instructedAmount: { currency: 'EUR', amount: '15000.00' } }),
        )
      ).answer.status,
    ).toBe(201);
  });

  it('refuses what goes beyond 25,000.00 EUR from one account in a UTC day, counting payments that are not rejected or cancelled', async () => {
    const ivo = ibansOf(t, 'ivo')[0]!;
    const tenThousand = (over: Record<string, unknown> = {}) =>
      transfer(ivo, { instructedAmount: { currency: 'EUR', amount: '10000.00' }, ...over });
    const first = await created(t, tenThousand());
    await created(t, tenThousand({ remittanceInformationUnstructured: 'second' }));
    const third = await initiate(t, tenThousand({ remittanceInformationUnstructured: 'third' }));
    expect(codeOf(third.answer)).toBe('PAYMENT_FAILED');
    expect(
      (await initiate(t, transfer(ivo, { instructedAmount: { currency: 'EUR', amount: '5000.00' } }))).answer.status,
    ).toBe(201);
    // A cancelled payment no longer counts.
    expect(
      (await t.call({ method: 'DELETE', path: `/v1/payments/${STANDARD}/${first.paymentId}`, client: t.tpp })).status,
    ).toBe(200);
    expect((await initiate(t, tenThousand({ remittanceInformationUnstructured: 'after cancel' }))).answer.status).toBe(
      201,
    );
    // A new UTC day starts a new allowance.
    await t.sandbox.clock.set('2026-03-03T00:00:00Z');
    expect(
      (await initiate(t, transfer(ivo, { instructedAmount: { currency: 'EUR', amount: '15000.00' } }))).answer.status,
    ).toBe(201);
  });

  it('binds no key: the same X-Request-ID with a payable body then creates a payment', async () => {
    const requestId = randomUUID();
    const failed = await initiate(t, transfer(ibansOf(t, 'hanna')[0]!), { requestId });
    expect(codeOf(failed.answer)).toBe('PAYMENT_FAILED');
    const retried = await initiate(t, transfer(anna[0]!), { requestId });
    expect(retried.answer.status).toBe(201);
    expect(await count()).toBe(1);
  });
});
