/**
 * What a consent request grants and where its customer goes back (spec "AccountAccess",
 * "ConsentRequest", "Request headers", "States: Authorisation"): empty lists, left-out fields,
 * redirect URIs bound at creation, and an authorisation that has ended for good.
 */
import type { ScenarioContext } from '../src/kit/context.js';
import { ensure, ensureEqual, ScaDriverFailed } from '../src/kit/failure.js';
import { scenario } from '../src/kit/scenario.js';
import { expectRefusal } from './refusal.js';
import {
  aisAccess,
  answerOf,
  approveConsent,
  authoriseConsent,
  consentFrom,
  consentStatus,
  createConsent,
  dateAfter,
  daysBetween,
  declineConsent,
  expectPlausible,
  readConsent,
  requestConsent,
  resourceIdOf,
  underConsent,
  type CreatedConsent,
} from './steps.js';
import { dayStartMs, isoDate } from '../src/contract/dates.js';

/** The customer acts on a finished authorisation again; a driver that finds nothing to act on stops, as it should. */
async function actAgain(ctx: ScenarioContext, created: CreatedConsent, decision: 'approve' | 'decline'): Promise<void> {
  try {
    await authoriseConsent(ctx, created, { decision, reopen: true });
    ctx.observe(`the bank's page let the customer ${decision} a finished authorisation again`, true);
  } catch (error) {
    if (!(error instanceof ScaDriverFailed)) throw error;
    ctx.observe(
      `reopening a finished authorisation to ${decision}`,
      error instanceof Error ? error.message.split('\n')[0] : String(error),
    );
  }
}

