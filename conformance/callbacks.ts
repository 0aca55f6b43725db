/** Revocation callbacks: registration and signed delivery (spec "Revocation callback endpoints", "Events"). */
import { RevocationEventSchema } from '../src/contract/index.js';
import type { ScenarioContext } from '../src/kit/context.js';
import { ensure, ensureEqual, ensureSchema } from '../src/kit/failure.js';
import { scenario } from '../src/kit/scenario.js';
import { about, stepUntil } from './callback-steps.js';
import { consentStatus, membersOf, validConsent, withReceiver } from './steps.js';

/** A secret no registration derives: the receiver refuses (non-2xx) what it cannot verify, as a provider should. */
const WRONG_SECRET = '0'.repeat(64);

/**
 * Moves the clock ten minutes at a time (longer than any backoff step the target is likely to take)
 * until the receiver holds `count` deliveries about the consent, `steps` moves went by, or a move
 * released nothing (the target has stopped retrying).
 */
const attemptsUntil = (ctx: ScenarioContext, consentId: string, count: number, steps: number) =>
  stepUntil(ctx, consentId, count, { step: 'PT10M', steps, stopWhenQuiet: true });

/** The event a delivery carries, held to its schema. */
const eventOf = (raw: string) => ensureSchema(RevocationEventSchema, JSON.parse(raw), 'revocation event');

