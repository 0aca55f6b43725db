/**
 * How revocation callbacks are delivered beyond their count: the backoff grows, only a 2xx stops
 * the retries, a connection failure is retried like a refusal, nothing goes out after the provider
 * deregistered or for events that send nothing, and a CoF consent's revocation is notified too
 * (spec "Events" 1, 5-7; "Revocation callback endpoints" 3 and 5).
 */
import { ensure, ensureEqual, ensureSchema } from '../src/kit/failure.js';
import { scenario } from '../src/kit/scenario.js';
import { RevocationEventSchema } from '../src/contract/index.js';
import { about, placedUntil, revokeAndAwait, stepUntil } from './callback-steps.js';
import {
  aisAccess,
  consentStatus,
  createConsent,
  dateAfter,
  declineConsent,
  membersOf,
  validCofConsent,
  validConsent,
  withReceiver,
} from './steps.js';

/** The first wait of each `callback.backoff` value, in seconds. */
const FIRST_WAITS = [
  [10, '10s-doubling'],
  [30, '30s-doubling'],
  [60, '60s-doubling'],
] as const;

export const callbackDeliveryScenarios = [
  scenario({
    id: 'CB-RETRY-003',
    title: 'The backoff grows: the wait before the third attempt is longer than the wait before the second',
    spec: 'Events 7 (up to 5 attempts with exponential backoff on connection failure or non-2xx)',
    rules: ['EVT-13', 'OPEN-12'],
    area: 'callbacks',
    approvals: 1,
    needs: ['control', 'callback-receiver', 'clock', 'callback-endpoint'],
    // Steps of 10 s: fine enough to tell a 10-second first wait from a 30-second one, coarse enough to be quick.
    expect: { step: 'PT10S', seconds: 10 },
    async run(ctx, expect) {
      await withReceiver(ctx, async (receiver) => {
        const consent = await validConsent(ctx, { types: ['balances'] });
        receiver.answerNext([503, 503, 503]);
        await revokeAndAwait(ctx, receiver, consent.consentId);
        const attempts = await placedUntil(ctx, consent.consentId, 3, { step: expect.step, steps: 80 });
        ensure(attempts.length >= 3, `three attempts for a refused delivery, got ${attempts.length}`, {
          actual: attempts.length,
        });
        // Each wait as the clock moves that released the next attempt, in seconds of the target's clock:
        // counted in moves, not read from the signature's `t`, which also holds the real time the run
        // took (on a loaded machine a constant wait could read a second longer and pass for growth).
        const [first, second, third] = attempts.map(({ move }) => move * expect.seconds);
        const waits = [second! - first!, third! - second!];
        ctx.observe(
          `waits before the second and the third attempt (seconds of the target’s clock, to the next ${expect.seconds} s)`,
          waits,
        );
        ensure(
          waits[1]! > waits[0]!,
          `the wait before the third attempt (${waits[1]} s) is longer than before the second (${waits[0]} s)`,
          { actual: waits },
        );
        // The first wait names the setting when it is one of its values.
        const named = FIRST_WAITS.find(([seconds]) => waits[0] === seconds);
        if (named) ctx.observeSetting('callback.backoff', named[1]);
      });
    },
  }),
  scenario({
    id: 'CB-RETRY-004',
    title: 'Only a 2xx stops the retries: a redirect and a 410 are retried, a 200 ends them',
    spec: 'Events 7 (retries on non-2xx; a 2xx stops them)',
    rules: ['EVT-9', 'EVT-11'],
    area: 'callbacks',
    approvals: 1,
    needs: ['control', 'callback-receiver', 'clock', 'callback-endpoint'],
    expect: { answers: [302, 410, 200] },
    async run(ctx, expect) {
      await withReceiver(ctx, async (receiver) => {
        const consent = await validConsent(ctx, { types: ['balances'] });
        receiver.answerNext(expect.answers);
        await revokeAndAwait(ctx, receiver, consent.consentId);
        const attempts = await stepUntil(ctx, consent.consentId, 4, { step: 'PT10M', steps: 6 });
        ensureEqual(
          attempts.map((attempt) => attempt.status),
          expect.answers,
          'what the receiver answered, attempt by attempt, until a 2xx',
        );
      });
    },
  }),
  scenario({
    id: 'CB-RETRY-005',
    title: 'A connection failure is retried: after a connection closed without an answer, the same event arrives again',
    spec: 'Events 7 (retries on connection failure); Events 3 (eventId repeated on every retry)',
    rules: ['EVT-10'],
    area: 'callbacks',
    approvals: 1,
    needs: ['control', 'callback-receiver', 'clock', 'callback-endpoint'],
    expect: {},
    async run(ctx) {
      await withReceiver(ctx, async (receiver) => {
        const consent = await validConsent(ctx, { types: ['balances'] });
        receiver.answerNext(['drop']);
        await revokeAndAwait(ctx, receiver, consent.consentId);
        const attempts = await stepUntil(ctx, consent.consentId, 2, { step: 'PT10M', steps: 6 });
        ensureEqual(attempts.length, 2, 'attempts: the dropped one and its retry');
        ensureEqual(attempts[1]!.rawBody, attempts[0]!.rawBody, 'the retry repeats the event');
        ensure(attempts[1]!.verdict.ok, 'the retry is signed afresh and verifies');
      });
    },
  }),
  scenario({
    id: 'CB-DEREG-001',
    title:
      'After the provider deletes its registration no more attempts are made, not even the retries of a pending delivery',
    spec: 'Revocation callback endpoints 3 (DELETE stops notifications)',
    rules: ['CB-8'],
    area: 'callbacks',
    approvals: 1,
    needs: ['control', 'callback-receiver', 'clock', 'callback-endpoint'],
    expect: {},
    async run(ctx) {
      const receiver = ctx.callbacks();
      const consent = await validConsent(ctx, { types: ['balances'] });
      await withReceiver(ctx, async () => {
        receiver.answerNext([503]);
        await revokeAndAwait(ctx, receiver, consent.consentId);
      });
      const after = await stepUntil(ctx, consent.consentId, 2, { step: 'PT10M', steps: 4 });
      ensureEqual(after.length, 1, 'attempts about the consent, the registration deleted after the first');
    },
  }),
  scenario({
    id: 'CB-NONE-002',
    title:
      'A revocation made while no callback was registered is never delivered, not even once one is registered; one made after is',
    spec: 'Revocation callback endpoints 5 (until a callback is registered, revocation notifications are not sent)',
    rules: ['CB-10', 'EVT-1'],
    area: 'callbacks',
    approvals: 2,
    needs: ['control', 'callback-receiver', 'clock', 'callback-endpoint'],
    expect: {},
    async run(ctx) {
      const consent = await validConsent(ctx, { types: ['balances'] });
      await ctx.api.deleteRevocationCallback();
      await ctx.control().revokeConsent(consent.consentId);
      await withReceiver(ctx, async (receiver) => {
        const deliveries = await stepUntil(ctx, consent.consentId, 1, { step: 'PT10M', steps: 3 });
        ensureEqual(deliveries.length, 0, 'deliveries about a consent revoked before the registration');
        // The control: a revocation made now is delivered, so the silence above was the rule, not a deaf receiver.
        const later = await validConsent(ctx, { types: ['transactions'] });
        await revokeAndAwait(ctx, receiver, later.consentId);
        ensureEqual(
          about(receiver.received(), later.consentId).length,
          1,
          'deliveries about a consent revoked after the registration',
        );
      });
    },
  }),
  scenario({
    id: 'CB-NONE-003',
    title: 'Expiry, supersession and a declined consent send no callback; a revocation afterwards is delivered',
    spec: 'Events 1 (sent when the customer or the service revokes a consent; the only event)',
    rules: ['OPEN-13'],
    area: 'callbacks',
    approvals: 4,
    needs: ['control', 'callback-receiver', 'clock', 'callback-endpoint'],
    expect: {},
    async run(ctx) {
      await withReceiver(ctx, async (receiver) => {
        const { main, second } = ctx.fixtures.ibans;
        const expiring = await validConsent(ctx, {
          ibans: [main],
          types: ['transactions'],
          body: { validUntil: dateAfter(await ctx.clock().now(), 1) },
        });
        const superseded = await validConsent(ctx, { ibans: [second], types: ['transactions'] });
        const declined = await createConsent(ctx, { access: aisAccess([main], ['transactions']) });
        await declineConsent(ctx, declined);
        const newer = await validConsent(ctx, { ibans: [second], types: ['transactions'] });
        await ctx.clock().advance('P2D');
        ensureEqual(await consentStatus(ctx, expiring.consentId), 'expired', 'the consent past its validUntil');
        ensureEqual(await consentStatus(ctx, superseded.consentId), 'terminatedByTpp', 'the superseded consent');
        const before = receiver.received().length;
        await revokeAndAwait(ctx, receiver, newer.consentId);
        const arrived = receiver.received().slice(before);
        ensure(about(arrived, newer.consentId).length > 0, 'the revocation afterwards was delivered');
        for (const [what, id] of [
          ['expired', expiring.consentId],
          ['superseded', superseded.consentId],
          ['declined', declined.consentId],
        ] as const) {
          ensureEqual(about(receiver.received(), id).length, 0, `deliveries about the ${what} consent`);
        }
      });
    },
  }),
  scenario({
    id: 'CB-EVT-001',
    title:
      'The revocation of a CoF consent is notified like any other: a signed event with its consentId and revokedByPsu, and no reason',
    spec: 'Events 1-4 (sent when the customer revokes a consent; no reason is carried); States: Consent (valid → revokedByPsu: callback attempted if registered)',
    rules: ['EVT-1', 'EVT-4'],
    area: 'callbacks',
    approvals: 1,
    needs: ['control', 'callback-receiver', 'callback-endpoint'],
    expect: { consentStatus: 'revokedByPsu', fields: ['consentId', 'consentStatus', 'eventId', 'revokedAt'] },
    async run(ctx, expect) {
      await withReceiver(ctx, async (receiver) => {
        const consentId = await validCofConsent(ctx);
        await revokeAndAwait(ctx, receiver, consentId);
        const delivery = about(receiver.received(), consentId)[0];
        ensure(delivery, 'a delivery about the revoked CoF consent arrived');
        ensure(delivery.verdict.ok, 'its signature verifies');
        const event = ensureSchema(RevocationEventSchema, JSON.parse(delivery.rawBody), 'revocation event');
        ensureEqual(
          [event.consentId, event.consentStatus],
          [consentId, expect.consentStatus],
          'consentId and consentStatus of the event',
        );
        // As sent: the schema's parse would drop a member it does not name (a reason, say).
        ensureEqual(Object.keys(membersOf(JSON.parse(delivery.rawBody))).sort(), expect.fields, 'fields of the event');
      });
    },
  }),
];
