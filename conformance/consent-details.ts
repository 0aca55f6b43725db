/**
 * Consent, authorisation, CoF and budget details: request reading, lifecycles, ceremonies, callbacks
 * (scenarios added while measuring the catalogue by mutation testing). What the interface states is
 * held exactly; what it leaves open (`lastActionDate`, the links of a read, an empty
 * `access`, a `validUntil` in the past, `scaStatus` after a cancellation) is observed.
 */
import {
  ConsentResponseSchema,
  ConsentStatusResponseSchema,
  FundsConfirmationConsentResponseSchema,
} from '../src/contract/index.js';
import type { ScenarioContext } from '../src/kit/context.js';
import { ensure, ensureEqual, ensureSchema } from '../src/kit/failure.js';
import { scenario, type Scenario } from '../src/kit/scenario.js';
import { revokeAndAwait, stepUntil } from './callback-steps.js';
import { expectRefusal } from './refusal.js';
import {
  accountList,
  aisAccess,
  answerOf,
  ATTENDED,
  authorisedPayment,
  authoriseConsent,
  completeConsentBody,
  consentFrom,
  consentStatus,
  createCofConsent,
  createConsent,
  dateAfter,
  daysBetween,
  declineConsent,
  expectPlausible,
  follow,
  paymentBody,
  readConsent,
  validCofConsent,
  validConsent,
  withReceiver,
} from './steps.js';
import { advanceIntoDay } from './time.js';
import { isoDate } from '../src/contract/dates.js';

/** `POST /v1/consents` with exactly this body (or none), attended as Berlin Group 1.3.12 wants it. */
function postConsent(ctx: ScenarioContext, body: unknown) {
  return ctx.api.createConsent({
    headers: { 'TPP-Redirect-URI': ctx.fixtures.redirectUri, ...ATTENDED },
    ...(body === undefined ? {} : { body }),
  });
}

/** `POST /v1/consents/confirmation-of-funds` with exactly this body (or none). */
function postCof(ctx: ScenarioContext, body: unknown) {
  return ctx.api.createFundsConfirmationConsent({
    headers: { 'TPP-Redirect-URI': ctx.fixtures.redirectUri, ...ATTENDED },
    ...(body === undefined ? {} : { body }),
  });
}

const today = async (ctx: ScenarioContext) => isoDate(await ctx.clock().now());

/** A payment to a payee the bank holds, named otherwise than its holder: it usually waits in PDNG, cancellable. */
const payeeCheckPayment = (ctx: ScenarioContext) =>
  paymentBody(ctx, {
    creditorAccount: { iban: ctx.fixtures.ibans.second },
    creditorName: 'Not The Account Holder',
    instructedAmount: { currency: 'EUR', amount: '1.07' },
  });

/** A consent body the target must serve (the control beside each refusal). */
const validBody = (ctx: ScenarioContext) =>
  completeConsentBody({ access: aisAccess([ctx.fixtures.ibans.main], ['balances']) });