export const callbackScenarios = [
  scenario({
    id: 'CB-REG-002',
    title:
      'PUT and GET answer the same registration with a 32-byte hex secret; the same URL again changes nothing; DELETE then GET is 404',
    rules: ['CB-2', 'CB-3', 'CB-4', 'CB-6', 'CB-7', 'HDR-11'],
    spec: 'Revocation callback endpoints 1-3; RevocationCallback',
    area: 'callbacks',
    needs: ['second-provider', 'callback-endpoint'],
    expect: { signatureHeader: 'X-Service-Signature', signatureToleranceSeconds: 300, afterDelete: 404 },
    async run(ctx, expect) {
      // The second provider: registration is per provider, and the default one's may be in use by CB-SIGN-001.
      const api = ctx.secondApi();
      const url = 'https://tpp.example/xs2a/revocations';
      const put = await api.putRevocationCallback({ body: { url } });
      const registered = put.success('PUT /v1/revocation-callback');
      ensureEqual(registered.signatureHeader, expect.signatureHeader, 'signatureHeader');
      ensureEqual(registered.signatureToleranceSeconds, expect.signatureToleranceSeconds, 'signatureToleranceSeconds');
      ensure(/^[0-9a-fA-F]{64}$/.test(registered.secret), 'secret is a hex string of 32 bytes');
      const get = await api.getRevocationCallback();
      ensureEqual(get.json, put.json, 'GET answers the same body as PUT');
      const again = await api.putRevocationCallback({ body: { url } });
      ensureEqual(again.json, put.json, 'PUT of the same URL again');
      ensureEqual((await api.deleteRevocationCallback()).status, 204, 'status of DELETE');
      ensureEqual((await api.getRevocationCallback()).status, expect.afterDelete, 'GET after DELETE');
    },
  }),
  scenario({
    id: 'CB-SIGN-001',
    title:
      'A customer revocation is delivered signed over the raw body, verified with the secret, carrying eventId, consentId and revokedByPsu',
    rules: ['EVT-1', 'EVT-4', 'EVT-7'],
    spec: 'Events 1-5; States: Consent (valid → revokedByPsu: callback attempted if registered)',
    area: 'callbacks',
    approvals: 1,
    needs: ['control', 'callback-receiver', 'callback-endpoint'],
    expect: { consentStatus: 'revokedByPsu' },
    async run(ctx, expect) {
      await withReceiver(ctx, async (receiver) => {
        const consent = await validConsent(ctx, { types: ['balances'] });
        const before = receiver.received().length;
        await ctx.control().revokeConsent(consent.consentId);
        ensureEqual(
          await consentStatus(ctx, consent.consentId),
          expect.consentStatus,
          'status after the customer revoked',
        );
        const delivery = (await receiver.waitFor(before + 1, 10_000))
          .slice(before)
          .find((item) => item.rawBody.includes(consent.consentId));
        ensure(delivery, 'a delivery for the revoked consent arrived');
        ensure(
          delivery.verdict.ok,
          `the signature verifies over the raw body: ${delivery.verdict.ok ? '' : delivery.verdict.reason}`,
          { actual: delivery.signature },
        );
        const event = eventOf(delivery.rawBody);
        ensureEqual(event.consentId, consent.consentId, 'consentId of the event');
        ensureEqual(event.consentStatus, expect.consentStatus, 'consentStatus of the event');
      });
    },
  }),
  scenario({
    id: 'CB-REG-004',
    title: 'PUT with a different URL replaces the registration: GET then answers the new URL',
    rules: ['CB-5'],
    spec: 'Revocation callback endpoints 1-2 (a different URL replaces the registration; GET returns the same body as PUT)',
    area: 'callbacks',
    needs: ['second-provider', 'callback-endpoint'],
    expect: { first: 'https://tpp.example/xs2a/one', second: 'https://tpp.example/xs2a/two' },
    async run(ctx, expect) {
      const api = ctx.secondApi();
      try {
        await api.putRevocationCallback({ body: { url: expect.first } });
        const put = await api.putRevocationCallback({ body: { url: expect.second } });
        const get = (await api.getRevocationCallback()).success('GET /v1/revocation-callback');
        ensureEqual(get.url, expect.second, 'url after the replacement');
        ensureEqual(get, put.success('the replacing PUT'), 'GET answers the same body as the replacing PUT');
      } finally {
        await api.deleteRevocationCallback();
      }
    },
  }),
  scenario({
    id: 'CB-SIGN-002',
    title:
      'The signature header is t=<unix seconds>,v1=<64 hex>, with t within 300 s of the target’s clock; the event carries no reason',
    rules: ['EVT-6', 'EVT-8', 'EVT-4'],
    spec: 'Events 3-5 (value shape t=<unix_seconds>,v1=<hex>; HMAC-SHA256; 300-second tolerance; no reason is carried); RevocationCallback (signatureToleranceSeconds 300)',
    area: 'callbacks',
    approvals: 1,
    needs: ['control', 'callback-receiver', 'clock', 'callback-endpoint'],
    expect: {
      shape: '^t=(\\d+),v1=[0-9a-fA-F]{64}$',
      toleranceSeconds: 300,
      fields: ['consentId', 'consentStatus', 'eventId', 'revokedAt'],
    },
    async run(ctx, expect) {
      await withReceiver(ctx, async (receiver) => {
        const consent = await validConsent(ctx, { types: ['balances'] });
        const before = receiver.received().length;
        await ctx.control().revokeConsent(consent.consentId);
        const delivery = about((await receiver.waitFor(before + 1, 10_000)).slice(before), consent.consentId)[0];
        ensure(delivery, 'a delivery for the revoked consent arrived');
        const shape = new RegExp(expect.shape).exec(delivery.signature ?? '');
        ensure(shape, `X-Service-Signature has the shape t=<unix_seconds>,v1=<hex>, got ${String(delivery.signature)}`);
        const skew = Math.abs(Number(shape[1]) - Math.floor((await ctx.clock().now()).getTime() / 1000));
        ensure(skew <= expect.toleranceSeconds, `t is ${skew} s from the target’s clock`);
        ensure(delivery.verdict.ok, 'the HMAC over <t>.<raw body> verifies with the secret');
        ctx.observe(
          'the HMAC key: the 32 bytes the secret spells in hex, or its 64 characters as text',
          delivery.keyedWithText ? 'text' : 'bytes',
        );
        ensureEqual(Object.keys(membersOf(JSON.parse(delivery.rawBody))).sort(), expect.fields, 'fields of the event');
      });
    },
  }),
  scenario({
    id: 'CB-RETRY-001',
    title: 'A refused delivery is retried with the same eventId and body until a 2xx, and a 2xx stops the retries',
    rules: ['EVT-5', 'EVT-9', 'EVT-11'],
    spec: 'Events 3 (eventId stable per revocation, repeated on every retry) and 7 (retries on non-2xx; a 2xx stops them)',
    area: 'callbacks',
    approvals: 1,
    needs: ['control', 'callback-receiver', 'clock', 'callback-endpoint'],
    expect: { refusals: 2 },
    async run(ctx, expect) {
      await withReceiver(ctx, async (receiver, secret) => {
        const consent = await validConsent(ctx, { types: ['balances'] });
        receiver.useSecret(WRONG_SECRET);
        await ctx.control().revokeConsent(consent.consentId);
        const refused = await attemptsUntil(ctx, consent.consentId, expect.refusals, 8);
        ensureEqual(refused.length, expect.refusals, 'deliveries refused by the receiver before it accepts');
        receiver.useSecret(secret);
        const all = await attemptsUntil(ctx, consent.consentId, expect.refusals + 1, 8);
        ensure(all.length === expect.refusals + 1 && all.at(-1)!.status < 300, 'a retry arrived and was accepted', {
          actual: all.map((item) => item.status),
        });
        ensureEqual(
          new Set(all.map((item) => eventOf(item.rawBody).eventId)).size,
          1,
          'distinct eventIds over the attempts',
        );
        ensureEqual(new Set(all.map((item) => item.rawBody)).size, 1, 'distinct bodies over the attempts');
        ensureEqual(
          (await attemptsUntil(ctx, consent.consentId, expect.refusals + 2, 1)).length,
          expect.refusals + 1,
          'deliveries after the accepted one',
        );
      });
    },
  }),
  scenario({
    id: 'CB-RETRY-002',
    title: 'A delivery that is never accepted is retried, at most 5 attempts in all',
    rules: ['EVT-12'],
    spec: 'Events 7 (up to 5 attempts with exponential backoff on connection failure or non-2xx); Limits (callback attempts)',
    area: 'callbacks',
    approvals: 1,
    needs: ['control', 'callback-receiver', 'clock', 'callback-endpoint'],
    expect: { maxAttempts: 5 },
    async run(ctx, expect) {
      await withReceiver(ctx, async (receiver) => {
        const consent = await validConsent(ctx, { types: ['balances'] });
        receiver.useSecret(WRONG_SECRET);
        await ctx.control().revokeConsent(consent.consentId);
        const attempts = await attemptsUntil(ctx, consent.consentId, expect.maxAttempts + 1, 12);
        ensure(
          attempts.length >= 2 && attempts.length <= expect.maxAttempts,
          `attempts for a refused delivery: ${attempts.length}`,
          { expected: `2..${expect.maxAttempts}`, actual: attempts.length },
        );
        ctx.observe('attempts made for a delivery never accepted', attempts.length);
      });
    },
  }),
  scenario({
    id: 'CB-NONE-001',
    title: 'The provider’s own DELETE of a consent sends no callback, while a customer revocation does',
    rules: ['EVT-2', 'OPEN-13'],
    spec: 'Events 1 (not sent when the provider itself terminates a consent); States: Consent (DELETE by the holder: no notification)',
    area: 'callbacks',
    approvals: 2,
    needs: ['control', 'callback-receiver', 'callback-endpoint'],
    expect: {},
    async run(ctx) {
      await withReceiver(ctx, async (receiver) => {
        const deleted = await validConsent(ctx, { types: ['balances'] });
        const revoked = await validConsent(ctx, { types: ['transactions'], ibans: [ctx.fixtures.ibans.second] });
        const before = receiver.received().length;
        ensureEqual((await ctx.api.deleteConsent(deleted)).status, 204, 'status of the provider’s DELETE');
        // A customer revocation afterwards: once its delivery is in, a callback for the DELETE would have had its chance.
        await ctx.control().revokeConsent(revoked.consentId);
        const deliveries = (await receiver.waitFor(before + 1, 10_000)).slice(before);
        ensure(about(deliveries, revoked.consentId).length > 0, 'the customer revocation was delivered');
        ensureEqual(
          about(receiver.received().slice(before), deleted.consentId).length,
          0,
          'deliveries about the consent the provider deleted',
        );
      });
    },
  }),
];
