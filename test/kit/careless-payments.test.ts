/**
 * Payment implementations that get a state, cancellation or failure rule almost right, each played by
 * the sandbox behind a proxy that changes that rule alone (`test/helpers/careless-bank.ts`): an instant
 * product with a failure sentence of its own, the debtor and the funds judged before the format,
 * cancellability judged before ownership, a 24-hour sweep that cancels whatever entered PDNG a day
 * ago, a payee confirmation that revives a cancelled payment, money set aside at initiation. For each,
 * the scenario written for it (`conformance/almost-right-payments.ts`) fails, naming what it saw,
 * while the older scenarios of the same rules pass; through a proxy that changes nothing, the new
 * scenarios pass.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCents, toCents } from '../../src/contract/index.js';
import { catalogue } from '../../conformance/index.js';
import { runScenarios } from '../../src/kit/runner.js';
import type { Target, TargetControl } from '../../src/kit/target.js';
import {
  carelessBank,
  headerOf,
  refusal,
  type Behaviour,
  type Forward,
  type ProxiedRequest,
} from '../helpers/careless-bank.js';
import {
  olderOfTheRules as olderOf,
  startCarelessHarness,
  statusOf,
  type CarelessHarness,
  expectCaught,
  parsed,
} from '../helpers/careless-harness.js';

let harness: CarelessHarness;
let sim: Target;

beforeAll(async () => {
  harness = await startCarelessHarness();
  ({ sim } = harness);
}, 60_000);
afterAll(async () => {
  await harness?.close();
});

/** The scenarios written for careless payment implementations. */
const NEW = [
  'PIS-FAILED-003',
  'PIS-FAILED-004',
  'PIS-CANCEL-005',
  'PIS-CANCEL-006',
  'PIS-PDNG-005',
  'PIS-PDNG-006',
  'PIS-SCA-003',
  'PIS-INIT-014',
];
const olderOfTheRules = (id: string) => olderOf(id, NEW);

const INITIATION = /^\/v1\/payments\/([^/]+)$/;
/** A payment read or status read: product, id. */
const PAYMENT_READ = /^\/v1\/payments\/([^/]+)\/([^/]+)(?:\/status)?$/;
const now = async () => (await sim.clock!.now()).getTime();

/** The sandbox's own status of a payment, read as its initiator (the request's other headers kept). */
async function statusAsInitiator(
  forward: Forward,
  request: ProxiedRequest,
  payment: { provider: string; product: string; paymentId: string },
): Promise<string | undefined> {
  const answer = await forward({
    ...request,
    method: 'GET',
    path: `/v1/payments/${payment.product}/${payment.paymentId}/status`,
    query: new URLSearchParams(),
    text: '',
    provider: payment.provider,
  });
  return answer.status === 200
    ? (parsed(answer.text) as { transactionStatus?: string } | undefined)?.transactionStatus
    : undefined;
}

/** Status and payment reads whose transactionStatus `rewrite` replaces (undefined: as the sandbox said). */
function rewriteStatus(
  rewrite: (paymentId: string, status: string) => Promise<string | undefined> | string | undefined,
): Behaviour {
  return async (request, forward) => {
    const read = request.method === 'GET' ? PAYMENT_READ.exec(request.path) : null;
    const answer = await forward(request);
    const body = parsed(answer.text) as { transactionStatus?: string } | undefined;
    if (!read || answer.status !== 200 || typeof body?.transactionStatus !== 'string') return answer;
    const status = await rewrite(read[2]!, body.transactionStatus);
    return status === undefined ? answer : { ...answer, text: JSON.stringify({ ...body, transactionStatus: status }) };
  };
}

/** The instant product's own failure path: its PAYMENT_FAILED says another sentence than the standard product's. */
function instantFailureOfItsOwn(): Behaviour {
  return async (request, forward) => {
    const answer = await forward(request);
    if (request.method !== 'POST' || request.path !== '/v1/payments/instant-sepa-credit-transfers') return answer;
    const body = parsed(answer.text) as { tppMessages?: { code?: string }[] } | undefined;
    if (answer.status < 400 || body?.tppMessages?.[0]?.code !== 'PAYMENT_FAILED') return answer;
    return refusal(answer.status, 'PAYMENT_FAILED', headerOf(request, 'X-Request-ID'));
  };
}