export const consentGrantScenarios = [
  scenario({
    id: 'AIS-CONSENT-034',
    title:
      'An empty or left-out list grants nothing for its data type: balances: [] and no transactions list open neither',
    rules: ['AIS-CONSENT-19', 'AIS-CONSENT-20', 'AIS-CONSENT-9'],
    spec: 'AccountAccess (no list is mandatory; an empty list grants nothing)',
    area: 'consents',
    approvals: 1,
    expect: { code: 'CONSENT_INVALID' },
    async run(ctx, expect) {
      const main = ctx.fixtures.ibans.main;
      const created = await createConsent(ctx, { access: { accounts: [{ iban: main }], balances: [] } });
      await approveConsent(ctx, created);
      const accountId = await resourceIdOf(ctx, created.consentId, main);
      const headers = underConsent(created.consentId);
      ensureEqual(
        (await ctx.api.readAccountDetails({ accountId, headers })).status,
        200,
        'status of the account read (granted by accounts)',
      );
      expectRefusal(ctx, await ctx.api.getBalances({ accountId, headers }), expect);
      expectRefusal(
        ctx,
        await ctx.api.getTransactionList({ accountId, headers, query: { bookingStatus: 'booked' } }),
        expect,
      );
      const access = (await readConsent(ctx, created.consentId)).access;
      ensure(
        (access?.balances ?? []).length === 0 && (access?.transactions ?? []).length === 0,
        'the grant reads back no balances and no transactions',
        { actual: access },
      );
    },
  }),
  scenario({
    id: 'AIS-CONSENT-035',
    title:
      'A consent request that leaves out recurringIndicator and validUntil: the defaults are observed, and the validity stays within 180 days',
    rules: ['OPEN-1', 'AIS-CONSENT-4'],
    spec: 'ConsentRequest (defaults of recurringIndicator and validUntil: not shown)',
    area: 'consents',
    approvals: 1,
    needs: ['clock'],
    expect: { ceilingDays: 180 },
    async run(ctx, expect) {
      // Deliberately incomplete for Berlin Group 1.3.12, which makes both fields mandatory: a strict bank may refuse it.
      const create = (body: Record<string, unknown>) =>
        requestConsent(ctx, { access: aisAccess([ctx.fixtures.ibans.main], ['balances']), ...body }, { exact: true });
      const today = isoDate(await ctx.clock().now());
      const plausible = [{ status: 201 }, { status: 400, code: 'FORMAT_ERROR' }] as const;
      // recurringIndicator left out: what a received consent reads back is the default taken.
      const noRecurring = await create({ validUntil: dateAfter(new Date(dayStartMs(today)), 30) });
      expectPlausible(ctx, 'a consent request without recurringIndicator', noRecurring, plausible);
      if (noRecurring.body) {
        const recurring = (await readConsent(ctx, noRecurring.body.consentId)).recurringIndicator;
        ensure(typeof recurring === 'boolean', 'a consent reads back recurringIndicator (true or false)', {
          actual: recurring,
        });
        ctx.observeSetting('consent.recurringIndicatorDefault', recurring);
      } else {
        ensureEqual(answerOf(noRecurring).path, 'recurringIndicator', 'path of the refusal without recurringIndicator');
        ctx.observeSetting('consent.recurringIndicatorDefault', 'required');
      }
      // validUntil left out: the validity the approval gives.
      const reply = await create({ recurringIndicator: true });
      expectPlausible(ctx, 'a consent request without validUntil', reply, plausible);
      if (reply.status !== 201) {
        ensureEqual(answerOf(reply).path, 'validUntil', 'path of the refusal without validUntil');
        ctx.observeSetting('consent.validUntilDefault', 'required');
        return;
      }
      const created = consentFrom(ctx, reply);
      await authoriseConsent(ctx, created);
      const approvedOn = isoDate(await ctx.clock().now());
      const read = await readConsent(ctx, created.consentId);
      const validUntil = read.validUntil;
      ensure(validUntil, 'an approved consent reads back its validUntil', { actual: read });
      const days = daysBetween(approvedOn, validUntil);
      ctx.observe('validUntil when left out (days after approval)', days);
      ensure(
        days <= expect.ceilingDays,
        `validUntil ${validUntil} is more than ${expect.ceilingDays} days after the approval on ${approvedOn}`,
      );
      if (days === 180 || days === 90) ctx.observeSetting('consent.validUntilDefault', `${days}-days`);
    },
  }),
  scenario({
    id: 'AIS-CONSENT-036',
    title:
      'Redirect URIs are bound at creation: each consent’s customer returns to the address sent with that consent, whatever later requests carry',
    rules: ['HDR-7', 'HDR-8', 'SCA-9'],
    spec: 'Request headers (TPP-Redirect-URI and TPP-NOK-Redirect-URI: bound at creation, never re-read)',
    area: 'sca',
    approvals: 2,
    expect: {},
    async run(ctx) {
      const body = { access: aisAccess([ctx.fixtures.ibans.main], ['balances']), recurringIndicator: false };
      // The same addresses with a query naming the consent: the drivers recognise the provider's address by origin and path.
      const first = await createConsent(ctx, body, {
        headers: {
          'TPP-Redirect-URI': `${ctx.fixtures.redirectUri}?consent=first`,
          'TPP-NOK-Redirect-URI': `${ctx.fixtures.nokRedirectUri}?consent=first`,
        },
      });
      const second = await createConsent(ctx, body, {
        headers: {
          'TPP-Redirect-URI': `${ctx.fixtures.redirectUri}?consent=second`,
          'TPP-NOK-Redirect-URI': `${ctx.fixtures.nokRedirectUri}?consent=second`,
        },
      });
      // A later request carrying other addresses changes nothing.
      await ctx.api.getConsentStatus({
        consentId: first.consentId,
        headers: {
          'TPP-Redirect-URI': `${ctx.fixtures.redirectUri}?consent=later`,
          'TPP-NOK-Redirect-URI': `${ctx.fixtures.nokRedirectUri}?consent=later`,
        },
      });
      for (const [created, decision, address, name] of [
        [first, 'approve', ctx.fixtures.redirectUri, 'first'],
        [second, 'decline', ctx.fixtures.nokRedirectUri, 'second'],
      ] as const) {
        const outcome = await authoriseConsent(ctx, created, { decision });
        if (outcome.location === null) {
          ctx.unchecked(
            `where the ${name} consent's customer returns`,
            'the SCA driver cannot see where the bank sends the customer',
          );
          continue;
        }
        const back = new URL(outcome.location);
        ensureEqual(
          `${back.origin}${back.pathname}`,
          address,
          `where the ${name} consent's customer returns on ${decision}`,
        );
        ensureEqual(back.searchParams.get('consent'), name, `the query of the address sent with the ${name} consent`);
        ensureEqual(back.searchParams.get('state'), created.state, `state on the ${name} consent's return`);
      }
      ensureEqual(await consentStatus(ctx, first.consentId), 'valid', 'the approved consent');
      ensureEqual(await consentStatus(ctx, second.consentId), 'rejected', 'the declined consent');
    },
  }),
  scenario({
    id: 'SCA-REOPEN-001',
    title:
      'A finished authorisation cannot be completed again: an approved consent cannot be declined through it, nor a declined one approved',
    rules: ['SCA-5'],
    spec: 'States: Authorisation (finalised and failed are final)',
    area: 'sca',
    approvals: 2,
    expect: {},
    async run(ctx) {
      const body = { access: aisAccess([ctx.fixtures.ibans.main], ['balances']), recurringIndicator: false };
      const approved = await createConsent(ctx, body);
      const approvedStatus = () => consentStatus(ctx, approved.consentId);
      await approveConsent(ctx, approved);
      await actAgain(ctx, approved, 'decline');
      ensureEqual(
        await approvedStatus(),
        'valid',
        'status after the customer reopened the finished authorisation to decline',
      );
      const declined = await createConsent(ctx, body);
      const declinedStatus = () => consentStatus(ctx, declined.consentId);
      await declineConsent(ctx, declined);
      await actAgain(ctx, declined, 'approve');
      ensureEqual(
        await declinedStatus(),
        'rejected',
        'status after the customer reopened the declined authorisation to approve',
      );
    },
  }),
];
