/**
 * Scenarios written, as those of `almost-right.ts`, by listing the variables each rule names and
 * asking of the one no scenario varied "what would a careless implementation get almost right?":
 * here for identity and certificates, the format of IBANs and headers, account data and its shapes,
 * errors and versioning (`ID-*`, `AUTH-*`, `IBAN-*`, `HDR-*`, `AIS-DATA-*`, `ERR-*`, `VER-*`, `SCOPE-*`).
 * [Rule variables](../docs/rule-variables.md) keeps the analysis; `test/kit/careless-surface.test.ts`
 * plays each careless implementation behind a proxy.
 */
import { randomUUID } from 'node:crypto';
import { makeIban, TppMessagesSchema } from '../src/contract/index.js';
import type { Reply } from '../src/kit/client.js';
import type { ScenarioContext } from '../src/kit/context.js';
import { ensure, ensureEqual, ensureSchema } from '../src/kit/failure.js';
import { scenario } from '../src/kit/scenario.js';
import { expectRefusal, type Refusal } from './refusal.js';
import {
  accountList,
  ATTENDED,
  codeOf,
  expectPlausible,
  INSTANT,
  initiatePayment,
  membersOf,
  paymentBody,
  readData,
  requestCofConsent,
  requestConsent,
  resourceIdOf,
  SHARED_COF,
  SHARED_READ,
  sharedCofConsent,
  sharedReadConsent,
  STANDARD,
  underConsent,
  validConsent,
} from './steps.js';

/** A refusal that hands out no account data: a 4xx whose body carries none of the data members. */
function ensureNoData(reply: Reply, what: string): void {
  ensure(reply.status >= 400 && reply.status < 500, `${what}: expected a refusal (4xx), got ${reply.status}`, {
    expected: '4xx',
    actual: reply.json ?? reply.text,
    exchange: reply.evidence,
  });
  const body = membersOf(reply.json);
  for (const field of ['account', 'accounts', 'balances', 'transactions'])
    ensure(!(field in body), `${what}: the refusal carries ${field}`, { actual: body });
}

/**
 * IBANs of the right shape, country and length whose MOD 97-10 check fails although their check
 * digits are plausible (02 to 98): the errors the check exists for, two neighbouring digits of the
 * account number swapped and one digit mistyped, under the check digits of the true IBAN.
 */
export function plausiblyWrongIbans(iban: string): { what: string; iban: string }[] {
  const country = iban.slice(0, 2);
  const bban = iban.slice(4);
  // The check digits of the valid IBAN: always within 02..98.
  const check = iban.slice(2, 4);
  const digits = [...bban].map((char, index) => [char, index] as const).filter(([char]) => /[0-9]/.test(char));
  const pair = digits.find(([char, index]) => /[0-9]/.test(bban[index + 1] ?? '') && bban[index + 1] !== char);
  const swapped =
    pair === undefined
      ? undefined
      : `${bban.slice(0, pair[1])}${bban[pair[1] + 1]}${bban[pair[1]]}${bban.slice(pair[1] + 2)}`;
  const last = digits.at(-1);
  const mistyped =
    last === undefined ? undefined : `${bban.slice(0, last[1])}${(Number(last[0]) + 1) % 10}${bban.slice(last[1] + 1)}`;
  return [
    ...(swapped ? [{ what: 'two neighbouring digits swapped', iban: `${country}${check}${swapped}` }] : []),
    ...(mistyped ? [{ what: 'one digit mistyped', iban: `${country}${check}${mistyped}` }] : []),
  ].filter((item) => makeIban(country, item.iban.slice(4)) !== item.iban);
}

/** The places an IBAN is sent, each with the request that puts `iban` there and the field a refusal names. */
function ibanPlaces(ctx: ScenarioContext, cof: () => Promise<string>) {
  return [
    {
      where: 'access.accounts of a consent',
      path: { startsWith: 'access.accounts', endsWith: 'iban' },
      send: (iban: string) => requestConsent(ctx, { access: { accounts: [{ iban }] }, recurringIndicator: false }),
    },
    {
      where: 'the account of a CoF consent',
      path: 'account.iban',
      send: (iban: string) => requestCofConsent(ctx, { account: { iban } }),
    },
    {
      where: 'creditorAccount of a payment',
      path: 'creditorAccount.iban',
      send: (iban: string) => initiatePayment(ctx, paymentBody(ctx, { creditorAccount: { iban } })),
    },
    {
      where: 'debtorAccount of a payment',
      path: 'debtorAccount.iban',
      send: (iban: string) => initiatePayment(ctx, paymentBody(ctx, { debtorAccount: { iban } })),
    },
    {
      where: 'the account of a funds confirmation',
      path: 'account.iban',
      send: async (iban: string) =>
        ctx.api.checkAvailabilityOfFunds({
          // Under a valid CoF consent and attended: nothing but the IBAN is wrong, and no budget is spent.
          headers: { 'Consent-ID': await cof(), ...ATTENDED },
          body: { account: { iban }, instructedAmount: { currency: 'EUR', amount: ctx.fixtures.amounts.small } },
        }),
    },
  ] as const;
}

