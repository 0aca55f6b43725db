/** Confirmation of funds (spec "FundsConfirmationRequest", Behaviour notes / Funds confirmation). */
import { ConsentCreationResponseSchema, ConsentResponseSchema, FundsConfirmationResponseSchema } from '../src/contract/index.js';
import type { ScenarioContext } from '../src/kit/context.js';
import { ensure, ensureEqual, ensureSchema } from '../src/kit/failure.js';
import { scenario } from '../src/kit/scenario.js';
import { consentStatus, expectError, validConsent } from './steps.js';

async function validCofConsent(ctx: ScenarioContext): Promise<string> {
  const reply = await ctx.api.call({ method: 'POST', path: '/v1/consents/confirmation-of-funds', headers: { 'TPP-Redirect-URI': ctx.fixtures.redirectUri }, body: { account: { iban: ctx.fixtures.ibans.main } } });
  ensureEqual(reply.status, 201, 'status of POST /v1/consents/confirmation-of-funds');
  const created = ensureSchema(ConsentCreationResponseSchema, reply.json, 'ConsentCreationResponse');
  await ctx.authorise(created._links.scaRedirect.href, { status: () => consentStatus(ctx, created.consentId, 'cof') });
  ensureEqual(await consentStatus(ctx, created.consentId, 'cof'), 'valid', 'CoF consent status after approval');
  return created.consentId;
}

const confirm = (ctx: ScenarioContext, consentId: string, amount: string) =>
  ctx.api.call({ method: 'POST', path: '/v1/funds-confirmations', headers: { 'Consent-ID': consentId }, body: { account: { iban: ctx.fixtures.ibans.main }, instructedAmount: { currency: 'EUR', amount } } });

export const cofScenarios = [
  scenario({
    id: 'COF-001',
    title: 'A funds confirmation answers exactly one field, fundsAvailable, true for a small amount and false beyond the balance',
    spec: 'FundsConfirmationRequest (response: exactly one field); Funds confirmation 1',
    area: 'cof',
    approvals: 1,
    expect: {},
    async run(ctx) {
      const consentId = await validCofConsent(ctx);
      const yes = await confirm(ctx, consentId, ctx.fixtures.amounts.small);
      ensureEqual(yes.status, 200, 'status of a funds confirmation');
      ensureEqual(ensureSchema(FundsConfirmationResponseSchema, yes.json, 'funds confirmation').fundsAvailable, true, 'fundsAvailable for a small amount');
      const no = await confirm(ctx, consentId, ctx.fixtures.amounts.beyondBalance);
      ensureEqual(ensureSchema(FundsConfirmationResponseSchema, no.json, 'funds confirmation').fundsAvailable, false, 'fundsAvailable beyond the balance');
    },
  }),
  scenario({
    id: 'COF-002',
    title: 'An account-information consent used for a funds confirmation is CONSENT_UNKNOWN',
    spec: 'Behaviour notes / Consents 3 and 6; Errors / Codes CONSENT_UNKNOWN (a consent of the wrong kind, 403)',
    area: 'cof',
    approvals: 1,
    expect: { code: 'CONSENT_UNKNOWN', status: 403 },
    async run(ctx, expect) {
      const consent = await validConsent(ctx, { types: ['balances'] });
      expectError(ctx, await confirm(ctx, consent.consentId, '1.00'), expect);
    },
  }),
  scenario({
    id: 'COF-003',
    title: 'A CoF consent reads back with account instead of access',
    spec: 'ConsentResponse (account: present instead of access on a CoF consent)',
    area: 'cof',
    approvals: 1,
    expect: {},
    async run(ctx) {
      const consentId = await validCofConsent(ctx);
      const read = await ctx.api.call({ path: `/v1/consents/confirmation-of-funds/${consentId}` });
      ensureEqual(read.status, 200, 'status of the CoF consent read');
      const consent = ensureSchema(ConsentResponseSchema, read.json, 'ConsentResponse');
      ensureEqual(consent.account?.iban, ctx.fixtures.ibans.main, 'account of the CoF consent');
      ensure(consent.access === undefined, 'no access on a CoF consent', { actual: consent.access });
    },
  }),
];
