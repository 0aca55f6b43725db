/** Providers and identity details, and the contract's validators: certificates, roles, registration, IBANs, amounts, redirect URIs (scenarios added while measuring the catalogue by mutation testing). */
import { BalanceResponseSchema, IBAN_LENGTHS, PaymentResponseSchema } from '../src/contract/index.js';
import type { Reply, XsClient } from '../src/kit/client.js';
import type { ScenarioContext } from '../src/kit/context.js';
import { ensure, ensureEqual, ensureSchema } from '../src/kit/failure.js';
import type { Scenario } from '../src/kit/scenario.js';
import { scenario } from '../src/kit/scenario.js';
import { ATTENDED, authorisedPayment, codeOf, completeConsentBody, createdPayment, expectError, expectPlausible, initiatePayment, paymentBody, readData, resourceIdOf, SHARED_READ, sharedReadConsent, validConsent } from './steps.js';

/**
 * MOD 97-10 (ISO 7064) as the textbook implementation computes it: every character from `A` upwards
 * counts as its code minus 55 (A=10 … Z=35), every other one as its digit.
 */
function mod97(value: string): number {
  let remainder = 0;
  for (const char of value) {
    const code = char.charCodeAt(0);
    const digits = code >= 65 ? String(code - 55) : char;
    for (const digit of digits) remainder = (remainder * 10 + (digit.charCodeAt(0) - 48)) % 97;
  }
  return remainder;
}

/** Whether the MOD 97-10 check of `iban` (first four characters moved to the end) comes out at 1. */
const checksumHolds = (iban: string) => mod97(iban.slice(4) + iban.slice(0, 4)) === 1;

/** `country`, the check digits that make the MOD 97-10 check hold, `bban`: whatever the length. */
function withCheckDigits(country: string, bban: string): string {
  const check = 98 - mod97(`${bban}${country}00`);
  return `${country}${String(check).padStart(2, '0')}${bban}`;
}

/** `head` + `body` + the two digits that make the MOD 97-10 check hold (whatever `head` holds). */
function closingDigits(head: string, body: string): string {
  for (let d = 0; d < 100; d += 1) {
    const candidate = `${head}${body}${String(d).padStart(2, '0')}`;
    if (checksumHolds(candidate)) return candidate;
  }
  throw new RangeError(`no closing digits for ${head}${body}`);
}

/** A BBAN of `length` digits, different per country so no two IBANs coincide. */
const bbanOf = (length: number, seed: number) => Array.from({ length }, (_, i) => String((seed * 7 + i * 3) % 10)).join('');

/** A consent asking for the balances of one IBAN (a creation checks the format and nothing more). */
const consentFor = (ctx: ScenarioContext, ibans: string | string[]) =>
  ctx.api.call({ method: 'POST', path: '/v1/consents', headers: { 'TPP-Redirect-URI': ctx.fixtures.redirectUri, ...ATTENDED }, body: completeConsentBody({ access: { balances: (Array.isArray(ibans) ? ibans : [ibans]).map((iban) => ({ iban })) } }) });

/** A refusal with FORMAT_ERROR (400) whose path names the balances IBAN of the consent request. */
function expectIbanRefused(ctx: ScenarioContext, reply: Reply, what: string): void {
  ensureEqual(reply.status, 400, `status for ${what}`);
  expectError(ctx, reply, { status: 400, code: 'FORMAT_ERROR' });
  const path = (reply.json as { tppMessages: { code: string; path?: string }[] }).tppMessages.find((m) => m.code === 'FORMAT_ERROR')?.path ?? '';
  ensure(path.startsWith('access.balances') && path.endsWith('iban'), `path of FORMAT_ERROR for ${what} names access.balances…iban`, { actual: path });
}

/** Integer cents of a decimal string (test-side arithmetic, exact). */
function cents(amount: string): number {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(amount);
  if (!match) throw new RangeError(`not a decimal amount: ${amount}`);
  const value = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] === '-' ? -value : value;
}

