import { describe, expect, it } from 'vitest';
import { isoDate } from '../../../contract/dates.js';
import { readPaymentRequest } from '../../../contract/payment-request.js';
import { createBank } from '../../bank/bank.js';
import { createClock } from '../../clock.js';
import type { SandboxContext, SandboxParts } from '../../context.js';
import { createFeed } from '../../feed.js';
import { createEventBus } from '../../events.js';
import { createFaultInjector } from '../../faults/injector.js';
import { resolveProfile } from '../../profile.js';
import { profileFollower } from '../../profile-choice.js';
import { loadCustomersFixture } from '../../seed/fixtures.js';
import { openStore } from '../../store/store.js';
import { createWorld } from '../../world.js';
import { cancelByCustomer } from './cancellation.js';
import { amendPayment } from './control.js';
import { authorisePayment, rejectPayment } from './customer.js';
import { cancellablePaymentsOf, pendingPayeeChecksOf } from './portal-lists.js';
import { paymentReview } from './review.js';
import { initiatePayment } from './initiation.js';

const START = Date.parse('2026-03-02T10:00:00Z');

async function sandboxContext(): Promise<SandboxContext> {
  const store = openStore({ seedAnchor: '2026-03-02', log: () => undefined });
  const world = createWorld({
    seed: 42,
    customers: 0,
    fixture: loadCustomersFixture(),
    anchor: '2026-03-02',
    bookings: (iban) => store.find('bookings', 'account', iban),
  });
  const events = createEventBus();
  const profileChoice = profileFollower(resolveProfile(undefined, 42), false);
  const servedProfile = { profile: profileChoice.profile, behaviour: profileChoice.behaviour, profileChoice };
  const parts: SandboxParts = {
    store,
    clock: createClock({ realNow: () => START }),
    events,
    feed: createFeed(events, undefined, () => undefined),
    world,
    registerFixture: { providers: [] },
    addresses: { portalUrl: 'http://portal.example', apiUrl: 'https://api.example' },
    callbackCa: [],
    deliveriesInFlight: new Map(),
    faults: createFaultInjector({ seed: 42, start: { profile: null, rules: [] } }),
    ...servedProfile,
    judge: undefined,
    log: () => undefined,
  };
  return { ...parts, bank: createBank({ store, ledgers: () => world.ledgers, log: () => undefined }) };
}

/** What the SCA decision does, as its own unit of work. */
const authorise = (ctx: SandboxContext, paymentId: string, psuId: string) =>
  ctx.bank.transact((uow) => authorisePayment(ctx, uow, paymentId, psuId, ctx.clock.now()));
const reject = (ctx: SandboxContext, paymentId: string) =>
  ctx.bank.transact((uow) => rejectPayment(ctx, uow, paymentId, ctx.clock.now()));

const iban = (ctx: SandboxContext, psuId: string) => ctx.world.seed.customer(psuId)!.accounts[0]!.iban;
let keys = 0;

async function pay(ctx: SandboxContext, debtor: string, over: Record<string, unknown> = {}) {
  keys += 1;
  const body = {
    debtorAccount: { iban: debtor },
    instructedAmount: { currency: 'EUR', amount: '12.3' },
    creditorAccount: { iban: 'DE89370400440532013000' },
    ...over,
  };
  const answer = await initiatePayment(ctx, 'PSDDE-BAFIN-1', {
    product: 'sepa-credit-transfers',
    requestId: `00000000-0000-4000-8000-${String(keys).padStart(12, '0')}`,
    redirectUri: 'https://tpp.example/ok',
    nokRedirectUri: 'https://tpp.example/nok',
    request: readPaymentRequest(body, isoDate(ctx.clock.now())),
    rawBody: body,
  });
  ctx.clock.advance(1000);
  return answer.paymentId;
}