/**
 * The debtor account and the funds judged before the format: a body from the account the bank does
 * not hold, or of the amount beyond the balance, gets the sandbox's PAYMENT_FAILED for a well-formed
 * body of that debtor or amount, whatever else it carries.
 */
function debtorAndFundsFirst(): Behaviour {
  const { ibans, amounts } = sim.fixtures;
  return async (request, forward) => {
    const body = INITIATION.test(request.path) && request.method === 'POST' ? parsed(request.text) : undefined;
    const sent = body as { debtorAccount?: { iban?: unknown }; instructedAmount?: { amount?: unknown } } | undefined;
    const probe =
      sent?.debtorAccount?.iban === ibans.notHeld
        ? { debtor: ibans.notHeld, amount: '1.00', creditor: ibans.main }
        : sent?.instructedAmount?.amount === amounts.beyondBalance
          ? { debtor: ibans.main, amount: amounts.beyondBalance, creditor: ibans.creditor }
          : undefined;
    if (!probe) return forward(request);
    return forward({
      ...request,
      text: JSON.stringify({
        debtorAccount: { iban: probe.debtor },
        instructedAmount: { currency: 'EUR', amount: probe.amount },
        creditorAccount: { iban: probe.creditor },
      }),
    });
  };
}

/** Initiations through the proxy: each payment's initiator, product and debtor and amount as sent. */
function paymentsInitiated() {
  const payments = new Map<string, { provider: string; product: string; debtor: string; cents: number }>();
  const track: Behaviour = async (request, forward) => {
    const answer = await forward(request);
    const initiation = request.method === 'POST' ? INITIATION.exec(request.path) : null;
    const created = parsed(answer.text) as { paymentId?: string } | undefined;
    const sent = parsed(request.text) as
      { debtorAccount?: { iban?: string }; instructedAmount?: { amount?: string } } | undefined;
    if (initiation && answer.status === 201 && created?.paymentId && sent?.debtorAccount?.iban)
      payments.set(created.paymentId, {
        provider: request.provider,
        product: initiation[1]!,
        debtor: sent.debtorAccount.iban,
        cents: toCents(sent.instructedAmount?.amount ?? '0'),
      });
    return answer;
  };
  return { payments, track };
}

/** Whether the payment may still be cancelled is judged before whose it is: a stranger's DELETE on one past cancellation is 405. */
function cancellabilityBeforeOwner(): Behaviour {
  const { payments, track } = paymentsInitiated();
  return async (request, forward) => {
    const target = request.method === 'DELETE' ? PAYMENT_READ.exec(request.path) : null;
    const payment = target ? payments.get(target[2]!) : undefined;
    if (!payment || payment.provider === request.provider) return track(request, forward);
    const status = await statusAsInitiator(forward, request, { ...payment, paymentId: target![2]! });
    if (status === 'CANC' || status === 'RJCT' || status === 'ACSC')
      return refusal(405, 'CANCELLATION_INVALID', headerOf(request, 'X-Request-ID'));
    return forward(request);
  };
}

/**
 * Cancellability judged on the state an event last wrote, not on the one time has moved the payment
 * to since: the proxy keeps each payment's state as its initiation, a DELETE and every status read
 * show it, except the one move made by time alone (`pdng-lapse`: PDNG → CANC; `authorisation-expiry`:
 * RCVD → RJCT), and turns the sandbox's 405 into 200 CANC where that kept state could be cancelled.
 */
function cancellabilityOnStoredState(move: 'pdng-lapse' | 'authorisation-expiry'): Behaviour {
  const [from, to] = move === 'pdng-lapse' ? ['PDNG', 'CANC'] : ['RCVD', 'RJCT'];
  const stored = new Map<string, string>();
  return async (request, forward) => {
    const answer = await forward(request);
    const body = parsed(answer.text) as { paymentId?: string; transactionStatus?: string } | undefined;
    if (request.method === 'POST' && INITIATION.test(request.path)) {
      if (answer.status === 201 && body?.paymentId) stored.set(body.paymentId, 'RCVD');
      return answer;
    }
    const target = PAYMENT_READ.exec(request.path);
    const paymentId = target?.[2];
    if (!paymentId || !stored.has(paymentId)) return answer;
    if (request.method === 'GET' && answer.status === 200 && typeof body?.transactionStatus === 'string') {
      if (!(stored.get(paymentId) === from && body.transactionStatus === to))
        stored.set(paymentId, body.transactionStatus);
      return answer;
    }
    if (request.method !== 'DELETE') return answer;
    if (answer.status === 405 && (stored.get(paymentId) === 'RCVD' || stored.get(paymentId) === 'PDNG')) {
      stored.set(paymentId, 'CANC');
      return {
        status: 200,
        headers: { 'content-type': 'application/json', 'x-request-id': headerOf(request, 'X-Request-ID') ?? '' },
        text: JSON.stringify({ transactionStatus: 'CANC' }),
      };
    }
    if (answer.status === 200) stored.set(paymentId, 'CANC');
    return answer;
  };
}

