/** The change events the demo's panes are drawn from: consents, payments and authorisations as they change. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AuthorisationEvent, ConsentEvent, ConsentStatusEvent, PaymentEvent } from '../../src/sim/events.js';
import { createConsent, customerActs, REDIRECT, resourceIdOf } from '../helpers/ais.js';
import { authorise, created, INSTANT, transfer } from '../helpers/pis.js';
import { certificateFolder, testSandbox, type TestSandbox } from '../helpers/sandbox.js';

const ANNA = 'DE12123456780000100001';
let t: TestSandbox;
const consents: ConsentEvent[] = [];
const payments: PaymentEvent[] = [];
const authorisations: AuthorisationEvent[] = [];
const statuses: ConsentStatusEvent[] = [];

beforeAll(async () => {
  t = await testSandbox(await certificateFolder(), { port: 0, portalPort: 0, clockStart: '2026-03-02T10:00:00Z' });
  t.sandbox.events.on('consent-changed', (event) => consents.push(event));
  t.sandbox.events.on('payment-changed', (event) => payments.push(event));
  t.sandbox.events.on('authorisation-changed', (event) => authorisations.push(event));
  t.sandbox.events.on('consent-status', (event) => statuses.push(event));
});
afterAll(() => t.sandbox.close());

it('tells a consent through creation, approval, a spent budget and revocation, with its authorisation', async () => {
  const consent = await createConsent(t, {
    access: { balances: [{ iban: ANNA }] },
    recurringIndicator: true,
    frequencyPerDay: 4,
  });
  expect(consent.answer.status).toBe(201);
  const mine = () => consents.filter((event) => event.consentId === consent.consentId);
  expect(mine()[0]).toMatchObject({
    consentStatus: 'received',
    due: null,
    psuId: null,
    budgets: ['accounts', 'balances'],
    used: { accounts: 0, balances: 0 },
    ibans: [ANNA],
    frequencyPerDay: 4,
    day: '2026-03-02',
  });
  const authorisation = authorisations.find((event) => event.authorisationId === consent.authorisationId);
  expect(authorisation).toMatchObject({
    parent: { kind: 'consent', id: consent.consentId },
    scaStatus: 'received',
    due: { status: 'failed' },
    ibans: [ANNA],
  });
  // Spec "Limits": an authorisation lives 15 minutes.
  expect(Date.parse(authorisation!.due!.at) - Date.parse(authorisation!.createdAt)).toBe(15 * 60_000);

  expect((await customerActs(t, consent.authorisationId, 'anna')).status).toBe(200);
  expect(
    authorisations.filter((event) => event.authorisationId === consent.authorisationId).map((event) => event.scaStatus),
  ).toEqual(['received', 'started', 'psuAuthenticated', 'finalised']);
  const approved = mine().at(-1)!;
  expect(approved).toMatchObject({ consentStatus: 'valid', psuId: 'anna', due: { status: 'expired' } });
  // Spec "Limits": 180 days from authentication (seconds after the clock's start).
  expect(approved.due!.at.slice(0, 16)).toBe('2026-08-29T10:00');

  const read = await t.call({
    path: `/v1/accounts/${resourceIdOf(t, ANNA)}/balances`,
    client: t.tpp,
    headers: { 'Consent-ID': consent.consentId },
  });
  expect(read.status).toBe(200);
  expect(mine().at(-1)).toMatchObject({ consentStatus: 'valid', used: { accounts: 0, balances: 1 } });

  expect((await t.control(`/consents/${consent.consentId}/revoke`, { body: {} })).status).toBe(200);
  expect(mine().at(-1)).toMatchObject({ consentStatus: 'revokedByPsu', due: null });
});

it('draws the budgets each consent spends from: account details always, each data type it names, funds for CoF', async () => {
  const transactions = await createConsent(t, {
    access: { transactions: [{ iban: ANNA }] },
    recurringIndicator: true,
    frequencyPerDay: 4,
  });
  expect(consents.filter((event) => event.consentId === transactions.consentId)[0]).toMatchObject({
    budgets: ['accounts', 'transactions'],
    used: { accounts: 0, transactions: 0 },
  });
  const accounts = await createConsent(t, {
    access: { accounts: [{ iban: ANNA }] },
    recurringIndicator: true,
    frequencyPerDay: 4,
  });
  expect(consents.filter((event) => event.consentId === accounts.consentId)[0]).toMatchObject({
    budgets: ['accounts'],
    used: { accounts: 0 },
  });
  const cof = await t.call({
    method: 'POST',
    path: '/v1/consents/confirmation-of-funds',
    client: t.tpp,
    headers: { 'TPP-Redirect-URI': REDIRECT },
    body: { account: { iban: ANNA } },
  });
  expect(cof.status).toBe(201);
  const cofId = (cof.json as { consentId: string }).consentId;
  expect(consents.filter((event) => event.consentId === cofId)[0]).toMatchObject({
    kind: 'cof',
    budgets: ['funds'],
    used: { funds: 0 },
    ibans: [ANNA],
  });
});

it('tells a payment from initiation through authorisation to settlement when the clock moves', async () => {
  const payment = await created(t, transfer(ANNA), { product: INSTANT });
  const mine = () => payments.filter((event) => event.paymentId === payment.paymentId);
  expect(mine()[0]).toMatchObject({
    transactionStatus: 'RCVD',
    due: null,
    amount: '12.30',
    debtorIban: ANNA,
    creditorName: 'Merchant GmbH',
    psuId: null,
  });
  expect(authorisations.find((event) => event.authorisationId === payment.authorisationId)).toMatchObject({
    parent: { kind: 'payment', id: payment.paymentId },
    ibans: [ANNA],
  });

  expect((await authorise(t, payment.authorisationId, 'anna')).status).toBe(200);
  const accepted = mine().at(-1)!;
  expect(accepted).toMatchObject({ transactionStatus: 'ACSP', psuId: 'anna', due: { status: 'ACSC' } });

  await t.sandbox.clock.advance('PT1M');
  expect(mine().at(-1)).toMatchObject({ transactionStatus: 'ACSC', due: null });
});

it('sends consent-status when a status or its end can move: not for a recurring consent’s use, for a one-off consent’s', async () => {
  const readBalances = (consentId: string) =>
    t.call({
      path: `/v1/accounts/${resourceIdOf(t, ANNA)}/balances`,
      client: t.tpp,
      headers: { 'Consent-ID': consentId },
    });
  const approvedConsent = async (recurringIndicator: boolean) => {
    const consent = await createConsent(t, {
      access: { balances: [{ iban: ANNA }] },
      recurringIndicator,
      frequencyPerDay: recurringIndicator ? 4 : 1,
    });
    expect((await customerActs(t, consent.authorisationId, 'anna')).status).toBe(200);
    return consent.consentId;
  };
  const statusesOf = (consentId: string) => statuses.filter((event) => event.consentId === consentId);
  const changesOf = (consentId: string) => consents.filter((event) => event.consentId === consentId);

  const recurring = await approvedConsent(true);
  const [statusesBefore, changesBefore] = [statusesOf(recurring).length, changesOf(recurring).length];
  expect((await readBalances(recurring)).status).toBe(200);
  expect(changesOf(recurring)).toHaveLength(changesBefore + 1);
  expect(statusesOf(recurring)).toHaveLength(statusesBefore);

  const oneOff = await approvedConsent(false);
  const endBefore = statusesOf(oneOff).at(-1)!.due!.at;
  const usedAt = t.sandbox.clock.now();
  expect((await readBalances(oneOff)).status).toBe(200);
  const [after] = statusesOf(oneOff).slice(-1);
  // Spec "States: Consent": a used one-off consent expires after an idle hour, so its use moves its end.
  expect(after).toEqual({
    consentId: oneOff,
    tpp: 'PSDDE-BAFIN-123456',
    consentStatus: 'valid',
    due: { status: 'expired', at: after!.due!.at },
  });
  expect(after!.due!.at).not.toBe(endBefore);
  expect(Date.parse(after!.due!.at) - usedAt.getTime()).toBeGreaterThanOrEqual(60 * 60_000);
  expect(Date.parse(after!.due!.at) - usedAt.getTime()).toBeLessThan(60 * 60_000 + 5_000);
});
