/**
 * Refusals held on every operation and value they cover, not only the common one: a CoF consent on
 * every account-data endpoint, attended or not (spec "Behaviour notes: Consents" 3: the answer is
 * open, but it is one refusal and nothing is served), and each consent kind on every consent
 * operation of the other kind, a deletion among them, which then deletes nothing (spec "Behaviour
 * notes: Consents" 2-3: `CONSENT_UNKNOWN`).
 */
import type { Reply } from '../src/kit/client.js';
import { ensureEqual } from '../src/kit/failure.js';
import { scenario } from '../src/kit/scenario.js';
import { expectRefusal } from './refusal.js';
import {
  aisAccess,
  codeOf,
  consentStatus,
  createCofConsent,
  createConsent,
  expectPlausible,
  resourceIdOf,
  SHARED_COF,
  SHARED_READ,
  sharedCofConsent,
  sharedReadConsent,
  underConsent,
} from './steps.js';

export const everyValueScenarios = [
  scenario({
    id: 'AIS-DATA-016',
    title:
      'A CoF consent serves nothing on any account-data endpoint, attended or not: the list, the read, balances and transactions meet one refusal',
    rules: ['COF-6', 'OPEN-9'],
    spec: 'FundsConfirmationConsentRequest (a CoF consent grants no data access); Behaviour notes / Consents 3 (the answer to a CoF consent on account-data endpoints: not shown)',
    area: 'ais-data',
    shares: [SHARED_READ, SHARED_COF],
    expect: {},
    async run(ctx) {
      const cof = await sharedCofConsent(ctx);
      const { consentId } = await sharedReadConsent(ctx);
      const accountId = await resourceIdOf(ctx, consentId, ctx.fixtures.ibans.main);
      const codes = new Set<string | undefined>();
      for (const attended of [true, false]) {
        const headers = underConsent(cof, { attended });
        const replies: [string, Reply][] = [
          ['GET /v1/accounts', await ctx.api.getAccountList({ headers })],
          ['GET /v1/accounts/{id}', await ctx.api.readAccountDetails({ accountId, headers })],
          ['GET /v1/accounts/{id}/balances', await ctx.api.getBalances({ accountId, headers })],
        ];
        for (const bookingStatus of ['booked', 'pending', 'both'] as const)
          replies.push([
            `GET /v1/accounts/{id}/transactions?bookingStatus=${bookingStatus}`,
            await ctx.api.getTransactionList({ accountId, headers, query: { bookingStatus } }),
          ]);
        for (const [what, reply] of replies) {
          const read = `${what} under a CoF consent, ${attended ? 'attended' : 'unattended'}`;
          expectPlausible(ctx, `${read} (not shown)`, reply, [
            { status: '4xx', code: 'CONSENT_UNKNOWN' },
            { status: '4xx', code: 'CONSENT_INVALID' },
          ]);
          codes.add(codeOf(reply));
        }
      }
      ensureEqual(
        [...codes].length,
        1,
        `one code for a CoF consent on every account-data endpoint (${[...codes].join(', ')})`,
      );
    },
  }),
  scenario({
    id: 'COF-028',
    title:
      'Each consent kind on every consent operation of the other kind, reads, authorisations and deletion, is 403 CONSENT_UNKNOWN, and the deletion deletes nothing',
    rules: ['AIS-CONSENT-22'],
    spec: 'Errors / Codes CONSENT_UNKNOWN (a consent of the wrong kind for the service, 403); Behaviour notes / Consents 2-3',
    area: 'cof',
    expect: { status: 403, code: 'CONSENT_UNKNOWN', after: 'received' },
    async run(ctx, expect) {
      const cof = await createCofConsent(ctx);
      const ais = await createConsent(ctx, {
        access: aisAccess([ctx.fixtures.ibans.main], ['balances']),
        recurringIndicator: true,
      });
      const replies: [string, Reply][] = [
        ['GET /v1/consents/{id}/authorisations', await ctx.api.getConsentAuthorisations({ consentId: cof.consentId })],
        [
          'GET /v1/consents/{id}/authorisations/{id}',
          await ctx.api.getConsentScaStatus({ consentId: cof.consentId, authorisationId: cof.authorisationId }),
        ],
        ['DELETE /v1/consents/{id}', await ctx.api.deleteConsent({ consentId: cof.consentId })],
        [
          'GET /v1/consents/confirmation-of-funds/{id}/authorisations',
          await ctx.api.getFundsConfirmationConsentAuthorisations({ consentId: ais.consentId }),
        ],
        [
          'GET /v1/consents/confirmation-of-funds/{id}/authorisations/{id}',
          await ctx.api.getFundsConfirmationConsentScaStatus({
            consentId: ais.consentId,
            authorisationId: ais.authorisationId,
          }),
        ],
        [
          'DELETE /v1/consents/confirmation-of-funds/{id}',
          await ctx.api.deleteFundsConfirmationConsent({ consentId: ais.consentId }),
        ],
      ];
      for (const [what, reply] of replies)
        expectRefusal(
          ctx,
          reply,
          { status: expect.status, code: expect.code },
          `${what} with a consent of the other kind`,
        );
      ensureEqual(
        await consentStatus(ctx, cof.consentId, 'cof'),
        expect.after,
        'the CoF consent after a DELETE on the account-information endpoint',
      );
      ensureEqual(
        await consentStatus(ctx, ais.consentId),
        expect.after,
        'the account-information consent after a DELETE on the CoF endpoint',
      );
    },
  }),
];
