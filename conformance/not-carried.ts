/**
 * What the interface says an answer does not carry, does not keep, or does not let a request field
 * change, held on every answer that could carry it and for every value, not only the common one:
 * an account's institutional status on every answer naming an account ("AccountDetails"), a CoF
 * consent's card number beyond its last four digits on every answer of the consent's life
 * ("FundsConfirmationConsentRequest"), a funds confirmation's `cardNumber` not stored
 * ("FundsConfirmationRequest"), and `recurringIndicator`/`frequencyPerDay` on a CoF consent changing
 * nothing of its daily allowance. Raw bodies are read, never a schema's parse, which would drop a
 * member it does not name.
 */
import type { Reply } from '../src/kit/client.js';
import { ensure, ensureEqual } from '../src/kit/failure.js';
import { scenario } from '../src/kit/scenario.js';
import { intHeader } from './rate-limit.js';
import { expectRefusal } from './refusal.js';
import {
  accountList,
  ATTENDED,
  approveConsent,
  consentFrom,
  createdPayment,
  initiatePayment,
  paymentBody,
  STANDARD,
  membersOf,
  requestCofConsent,
  resourceIdOf,
  SHARED_COF,
  SHARED_READ,
  sharedCofConsent,
  sharedReadConsent,
  underConsent,
  validCofConsent,
} from './steps.js';

/** Member names that would carry an account's institutional status (open, enabled, blocked, closed, deleted …). */
const INSTITUTIONAL = /status|state|block|clos|enabl|delet/i;

/** The members that name accounts: in account data, in a consent's `access` lists, on a payment. */
const ACCOUNT_MEMBERS = ['account', 'accounts', 'balances', 'transactions', 'debtorAccount', 'creditorAccount'];

/** Every object inside `json` at a member named `name` (arrays walked), with where it was found. */
function objectsNamed(json: unknown, name: string, at = ''): [string, object][] {
  if (Array.isArray(json)) return json.flatMap((item, index) => objectsNamed(item, name, `${at}[${index}]`));
  if (!json || typeof json !== 'object') return [];
  return Object.entries(json).flatMap(([key, value]): [string, object][] => [
    ...(key === name && value && typeof value === 'object' && !Array.isArray(value)
      ? [[`${at}.${key}`, value as object] as [string, object]]
      : []),
    ...(key === name && Array.isArray(value)
      ? value.map((item, index): [string, object] => [`${at}.${key}[${index}]`, membersOf(item)])
      : []),
    ...objectsNamed(value, name, `${at}.${key}`),
  ]);
}

/** Every string value of `json` but ids and link addresses, which are opaque and may hold any digits. */
function textValues(json: unknown, key = ''): string[] {
  if (typeof json === 'string') return ['consentId', 'authorisationId', 'href'].includes(key) ? [] : [json];
  if (Array.isArray(json)) return json.flatMap((item) => textValues(item, key));
  if (json && typeof json === 'object') return Object.entries(json).flatMap(([name, value]) => textValues(value, name));
  return [];
}

/**
 * A card number shown beyond its last four digits: the digits before them anywhere in the raw body,
 * or in a value (ids and links aside) any five digits of the number in a row, the last five among them.
 */
function cardShown(reply: Reply, cardNumber: string): string | undefined {
  if (reply.text.includes(cardNumber.slice(0, -4))) return cardNumber.slice(0, -4);
  const values = textValues(reply.json).map((value) => value.replace(/[\s-]/g, ''));
  for (let start = 0; start + 5 <= cardNumber.length; start += 1) {
    const run = cardNumber.slice(start, start + 5);
    if (values.some((value) => value.includes(run))) return run;
  }
  return undefined;
}