/** An amount as its significant digits with two decimals ("0012.5" → "1250"), exact at any size. */
function digitsOf(amount: string): string {
  const [whole = '', fraction = ''] = amount.split('.');
  return `${whole}${fraction.padEnd(2, '0')}`.replace(/^0+(?=.)/, '');
}

/** The balances of an account under a consent, read attended: amount per balance type. */
async function balancesOf(ctx: ScenarioContext, consentId: string, iban: string, client: XsClient = ctx.api): Promise<Record<string, string>> {
  const id = await resourceIdOf(ctx, consentId, iban, client);
  const reply = await readData(ctx, consentId, `/v1/accounts/${id}/balances`, { client });
  ensureEqual(reply.status, 200, 'status of GET balances');
  const body = ensureSchema(BalanceResponseSchema, reply.json, 'BalanceResponse');
  return Object.fromEntries(body.balances.map((balance) => [balance.balanceType, balance.balanceAmount.amount]));
}

export const identityDetailScenarios: Scenario[] = [
  scenario({
    id: 'ID-DETAIL-001',
    title: 'For every IBAN country, an IBAN one character longer or shorter than the country declares, check digits correct, is refused with FORMAT_ERROR; the declared length is accepted',
    rules: ['IBAN-3', 'AIS-CONSENT-11', 'ERR-2', 'ERR-5'],
    spec: 'Resources / AccountReference (the country’s declared length is also checked); ConsentRequest scope rules 2',
    area: 'consents',
    expect: { countries: Object.keys(IBAN_LENGTHS).length },
    async run(ctx, expect) {
      const countries = Object.entries(IBAN_LENGTHS);
      ensureEqual(countries.length, expect.countries, 'countries in the length table');
      let seed = 0;
      const declared: string[] = [];
      for (const [country, length] of countries) {
        seed += 1;
        const longer = withCheckDigits(country, bbanOf(length - 3, seed));
        const shorter = withCheckDigits(country, bbanOf(length - 5, seed));
        declared.push(withCheckDigits(country, bbanOf(length - 4, seed)));
        ensure(checksumHolds(longer) && checksumHolds(shorter), `check digits of the ${country} IBANs hold`);
        expectIbanRefused(ctx, await consentFor(ctx, [longer]), `a ${country} IBAN of ${length + 1} characters (${country} declares ${length})`);
        expectIbanRefused(ctx, await consentFor(ctx, [shorter]), `a ${country} IBAN of ${length - 1} characters (${country} declares ${length})`);
      }
      // Control: the same IBANs at their declared lengths, all in one request, are accepted (format-checked, not looked up).
      ensureEqual((await consentFor(ctx, declared)).status, 201, 'status for one IBAN of every country at its declared length');
    },
  }),
  scenario({
    id: 'ID-DETAIL-002',
    title: 'An IBAN of its country’s length and with a holding MOD 97-10 check, but off the pattern (a letter among the check digits, letters after the country, a trailing lower-case letter), is refused with FORMAT_ERROR',
    rules: ['IBAN-2', 'AIS-CONSENT-11', 'ERR-2', 'ERR-5'],
    spec: 'Resources / AccountReference (pattern ^[A-Z]{2}[0-9]{2}[A-Z0-9]{4,30}$ is necessary)',
    area: 'consents',
    expect: { length: 22 },
    async run(ctx, expect) {
      const cases: [string, string][] = [
        // One digit, then a letter where the second check digit belongs.
        ['a letter as the second check digit', closingDigits('DE8X', '3704004405320130')],
        // Letters where the check digits belong, a pattern-shaped IBAN starting behind them.
        ['letters in place of the check digits, an IBAN-shaped rest', closingDigits('DEXX', 'AB12370400440532')],
        // A lower-case letter at the very end (its code counted as the textbook MOD 97-10 counts letters).
        ['a trailing lower-case letter', withCheckDigits('DE', '370400440532013000a'.slice(1))],
        // The same, with check digits computed as if the letter were upper case.
        ['a trailing lower-case letter (check digits of its upper-case form)', (() => {
          const upper = withCheckDigits('DE', '70400440532013000A');
          return `${upper.slice(0, -1)}a`;
        })()],
        // A lower-case letter in the middle.
        ['a lower-case letter inside', (() => {
          const upper = withCheckDigits('DE', '7040044053X2013000');
          return upper.replace('X', 'x');
        })()],
      ];
      for (const [what, iban] of cases) {
        ensureEqual(iban.length, expect.length, `length of the IBAN with ${what}`);
        expectIbanRefused(ctx, await consentFor(ctx, iban), `an IBAN with ${what} (${iban})`);
        expectIbanRefused(ctx, await consentFor(ctx, iban), `an IBAN with ${what}, sent again`);
      }
      ensure(checksumHolds(cases[0]![1]) && checksumHolds(cases[1]![1]) && checksumHolds(cases[2]![1]), 'the check holds on the first three');
      // Control: a well-formed IBAN in the same place is accepted.
      ensureEqual((await consentFor(ctx, withCheckDigits('DE', '370400440532013001'))).status, 201, 'status for a well-formed IBAN in the same place');
    },
  }),
  scenario({
    id: 'ID-DETAIL-003',
    title: 'Amounts with no decimals, one decimal or a leading zero are accepted on payment initiation and read back as the same amount',
    rules: ['AMOUNT-4', 'PIS-INIT-4', 'PIS-INIT-5'],
    spec: 'Resources / Amount (pattern ^[0-9]+(\\.[0-9]{1,2})?$); PaymentResponse',
    area: 'payments',
    expect: { amounts: ['5', '0.5', '7.5', '01.25', '3.05'], status: 'RCVD' },
    async run(ctx, expect) {
      for (const amount of expect.amounts) {
        const created = createdPayment(await initiatePayment(ctx, paymentBody(ctx, { instructedAmount: { currency: 'EUR', amount } })));
        ensureEqual(created.transactionStatus, expect.status, `transactionStatus of a payment of "${amount}"`);
        const read = await ctx.api.call({ path: `/v1/payments/sepa-credit-transfers/${created.paymentId}` });
        ensureEqual(read.status, 200, `status of the read of the payment of "${amount}"`);
        const payment = ensureSchema(PaymentResponseSchema, read.json, 'PaymentResponse');
        ensureEqual(cents(payment.instructedAmount.amount), cents(amount), `instructedAmount of the payment of "${amount}" in cents`);
        // How the amount is written back (as sent or with two decimals) is the target's to choose.
        ctx.observe(`instructedAmount read back for "${amount}"`, payment.instructedAmount.amount);
      }
    },
  }),
  scenario({
    id: 'ID-DETAIL-004',
    title: 'Money booked in amounts with no or one decimal moves the closing booked balance by exactly that amount',
    rules: ['AMOUNT-9', 'AIS-DATA-4'],
    spec: 'Resources / SignedAmount; BalanceResponse',
    area: 'ais-data',
    shares: [SHARED_READ],
    needs: ['control'],
    expect: { amounts: ['5', '0.5', '12.3'] },
    async run(ctx, expect) {
      const { consentId } = await sharedReadConsent(ctx);
      const iban = ctx.fixtures.ibans.main;
      for (const amount of expect.amounts) {
        const before = await balancesOf(ctx, consentId, iban);
        await ctx.control().bookTransaction(iban, amount);
        const after = await balancesOf(ctx, consentId, iban);
        for (const type of ['closingBooked', 'interimAvailable']) {
          ensure(before[type] !== undefined && after[type] !== undefined, `${type} is reported`, { actual: after });
          ensureEqual(cents(after[type]!) - cents(before[type]!), cents(amount), `${type} moved by a booking of "${amount}" (cents)`);
        }
        ctx.observe(`balances after a booking of "${amount}"`, after);
      }
    },
  }),
  scenario({
    id: 'ID-DETAIL-005',
    title: 'Paying out the whole available balance leaves an available balance of exactly zero (how zero is written is observed)',
    rules: ['AMOUNT-9', 'AMOUNT-10', 'AIS-DATA-4'],
    spec: 'Resources / SignedAmount (the sign is the direction); BalanceResponse',
    area: 'ais-data',
    // Its own consent for the account paid from (read attended, so no budget is spent), given to the
    // second provider so it supersedes no consent of the default provider; and the payment.
    approvals: 2,
    needs: ['control', 'second-provider'],
    expect: { accepted: ['ACSP', 'ACSC'] },
    async run(ctx, expect) {
      const iban = ctx.fixtures.ibans.second;
      const reader = ctx.secondApi();
      const { consentId } = await validConsent(ctx, { ibans: [iban], types: ['accounts', 'balances'], client: reader });
      const before = await balancesOf(ctx, consentId, iban, reader);
      const available = before['interimAvailable'];
      ensure(available !== undefined, 'interimAvailable is reported', { actual: before });
      if (cents(available) <= 0) return ctx.unchecked('a zero available balance', `the second account has ${available} available, nothing to pay out`);
      const payment = await authorisedPayment(ctx, paymentBody(ctx, { debtorAccount: { iban }, instructedAmount: { currency: 'EUR', amount: available } }), { product: 'instant-sepa-credit-transfers' });
      try {
        if (!expect.accepted.includes(payment.status)) {
          ctx.observe('status of a payment of the whole available balance', payment.status);
          return ctx.unchecked('a zero available balance', `the payment of the whole balance is ${payment.status} (a payment limit is not shown)`);
        }
        const after = await balancesOf(ctx, consentId, iban, reader);
        ensure(after['interimAvailable'] !== undefined, 'interimAvailable is reported', { actual: after });
        ensureEqual(cents(after['interimAvailable']!), 0, 'interimAvailable after paying out all of it (cents)');
        ctx.observe('available balance of zero written as', after['interimAvailable']);
      } finally {
        if (expect.accepted.includes(payment.status)) await ctx.control().bookTransaction(iban, available);
      }
    },
  }),
  scenario({
    id: 'ID-DETAIL-006',
    title: 'The answer to payments of 14 whole digits (with and without leading zeros) and of 15 whole digits is observed: accepted, PAYMENT_FAILED or FORMAT_ERROR',
    rules: ['OPEN-17', 'AMOUNT-4'],
    spec: 'Limits (payment amount maximum: not shown); Resources / Amount',
    area: 'payments',
    expect: { amounts: ['10000000000000', '99999999999999.99', '0010000000000000', '100000000000000', '000100000000000000.00'] },
    async run(ctx, expect) {
      for (const amount of expect.amounts) {
        const reply = await initiatePayment(ctx, paymentBody(ctx, { instructedAmount: { currency: 'EUR', amount } }));
        expectPlausible(ctx, `answer to a payment of "${amount}" (maximum not shown)`, reply, [{ status: 201 }, { status: 400, code: 'PAYMENT_FAILED' }, { status: 400, code: 'FORMAT_ERROR' }]);
        if (reply.status === 400 && codeOf(reply) === 'FORMAT_ERROR') expectError(ctx, reply, { status: 400, code: 'FORMAT_ERROR', path: 'instructedAmount.amount' });
        if (reply.status === 201) {
          // Accepted: it waits for the customer and reads back the same amount (compared as digits, beyond a double's precision).
          const created = createdPayment(reply);
          const read = await ctx.api.call({ path: `/v1/payments/sepa-credit-transfers/${created.paymentId}` });
          ensureEqual(read.status, 200, `status of the read of the payment of "${amount}"`);
          const payment = ensureSchema(PaymentResponseSchema, read.json, 'PaymentResponse');
          ensureEqual([payment.transactionStatus, digitsOf(payment.instructedAmount.amount)], ['RCVD', digitsOf(amount)], `status and amount of the accepted payment of "${amount}"`);
        }
      }
      // Controls: the same request with a small amount is served, and with three decimals refused (AMOUNT-4).
      ensureEqual((await initiatePayment(ctx, paymentBody(ctx))).status, 201, 'status of the same payment with a small amount');
      expectError(ctx, await initiatePayment(ctx, paymentBody(ctx, { instructedAmount: { currency: 'EUR', amount: '1.234' } })), { status: 400, code: 'FORMAT_ERROR', path: 'instructedAmount.amount' });
    },
  }),
];