describe('what the customer is shown', () => {
  it('reviews the payment with the amount normalised, the neutral remittance, the redirects and the binding the ceremony holds', async () => {
    const ctx = await sandboxContext();
    const paymentId = await pay(ctx, iban(ctx, 'anna'), { creditorName: 'Shop' });
    const review = paymentReview(ctx, paymentId);
    expect(review).toEqual({
      paymentId,
      product: 'sepa-credit-transfers',
      amount: '12.30',
      currency: 'EUR',
      creditorName: 'Shop',
      creditorIban: 'DE89370400440532013000',
      debtorIban: iban(ctx, 'anna'),
      requestedExecutionDate: undefined,
      remittanceInformationUnstructured: 'SEPA credit transfer',
      transactionStatus: 'RCVD',
      redirectUri: 'https://tpp.example/ok',
      nokRedirectUri: 'https://tpp.example/nok',
      binding: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const authorisation = ctx.store.all('authorisations')[0]!;
    expect(authorisation).toMatchObject({ parent: { kind: 'payment', id: paymentId }, binding: review.binding });
    await amendPayment(ctx, paymentId, { creditorName: 'Other Shop' });
    expect(paymentReview(ctx, paymentId).binding).not.toBe(authorisation.binding);
  });
});

describe('authorisation hooks', () => {
  it('let only the holder of the debtor account authorise, and only a received payment', async () => {
    const ctx = await sandboxContext();
    const paymentId = await pay(ctx, iban(ctx, 'anna'));
    await expect(authorise(ctx, paymentId, 'clara')).rejects.toThrow(
      expect.objectContaining({ code: 'FORMAT_ERROR', path: 'psuId' }),
    );
    await authorise(ctx, paymentId, 'anna');
    expect(paymentReview(ctx, paymentId).transactionStatus).toBe('ACSP');
    await expect(authorise(ctx, paymentId, 'anna')).rejects.toThrow(expect.objectContaining({ code: 'FORMAT_ERROR' }));
  });

  it('reject a received payment and leave a decided one alone', async () => {
    const ctx = await sandboxContext();
    const declined = await pay(ctx, iban(ctx, 'anna'));
    await reject(ctx, declined);
    expect(paymentReview(ctx, declined).transactionStatus).toBe('RJCT');
    const accepted = await pay(ctx, iban(ctx, 'anna'), { remittanceInformationUnstructured: 'second' });
    await authorise(ctx, accepted, 'anna');
    await reject(ctx, accepted);
    expect(paymentReview(ctx, accepted).transactionStatus).toBe('ACSP');
  });
});

describe('the portal’s lists and cancellation', () => {
  it('lists the customer’s cancellable payments newest first: received, pending a payee answer, future-dated; not one in settlement', async () => {
    const ctx = await sandboxContext();
    const anna = iban(ctx, 'anna');
    const received = await pay(ctx, anna);
    const payee = await pay(ctx, anna, {
      creditorAccount: { iban: iban(ctx, 'juergen') },
      creditorName: 'Juergen Gross',
    });
    const future = await pay(ctx, anna, { requestedExecutionDate: '2026-03-20' });
    const settling = await pay(ctx, anna, { remittanceInformationUnstructured: 'settling' });
    await pay(ctx, iban(ctx, 'clara'));
    for (const id of [payee, future, settling]) await authorise(ctx, id, 'anna');
    const listed = cancellablePaymentsOf(ctx, 'anna');
    expect(listed.map((row) => [row.paymentId, row.status])).toEqual([
      [future, 'ACSP'],
      [payee, 'PDNG'],
      [received, 'RCVD'],
    ]);
    expect(listed[2]).toEqual({
      paymentId: received,
      amount: '12.30',
      creditorName: undefined,
      creditorIban: 'DE89370400440532013000',
      status: 'RCVD',
      createdAt: expect.any(String),
    });
    expect(pendingPayeeChecksOf(ctx, 'anna').map((row) => row.paymentId)).toEqual([payee]);
    expect(pendingPayeeChecksOf(ctx, 'clara')).toEqual([]);
  });

  it('cancel like the provider’s DELETE: CANC, the reservation released; another customer’s payment is unknown; a settling one is not cancellable', async () => {
    const ctx = await sandboxContext();
    const anna = ctx.world.seed.customer('anna')!.accounts[0]!;
    const pendingBefore = ctx.world.ledgers.ledger(anna).pendingCents;
    const future = await pay(ctx, anna.iban, { requestedExecutionDate: '2026-03-20' });
    const settling = await pay(ctx, anna.iban, { remittanceInformationUnstructured: 'settling' });
    await authorise(ctx, future, 'anna');
    await authorise(ctx, settling, 'anna');
    expect(ctx.world.ledgers.ledger(anna).pendingCents).toBe(pendingBefore - 2 * 1230);
    await expect(cancelByCustomer(ctx, 'clara', future)).rejects.toMatchObject({ code: 'RESOURCE_UNKNOWN' });
    expect(await cancelByCustomer(ctx, 'anna', future)).toEqual({ transactionStatus: 'CANC' });
    expect(ctx.world.ledgers.ledger(anna).pendingCents).toBe(pendingBefore - 1230);
    await expect(cancelByCustomer(ctx, 'anna', settling)).rejects.toMatchObject({ code: 'CANCELLATION_INVALID' });
  });
});