export const notCarriedScenarios = [
  scenario({
    id: 'AIS-DATA-015',
    title:
      'No answer naming an account carries its institutional status: the list, the read, balances and transactions of every booking status for each account of the consent, the consent reads of both kinds, a payment read',
    spec: 'AccountDetails (the account’s institutional status is deliberately not carried); BalanceResponse, TransactionsResponse, ConsentResponse, PaymentResponse (accounts as AccountReference)',
    rules: ['AIS-DATA-3'],
    area: 'ais-data',
    shares: [SHARED_READ, SHARED_COF],
    expect: {},
    async run(ctx) {
      const { consentId } = await sharedReadConsent(ctx);
      const headers = underConsent(consentId);
      const answers: [string, Reply][] = [['GET /v1/accounts', await accountList(ctx, consentId)]];
      for (const iban of [ctx.fixtures.ibans.main, ctx.fixtures.ibans.second]) {
        const accountId = await resourceIdOf(ctx, consentId, iban);
        answers.push([`the read of ${iban}`, await ctx.api.readAccountDetails({ accountId, headers })]);
        answers.push([`the balances of ${iban}`, await ctx.api.getBalances({ accountId, headers })]);
        for (const bookingStatus of ['booked', 'pending', 'both'] as const)
          answers.push([
            `the ${bookingStatus} transactions of ${iban}`,
            await ctx.api.getTransactionList({ accountId, headers, query: { bookingStatus } }),
          ]);
      }
      answers.push(['the consent read', await ctx.api.getConsent({ consentId })]);
      const cof = await sharedCofConsent(ctx);
      answers.push(['the CoF consent read', await ctx.api.getFundsConfirmationConsent({ consentId: cof })]);
      const payment = createdPayment(await initiatePayment(ctx, paymentBody(ctx)));
      answers.push(['the payment read', await ctx.api.getPaymentInformation({ ...payment, product: STANDARD })]);
      await ctx.api.cancelPayment({ ...payment, product: STANDARD });
      for (const [what, reply] of answers) {
        ensureEqual(reply.status, 200, `status of ${what}`);
        const accounts = ACCOUNT_MEMBERS.flatMap((name) => objectsNamed(reply.json, name));
        ensure(accounts.length > 0, `${what} names an account`, { actual: reply.json });
        for (const [at, account] of accounts) {
          const carried = Object.keys(account).filter((name) => INSTITUTIONAL.test(name));
          ensureEqual(carried, [], `members of the account at ${at} in ${what} that carry a status`);
        }
      }
    },
  }),
  scenario({
    id: 'COF-025',
    title:
      'A CoF consent’s card number shows no more than its last four digits in any answer of its life: creation, reads, status, authorisations, confirmations naming no card, it or another (all answered alike), deletion',
    spec: 'FundsConfirmationConsentRequest (cardNumber: only the last four digits are retained); FundsConfirmationRequest (cardNumber: informational only, not matched against the consent)',
    rules: ['COF-4', 'COF-8'],
    area: 'cof',
    approvals: 1,
    expect: { cardNumber: '4929381726354017', otherCard: '5105105105105100' },
    async run(ctx, expect) {
      const answers: [string, Reply][] = [];
      const creation = await requestCofConsent(ctx, { cardNumber: expect.cardNumber });
      answers.push(['the creation', creation]);
      const created = consentFrom(ctx, creation, 'cof');
      const { consentId, authorisationId } = created;
      const reads = async (when: string) => {
        answers.push([`the read ${when}`, await ctx.api.getFundsConfirmationConsent({ consentId })]);
        answers.push([`the status read ${when}`, await ctx.api.getFundsConfirmationConsentStatus({ consentId })]);
        answers.push([
          `the authorisation list ${when}`,
          await ctx.api.getFundsConfirmationConsentAuthorisations({ consentId }),
        ]);
        answers.push([
          `the authorisation ${when}`,
          await ctx.api.getFundsConfirmationConsentScaStatus({ consentId, authorisationId }),
        ]);
      };
      await reads('before approval');
      await approveConsent(ctx, created);
      await reads('once valid');
      // Informational only, not matched against the consent (spec "FundsConfirmationRequest"): no
      // card, the consent's card and another card get the same answer.
      const confirmations: [string, Reply][] = [];
      for (const [card, cardNumber] of [
        ['no card', undefined],
        ['the consent’s card', expect.cardNumber],
        ['another card', expect.otherCard],
      ] as const)
        confirmations.push([
          `a funds confirmation naming ${card}`,
          await ctx.api.checkAvailabilityOfFunds({
            headers: { 'Consent-ID': consentId, ...ATTENDED },
            body: {
              account: { iban: ctx.fixtures.ibans.main },
              instructedAmount: { currency: 'EUR', amount: ctx.fixtures.amounts.small },
              ...(cardNumber === undefined ? {} : { cardNumber }),
            },
          }),
        ]);
      for (const [what, reply] of confirmations)
        ensureEqual([reply.status, reply.json], [200, confirmations[0]![1].json], `${what}, against one naming none`);
      answers.push(...confirmations);
      answers.push(['the deletion', await ctx.api.deleteFundsConfirmationConsent({ consentId })]);
      await reads('once deleted');
      for (const [what, reply] of answers) {
        // What a terminated consent's sub-resources answer is not this rule's: only their bodies are read.
        if (!what.endsWith('once deleted')) ensure(reply.status < 300, `${what} is served`, { actual: reply.status });
        const shown = cardShown(reply, expect.cardNumber);
        ensure(shown === undefined, `${what} shows the card digits ${shown} beyond the last four`, {
          actual: reply.json,
        });
      }
    },
  }),
  scenario({
    id: 'COF-026',
    title:
      'A funds confirmation’s cardNumber is not stored: the CoF consent reads the same after confirmations naming other cards',
    spec: 'FundsConfirmationRequest (cardNumber: informational only, not matched against the consent, does not scope the answer, not stored)',
    rules: ['COF-8'],
    area: 'cof',
    shares: [SHARED_COF],
    expect: { cards: ['5105105105105100', '378282246310005'] },
    async run(ctx, expect) {
      const consentId = await sharedCofConsent(ctx);
      const read = () => ctx.api.getFundsConfirmationConsent({ consentId });
      const confirm = (cardNumber?: string) =>
        ctx.api.checkAvailabilityOfFunds({
          headers: { 'Consent-ID': consentId, ...ATTENDED },
          body: {
            account: { iban: ctx.fixtures.ibans.main },
            instructedAmount: { currency: 'EUR', amount: ctx.fixtures.amounts.small },
            ...(cardNumber === undefined ? {} : { cardNumber }),
          },
        });
      // A confirmation naming no card first: what a use changes (lastActionDate) is changed before the first read.
      ensureEqual((await confirm()).status, 200, 'status of a funds confirmation naming no card');
      const before = await read();
      ensureEqual(before.status, 200, 'status of the CoF consent read before the confirmations');
      for (const cardNumber of expect.cards)
        ensureEqual(
          (await confirm(cardNumber)).status,
          200,
          `status of a funds confirmation naming the card ${cardNumber}`,
        );
      const after = await read();
      ensureEqual(after.status, 200, 'status of the CoF consent read after the confirmations');
      ensureEqual(after.json, before.json, 'the CoF consent read after confirmations naming other cards');
      for (const cardNumber of expect.cards)
        ensure(cardShown(after, cardNumber) === undefined, `the consent read shows the card ${cardNumber}`, {
          actual: after.json,
        });
    },
  }),
  scenario({
    id: 'COF-027',
    title:
      'recurringIndicator and frequencyPerDay on a CoF consent change nothing: asked one-off at 1 a day or recurring at 10, it serves exactly 4 unattended confirmations a day',
    spec: 'FundsConfirmationConsentRequest (recurringIndicator and frequencyPerDay: sending either has no effect); Funds confirmation 1; Limits (4 unattended a day)',
    rules: ['COF-5', 'LIMIT-5'],
    area: 'cof',
    approvals: 2,
    expect: { limit: 4, asked: [{ recurringIndicator: false, frequencyPerDay: 1 }, { frequencyPerDay: 10 }] },
    async run(ctx, expect) {
      for (const asked of expect.asked) {
        const consentId = await validCofConsent(ctx, asked);
        const what = `a CoF consent asked with ${JSON.stringify(asked)}`;
        const confirm = () =>
          ctx.api.checkAvailabilityOfFunds({
            headers: { 'Consent-ID': consentId },
            body: {
              account: { iban: ctx.fixtures.ibans.main },
              instructedAmount: { currency: 'EUR', amount: ctx.fixtures.amounts.small },
            },
          });
        for (let used = 1; used <= expect.limit; used += 1) {
          const reply = await confirm();
          ensureEqual(reply.status, 200, `status of unattended confirmation ${used} under ${what}`);
          ensureEqual(intHeader(reply, 'X-RateLimit-Limit'), expect.limit, `X-RateLimit-Limit under ${what}`);
          ensureEqual(
            intHeader(reply, 'X-RateLimit-Remaining'),
            expect.limit - used,
            `X-RateLimit-Remaining after confirmation ${used} under ${what}`,
          );
        }
        expectRefusal(ctx, await confirm(), { status: 429, code: 'ACCESS_EXCEEDED' }, `confirmation 5 under ${what}`);
      }
    },
  }),
];
