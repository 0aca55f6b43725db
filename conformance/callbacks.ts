/** Revocation callbacks: registration and signed delivery (spec "Revocation callback endpoints", "Events"). */
import { RevocationCallbackSchema, RevocationEventSchema } from '../src/contract/index.js';
import { ensure, ensureEqual, ensureSchema } from '../src/kit/failure.js';
import { scenario } from '../src/kit/scenario.js';
import { consentStatus, validConsent } from './steps.js';

export const callbackScenarios = [
  scenario({
    id: 'CB-REG-001',
    title: 'An http:// callback URL and one with a fragment are refused with 400',
    spec: 'Revocation callback endpoints 1 (absolute https URI, no fragment); Events 6; Endpoints (PUT: 400)',
    area: 'callbacks',
    expect: { status: 400, urls: ['http://tpp.example/revocations', 'https://tpp.example/revocations#frag'] },
    async run(ctx, expect) {
      for (const url of expect.urls) {
        const reply = await ctx.api.call({ method: 'PUT', path: '/v1/revocation-callback', body: { url } });
        ensureEqual(reply.status, expect.status, `status of PUT with ${url}`);
        ctx.observe(`code for callback url ${url} (not stated)`, (reply.json as { tppMessages?: { code: string }[] } | undefined)?.tppMessages?.[0]?.code);
      }
    },
  }),
  scenario({
    id: 'CB-REG-002',
    title: 'PUT and GET answer the same registration with a 32-byte hex secret; the same URL again changes nothing; DELETE then GET is 404',
    spec: 'Revocation callback endpoints 1-3; RevocationCallback',
    area: 'callbacks',
    needs: ['second-provider'],
    expect: { signatureHeader: 'X-Service-Signature', signatureToleranceSeconds: 300, afterDelete: 404 },
    async run(ctx, expect) {
      // The second provider: registration is per provider, and the default one's may be in use by CB-SIGN-001.
      const api = ctx.secondApi();
      const url = 'https://tpp.example/xs2a/revocations';
      const put = await api.call({ method: 'PUT', path: '/v1/revocation-callback', body: { url }, schema: RevocationCallbackSchema });
      ensureEqual(put.status, 200, 'status of PUT');
      const registered = ensureSchema(RevocationCallbackSchema, put.json, 'RevocationCallback');
      ensureEqual(registered.signatureHeader, expect.signatureHeader, 'signatureHeader');
      ensureEqual(registered.signatureToleranceSeconds, expect.signatureToleranceSeconds, 'signatureToleranceSeconds');
      ensure(/^[0-9a-fA-F]{64}$/.test(registered.secret ?? ''), 'secret is a hex string of 32 bytes');
      const get = await api.call({ path: '/v1/revocation-callback' });
      ensureEqual(get.json, put.json, 'GET answers the same body as PUT');
      const again = await api.call({ method: 'PUT', path: '/v1/revocation-callback', body: { url } });
      ensureEqual(again.json, put.json, 'PUT of the same URL again');
      ensureEqual((await api.call({ method: 'DELETE', path: '/v1/revocation-callback' })).status, 204, 'status of DELETE');
      ensureEqual((await api.call({ path: '/v1/revocation-callback' })).status, expect.afterDelete, 'GET after DELETE');
    },
  }),
  scenario({
    id: 'CB-SIGN-001',
    title: 'A customer revocation is delivered signed over the raw body, verified with the secret, carrying eventId, consentId and revokedByPsu',
    spec: 'Events 1-5; States: Consent (valid → revokedByPsu: callback attempted if registered)',
    area: 'callbacks',
    approvals: 1,
    needs: ['control', 'callback-receiver'],
    expect: { consentStatus: 'revokedByPsu' },
    async run(ctx, expect) {
      const receiver = ctx.callbacks();
      const put = await ctx.api.call({ method: 'PUT', path: '/v1/revocation-callback', body: { url: receiver.url } });
      ensureEqual(put.status, 200, 'status of PUT');
      receiver.useSecret((put.json as { secret?: string }).secret);
      try {
        const consent = await validConsent(ctx, { types: ['balances'] });
        const before = receiver.received().length;
        await ctx.control().revokeConsent(consent.consentId);
        ensureEqual(await consentStatus(ctx, consent.consentId), expect.consentStatus, 'status after the customer revoked');
        const delivery = (await receiver.waitFor(before + 1, 10_000)).slice(before).find((item) => item.rawBody.includes(consent.consentId));
        ensure(delivery, 'a delivery for the revoked consent arrived');
        ensure(delivery.verdict.ok, `the signature verifies over the raw body: ${delivery.verdict.ok ? '' : delivery.verdict.reason}`, { actual: delivery.signature });
        const event = ensureSchema(RevocationEventSchema, JSON.parse(delivery.rawBody), 'revocation event');
        ensureEqual(event.consentId, consent.consentId, 'consentId of the event');
        ensureEqual(event.consentStatus, expect.consentStatus, 'consentStatus of the event');
      } finally {
        await ctx.api.call({ method: 'DELETE', path: '/v1/revocation-callback' });
      }
    },
  }),
];