/** A 24-hour sweep keyed on when the payment entered PDNG, blind to what became of it since: CANC from then on. */
function sweepByPdngStart(): Behaviour {
  const pdngSince = new Map<string, number>();
  return rewriteStatus(async (paymentId, status) => {
    const at = await now();
    if (status === 'PDNG' && !pdngSince.has(paymentId)) pdngSince.set(paymentId, at);
    const since = pdngSince.get(paymentId);
    return since !== undefined && at - since >= 24 * 3_600_000 && status !== 'CANC' ? 'CANC' : undefined;
  });
}

/**
 * A low-value exemption: a payment below one euro is answered RCVD, as the contract holds, but
 * executed without the ceremony — the proxy shows every read of it as ACSP.
 */
function lowValueExempt(): Behaviour {
  const exempt = new Set<string>();
  const reads = rewriteStatus((paymentId) => (exempt.has(paymentId) ? 'ACSP' : undefined));
  return async (request, forward) => {
    if (request.method !== 'POST' || !INITIATION.test(request.path)) return reads(request, forward);
    const answer = await forward(request);
    const amount = (parsed(request.text) as { instructedAmount?: { amount?: string } } | undefined)?.instructedAmount
      ?.amount;
    const body = parsed(answer.text) as { paymentId?: string } | undefined;
    if (answer.status !== 201 || !body?.paymentId || amount === undefined || toCents(amount) >= 100) return answer;
    exempt.add(body.paymentId);
    return answer;
  };
}

/** Money set aside at initiation: interimAvailable lowered by every payment from the account still awaiting the customer. */
function reserveAtInitiation(): Behaviour {
  const { payments, track } = paymentsInitiated();
  return async (request, forward) => {
    if (request.method !== 'GET' || !/^\/v1\/accounts\/[^/]+\/balances$/.test(request.path))
      return track(request, forward);
    const answer = await forward(request);
    const body = parsed(answer.text) as
      | { account?: { iban?: string }; balances?: { balanceType: string; balanceAmount: { amount: string } }[] }
      | undefined;
    if (answer.status !== 200 || !body?.balances) return answer;
    let reserved = 0;
    for (const [paymentId, payment] of payments)
      if (
        payment.debtor === body.account?.iban &&
        (await statusAsInitiator(forward, request, { ...payment, paymentId })) === 'RCVD'
      )
        reserved += payment.cents;
    const balances = body.balances.map((balance) =>
      balance.balanceType === 'interimAvailable'
        ? {
            ...balance,
            balanceAmount: {
              ...balance.balanceAmount,
              amount: formatCents(toCents(balance.balanceAmount.amount) - reserved),
            },
          }
        : balance,
    );
    return { ...answer, text: JSON.stringify({ ...body, balances }) };
  };
}

/**
 * A payee confirmation that does not ask whether the payment still waits: the customer's confirmation
 * of a payment no longer in PDNG (which the sandbox refuses) is taken, and the payment reads ACSP from
 * then on. The confirmation goes through the control API, so the control is wrapped as well as the proxy.
 */
function confirmationWithoutStateCheck(): { behave: Behaviour; control: (real: TargetControl) => TargetControl } {
  const revived = new Set<string>();
  return {
    behave: rewriteStatus((paymentId) => (revived.has(paymentId) ? 'ACSP' : undefined)),
    control: (real) => ({
      ...real,
      answerPayee: async (paymentId, confirm) => {
        try {
          await real.answerPayee(paymentId, confirm);
        } catch (error) {
          if (!confirm) throw error;
          revived.add(paymentId);
        }
      },
    }),
  };
}

