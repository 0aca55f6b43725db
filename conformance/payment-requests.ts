/**
 * What a payment initiation may leave out or carry (spec "PaymentInitiationRequest",
 * "PaymentResponse"), how long its free-text fields may be (an open point), and what cancellation
 * has not (spec "Behaviour notes: Payments" 7).
 */
import { toCents } from '../src/contract/index.js';
import type { ScenarioContext } from '../src/kit/context.js';
import { ensure, ensureEqual } from '../src/kit/failure.js';
import { scenario } from '../src/kit/scenario.js';
import {
  answerOf,
  createPayment,
  dateAfter,
  expectPlausible,
  initiatePayment,
  INSTANT,
  membersOf,
  paymentBody,
  readPayment,
  STANDARD,
} from './steps.js';

/** The three required members only. */
const minimalBody = (ctx: ScenarioContext) => ({
  debtorAccount: { iban: ctx.fixtures.ibans.main },
  instructedAmount: { currency: 'EUR', amount: ctx.fixtures.amounts.small },
  creditorAccount: { iban: ctx.fixtures.ibans.creditor },
});

export const paymentRequestScenarios = [
  scenario({
    id: 'PIS-INIT-009',
    title:
      'An initiation with only debtorAccount, instructedAmount and creditorAccount is accepted on both products, and reads back as sent',
    rules: ['PIS-INIT-2', 'PIS-INIT-4', 'PIS-INIT-5'],
    spec: 'PaymentInitiationRequest (creditorName, remittance, endToEndIdentification, requestedExecutionDate and bic optional)',
    area: 'payments',
    expect: { transactionStatus: 'RCVD' },
    async run(ctx, expect) {
      // Berlin Group 1.3.12 makes creditorName mandatory; this interface does not, and this scenario needs it absent.
      for (const product of [STANDARD, INSTANT]) {
        const created = await createPayment(ctx, minimalBody(ctx), { product });
        ensureEqual(
          created.transactionStatus,
          expect.transactionStatus,
          `transactionStatus of a minimal initiation (${product})`,
        );
      }
      const created = await createPayment(ctx, minimalBody(ctx));
      const read = await readPayment(ctx, created.paymentId);
      ensureEqual(read.creditorAccount.iban, ctx.fixtures.ibans.creditor, 'creditorAccount.iban read back');
      ensureEqual(read.debtorAccount.iban, ctx.fixtures.ibans.main, 'debtorAccount.iban read back');
      ensureEqual(
        toCents(read.instructedAmount.amount),
        toCents(ctx.fixtures.amounts.small),
        'instructedAmount.amount read back',
      );
    },
  }),
  scenario({
    id: 'PIS-INIT-010',
    title: 'A future requestedExecutionDate is accepted: 201 RCVD, on a payment that carries every optional field',
    rules: ['PIS-INIT-2'],
    spec: 'PaymentInitiationRequest (requestedExecutionDate: accepted; future-dating follows the portal)',
    area: 'payments',
    needs: ['clock'],
    expect: { transactionStatus: 'RCVD', daysAhead: 7 },
    async run(ctx, expect) {
      const requestedExecutionDate = dateAfter(await ctx.clock().now(), expect.daysAhead);
      const body = paymentBody(ctx, {
        requestedExecutionDate,
        endToEndIdentification: 'XS2AKIT-E2E-0001',
        creditorAccount: { iban: ctx.fixtures.ibans.creditor },
      });
      const created = await createPayment(ctx, body);
      ensureEqual(
        created.transactionStatus,
        expect.transactionStatus,
        `transactionStatus with requestedExecutionDate ${requestedExecutionDate}`,
      );
    },
  }),
  scenario({
    id: 'PIS-INIT-011',
    title:
      'A payment initiated without remittance information is recorded with a neutral description, never an empty one',
    rules: ['PIS-INIT-3'],
    spec: 'PaymentInitiationRequest (remittanceInformationUnstructured: if omitted, a neutral description is recorded)',
    area: 'payments',
    expect: {},
    async run(ctx) {
      const body: Record<string, unknown> = paymentBody(ctx);
      delete body.remittanceInformationUnstructured;
      const created = await createPayment(ctx, body);
      const read = await readPayment(ctx, created.paymentId);
      const remittance = read.remittanceInformationUnstructured;
      ctx.observe('remittanceInformationUnstructured read back when none was sent', remittance ?? null);
      if (remittance === undefined)
        return ctx.unchecked(
          'the description recorded for a payment initiated without remittance',
          'the payment read carries no remittanceInformationUnstructured to judge',
        );
      ensure(
        remittance.trim() !== '' && !['undefined', 'null'].includes(remittance.trim()),
        `the description recorded for a payment without remittance is ${JSON.stringify(remittance)}`,
        { actual: remittance },
      );
    },
  }),
  scenario({
    id: 'PIS-INIT-012',
    title:
      'Free-text fields at their Berlin Group length are accepted; one character more is observed (accepted, or FORMAT_ERROR naming the field)',
    rules: ['OPEN-3'],
    spec: 'PaymentInitiationRequest (lengths: not shown; Berlin Group 1.3.12 bounds creditorName 70, remittance 140, endToEndIdentification 35)',
    area: 'payments',
    expect: {},
    async run(ctx) {
      const fields: [string, number][] = [
        ['creditorName', 70],
        ['remittanceInformationUnstructured', 140],
        ['endToEndIdentification', 35],
      ];
      for (const [field, bound] of fields) {
        const atBound = await initiatePayment(ctx, paymentBody(ctx, { [field]: 'A'.repeat(bound) }));
        ensureEqual(atBound.status, 201, `status with ${field} of ${bound} characters (valid for Berlin Group 1.3.12)`);
        const over = await initiatePayment(ctx, paymentBody(ctx, { [field]: 'A'.repeat(bound + 1) }));
        expectPlausible(ctx, `${field} of ${bound + 1} characters`, over, [
          { status: 201 },
          { status: 400, code: 'FORMAT_ERROR' },
        ]);
        if (over.status === 400) {
          ensureEqual(answerOf(over).path, field, `path of the refusal of an over-long ${field}`);
        }
      }
    },
  }),
  scenario({
    id: 'PIS-CANCEL-004',
    title:
      'Cancellation has no sub-resource: the cancellation-authorisations paths create and show nothing, and a payment still reads its own authorisation only',
    rules: ['PIS-CANCEL-2'],
    spec: 'Behaviour notes / Payments 7 (no customer authorisation and no cancellation sub-resource)',
    area: 'payments',
    expect: {},
    async run(ctx) {
      const created = await createPayment(ctx, paymentBody(ctx));
      const base = `/v1/payments/${STANDARD}/${created.paymentId}`;
      for (const [method, path] of [
        ['POST', `${base}/cancellation-authorisations`],
        ['GET', `${base}/cancellation-authorisations`],
        ['GET', `${base}/cancellation-authorisations/${created.authorisationId}`],
      ] as const) {
        const reply = await ctx.api.call({ method, path, ...(method === 'POST' ? { body: {} } : {}) });
        ensure(
          reply.status >= 400 && reply.status < 500,
          `${method} ${path.replace(created.paymentId, '{payment}')}: expected a refusal (4xx), got ${reply.status}`,
          { actual: reply.json ?? reply.text },
        );
        ensure(
          !('authorisationId' in membersOf(reply.json)),
          `${method} cancellation-authorisations answers an authorisationId`,
          { actual: reply.json },
        );
      }
      const cancelled = await ctx.api.cancelPayment(created);
      ctx.observe('answer to cancelling a RCVD payment (cancellable in the portal: not stated)', cancelled.status);
      if (cancelled.status === 200)
        ensureEqual(
          Object.keys(membersOf(cancelled.json)),
          ['transactionStatus'],
          'members of the DELETE answer (no scaRedirect, no links)',
        );
      const list = (await ctx.api.getPaymentInitiationAuthorisations(created)).success('the authorisation list');
      ensureEqual(list.authorisationIds, [created.authorisationId], 'the payment’s authorisations after DELETE');
    },
  }),
];
