/**
 * Scenarios written, as those of `almost-right.ts`, by listing the variables each rule names and
 * asking of the one no scenario varied "what would a careless implementation get almost right?":
 * here for confirmation of funds (`COF-*`, `AMOUNT-11`, `AIS-CONSENT-18`, `AIS-CONSENT-24`).
 * [Rule variables](../docs/rule-variables.md) keeps the analysis.
 */
import { formatCents, toCents } from '../src/contract/index.js';
import type { Reply } from '../src/kit/client.js';
import type { ScenarioContext } from '../src/kit/context.js';
import { ensure, ensureEqual } from '../src/kit/failure.js';
import type { Scenario } from '../src/kit/scenario.js';
import { scenario } from '../src/kit/scenario.js';
import { expectRefusal } from './refusal.js';
import {
  aisAccess,
  approveConsent,
  ATTENDED,
  consentFrom,
  consentStatus,
  createCofConsent,
  createConsent,
  dateAfter,
  memberOf,
  requestCofConsent,
  resourceIdOf,
  SHARED_COF,
  SHARED_READ,
  sharedCofConsent,
  sharedReadConsent,
  validConsent,
} from './steps.js';
import { advanceToTimeOfDay } from './time.js';

/** A funds confirmation sent as given (a body the typed client would not build), attended: it spends no budget. */
function confirmRaw(ctx: ScenarioContext, consentId: string, body: unknown): Promise<Reply> {
  return ctx.api.call({
    method: 'POST',
    path: '/v1/funds-confirmations',
    headers: { 'Consent-ID': consentId, ...ATTENDED },
    body,
  });
}

/** A funds confirmation of `amount` about `account` (the main account by default). */
function confirmOf(ctx: ScenarioContext, consentId: string, amount: string, account?: Record<string, unknown>) {
  return confirmRaw(ctx, consentId, {
    account: account ?? { iban: ctx.fixtures.ibans.main },
    instructedAmount: { currency: 'EUR', amount },
  });
}

/** The `fundsAvailable` of a served confirmation, failing on anything but 200. */
function fundsAvailableOf(reply: Reply, what: string): unknown {
  ensureEqual(reply.status, 200, `status of ${what}`);
  return memberOf(reply.json, 'fundsAvailable');
}

/**
 * Every string value of `json`, spaces and hyphens dropped, but ids, link addresses, IBANs and dates:
 * they are opaque or the kit's own, and may hold any digits.
 */
function textValues(json: unknown, key = ''): string[] {
  if (typeof json === 'string')
    return ['consentId', 'authorisationId', 'href', 'iban'].includes(key) || /^\d{4}-\d{2}-\d{2}/.test(json)
      ? []
      : [json.replace(/[\s-]/g, '')];
  if (Array.isArray(json)) return json.flatMap((item) => textValues(item, key));
  if (json && typeof json === 'object') return Object.entries(json).flatMap(([name, value]) => textValues(value, name));
  return [];
}

/** Five digits of the card in a row (the last five among them) in any value of the answer: more than the last four. */
function cardShown(reply: Reply, digits: string): string | undefined {
  const values = textValues(reply.json);
  for (let start = 0; start + 5 <= digits.length; start += 1) {
    const run = digits.slice(start, start + 5);
    if (values.some((value) => value.includes(run))) return run;
  }
  return undefined;
}

/** The currency values that are almost EUR, each a change to a well-formed instructedAmount. */
const ALMOST_EUR: readonly (readonly [string, (amount: Record<string, unknown>) => void])[] = [
  ['"eur"', (amount) => (amount.currency = 'eur')],
  ['"Eur"', (amount) => (amount.currency = 'Eur')],
  ['" EUR"', (amount) => (amount.currency = ' EUR')],
  ['"EUR "', (amount) => (amount.currency = 'EUR ')],
  ['"EURO"', (amount) => (amount.currency = 'EURO')],
  ['""', (amount) => (amount.currency = '')],
  ['null', (amount) => (amount.currency = null)],
  ['left out', (amount) => delete amount.currency],
];

