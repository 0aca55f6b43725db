/**
 * Certificates a bank that checks revocation must refuse (capability `revoked-certificates`): a QWAC
 * its CA revoked and one it suspended, valid in every other way. Each is refused on AIS consents,
 * account data, PIS and CoF with one answer that names a certificate problem (the interface's only
 * certificate code, or a refused handshake), and creates nothing; the same requests from the valid
 * provider are served.
 */
import { randomUUID } from 'node:crypto';
import { REVOKED_CERTIFICATES, type RevokedCertificate } from '../src/kit/capabilities.js';
import { TargetUnreachable, TargetUnstable, type CallOptions } from '../src/kit/client.js';
import type { ScenarioContext } from '../src/kit/context.js';
import { ensure, ensureEqual } from '../src/kit/failure.js';
import type { Scenario } from '../src/kit/scenario.js';
import { scenario } from '../src/kit/scenario.js';
import { expectRefusal } from './refusal.js';
import { answerOf, ATTENDED, completeConsentBody, createConsent, expectPlausible, type Plausible } from './steps.js';

const REVOKED_PLAUSIBLE: readonly Plausible[] = [
  { status: 401, code: 'CERTIFICATE_MISSING' },
  { status: 403, code: 'CERTIFICATE_MISSING' },
];

async function refusedWhenRevoked(
  ctx: ScenarioContext,
  kind: RevokedCertificate,
  plausible: readonly Plausible[],
): Promise<void> {
  const what = REVOKED_CERTIFICATES[kind];
  const client = ctx.revokedApi(kind);
  if (!client)
    return ctx.unchecked(
      `refusal of ${what}`,
      `the target provides no such certificate ("revokedCertificates.${kind}")`,
    );
  const consentBody = completeConsentBody({ access: { balances: [{ iban: ctx.fixtures.ibans.main }] } });
  const nobodysConsent = `revoked-${kind}-${randomUUID()}`;
  const calls: [string, CallOptions][] = [
    [
      'POST /v1/consents (AIS)',
      {
        method: 'POST',
        path: '/v1/consents',
        headers: { 'TPP-Redirect-URI': ctx.fixtures.redirectUri, ...ATTENDED },
        body: consentBody,
      },
    ],
    [
      'POST /v1/consents/confirmation-of-funds (CoF)',
      {
        method: 'POST',
        path: '/v1/consents/confirmation-of-funds',
        headers: { 'TPP-Redirect-URI': ctx.fixtures.redirectUri },
        body: { account: { iban: ctx.fixtures.ibans.main } },
      },
    ],
    ['GET /v1/accounts (AIS data)', { path: '/v1/accounts', headers: { 'Consent-ID': nobodysConsent, ...ATTENDED } }],
  ];
  const answers: string[] = [];
  for (const [operation, call] of calls) {
    const point = `answer to ${operation} with ${what}`;
    let reply;
    try {
      reply = await client.call(call);
    } catch (error) {
      if (error instanceof TargetUnreachable || (error instanceof TargetUnstable && error.unreachable)) {
        ctx.observe(point, 'TLS handshake refused');
        answers.push('TLS handshake refused');
        continue;
      }
      throw error;
    }
    expectPlausible(ctx, point, reply, plausible);
    const seen = answerOf(reply);
    expectRefusal(ctx, reply, { code: seen.code!, status: seen.status });
    const body = (reply.json ?? {}) as object;
    ensure(
      !('consentId' in body) && !('accounts' in body),
      `${point}: the refusal carries no created resource and no data`,
      {
        actual: body,
      },
    );
    answers.push(`${seen.status} ${seen.code}`);
  }
  ensureEqual(new Set(answers).size, 1, `one answer on every operation for ${what}`);
  ctx.observe(`answer to ${what} (the same on every operation)`, answers[0]);
  // Control: the valid provider's same consent request is served; its account list passes the certificate check.
  await createConsent(ctx, consentBody, { exact: true });
  expectRefusal(
    ctx,
    await ctx.api.call(calls[2]![1]),
    { status: 403, code: 'CONSENT_UNKNOWN' },
    'the same account list from the valid provider (its certificate passes; the consent id is nobody’s)',
  );
}

export const identityRevocationScenarios: Scenario[] = [
  scenario({
    id: 'ID-DETAIL-015',
    title:
      'A QWAC its certificate authority revoked is refused, by a bank that checks revocation, on AIS consents, account data and CoF with one certificate refusal, and creates nothing',
    rules: ['AUTH-8', 'OPEN-14', 'ERR-1'],
    spec: 'Authentication 1 (a valid eIDAS QWAC is the credential); Errors / Codes CERTIFICATE_MISSING; Errors rule 5 (its status: not shown)',
    area: 'identity',
    needs: ['revoked-certificates'],
    expect: { plausible: REVOKED_PLAUSIBLE },
    run: (ctx, expect) => refusedWhenRevoked(ctx, 'revoked', expect.plausible),
  }),
  scenario({
    id: 'ID-DETAIL-016',
    title:
      'A QWAC its certificate authority suspended (certificateHold) is refused, by a bank that checks revocation, on AIS consents, account data and CoF with one certificate refusal, and creates nothing',
    rules: ['AUTH-8', 'OPEN-14', 'ERR-1'],
    spec: 'Authentication 1 (a valid eIDAS QWAC is the credential); Errors / Codes CERTIFICATE_MISSING; Errors rule 5 (its status: not shown)',
    area: 'identity',
    needs: ['revoked-certificates'],
    expect: { plausible: REVOKED_PLAUSIBLE },
    run: (ctx, expect) => refusedWhenRevoked(ctx, 'suspended', expect.plausible),
  }),
];
