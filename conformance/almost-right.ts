/**
 * Scenarios written by asking of a rule "what would a careless implementation get almost right?"
 * after listing the variables the rule names and finding one no other scenario varied while holding
 * the rest ([Rule variables](../docs/rule-variables.md) keeps that analysis). Each scenario names the
 * careless implementation it catches; `test/kit/careless-implementations.test.ts` plays each one
 * behind a proxy and shows the scenario failing on it while the older scenarios of its rules pass.
 */
import { randomUUID } from 'node:crypto';
import { toCents } from '../src/contract/index.js';
import type { Reply } from '../src/kit/client.js';
import type { ScenarioContext } from '../src/kit/context.js';
import { ensure, ensureEqual } from '../src/kit/failure.js';
import { scenario } from '../src/kit/scenario.js';
import { about, revokeAndAwait, stepUntil } from './callback-steps.js';
import { intHeader } from './rate-limit.js';
import { expectRefusal } from './refusal.js';
import {
  aisAccess,
  approveConsent,
  ATTENDED,
  authorisedPayment,
  authoriseConsent,
  consentStatus,
  createConsent,
  consentFrom,
  createPayment,
  FURTHEST,
  INSTANT,
  initiatePayment,
  paymentBody,
  paymentIdOf,
  readConsent,
  readPayment,
  requestConsent,
  resourceIdOf,
  SHARED_COF,
  sharedCofConsent,
  underConsent,
  validConsent,
  withReceiver,
} from './steps.js';

type AccountRead = 'account' | 'balances' | 'transactions';

/** Spends a budget: `limit` unattended reads served, the headers counting down. */
async function spend(read: () => Promise<Reply>, what: string, limit: number): Promise<void> {
  for (let i = 1; i <= limit; i += 1) {
    const reply = await read();
    ensureEqual(reply.status, 200, `status of unattended ${what} read ${i}`);
    ensureEqual(intHeader(reply, 'X-RateLimit-Limit'), limit, `X-RateLimit-Limit on ${what} read ${i}`);
    ensureEqual(intHeader(reply, 'X-RateLimit-Remaining'), limit - i, `X-RateLimit-Remaining after ${what} read ${i}`);
  }
}

/** One capped read of one account under a consent, with the headers given. */
function readOf(ctx: ScenarioContext, what: AccountRead, accountId: string, headers: Record<string, string>) {
  switch (what) {
    case 'account':
      return ctx.api.readAccountDetails({ accountId, headers });
    case 'balances':
      return ctx.api.getBalances({ accountId, headers });
    case 'transactions':
      return ctx.api.getTransactionList({ accountId, headers, query: { bookingStatus: 'booked' } });
  }
}

/** An amount of `cents` written with no decimals, rounded the way given (down keeps it covered, up keeps it beyond). */
const wholeEuros = (cents: number, round: (x: number) => number) => String(round(cents / 100));
/** The same with exactly one decimal. */
function oneDecimal(cents: number, round: (x: number) => number): string {
  const tenths = round(cents / 10);
  return `${Math.floor(tenths / 10)}.${tenths % 10}`;
}

const confirm = (ctx: ScenarioContext, consentId: string, amount: string, requestId?: string) =>
  ctx.api.checkAvailabilityOfFunds({
    // Attended: the shared consent's unattended budget is left for the scenarios about it.
    headers: { 'Consent-ID': consentId, ...ATTENDED },
    body: { account: { iban: ctx.fixtures.ibans.main }, instructedAmount: { currency: 'EUR', amount } },
    ...(requestId === undefined ? {} : { requestId }),
  });