export const almostRightCofScenarios: Scenario[] = [
  scenario({
    id: 'COF-031',
    title:
      'A funds confirmation’s instructedAmount.currency is EUR exactly: lower or mixed case, padded, EURO, empty, null or left out is refused and answers no fundsAvailable; the same body with EUR is answered',
    spec: 'Amount (currency: required, enum EUR); FundsConfirmationRequest (instructedAmount: Amount, required); Errors / Status classes (400)',
    // Careless: a currency check that trims and upper-cases before comparing, or takes a missing currency for EUR
    // (the older rows sent USD, GBP and CHF, and left out the whole instructedAmount).
    rules: ['AMOUNT-11', 'COF-7'],
    area: 'cof',
    shares: [SHARED_COF],
    expect: {},
    async run(ctx) {
      const consentId = await sharedCofConsent(ctx);
      const body = () => ({
        account: { iban: ctx.fixtures.ibans.main },
        instructedAmount: { currency: 'EUR', amount: ctx.fixtures.amounts.small } as Record<string, unknown>,
      });
      for (const [what, change] of ALMOST_EUR) {
        const changed = body();
        change(changed.instructedAmount);
        const reply = await confirmRaw(ctx, consentId, changed);
        const sent = `a funds confirmation with instructedAmount.currency ${what}`;
        expectRefusal(ctx, reply, {}, sent);
        ensure(memberOf(reply.json, 'fundsAvailable') === undefined, `${sent} answers fundsAvailable`, {
          actual: reply.json,
        });
      }
      // The control: the body with EUR is answered, so each refusal came from the currency.
      ensureEqual(
        fundsAvailableOf(await confirmRaw(ctx, consentId, body()), 'the funds confirmation with EUR'),
        true,
        'fundsAvailable of the funds confirmation with EUR',
      );
    },
  }),
  scenario({
    id: 'COF-032',
    title:
      'An account-information consent on a funds confirmation is CONSENT_UNKNOWN whatever its state: received, valid and terminated by its provider each answer 403 byte for byte as an unknown id',
    spec: 'Behaviour notes / Consents 3 and 6 (an account-information consent on POST /v1/funds-confirmations gives CONSENT_UNKNOWN); Errors / Codes CONSENT_UNKNOWN (a consent of the wrong kind, 403); Design rule',
    // Careless: the consent's state judged before its kind, so an account-information consent that is not
    // valid meets CONSENT_INVALID (the older scenarios used a valid one).
    rules: ['AIS-CONSENT-24'],
    area: 'cof',
    approvals: 1,
    expect: { status: 403, code: 'CONSENT_UNKNOWN' },
    async run(ctx, expect) {
      const amount = ctx.fixtures.amounts.small;
      const received = await createConsent(ctx, {
        access: aisAccess([ctx.fixtures.ibans.main], ['balances']),
        recurringIndicator: true,
      });
      const unknownId = `${received.consentId.slice(0, -4)}${received.consentId.endsWith('ffff') ? 'eeee' : 'ffff'}`;
      const unknown = await confirmOf(ctx, unknownId, amount);
      expectRefusal(ctx, unknown, expect, 'a funds confirmation under an unknown consent id');
      const alike = (reply: Reply, what: string) => {
        const sent = `a funds confirmation under ${what}`;
        expectRefusal(ctx, reply, expect, sent);
        ensureEqual(reply.text, unknown.text, `body of ${sent}, against an unknown id's`);
      };
      alike(await confirmOf(ctx, received.consentId, amount), 'a received account-information consent');
      const valid = await validConsent(ctx, { types: ['balances'] });
      alike(await confirmOf(ctx, valid.consentId, amount), 'a valid account-information consent');
      ensureEqual(
        (await ctx.api.deleteConsent({ consentId: valid.consentId })).status,
        204,
        'status of the DELETE of the valid account-information consent',
      );
      ensureEqual(
        await consentStatus(ctx, valid.consentId),
        'terminatedByTpp',
        'status of the account-information consent after its DELETE',
      );
      alike(await confirmOf(ctx, valid.consentId, amount), 'an account-information consent terminated by its provider');
    },
  }),
  scenario({
    id: 'COF-033',
    title:
      'fundsAvailable at the edge of the balance: true for exactly what the account holds, false for one cent more',
    spec: 'FundsConfirmationRequest; Funds confirmation 1; BalanceResponse (closingBooked, interimAvailable)',
    // Careless: a strict comparison (balance > amount), so an amount equal to the balance is not covered; the
    // older scenarios asked a small amount and one far beyond the balance.
    rules: ['COF-10'],
    area: 'cof',
    shares: [SHARED_READ, SHARED_COF],
    expect: {},
    async run(ctx) {
      const { main } = ctx.fixtures.ibans;
      const { consentId: readId } = await sharedReadConsent(ctx);
      const accountId = await resourceIdOf(ctx, readId, main);
      const balances = async () => {
        const read = (await ctx.api.getBalances({ accountId, headers: { 'Consent-ID': readId, ...ATTENDED } })).success(
          'the balances of the account the CoF consent names',
        );
        const of = (type: string) => read.balances.find((balance) => balance.balanceType === type)?.balanceAmount;
        const booked = of('closingBooked');
        const available = of('interimAvailable');
        ensure(booked && available, 'the balances carry closingBooked and interimAvailable', { actual: read });
        return [toCents(booked.amount), toCents(available.amount)] as const;
      };
      const consentId = await sharedCofConsent(ctx);
      const before = await balances();
      // What the account holds whichever balance the bank reads (which one the interface does not say):
      // the smaller is covered, one cent over the larger is not.
      const held = Math.min(...before);
      const over = Math.max(...before) + 1;
      if (held < 1)
        return ctx.unchecked('the edge of the balance', `the account holds ${formatCents(held)}, no amount to confirm`);
      const atEdge = await confirmOf(ctx, consentId, formatCents(held));
      const beyond = await confirmOf(ctx, consentId, formatCents(over));
      const after = await balances();
      if (after.join() !== before.join())
        return ctx.unchecked(
          'the edge of the balance',
          `the balances moved while the edge was confirmed (${before.map(formatCents).join(', ')} → ${after.map(formatCents).join(', ')})`,
        );
      if (before[0] !== before[1])
        ctx.observe('the booked and available balances differ by (cents)', before[1] - before[0]);
      ensureEqual(
        fundsAvailableOf(atEdge, `a funds confirmation of exactly the balance (${formatCents(held)})`),
        true,
        `fundsAvailable for exactly the balance (${formatCents(held)})`,
      );
      ensureEqual(
        fundsAvailableOf(beyond, `a funds confirmation one cent beyond the balance (${formatCents(over)})`),
        false,
        `fundsAvailable for one cent beyond the balance (${formatCents(over)})`,
      );
    },
  }),
  scenario({
    id: 'COF-034',
    title:
      'The account a funds confirmation names is the consent’s whether or not either reference gives currency EUR: each combination is answered alike',
    spec: 'AccountReference (currency: optional, EUR); FundsConfirmationRequest (account); Funds confirmation 2',
    // Careless: the account compared as the whole reference, so the consent's IBAN with a currency on one
    // side only counts as another account (the older scenario named another IBAN).
    rules: ['COF-12'],
    area: 'cof',
    // Two consents of its own, not the shared one: a bank may let a newer CoF consent on the same
    // account end an earlier one, which must not be the consent later scenarios share.
    approvals: 2,
    expect: {},
    async run(ctx) {
      const { main } = ctx.fixtures.ibans;
      const amount = ctx.fixtures.amounts.small;
      // Each consent is used before the next is approved, so a bank that lets the newer one end the
      // older (the interface says nothing of CoF consents superseding) is judged on neither.
      for (const [consent, asked] of [
        ['the CoF consent asked without a currency', { iban: main }],
        ['the CoF consent asked with currency EUR', { iban: main, currency: 'EUR' }],
      ] as const) {
        const created = consentFrom(ctx, await requestCofConsent(ctx, { account: asked }), 'cof');
        await approveConsent(ctx, created);
        const { consentId } = created;
        for (const [named, account] of [
          ['the IBAN alone', { iban: main }],
          ['the IBAN with currency EUR', { iban: main, currency: 'EUR' }],
        ] as const) {
          const what = `a funds confirmation naming ${named} under ${consent}`;
          ensureEqual(
            fundsAvailableOf(await confirmOf(ctx, consentId, amount, account), what),
            true,
            `fundsAvailable of ${what}`,
          );
        }
      }
    },
  }),
  scenario({
    id: 'COF-035',
    title:
      'A card number of 15 or 19 digits, or of 16 written in groups, shows no more than its last four digits on the CoF consent’s creation, read and status',
    spec: 'FundsConfirmationConsentRequest (cardNumber: string; only the last four digits are retained)',
    // Careless: a mask written for 16 digits in one run, which leaves every other card number whole (the older
    // scenarios sent 16 digits in one run).
    rules: ['COF-4'],
    area: 'cof',
    expect: { cards: ['378282246310005', '6271987654329876543', '4000 0566 5566 5556'] },
    async run(ctx, expect) {
      for (const cardNumber of expect.cards) {
        const digits = cardNumber.replace(/\D/g, '');
        const creation = await requestCofConsent(ctx, { cardNumber });
        const { consentId } = consentFrom(ctx, creation, 'cof');
        const answers: [string, Reply][] = [
          ['the creation', creation],
          ['the read', await ctx.api.getFundsConfirmationConsent({ consentId })],
          ['the status read', await ctx.api.getFundsConfirmationConsentStatus({ consentId })],
        ];
        for (const [what, reply] of answers) {
          const of = `${what} of a CoF consent asked with the card "${cardNumber}" (${digits.length} digits)`;
          ensure(reply.status < 300, `${of} is served`, { actual: reply.status });
          const shown = cardShown(reply, digits);
          ensure(shown === undefined, `${of} shows the card digits ${shown} beyond the last four`, {
            actual: reply.json,
          });
        }
      }
    },
  }),
  scenario({
    id: 'COF-036',
    title:
      'A CoF consent asking for 400 days is capped 180 days from the authentication, not from its creation: approved 14 minutes after it was created, it still confirms 7 minutes before 180 days after the approval, and is expired a day later',
    spec: 'FundsConfirmationConsentRequest (validUntil: capped at 180 days from authentication); States: Consent (the 180-day clock starts at authentication); Limits (consent lifetime)',
    // Careless: an asked validUntil capped where the request is read, at creation; the default (COF-017) and the
    // cap read back right after approval (COF-008) were counted from the authentication.
    rules: ['COF-2', 'AIS-STATE-4'],
    area: 'cof',
    approvals: 1,
    needs: ['clock'],
    expect: { askedDays: 400, code: 'CONSENT_EXPIRED' },
    async run(ctx, expect) {
      await advanceToTimeOfDay(ctx, '12:00:00');
      const created = await createCofConsent(ctx, {
        validUntil: dateAfter(await ctx.clock().now(), expect.askedDays),
      });
      await ctx.clock().advance('PT14M');
      await approveConsent(ctx, created);
      await ctx.clock().advance('P179DT23H53M');
      ensureEqual(
        await consentStatus(ctx, created.consentId, 'cof'),
        'valid',
        'status of the CoF consent asked for 400 days, 7 minutes before 180 days after the authentication (7 minutes after 180 days from the creation)',
      );
      ensureEqual(
        (await confirmOf(ctx, created.consentId, ctx.fixtures.amounts.small)).status,
        200,
        'status of a funds confirmation then',
      );
      await ctx.clock().advance('P1D');
      expectRefusal(
        ctx,
        await confirmOf(ctx, created.consentId, ctx.fixtures.amounts.small),
        expect,
        'a funds confirmation a day later',
      );
    },
  }),
];