/** As the harness's runBehind, with the target's control replaced too. */
async function runBehindWithControl(
  behave: Behaviour,
  control: (real: TargetControl) => TargetControl,
  ids: readonly string[],
) {
  const known = [
    sim.provider,
    sim.secondProvider!,
    sim.providerWithoutCof!,
    ...Object.values(sim.refusedCertificates ?? {}),
  ];
  const proxy = await carelessBank(harness.server, { baseUrl: sim.baseUrl, ca: sim.ca }, known, behave);
  try {
    return await runScenarios({
      target: {
        ...sim,
        name: `sim behind a careless proxy (${proxy.baseUrl})`,
        baseUrl: proxy.baseUrl,
        control: control(sim.control!),
      },
      scenarios: catalogue.filter((scenario) => ids.includes(scenario.id)),
    });
  } finally {
    await proxy.close();
  }
}

describe('the scenarios written for careless payment implementations', () => {
  it('pass against the sandbox behind a proxy that changes nothing', async () => {
    const summary = await harness.runBehind((request, forward) => forward(request), NEW);
    expect(statusOf(summary)).toEqual(Object.fromEntries(NEW.map((id) => [id, 'passed'])));
  }, 120_000);

  it.each([
    {
      careless: 'an instant product whose PAYMENT_FAILED says a sentence of its own',
      id: 'PIS-FAILED-003',
      behave: instantFailureOfItsOwn,
      message: /the instant payment beyond the balance against the standard product’s PAYMENT_FAILED: expected/,
    },
    {
      careless: 'the debtor account and the funds judged before the format',
      id: 'PIS-FAILED-004',
      behave: debtorAndFundsFirst,
      message:
        /a malformed creditor IBAN from a debtor the bank does not hold: expected code FORMAT_ERROR, got PAYMENT_FAILED/,
    },
    {
      careless: 'cancellability judged before ownership',
      id: 'PIS-CANCEL-005',
      behave: cancellabilityBeforeOwner,
      message:
        /status of another provider's DELETE on a CANC payment past cancellation \(sepa-credit-transfers\): expected 404, got 405/,
    },
    {
      careless: 'cancellability judged on the state before the 24 hours of PDNG ran out',
      id: 'PIS-CANCEL-006',
      behave: () => cancellabilityOnStoredState('pdng-lapse'),
      message:
        /DELETE on the payment its 24 hours in PDNG cancelled: expected a refusal \(4xx CANCELLATION_INVALID\), got 200/,
    },
    {
      careless: 'cancellability judged on the state before the authorisation ran out',
      id: 'PIS-CANCEL-006',
      behave: () => cancellabilityOnStoredState('authorisation-expiry'),
      message:
        /DELETE on the payment whose authorisation ran out \(RJCT\): expected a refusal \(4xx CANCELLATION_INVALID\), got 200/,
    },
    {
      careless: 'a 24-hour sweep that cancels whatever entered PDNG a day ago',
      id: 'PIS-PDNG-005',
      behave: sweepByPdngStart,
      message:
        /status of the payment whose payee was confirmed after 23 hours, past the 24 hours: expected ACSP, got CANC/,
    },
    {
      careless: 'a low-value exemption below one euro',
      id: 'PIS-INIT-014',
      behave: lowValueExempt,
      message: /status read of a payment of 0\.01 to the payee \(sepa-credit-transfers\): expected "RCVD", got "ACSP"/,
    },
    {
      careless: 'money set aside at initiation',
      id: 'PIS-SCA-003',
      behave: reserveAtInitiation,
      message:
        /change of interimAvailable \(in cents\) once a payment of 4\.\d\d awaits the customer: expected 0, got -4\d\d/,
    },
  ])(
    'catch $careless with $id, which the older scenarios of its rules missed',
    async ({ id, behave, message }) => {
      await expectCaught(harness, behave(), id, message, NEW);
    },
    240_000,
  );

  it('catch a payee confirmation that revives a cancelled payment with PIS-PDNG-006, which the older scenarios of its rules missed', async () => {
    const id = 'PIS-PDNG-006';
    const older = olderOfTheRules(id);
    expect(older.length).toBeGreaterThan(0);
    const careless = confirmationWithoutStateCheck();
    const summary = await runBehindWithControl(careless.behave, careless.control, [id, ...older]);
    const result = summary.results.find((item) => item.id === id)!;
    expect(result.status).toBe('failed');
    expect(result.failure?.message).toMatch(
      /status of the payment its provider cancelled in PDNG, after the customer confirmed the payee: expected "CANC", got "ACSP"/,
    );
    expect(Object.entries(statusOf(summary)).filter(([other, status]) => other !== id && status !== 'passed')).toEqual(
      [],
    );
  }, 240_000);
});