export const almostRightSurfaceScenarios = [
  scenario({
    id: 'AIS-DATA-018',
    title:
      'Another provider’s consent is refused on the reads of one account too (details, balances, transactions): 403 CONSENT_UNKNOWN, byte for byte the answer for an unknown consent',
    spec: 'Authentication 6 (a consent is usable only by the provider that created it; another provider’s answers like an unknown one, 403 CONSENT_UNKNOWN); Design rule; Endpoint list (account reads)',
    // Careless: the owner checked where the account list is served, not on the reads of one account.
    rules: ['AUTH-4', 'SCOPE-10'],
    area: 'ais-data',
    shares: [SHARED_READ],
    needs: ['second-provider'],
    expect: { status: 403, code: 'CONSENT_UNKNOWN' },
    async run(ctx, expect) {
      const { consentId } = await sharedReadConsent(ctx);
      const accountId = await resourceIdOf(ctx, consentId, ctx.fixtures.ibans.main);
      // An id of the same shape the bank never issued: the last four characters changed.
      const unknown = `${consentId.slice(0, -4)}${consentId.endsWith('ffff') ? 'eeee' : 'ffff'}`;
      for (const path of [
        `/v1/accounts/${accountId}`,
        `/v1/accounts/${accountId}/balances`,
        `/v1/accounts/${accountId}/transactions?bookingStatus=booked`,
      ]) {
        const what = `GET ${path.replace(accountId, '{account}')}`;
        const foreign = await readData(ctx, consentId, path, { client: ctx.secondApi() });
        expectRefusal(ctx, foreign, expect, `${what} by another provider under the consent`);
        const never = await readData(ctx, unknown, path, { client: ctx.secondApi() });
        expectRefusal(ctx, never, expect, `${what} under an unknown consent`);
        ensureEqual(foreign.text, never.text, `body of ${what}: foreign and unknown consent identical`);
      }
    },
  }),
  scenario({
    id: 'AIS-DATA-019',
    title:
      'An IBAN in the account_id position is not recognised on balances and transactions either: no data, whatever the consent grants',
    spec: 'Path parameters (account_id: the resourceId, not constructed; an IBAN in this position is not recognised); Behaviour notes / Consents 3 (the answer for an account_id outside the consent: not shown)',
    // Careless: the data reads look an account up by resourceId or by IBAN, while the account read takes only the resourceId.
    rules: ['AIS-DATA-10', 'OPEN-9'],
    area: 'ais-data',
    shares: [SHARED_READ],
    expect: {},
    async run(ctx) {
      const { consentId } = await sharedReadConsent(ctx);
      // The control: the same reads by resourceId are served.
      const accountId = await resourceIdOf(ctx, consentId, ctx.fixtures.ibans.main);
      const iban = ctx.fixtures.ibans.main;
      for (const tail of ['/balances', '/transactions?bookingStatus=booked']) {
        const served = await readData(ctx, consentId, `/v1/accounts/${accountId}${tail}`);
        ensureEqual(served.status, 200, `status of GET /v1/accounts/{resourceId}${tail}`);
        const byIban = await readData(ctx, consentId, `/v1/accounts/${iban}${tail}`);
        const what = `GET /v1/accounts/{iban}${tail}`;
        ensureNoData(byIban, what);
        expectPlausible(ctx, `answer for ${what} (not shown)`, byIban, [
          { status: '4xx', code: 'CONSENT_INVALID' },
          { status: 403, code: 'RESOURCE_UNKNOWN' },
        ]);
        ctx.observeSetting('consent.accountOutside', codeOf(byIban)!);
      }
    },
  }),
  scenario({
    id: 'AIS-DATA-020',
    title:
      'A consent the provider terminated gives no data on the reads of one account either: its account details, balances and transactions are refused with CONSENT_INVALID, as its account list is',
    spec: 'Authentication 7 (account-data requests require a valid consent); States: Consent (valid → terminatedByTpp on DELETE, at once); Errors / Codes CONSENT_INVALID (consent not usable)',
    // Careless: the consent's state judged where the account list is served; the reads of one account look at the grant alone.
    rules: ['AUTH-5'],
    area: 'ais-data',
    approvals: 1,
    expect: { code: 'CONSENT_INVALID' },
    async run(ctx, expect) {
      // One-off: it never supersedes, so the shared consent on the same account stays valid.
      const consent = await validConsent(ctx, { recurring: false });
      const accountId = await resourceIdOf(ctx, consent.consentId, ctx.fixtures.ibans.main);
      const paths = [
        `/v1/accounts/${accountId}`,
        `/v1/accounts/${accountId}/balances`,
        `/v1/accounts/${accountId}/transactions?bookingStatus=booked`,
      ];
      // The control: each read is served while the consent is valid (attended: no budget spent).
      for (const path of paths)
        ensureEqual(
          (await readData(ctx, consent.consentId, path)).status,
          200,
          `status of GET ${path.replace(accountId, '{account}')} under the valid consent`,
        );
      ensureEqual((await ctx.api.deleteConsent(consent)).status, 204, 'status of DELETE');
      expectRefusal(ctx, await accountList(ctx, consent.consentId), expect, 'the account list after DELETE');
      for (const path of paths)
        expectRefusal(
          ctx,
          await readData(ctx, consent.consentId, path),
          expect,
          `GET ${path.replace(accountId, '{account}')} after DELETE`,
        );
    },
  }),
  scenario({
    id: 'AIS-DATA-021',
    title:
      'The account list shows the consent’s accounts, not the customer’s: under a consent naming one of the customer’s two accounts it lists that one alone, for each of the two',
    spec: 'Authentication 7 (the consent’s lists must contain what is asked for); Scope rules 1 and 3; Endpoint list (GET /v1/accounts)',
    // Careless: the list filtered by the customer who authorised, not by the grant (the accounts not held were never listed anyway).
    rules: ['AUTH-6'],
    area: 'ais-data',
    approvals: 2,
    expect: {},
    async run(ctx) {
      for (const iban of [ctx.fixtures.ibans.main, ctx.fixtures.ibans.second]) {
        // One-off consents: they never supersede the shared consent on both accounts.
        const consent = await validConsent(ctx, { ibans: [iban], recurring: false });
        const listed = (await accountList(ctx, consent.consentId))
          .success(`the account list under a consent for ${iban}`)
          .accounts.map((account) => account.iban);
        ensureEqual(listed, [iban], `the accounts listed under a consent naming ${iban} alone`);
      }
    },
  }),
  scenario({
    id: 'ERR-001',
    title:
      'A refusal no body field is at fault for carries no path: an unknown consent, another provider’s consent on account data, a data type not granted, a spent budget, a failed payment, an unknown payment, no certificate',
    spec: 'TppMessages (path: the offending field in the request body, present only when a specific field is at fault); Errors / Codes',
    // Careless: an error helper that fills path with something else (the request's URL path) when no field is named.
    rules: ['ERR-3', 'ERR-1'],
    area: 'identity',
    approvals: 1,
    shares: [SHARED_READ],
    needs: ['second-provider'],
    expect: {},
    async run(ctx) {
      const { consentId } = await sharedReadConsent(ctx);
      // One-off and balances only: transactions are not granted, and one unattended read spends balances.
      const narrow = await validConsent(ctx, { types: ['balances'], recurring: false });
      const accountId = await resourceIdOf(ctx, narrow.consentId, ctx.fixtures.ibans.main);
      const unattended = underConsent(narrow.consentId, { attended: false });
      ensureEqual(
        (await ctx.api.getBalances({ accountId, headers: unattended })).status,
        200,
        'the one unattended read',
      );
      const refusals: [string, Reply, Refusal][] = [
        ['an unknown consent read', await ctx.api.getConsent({ consentId: randomUUID() }), { code: 'CONSENT_UNKNOWN' }],
        [
          'the account list under another provider’s consent',
          await readData(ctx, consentId, '/v1/accounts', { client: ctx.secondApi() }),
          { code: 'CONSENT_UNKNOWN' },
        ],
        [
          'transactions the consent does not grant',
          await ctx.api.getTransactionList({
            accountId,
            headers: underConsent(narrow.consentId),
            query: { bookingStatus: 'booked' },
          }),
          { code: 'CONSENT_INVALID' },
        ],
        [
          'an unattended read beyond the budget',
          await ctx.api.getBalances({ accountId, headers: unattended }),
          // A spent one-off consent may answer either (as AIS-LIMIT-016 holds it).
          { code: ['ACCESS_EXCEEDED', 'CONSENT_EXPIRED'] },
        ],
        [
          'a payment beyond the balance',
          await initiatePayment(
            ctx,
            paymentBody(ctx, { instructedAmount: { currency: 'EUR', amount: ctx.fixtures.amounts.beyondBalance } }),
          ),
          { code: 'PAYMENT_FAILED' },
        ],
        ['an unknown payment read', await ctx.api.getPaymentInformation({ paymentId: randomUUID() }), { status: 404 }],
        [
          'a request without a certificate',
          await ctx.anonymous.getAccountList({ headers: { 'Consent-ID': consentId } }),
          { code: 'CERTIFICATE_MISSING' },
        ],
      ];
      for (const [what, reply, refusal] of refusals) {
        expectRefusal(ctx, reply, refusal, what);
        const messages = ensureSchema(TppMessagesSchema, reply.json, `${what}: the error body`).tppMessages;
        const named = messages.filter((message) => message.path !== undefined);
        ensure(
          named.length === 0,
          `${what}: no body field is at fault, yet path ${named.map((message) => JSON.stringify(message.path)).join(', ')} is sent`,
          { expected: 'no path', actual: messages, exchange: reply.evidence },
        );
      }
    },
  }),
  scenario({
    id: 'IBAN-001',
    title:
      'An IBAN whose check digits are plausible but wrong for its account number (two neighbouring digits swapped, one digit mistyped) is refused with FORMAT_ERROR naming the field, in every place an IBAN is sent',
    spec: 'AccountReference (the MOD 97-10 checksum is checked; failure gives FORMAT_ERROR); Behaviour notes / Payments 3 and 5 (a malformed creditor IBAN is FORMAT_ERROR, not PAYMENT_FAILED); TppMessages (path)',
    // Careless: the check digits judged by their range (02 to 98) instead of computed, so a mistyped account number passes.
    rules: ['IBAN-4', 'PIS-INIT-9'],
    area: 'identity',
    shares: [SHARED_COF],
    expect: { status: 400, code: 'FORMAT_ERROR' },
    async run(ctx, expect) {
      const wrong = plausiblyWrongIbans(ctx.fixtures.ibans.main);
      ensure(wrong.length > 0, `the configured main IBAN (${ctx.fixtures.ibans.main}) has digits to swap or change`);
      for (const place of ibanPlaces(ctx, () => sharedCofConsent(ctx)))
        for (const { what, iban } of wrong)
          expectRefusal(
            ctx,
            await place.send(iban),
            { ...expect, path: place.path },
            `an IBAN with ${what} (${iban}) in ${place.where}`,
          );
    },
  }),
  scenario({
    id: 'IBAN-002',
    title:
      'An instant payment checks its IBANs like a standard one: a creditor or debtor IBAN off the pattern, of an unknown country, of the wrong length or failing MOD 97-10 is refused with FORMAT_ERROR naming the field',
    spec: 'AccountReference (pattern, country length and MOD 97-10; failure gives FORMAT_ERROR); Path parameters (payment_product: both products); Behaviour notes / Payments 3 and 5',
    // Careless: the instant endpoint's own check tests only the pattern and leaves the rest to routing (PAYMENT_FAILED).
    rules: ['IBAN-2', 'IBAN-3', 'IBAN-4', 'PIS-INIT-9', 'PIS-INIT-13'],
    area: 'payments',
    expect: { status: 400, code: 'FORMAT_ERROR' },
    async run(ctx, expect) {
      const classes = (iban: string) =>
        [
          ['lower-case letters', iban.toLowerCase()],
          ['a country without an IBAN format', makeIban('QQ', iban.slice(4))],
          ['one character more than its country declares', makeIban(iban.slice(0, 2), `${iban.slice(4)}0`)],
          ['wrong check digits', `${iban.slice(0, 2)}${iban.slice(2, 4) === '00' ? '01' : '00'}${iban.slice(4)}`],
        ] as const;
      const members = [
        ['creditorAccount', ctx.fixtures.ibans.creditor],
        ['debtorAccount', ctx.fixtures.ibans.main],
      ] as const;
      for (const [member, valid] of members)
        for (const [what, iban] of classes(valid))
          expectRefusal(
            ctx,
            await initiatePayment(ctx, paymentBody(ctx, { [member]: { iban } }), { product: INSTANT }),
            { ...expect, path: `${member}.iban` },
            `an instant payment whose ${member}.iban has ${what}`,
          );
      // The control: the same bodies with valid IBANs are served on both products.
      for (const product of [STANDARD, INSTANT])
        ensureEqual(
          (await initiatePayment(ctx, paymentBody(ctx), { product })).status,
          201,
          `status of a well-formed payment under ${product}`,
        );
    },
  }),
];