export const almostRightScenarios = [
  scenario({
    id: 'AIS-CONSENT-038',
    title:
      'A recurring consent asked without frequencyPerDay gets the default, 4: it reads back 4 before and after approval and serves exactly four unattended balance reads',
    spec: 'ConsentRequest (frequencyPerDay: not required, default 4); ConsentResponse (frequencyPerDay: what is enforced, the same before and after authorisation); Limits',
    // Careless: a default of 1 (or none) where the request leaves the field out; no earlier scenario read such a consent's frequency.
    rules: ['AIS-CONSENT-5', 'AIS-CONSENT-16'],
    area: 'consents',
    approvals: 1,
    expect: { enforced: 4, refusal: { status: 429, code: 'ACCESS_EXCEEDED' } },
    run: (ctx, expect) => consentWithoutFrequency(ctx, expect, true),
  }),
  scenario({
    id: 'AIS-CONSENT-039',
    title:
      'A one-off consent asked without frequencyPerDay is forced to 1 all the same: it reads back 1 before and after approval and serves one unattended balance read',
    spec: 'ConsentRequest (frequencyPerDay: default 4; one-off consents are forced to 1); ConsentResponse (frequencyPerDay: what is enforced); Limits (one-off consent: 1 per data type, forced)',
    // Careless: the default of 4 filled in after the one-off rule forced 1, so a one-off consent without the field gets 4.
    rules: ['AIS-CONSENT-7', 'AIS-CONSENT-16', 'LIMIT-9'],
    area: 'consents',
    approvals: 1,
    // A spent one-off consent may answer either (as AIS-LIMIT-016 holds it).
    expect: { enforced: 1, refusal: { code: ['ACCESS_EXCEEDED', 'CONSENT_EXPIRED'] } },
    run: (ctx, expect) => consentWithoutFrequency(ctx, expect, false),
  }),
  scenario({
    id: 'AIS-DATA-017',
    title:
      'A grant is per account and data type: under one consent naming two accounts, balances of only the first and transactions of only the second, each account serves its own type and refuses the other with CONSENT_INVALID',
    spec: 'ConsentRequest scope rules 1; AccountAccess (a read of a data type not granted is refused); Authentication 7; Errors / Codes CONSENT_INVALID',
    // Careless: the data type checked on the consent, not on the account: a consent granting balances anywhere serves them everywhere.
    rules: ['AIS-CONSENT-9', 'AIS-CONSENT-10', 'AIS-CONSENT-20'],
    area: 'ais-data',
    approvals: 1,
    expect: { code: 'CONSENT_INVALID' },
    async run(ctx, expect) {
      const { main, second } = ctx.fixtures.ibans;
      // One-off: it never supersedes, so the shared consent on the same two accounts stays valid. Reads are attended.
      const consent = await validConsent(ctx, {
        recurring: false,
        body: {
          access: {
            accounts: [{ iban: main }, { iban: second }],
            balances: [{ iban: main }],
            transactions: [{ iban: second }],
          },
        },
      });
      const headers = underConsent(consent.consentId);
      const first = await resourceIdOf(ctx, consent.consentId, main);
      const other = await resourceIdOf(ctx, consent.consentId, second);
      const query = { bookingStatus: 'booked' } as const;
      ensureEqual(
        (await ctx.api.getBalances({ accountId: first, headers })).status,
        200,
        'balances of the first account',
      );
      expectRefusal(
        ctx,
        await ctx.api.getBalances({ accountId: other, headers }),
        expect,
        'balances of the second account',
      );
      ensureEqual(
        (await ctx.api.getTransactionList({ accountId: other, headers, query })).status,
        200,
        'transactions of the second account',
      );
      expectRefusal(
        ctx,
        await ctx.api.getTransactionList({ accountId: first, headers, query }),
        expect,
        'transactions of the first account',
      );
      // Both accounts' details are granted (listed under accounts, and each under a data type).
      for (const [accountId, which] of [
        [first, 'first'],
        [other, 'second'],
      ] as const)
        ensureEqual(
          (await ctx.api.readAccountDetails({ accountId, headers })).status,
          200,
          `account details of the ${which} account`,
        );
    },
  }),
  scenario({
    id: 'AIS-LIMIT-021',
    title:
      'The budget belongs to the consent and the data type, not to an account: under a one-off consent on two accounts, the read of one account spends the data type and the same read of the other is refused with 429',
    spec: 'Limits (unattended accesses: 4 per consent, per data type, per day; one-off consent: 1 per data type, forced); Errors rule 4',
    // Careless: the budget counted per consent, account and data type, so a second account serves again.
    rules: ['LIMIT-21', 'LIMIT-9', 'LIMIT-17', 'LIMIT-20'],
    area: 'limits',
    approvals: 1,
    expect: { limit: 1, refusal: { status: 429, code: 'ACCESS_EXCEEDED' } },
    async run(ctx, expect) {
      const { main, second } = ctx.fixtures.ibans;
      // One-off: it never supersedes, so the shared consent on the same two accounts stays valid.
      const consent = await validConsent(ctx, { ibans: [main, second], recurring: false });
      const first = await resourceIdOf(ctx, consent.consentId, main);
      const other = await resourceIdOf(ctx, consent.consentId, second);
      const unattended = underConsent(consent.consentId, { attended: false });
      for (const what of ['account', 'balances', 'transactions'] as const) {
        const served = await readOf(ctx, what, first, unattended);
        ensureEqual(served.status, 200, `status of the unattended ${what} read of the first account`);
        ensureEqual(intHeader(served, 'X-RateLimit-Limit'), expect.limit, `X-RateLimit-Limit on the ${what} read`);
        ensureEqual(
          intHeader(served, 'X-RateLimit-Remaining'),
          0,
          `X-RateLimit-Remaining after the ${what} read of the first account`,
        );
        const refused = await readOf(ctx, what, other, unattended);
        expectRefusal(ctx, refused, expect.refusal, `the unattended ${what} read of the second account`);
        ensureEqual(
          intHeader(refused, 'X-RateLimit-Remaining'),
          0,
          `X-RateLimit-Remaining on the refused ${what} read of the second account`,
        );
        ensure(intHeader(refused, 'Retry-After') > 0, `Retry-After on the refused ${what} read is positive`);
        // The control: the second account is granted and readable; only the budget refused it.
        const attended = await readOf(ctx, what, other, underConsent(consent.consentId));
        ensureEqual(attended.status, 200, `status of the attended ${what} read of the second account`);
      }
    },
  }),
  scenario({
    id: 'SCA-EXPIRY-003',
    title:
      'An authorisation lives the whole 15 minutes: a consent approved 12 minutes after its creation is valid, and a payment authorised 12 minutes after its initiation is accepted',
    spec: 'States: Authorisation (an authorisation lives 15 minutes); Limits (authorisation lifetime: 15 minutes, consent and payment authorisations)',
    // Careless: a shorter lifetime (10 minutes, or 15 counted from some earlier event): the older scenarios approve at once or after 16 minutes.
    rules: ['SCA-4', 'LIMIT-16', 'PIS-STATE-3'],
    area: 'sca',
    approvals: 2,
    needs: ['clock'],
    expect: { wait: 'PT12M', lifetimeMs: 15 * 60_000, consent: 'valid', payment: 'ACSP' },
    async run(ctx, expect) {
      const createdAt = (await ctx.clock().now()).getTime();
      const consent = await createConsent(ctx, { access: aisAccess([ctx.fixtures.ibans.main], ['balances']) });
      await ctx.clock().advance(expect.wait);
      await authoriseConsent(ctx, consent);
      const took = (await ctx.clock().now()).getTime() - createdAt;
      // A customer slower than the margin (a manual run) reached the end of the lifetime: nothing is said then.
      if (took >= expect.lifetimeMs)
        return ctx.unchecked(
          'approval within 15 minutes',
          `the approval came ${Math.round(took / 1000)} s after creation`,
        );
      ensureEqual(
        await consentStatus(ctx, consent.consentId),
        expect.consent,
        `status of a consent approved ${Math.round(took / 60_000)} minutes after its creation`,
      );
      let initiatedAt = 0;
      const payment = await authorisedPayment(ctx, paymentBody(ctx), {
        before: async () => {
          initiatedAt = (await ctx.clock().now()).getTime();
          await ctx.clock().advance(expect.wait);
        },
      });
      const paid = (await ctx.clock().now()).getTime() - initiatedAt;
      if (paid >= expect.lifetimeMs)
        return ctx.unchecked(
          'authorisation within 15 minutes',
          `the payment's authorisation came ${Math.round(paid / 1000)} s after initiation`,
        );
      ensureEqual(
        payment.status,
        expect.payment,
        `status of a payment authorised ${Math.round(paid / 60_000)} minutes after its initiation`,
      );
    },
  }),
  scenario({
    id: 'PIS-IDEM-010',
    title:
      'The same X-Request-ID with a body that differs only outside the amount (payee, debtor, name, reference, an added or a dropped field) is 409 REQUEST_ID_REUSED each time, and the key still resolves to the first payment',
    spec: 'Behaviour notes / Payments 6 (same key, different body: 409 REQUEST_ID_REUSED; same key, same body: the first payment); Errors / Codes REQUEST_ID_REUSED',
    // Careless: the body compared on the amount (or the money fields) alone, so a changed payee replays the first payment.
    rules: ['PIS-IDEM-2', 'PIS-IDEM-1'],
    area: 'payments',
    expect: { status: 409, code: 'REQUEST_ID_REUSED' },
    async run(ctx, expect) {
      const base = paymentBody(ctx);
      const { creditorName: _dropped, ...withoutName } = base;
      const variants: readonly (readonly [string, Record<string, unknown>])[] = [
        ['another creditorAccount', { ...base, creditorAccount: { iban: ctx.fixtures.ibans.second } }],
        ['another debtorAccount', { ...base, debtorAccount: { iban: ctx.fixtures.ibans.second } }],
        ['another creditorName', { ...base, creditorName: 'Another Payee' }],
        ['no creditorName', withoutName],
        [
          'another remittanceInformationUnstructured',
          { ...base, remittanceInformationUnstructured: 'another reference' },
        ],
        ['an added endToEndIdentification', { ...base, endToEndIdentification: 'XS2A-KIT-E2E-1' }],
      ];
      for (const [label, body] of variants) {
        const key = randomUUID();
        const first = await createPayment(ctx, base, { requestId: key });
        expectRefusal(ctx, await initiatePayment(ctx, body, { requestId: key }), expect, `the same key with ${label}`);
        // The control: the refused body bound nothing; the key is still the first payment's.
        const replay = await initiatePayment(ctx, base, { requestId: key });
        ensureEqual(paymentIdOf(replay), first.paymentId, `paymentId of a same-body replay after ${label}`);
      }
    },
  }),
  scenario({
    id: 'PIS-INIT-013',
    title:
      'An instant payment takes an amount written with no decimals or one decimal like a standard one: 201 RCVD, read back as the same amount',
    spec: 'Amount (pattern ^[0-9]+(\\.[0-9]{1,2})?$: none, one or two decimals); Path parameters (payment_product: both products); PaymentResponse',
    // Careless: the instant product's own amount check demands two decimals; the older scenarios sent such amounts on the standard product only.
    rules: ['AMOUNT-4', 'PIS-INIT-4', 'PIS-INIT-5'],
    area: 'payments',
    expect: { amounts: ['5', '0.5'], status: 'RCVD' },
    async run(ctx, expect) {
      for (const amount of expect.amounts) {
        const body = paymentBody(ctx, { instructedAmount: { currency: 'EUR', amount } });
        const reply = await initiatePayment(ctx, body, { product: INSTANT });
        ensureEqual(reply.status, 201, `status of an instant payment of "${amount}"`);
        const created = reply.success(`an instant payment of "${amount}"`);
        ensureEqual(created.transactionStatus, expect.status, `transactionStatus of an instant payment of "${amount}"`);
        const payment = await readPayment(ctx, created.paymentId, INSTANT);
        ensureEqual(
          toCents(payment.instructedAmount.amount),
          toCents(amount),
          `instructedAmount of the instant payment of "${amount}" in cents`,
        );
      }
    },
  }),
  scenario({
    id: 'COF-029',
    title:
      'A funds confirmation takes an amount written with no decimals or one decimal like one with two: true within the balance, false beyond it',
    spec: 'Amount (pattern ^[0-9]+(\\.[0-9]{1,2})?$: none, one or two decimals); FundsConfirmationRequest; Funds confirmation 1',
    // Careless: the funds endpoint's own amount check demands two decimals, as every amount the kit sent it before had.
    rules: ['AMOUNT-8', 'AMOUNT-4', 'COF-10'],
    area: 'cof',
    shares: [SHARED_COF],
    expect: {},
    async run(ctx) {
      const covered = toCents(ctx.fixtures.amounts.small);
      const beyond = toCents(ctx.fixtures.amounts.beyondBalance);
      if (covered < 100)
        return ctx.unchecked(
          'amounts without two decimals on funds confirmations',
          `the configured small amount (${ctx.fixtures.amounts.small}) is under one euro, so no whole-euro amount is known to be covered`,
        );
      const consentId = await sharedCofConsent(ctx);
      const cases: readonly (readonly [string, boolean])[] = [
        [wholeEuros(covered, Math.floor), true],
        [oneDecimal(covered, Math.floor), true],
        [wholeEuros(beyond, Math.ceil), false],
        [oneDecimal(beyond, Math.ceil), false],
      ];
      for (const [amount, available] of cases) {
        const answer = (await confirm(ctx, consentId, amount)).success(`a funds confirmation of "${amount}"`);
        ensureEqual(answer.fundsAvailable, available, `fundsAvailable for "${amount}"`);
      }
    },
  }),
  scenario({
    id: 'COF-030',
    title:
      'Outside payment initiation X-Request-ID only correlates: funds confirmations sent under one id, of an amount covered and of one beyond the balance, each get their own answer',
    spec: 'Request headers (X-Request-ID: idempotency key on payment initiation; correlation id elsewhere); Behaviour notes / Payments 6 (other endpoints: correlation id only); Funds confirmation 1',
    // Careless: an idempotency layer over every POST, replaying the first answer (or refusing a changed body) under a known id.
    rules: ['PIS-IDEM-7', 'COF-10'],
    area: 'cof',
    shares: [SHARED_COF],
    expect: {},
    async run(ctx) {
      const consentId = await sharedCofConsent(ctx);
      const key = randomUUID();
      const cases: readonly (readonly [string, boolean])[] = [
        [ctx.fixtures.amounts.small, true],
        [ctx.fixtures.amounts.beyondBalance, false],
        [ctx.fixtures.amounts.small, true],
      ];
      for (const [index, [amount, available]] of cases.entries()) {
        const what = `funds confirmation ${index + 1} under one X-Request-ID ("${amount}")`;
        const answer = (await confirm(ctx, consentId, amount, key)).success(what);
        ensureEqual(answer.fundsAvailable, available, `fundsAvailable of the ${what}`);
      }
    },
  }),
  scenario({
    id: 'CB-REG-005',
    title:
      'A PUT with a different URL replaces the registration for deliveries too: a revocation after it is delivered once, to the new URL, and never to the old one',
    spec: 'Revocation callback endpoints 1 (a different URL replaces the registration); Events 7 (a 2xx stops the attempts)',
    // Careless: a second PUT adds a registration beside the first (GET shows the newest), so the old URL is still called.
    rules: ['CB-5'],
    area: 'callbacks',
    approvals: 1,
    needs: ['control', 'callback-receiver', 'clock', 'callback-endpoint'],
    expect: { attempts: 1 },
    async run(ctx, expect) {
      const receiver = ctx.callbacks();
      // The old URL is the receiver's own host under another path: a delivery there is recorded and refused (401).
      const old = new URL(receiver.url);
      old.pathname = `${old.pathname.replace(/\/$/, '')}-replaced`;
      (await ctx.api.putRevocationCallback({ body: { url: old.href } })).success('the first registration');
      await withReceiver(ctx, async () => {
        const consent = await validConsent(ctx, { types: ['balances'] });
        await revokeAndAwait(ctx, receiver, consent.consentId);
        const attempts = await stepUntil(ctx, consent.consentId, expect.attempts + 1, { step: 'PT10M', steps: 6 });
        const statuses = attempts.map((attempt) => attempt.status);
        ensure(
          statuses.length === expect.attempts && statuses[0]! >= 200 && statuses[0]! < 300,
          `one delivery, acknowledged at the new URL; the receiver answered ${statuses.join(', ')} (a delivery to the old URL is answered 401 and retried)`,
          { expected: ['2xx'], actual: statuses },
        );
      });
    },
  }),
  scenario({
    id: 'CB-RETRY-006',
    title:
      'Any 2xx ends the attempts, not only 200: a delivery answered 204 after a 503 is not sent again, nor one answered 202 at once',
    spec: 'Events 7 (retries on connection failure or non-2xx; a 2xx stops them)',
    // Careless: a sender that takes only the 2xx its authors thought of (200, 204) for delivered and retries a 202 Accepted.
    rules: ['EVT-11', 'EVT-9'],
    area: 'callbacks',
    approvals: 2,
    needs: ['control', 'callback-receiver', 'clock', 'callback-endpoint'],
    expect: {
      answered: [[503, 204], [202]],
    },
    async run(ctx, expect) {
      await withReceiver(ctx, async (receiver) => {
        for (const answers of expect.answered) {
          const consent = await validConsent(ctx, { types: ['balances'] });
          // Past the scripted answers the receiver answers 200: a retry after the 2xx would show as one more attempt.
          receiver.answerNext(answers);
          await revokeAndAwait(ctx, receiver, consent.consentId);
          const attempts = await stepUntil(ctx, consent.consentId, answers.length + 1, { step: 'PT10M', steps: 6 });
          ensureEqual(
            attempts.map((attempt) => attempt.status),
            answers,
            `what the receiver answered, attempt by attempt, when it answered ${answers.join(' then ')}`,
          );
        }
      });
    },
  }),
  scenario({
    id: 'CB-EVT-002',
    title:
      'Two revocations made one right after the other carry different eventIds, each delivered once with its own consentId',
    spec: 'Events 3 (eventId: stable per revocation, dedupe on it; revokedAt: two revocations can share a second, do not dedupe on it)',
    // Careless: an eventId made from the time of the revocation, so two in one second share it and a receiver drops one.
    rules: ['EVT-5', 'EVT-4'],
    area: 'callbacks',
    approvals: 2,
    needs: ['control', 'callback-receiver', 'callback-endpoint'],
    expect: {},
    async run(ctx) {
      await withReceiver(ctx, async (receiver) => {
        // Different accounts: approving the second does not supersede the first.
        const first = await validConsent(ctx, { ibans: [ctx.fixtures.ibans.main], types: ['balances'] });
        const second = await validConsent(ctx, { ibans: [ctx.fixtures.ibans.second], types: ['balances'] });
        const before = receiver.received().length;
        await ctx.control().revokeConsent(first.consentId);
        await ctx.control().revokeConsent(second.consentId);
        await receiver.waitFor(before + 2, 10_000);
        if (receiver.settle) await receiver.settle();
        const events = [first, second].map((consent, index) => {
          const deliveries = about(receiver.received(), consent.consentId);
          ensureEqual(deliveries.length, 1, `deliveries about revocation ${index + 1}`);
          const event = JSON.parse(deliveries[0]!.rawBody) as { eventId?: unknown; consentId?: unknown };
          ensure(
            typeof event.eventId === 'string' && event.eventId !== '',
            `revocation ${index + 1} carries an eventId`,
            {
              actual: event,
            },
          );
          return event.eventId;
        });
        ensure(events[0] !== events[1], `two revocations carry one eventId, ${String(events[0])}`, { actual: events });
      });
    },
  }),
];