export const consentDetailScenarios: Scenario[] = [
  scenario({
    id: 'CONSENT-DETAIL-001',
    title:
      'A consent creation without an access object (no body, a JSON array, access null or an array) is 400 FORMAT_ERROR; an empty access is observed',
    spec: 'ConsentRequest (access: object, required; no list is required); Errors / Codes FORMAT_ERROR; Errors / Status classes (400 malformed)',
    rules: ['AIS-CONSENT-1', 'ERR-5', 'AIS-CONSENT-19'],
    area: 'consents',
    expect: { status: 400, code: 'FORMAT_ERROR' },
    async run(ctx, expect) {
      const bodies: [string, unknown][] = [
        ['no body', undefined],
        ['a JSON array', []],
        ['access null', { ...validBody(ctx), access: null }],
        ['access an array', { ...validBody(ctx), access: [] }],
      ];
      for (const [what, body] of bodies) {
        const reply = await postConsent(ctx, body);
        expectRefusal(ctx, reply, expect);
        ctx.observe(`answer to a consent creation with ${what}`, answerOf(reply));
      }
      const empty = await postConsent(ctx, { ...validBody(ctx), access: {} });
      expectPlausible(ctx, 'a consent creation whose access names no list (nothing to grant)', empty, [
        { status: 400, code: 'FORMAT_ERROR' },
        { status: 201 },
      ]);
      const emptyLists = await postConsent(ctx, {
        ...validBody(ctx),
        access: { accounts: [], balances: [], transactions: [] },
      });
      expectPlausible(ctx, 'a consent creation whose three lists are all empty', emptyLists, [
        { status: 400, code: 'FORMAT_ERROR' },
        { status: 201 },
      ]);
      // The control: the same creation with a proper access is served.
      await createConsent(ctx, validBody(ctx), { exact: true });
    },
  }),
  scenario({
    id: 'CONSENT-DETAIL-002',
    title:
      'Each refused kind of access and combinedServiceIndicator true are SERVICE_INVALID (their path observed); the request without them is served',
    spec: 'ConsentRequest (access: availableAccounts, availableAccountsWithBalance, allPsd2 refused with SERVICE_INVALID; combinedServiceIndicator true refused); Errors / Codes SERVICE_INVALID',
    rules: ['AIS-CONSENT-2', 'AIS-CONSENT-8'],
    area: 'consents',
    expect: { code: 'SERVICE_INVALID' },
    async run(ctx, expect) {
      for (const kind of ['availableAccounts', 'availableAccountsWithBalance', 'allPsd2']) {
        const body = validBody(ctx);
        const reply = await postConsent(ctx, {
          ...body,
          access: { ...(body.access as object), [kind]: 'allAccounts' },
        });
        expectRefusal(ctx, reply, expect);
        ctx.observe(`answer to access.${kind}`, answerOf(reply));
      }
      const combined = await postConsent(ctx, { ...validBody(ctx), combinedServiceIndicator: true });
      expectRefusal(ctx, combined, expect);
      ctx.observe('answer to combinedServiceIndicator true', answerOf(combined));
      // The control: the request without the refused parts is served.
      await createConsent(ctx, validBody(ctx), { exact: true });
    },
  }),
  scenario({
    id: 'CONSENT-DETAIL-003',
    title:
      'A validUntil of today is accepted on both consent kinds and reads back; a validUntil of yesterday is observed (refused or accepted, nothing else)',
    spec: 'ConsentRequest (validUntil: date, capped at 180 days); FundsConfirmationConsentRequest (validUntil); ConsentCreationResponse (201); States: Consent (expired once validUntil passed)',
    rules: ['AIS-CONSENT-13', 'AIS-CONSENT-4', 'COF-2', 'ERR-5', 'AIS-STATE-2'],
    area: 'consents',
    needs: ['clock'],
    expect: {},
    async run(ctx) {
      const now = await ctx.clock().now();
      const day = isoDate(now);
      const yesterday = dateAfter(now, -1);
      const ais = await postConsent(ctx, { ...validBody(ctx), validUntil: day });
      ensureEqual(ais.status, 201, `status of a consent creation with validUntil ${day} (today)`);
      const aisRead = await readConsent(ctx, ais.success().consentId);
      ensureEqual(aisRead.consentStatus, 'received', 'consentStatus of the consent asked for today, before approval');
      ctx.observe(
        'validUntil of a received consent asked for today (days from today)',
        daysOrNull(day, aisRead.validUntil),
      );
      const cof = await postCof(ctx, { account: { iban: ctx.fixtures.ibans.main }, validUntil: day });
      ensureEqual(cof.status, 201, `status of a CoF consent creation with validUntil ${day} (today)`);
      const cofRead = await readConsent(ctx, cof.success().consentId, 'cof');
      ensureEqual(
        cofRead.consentStatus,
        'received',
        'consentStatus of the CoF consent asked for today, before approval',
      );
      ctx.observe(
        'validUntil of a received CoF consent asked for today (days from today)',
        daysOrNull(day, cofRead.validUntil),
      );
      for (const [kind, reply] of [
        ['consent', await postConsent(ctx, { ...validBody(ctx), validUntil: yesterday })],
        ['CoF consent', await postCof(ctx, { account: { iban: ctx.fixtures.ibans.main }, validUntil: yesterday })],
      ] as const) {
        expectPlausible(ctx, `a ${kind} creation with validUntil yesterday`, reply, [
          { status: 400, code: 'FORMAT_ERROR' },
          { status: 201 },
        ]);
      }
    },
  }),
  scenario({
    id: 'CONSENT-DETAIL-004',
    title:
      'A CoF consent creation without a body or with a JSON array is 400 FORMAT_ERROR (path observed); the proper request is served',
    spec: 'FundsConfirmationConsentRequest (account: required, names exactly one account); Errors / Codes FORMAT_ERROR',
    rules: ['COF-1', 'ERR-5'],
    area: 'cof',
    expect: { status: 400, code: 'FORMAT_ERROR' },
    async run(ctx, expect) {
      for (const [what, body] of [
        ['no body', undefined],
        ['a JSON array', []],
        ['an array account', { account: [] }],
      ] as [string, unknown][]) {
        const reply = await postCof(ctx, body);
        expectRefusal(ctx, reply, expect);
        ctx.observe(`answer to a CoF consent creation with ${what}`, answerOf(reply));
      }
      // The control: the proper CoF consent creation is served.
      await createCofConsent(ctx);
    },
  }),
  scenario({
    id: 'CONSENT-DETAIL-005',
    title:
      'A received consent reads back the lists asked for (an empty list grants nothing), the currency given on a reference, and a CoF consent its account and a validUntil',
    spec: 'ConsentResponse (access; account instead of access on a CoF consent; validUntil); AccountAccess (an omitted or empty list: that data type not granted); AccountReference (currency EUR); FundsConfirmationConsentRequest (validUntil omitted: full ceiling, read it back)',
    rules: ['AIS-CONSENT-19', 'AIS-CONSENT-17', 'AIS-CONSENT-18', 'IBAN-5', 'COF-3'],
    area: 'consents',
    needs: ['clock'],
    expect: {},
    async run(ctx) {
      const { main } = ctx.fixtures.ibans;
      const created = await createConsent(ctx, {
        access: { accounts: [{ iban: main, currency: 'EUR' }], balances: [{ iban: main }], transactions: [] },
      });
      const read = await readConsent(ctx, created.consentId);
      ensureEqual(
        (read.access?.accounts ?? []).map((ref) => ref.iban),
        [main],
        'accounts asked for, read back before approval',
      );
      ensureEqual(
        (read.access?.balances ?? []).map((ref) => ref.iban),
        [main],
        'balances asked for, read back before approval',
      );
      ensureEqual(read.access?.transactions ?? [], [], 'transactions, asked for as an empty list');
      for (const ref of [...(read.access?.accounts ?? []), ...(read.access?.balances ?? [])])
        ensure(ref.currency === undefined || ref.currency === 'EUR', 'a currency read back is EUR', { actual: ref });
      ctx.observe(
        'access of a received consent asked for accounts with currency, balances without, transactions empty',
        read.access,
      );
      const cof = consentFrom(ctx, await postCof(ctx, { account: { iban: main, currency: 'EUR' } }), 'cof');
      const cofRead = await readConsent(ctx, cof.consentId, 'cof');
      ensureEqual(cofRead.account?.iban, main, 'account of the received CoF consent');
      ensure(cofRead.access === undefined, 'no access on a CoF consent', { actual: cofRead.access });
      ctx.observe('account of a received CoF consent asked with currency EUR', cofRead.account);
      ctx.observe(
        'validUntil of a received CoF consent asked without one (days from today)',
        daysOrNull(await today(ctx), cofRead.validUntil),
      );
    },
  }),
  scenario({
    id: 'CONSENT-DETAIL-006',
    title:
      'The links of a consent read, of both kinds, lead where their names say: self to the consent, status to its consentStatus',
    spec: 'ConsentResponse (_links: self, status); Links (each member an object with href; full schema not shown)',
    rules: ['LINK-1', 'LINK-2', 'OPEN-2'],
    area: 'consents',
    expect: {},
    async run(ctx) {
      const ais = await createConsent(ctx, { access: aisAccess([ctx.fixtures.ibans.main], ['accounts']) });
      const cof = await createCofConsent(ctx);
      for (const [kind, consentId] of [
        ['ais', ais.consentId],
        ['cof', cof.consentId],
      ] as const) {
        const links = (await readConsent(ctx, consentId, kind))._links ?? {};
        ctx.observe(`links of a ${kind} consent read`, Object.keys(links).sort());
        const { self, status } = links;
        if (self) {
          const at = await follow(ctx, self.href);
          ensureEqual(at.status, 200, `status of following self of a ${kind} consent read`);
          ensureEqual(
            ensureSchema(
              kind === 'ais' ? ConsentResponseSchema : FundsConfirmationConsentResponseSchema,
              at.json,
              'the consent at self',
            ).consentId,
            consentId,
            `consentId at self of a ${kind} consent read`,
          );
        } else
          ctx.unchecked(
            `where self of a ${kind} consent read leads`,
            'the read carries no self link (the interface lists it but does not require _links)',
          );
        if (status) {
          const at = await follow(ctx, status.href);
          ensureEqual(at.status, 200, `status of following status of a ${kind} consent read`);
          ensureEqual(
            ensureSchema(ConsentStatusResponseSchema, at.json, 'the answer at status').consentStatus,
            'received',
            `consentStatus at status of a ${kind} consent read`,
          );
        } else ctx.unchecked(`where status of a ${kind} consent read leads`, 'the read carries no status link');
      }
    },
  }),
  scenario({
    id: 'CONSENT-DETAIL-007',
    title:
      'lastActionDate of consents that expired by their validUntil and by the one-off idle hour, and of a used valid consent (observed), beside CONSENT_EXPIRED',
    spec: 'ConsentResponse (lastActionDate); States: Consent (valid → expired when validUntil passed; one-off: used and idle for one hour → expired)',
    rules: ['AIS-STATE-8', 'AIS-STATE-9'],
    area: 'consents',
    approvals: 2,
    needs: ['clock'],
    expect: { code: 'CONSENT_EXPIRED' },
    async run(ctx, expect) {
      const start = await ctx.clock().now();
      const day0 = isoDate(start);
      const validUntil = dateAfter(start, 3);
      const recurring = await validConsent(ctx, { types: ['accounts'], body: { validUntil } });
      ensureEqual((await accountList(ctx, recurring.consentId)).status, 200, 'a read under the recurring consent');
      const used = await readConsent(ctx, recurring.consentId);
      ctx.observe(
        'lastActionDate of a valid consent used today (days from today)',
        daysOrNull(day0, used.lastActionDate),
      );
      // The one-off consent is used at 00:30 UTC: its idle hour ends at 01:30 the same day.
      const day1 = dateAfter(start, 1);
      await advanceIntoDay(ctx, day1, 30 * 60);
      const oneOff = await validConsent(ctx, { types: ['accounts'], recurring: false });
      ensureEqual((await accountList(ctx, oneOff.consentId)).status, 200, 'the use of the one-off consent at 00:30');
      await ctx.clock().advance('PT2H');
      ensureEqual(await consentStatus(ctx, oneOff.consentId), 'expired', 'the one-off consent two hours after its use');
      expectRefusal(ctx, await accountList(ctx, oneOff.consentId), expect);
      ctx.observe(
        'lastActionDate of a one-off consent expired by its idle hour (days from its use)',
        daysOrNull(day1, (await readConsent(ctx, oneOff.consentId)).lastActionDate),
      );
      await advanceIntoDay(ctx, dateAfter(start, 4), 60);
      ensureEqual(
        await consentStatus(ctx, recurring.consentId),
        'expired',
        `the recurring consent the day after its validUntil ${validUntil}`,
      );
      expectRefusal(ctx, await accountList(ctx, recurring.consentId), expect);
      ctx.observe(
        'lastActionDate of a consent expired by its validUntil (days from its last use)',
        daysOrNull(day0, (await readConsent(ctx, recurring.consentId)).lastActionDate),
      );
      ctx.observe(
        'lastActionDate of the one-off consent, days later (days from its use)',
        daysOrNull(day1, (await readConsent(ctx, oneOff.consentId)).lastActionDate),
      );
    },
  }),
  scenario({
    id: 'CONSENT-DETAIL-008',
    title:
      'A consent that is received, rejected, revoked, terminated or expired gives no data: the codes the interface states, the path observed',
    spec: 'Authentication 7 (account data needs a valid consent); Errors / Codes CONSENT_INVALID (not usable, for example revoked), CONSENT_EXPIRED; States: Consent',
    rules: ['AUTH-5', 'ERR-7', 'AIS-STATE-2', 'AIS-STATE-8'],
    area: 'consents',
    approvals: 4,
    needs: ['clock', 'control'],
    expect: { invalid: 'CONSENT_INVALID', expired: 'CONSENT_EXPIRED' },
    async run(ctx, expect) {
      const read = (consentId: string) => accountList(ctx, consentId);
      const received = await createConsent(ctx, { access: aisAccess([ctx.fixtures.ibans.main], ['accounts']) });
      const refusedReceived = await read(received.consentId);
      expectPlausible(ctx, 'a read under a received consent', refusedReceived, [
        { status: '4xx', code: expect.invalid },
        { status: '4xx', code: expect.expired },
      ]);
      ctx.observe('answer to a read under a received consent', answerOf(refusedReceived));
      const declined = await createConsent(ctx, { access: aisAccess([ctx.fixtures.ibans.main], ['accounts']) });
      await declineConsent(ctx, declined);
      const revoked = await validConsent(ctx, { types: ['accounts'] });
      ensureEqual((await read(revoked.consentId)).status, 200, 'a read before the revocation');
      await ctx.control().revokeConsent(revoked.consentId);
      const terminated = await validConsent(ctx, { types: ['balances'] });
      ensureEqual((await ctx.api.deleteConsent(terminated)).status, 204, 'status of DELETE');
      for (const [state, consentId] of [
        ['rejected', declined.consentId],
        ['revokedByPsu', revoked.consentId],
        ['terminatedByTpp', terminated.consentId],
      ] as const) {
        ensureEqual(await consentStatus(ctx, consentId), state, `status of the ${state} consent`);
        const reply = await read(consentId);
        expectRefusal(ctx, reply, { code: expect.invalid });
        ctx.observe(`answer to a read under a ${state} consent`, answerOf(reply));
      }
      const expiring = await validConsent(ctx, {
        ibans: [ctx.fixtures.ibans.second],
        types: ['accounts'],
        body: { validUntil: await today(ctx) },
      });
      ensureEqual((await read(expiring.consentId)).status, 200, 'a read on its validUntil day');
      await advanceIntoDay(ctx, dateAfter(await ctx.clock().now(), 1), 60);
      const late = await read(expiring.consentId);
      expectRefusal(ctx, late, { code: expect.expired });
      ctx.observe('answer to a read under an expired consent', answerOf(late));
    },
  }),
  scenario({
    id: 'CONSENT-DETAIL-009',
    title:
      'Supersession ends only valid consents: an earlier revoked consent on the same account stays revokedByPsu, an earlier valid one turns terminatedByTpp; consents granting nothing are observed',
    spec: 'States: Consent (valid → terminatedByTpp when a newer recurring consent of the same provider on the same accounts is approved; revokedByPsu is final)',
    rules: ['AIS-STATE-5', 'AIS-STATE-11', 'SCOPE-5'],
    area: 'consents',
    approvals: 5,
    needs: ['control'],
    expect: { revoked: 'revokedByPsu', superseded: 'terminatedByTpp' },
    async run(ctx, expect) {
      const revoked = await validConsent(ctx, { types: ['balances'] });
      await ctx.control().revokeConsent(revoked.consentId);
      ensureEqual(
        await consentStatus(ctx, revoked.consentId),
        expect.revoked,
        'the earlier consent after its revocation',
      );
      const middle = await validConsent(ctx, { types: ['balances'] });
      ensureEqual(
        await consentStatus(ctx, revoked.consentId),
        expect.revoked,
        'the revoked consent after a newer recurring consent on the same account was approved',
      );
      await validConsent(ctx, { types: ['balances'] });
      ensureEqual(
        await consentStatus(ctx, middle.consentId),
        expect.superseded,
        'the earlier valid consent after the newest was approved (the control)',
      );
      ensureEqual(
        await consentStatus(ctx, revoked.consentId),
        expect.revoked,
        'the revoked consent after the newest was approved',
      );
      // Two recurring consents naming only an account the customer does not hold: each grants nothing.
      const nothing = async () => {
        const created = await createConsent(ctx, {
          access: aisAccess([ctx.fixtures.ibans.notHeld], ['balances']),
          recurringIndicator: true,
        });
        await authoriseConsent(ctx, created);
        return created.consentId;
      };
      const firstEmpty = await nothing();
      ctx.observe(
        'a recurring consent naming only an account the customer does not hold, after approval',
        await consentStatus(ctx, firstEmpty),
      );
      const secondEmpty = await nothing();
      ctx.observe(
        'the earlier of two approved recurring consents that grant nothing',
        await consentStatus(ctx, firstEmpty),
      );
      ctx.observe(
        'the later of two approved recurring consents that grant nothing',
        await consentStatus(ctx, secondEmpty),
      );
    },
  }),
  scenario({
    id: 'CONSENT-DETAIL-010',
    title:
      'Finished authorisations stay as they ended past the 15 minutes (finalised, failed); an unfinished one past 15 minutes is observed',
    spec: 'States: Authorisation (finalised and failed are final; 15 minutes, not renewable; the value an expired authorisation reads is not shown)',
    rules: ['SCA-5', 'SCA-4', 'OPEN-6', 'OPEN-5'],
    area: 'sca',
    approvals: 3,
    needs: ['clock'],
    expect: { finalised: 'finalised', failed: 'failed' },
    async run(ctx, expect) {
      const scaOfConsent = async (created: { consentId: string; authorisationId: string }) =>
        (await ctx.api.getConsentScaStatus(created)).success('GET consent authorisation').scaStatus;
      const approved = await validConsent(ctx, { types: ['balances'], recurring: false });
      const declined = await createConsent(ctx, {
        access: aisAccess([ctx.fixtures.ibans.main], ['balances']),
        recurringIndicator: false,
      });
      await declineConsent(ctx, declined);
      const waiting = await createConsent(ctx, {
        access: aisAccess([ctx.fixtures.ibans.main], ['balances']),
        recurringIndicator: false,
      });
      ensureEqual(await scaOfConsent(approved), expect.finalised, 'scaStatus of the approved consent');
      ensureEqual(await scaOfConsent(declined), expect.failed, 'scaStatus of the declined consent');
      const waitingAtOnce = await scaOfConsent(waiting);
      ctx.observe('scaStatus of an authorisation nobody acted on, at once', waitingAtOnce);
      const payment = await authorisedPayment(ctx, payeeCheckPayment(ctx));
      const scaOfPayment = async () =>
        (await ctx.api.getPaymentInitiationScaStatus(payment)).success('GET payment authorisation').scaStatus;
      ensureEqual(await scaOfPayment(), expect.finalised, 'scaStatus of the approved payment');
      await ctx.clock().advance('PT20M');
      ensureEqual(await scaOfConsent(approved), expect.finalised, 'scaStatus of the approved consent 20 minutes on');
      ensureEqual(await scaOfConsent(declined), expect.failed, 'scaStatus of the declined consent 20 minutes on');
      ensureEqual(await scaOfPayment(), expect.finalised, 'scaStatus of the approved payment 20 minutes on');
      const waitingLater = await scaOfConsent(waiting);
      ctx.observe('scaStatus of an authorisation nobody acted on, 20 minutes on', waitingLater);
      if (waitingLater === 'failed' || waitingLater === waitingAtOnce)
        ctx.observeSetting('sca.statusAfterExpiry', waitingLater === 'failed' ? 'failed' : 'unchanged');
      ctx.observe('status of the payment to a payee named otherwise than its holder, after approval', payment.status);
    },
  }),
  scenario({
    id: 'CONSENT-DETAIL-015',
    title: 'The finalised authorisation of an approved payment stays finalised after the payment is cancelled',
    spec: 'States: Authorisation (finalised is final); States: Payment (PDNG → CANC by DELETE)',
    rules: ['SCA-5'],
    area: 'sca',
    approvals: 1,
    expect: { finalised: 'finalised' },
    async run(ctx, expect) {
      const payment = await authorisedPayment(ctx, payeeCheckPayment(ctx));
      const scaOfPayment = async () =>
        (await ctx.api.getPaymentInitiationScaStatus(payment)).success('GET payment authorisation').scaStatus;
      ctx.observe('status of the payment to a payee named otherwise than its holder, after approval', payment.status);
      const cancel = await ctx.api.cancelPayment(payment);
      ctx.observe('answer to cancelling that payment', answerOf(cancel));
      if (cancel.status !== 200)
        return ctx.unchecked(
          'the authorisation of a cancelled approved payment',
          `the approved payment (${payment.status}) could not be cancelled`,
        );
      ensureEqual(await scaOfPayment(), expect.finalised, 'scaStatus of the approved payment after its cancellation');
    },
  }),
  scenario({
    id: 'CONSENT-DETAIL-011',
    title:
      'A CoF consent is never one-off: a confirmation and two idle hours later it is still valid and answers again',
    spec: 'FundsConfirmationConsentRequest (recurringIndicator and frequencyPerDay not accepted: no effect); States: Consent (only one-off consents expire for idleness)',
    rules: ['COF-5', 'AIS-STATE-10'],
    area: 'cof',
    approvals: 1,
    needs: ['clock'],
    expect: { status: 'valid' },
    async run(ctx, expect) {
      const consentId = await validCofConsent(ctx, { recurringIndicator: false });
      const confirm = () =>
        ctx.api.checkAvailabilityOfFunds({
          headers: { 'Consent-ID': consentId, ...ATTENDED },
          body: {
            account: { iban: ctx.fixtures.ibans.main },
            instructedAmount: { currency: 'EUR', amount: ctx.fixtures.amounts.small },
          },
        });
      ensureEqual((await confirm()).status, 200, 'status of the first funds confirmation');
      await ctx.clock().advance('PT2H');
      ensureEqual(
        await consentStatus(ctx, consentId, 'cof'),
        expect.status,
        'the CoF consent two hours after its only use',
      );
      ensureEqual((await confirm()).status, 200, 'status of a funds confirmation two hours after the first');
    },
  }),
  scenario({
    id: 'CONSENT-DETAIL-012',
    title:
      'An unattended 200 carries the rate-limit headers; whether it carries Retry-After too is observed; the 429 carries it',
    spec: 'Limits 4 (429 carries Retry-After and the rate-limit headers); Response headers (Retry-After: sent with 429)',
    rules: ['LIMIT-17', 'LIMIT-20', 'LIMIT-9'],
    area: 'limits',
    approvals: 1,
    expect: { limit: '1', code: 'ACCESS_EXCEEDED' },
    async run(ctx, expect) {
      const consent = await validConsent(ctx, { types: ['accounts'], recurring: false });
      const served = await accountList(ctx, consent.consentId, { attended: false });
      ensureEqual(served.status, 200, 'status of the one unattended read of the day');
      ensureEqual(served.headers['x-ratelimit-limit'], expect.limit, 'X-RateLimit-Limit on the 200');
      ctx.observe('Retry-After on an unattended 200', served.headers['retry-after'] ?? null);
      const refused = await accountList(ctx, consent.consentId, { attended: false });
      expectRefusal(ctx, refused, { status: 429, code: expect.code });
      ensure(/^\d+$/.test(String(refused.headers['retry-after'] ?? '')), 'Retry-After on the 429 is whole seconds', {
        actual: refused.headers['retry-after'],
      });
    },
  }),
  scenario({
    id: 'CONSENT-DETAIL-013',
    title:
      'The secret belongs to the registration: the same URL again keeps it, a new URL makes a new registration whose secret is observed against the old one',
    spec: 'RevocationCallback (secret: derived from the registration, 32 bytes hex); Revocation callback endpoints 1-2 (same URL: unchanged; another URL: replaces the registration)',
    rules: ['CB-3', 'CB-4', 'CB-5', 'CB-6'],
    area: 'callbacks',
    needs: ['second-provider', 'callback-endpoint'],
    expect: { secret: /^[0-9a-fA-F]{64}$/ },
    async run(ctx, expect) {
      // The second provider: the default one's registration may be in use by the delivery scenarios.
      const api = ctx.secondApi();
      const register = async (url: string) => {
        const registration = (await api.putRevocationCallback({ body: { url } })).success(`PUT ${url}`);
        ensureEqual(registration.url, url, 'url of the registration answered');
        ensure(expect.secret.test(registration.secret), 'secret is 64 hex digits', {
          actual: registration.secret.length,
        });
        return registration.secret;
      };
      try {
        const first = await register('https://tpp.example/xs2a/revocations/first');
        ensureEqual(
          await register('https://tpp.example/xs2a/revocations/first'),
          first,
          'secret after PUT with the same URL',
        );
        const second = await register('https://tpp.example/xs2a/revocations/second');
        ctx.observe('a registration under another URL has another secret', second !== first);
        const read = (await api.getRevocationCallback()).success('GET /v1/revocation-callback');
        ensureEqual(read.secret, second, 'secret read back after the new URL');
      } finally {
        await api.deleteRevocationCallback();
      }
    },
  }),
  scenario({
    id: 'CONSENT-DETAIL-014',
    title: 'A callback answered 300 is retried like any other non-2xx; the 200 after it ends the attempts',
    spec: 'Events 7 (retries on a non-2xx answer; a 2xx stops them)',
    rules: ['EVT-9', 'EVT-11'],
    area: 'callbacks',
    approvals: 1,
    needs: ['control', 'callback-receiver', 'clock', 'callback-endpoint'],
    expect: { answers: [300, 200] },
    async run(ctx, expect) {
      await withReceiver(ctx, async (receiver) => {
        const consent = await validConsent(ctx, { types: ['balances'] });
        receiver.answerNext(expect.answers);
        await revokeAndAwait(ctx, receiver, consent.consentId);
        const attempts = await stepUntil(ctx, consent.consentId, 3, { step: 'PT10M', steps: 3 });
        ensureEqual(
          attempts.map((delivery) => delivery.status),
          expect.answers,
          'what the receiver answered, attempt by attempt',
        );
      });
    },
  }),
];

function daysOrNull(from: string, to: string | undefined): number | null {
  return to === undefined ? null : daysBetween(from, to);
}