/**
 * AIS-CONSENT-038 and 039: a consent asked without frequencyPerDay (left out on purpose: Berlin Group
 * 1.3.12 makes it mandatory, the interface gives it a default) reads back what is enforced before and
 * after approval, and serves exactly that many unattended balance reads, the next one refused.
 */
async function consentWithoutFrequency(
  ctx: ScenarioContext,
  expect: { enforced: number; refusal: Parameters<typeof expectRefusal>[2] },
  recurringIndicator: boolean,
): Promise<void> {
  const kind = recurringIndicator ? 'recurring consent' : 'one-off consent';
  const received = recurringIndicator ? 'received consent' : 'received one-off consent';
  const approved = recurringIndicator ? 'approved consent' : 'approved one-off consent';
  const reply = await requestConsent(
    ctx,
    {
      access: aisAccess([ctx.fixtures.ibans.main], ['balances']),
      recurringIndicator,
      validUntil: FURTHEST,
      combinedServiceIndicator: false,
    },
    { exact: true },
  );
  ensureEqual(reply.status, 201, `status of a ${kind} request without frequencyPerDay`);
  const created = consentFrom(ctx, reply);
  const before = await readConsent(ctx, created.consentId);
  ensureEqual(before.frequencyPerDay, expect.enforced, `frequencyPerDay of the ${received} asked without it`);
  await approveConsent(ctx, created);
  const after = await readConsent(ctx, created.consentId);
  ensureEqual(after.frequencyPerDay, expect.enforced, `frequencyPerDay of the ${approved} asked without it`);
  const accountId = await resourceIdOf(ctx, created.consentId, ctx.fixtures.ibans.main);
  const read = () => ctx.api.getBalances({ accountId, headers: underConsent(created.consentId, { attended: false }) });
  await spend(read, 'balances', expect.enforced);
  expectRefusal(ctx, await read(), expect.refusal, `unattended balances read ${expect.enforced + 1}`);
}
