/** Providers and identity details, and the contract's validators: certificates, roles, registration, IBANs, amounts, redirect URIs (scenarios added while measuring the catalogue by mutation testing). */
import { randomUUID } from 'node:crypto';
import { formatCents, IBAN_LENGTHS, toCents } from '../src/contract/index.js';
import { REFUSED_CERTIFICATES, type RefusedCertificate } from '../src/kit/capabilities.js';
import { TargetUnreachable, TargetUnstable, type CallOptions, type Reply } from '../src/kit/client.js';
import type { ScenarioContext } from '../src/kit/context.js';
import { ensure, ensureEqual } from '../src/kit/failure.js';
import type { ScenarioClient } from '../src/kit/operations.js';
import type { Scenario } from '../src/kit/scenario.js';
import { scenario } from '../src/kit/scenario.js';
import { expectRefusal } from './refusal.js';
import {
  answerOf,
  ATTENDED,
  authorisedPayment,
  codeOf,
  completeConsentBody,
  createCofConsent,
  createConsent,
  createdPayment,
  expectPlausible,
  initiatePayment,
  INSTANT,
  paymentBody,
  type Plausible,
  readPayment,
  requestConsent,
  resourceIdOf,
  SHARED_READ,
  sharedReadConsent,
  underConsent,
  validConsent,
} from './steps.js';

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
const bbanOf = (length: number, seed: number) =>
  Array.from({ length }, (_, i) => String((seed * 7 + i * 3) % 10)).join('');

/** A consent asking for the balances of one IBAN (a creation checks the format and nothing more). */
const consentFor = (ctx: ScenarioContext, ibans: string | string[]) =>
  requestConsent(ctx, { access: { balances: (Array.isArray(ibans) ? ibans : [ibans]).map((iban) => ({ iban })) } });

/** A refusal with FORMAT_ERROR (400) whose path names the balances IBAN of the consent request. */
function expectIbanRefused(ctx: ScenarioContext, reply: Reply, what: string): void {
  expectRefusal(
    ctx,
    reply,
    { status: 400, code: 'FORMAT_ERROR', path: { startsWith: 'access.balances', endsWith: 'iban' } },
    what,
  );
}

/** An amount as its significant digits with two decimals ("0012.5" → "1250"), exact at any size. */
function digitsOf(amount: string): string {
  const [whole = '', fraction = ''] = amount.split('.');
  return `${whole}${fraction.padEnd(2, '0')}`.replace(/^0+(?=.)/, '');
}

/** The balances of an account under a consent, read attended: amount per balance type. */
async function balancesOf(
  ctx: ScenarioContext,
  consentId: string,
  iban: string,
  client: ScenarioClient = ctx.api,
): Promise<Record<string, string>> {
  const accountId = await resourceIdOf(ctx, consentId, iban, client);
  const body = (await client.getBalances({ accountId, headers: underConsent(consentId) })).success('GET balances');
  return Object.fromEntries(body.balances.map((balance) => [balance.balanceType, balance.balanceAmount.amount]));
}

/** What a request with a refused certificate met: an HTTP answer, or a TLS handshake the target refused. */
type Refusal = { reply: Reply; handshake?: undefined } | { reply?: undefined; handshake: string };

/** One request with a refused certificate; a connection the target breaks off is a refused handshake. */
async function attempt(client: ScenarioClient, call: CallOptions): Promise<Refusal> {
  try {
    return { reply: await client.call(call) };
  } catch (error) {
    if (error instanceof TargetUnreachable || (error instanceof TargetUnstable && error.unreachable))
      return { handshake: error.message };
    throw error;
  }
}

/** The answers the interface leaves room for, per kind of refused certificate. */
interface RefusalExpectation {
  /** Plausible HTTP answers (Errors rule 5 leaves the statuses open). */
  plausible: readonly Plausible[];
  /** Whether refusing the TLS handshake is one of them (a certificate TLS itself judges). */
  handshake: boolean;
}

/** A certificate that names no PSD2 role the interface knows: ROLE_INVALID, or a certificate problem (the status open). */
const NO_ROLE_REFUSAL: RefusalExpectation = {
  plausible: [
    { status: 403, code: 'ROLE_INVALID' },
    { status: 401, code: 'CERTIFICATE_MISSING' },
    { status: 403, code: 'CERTIFICATE_MISSING' },
  ],
  handshake: false,
};

const CERTIFICATE_PROBLEM: RefusalExpectation = {
  plausible: [
    { status: 401, code: 'CERTIFICATE_MISSING' },
    { status: 403, code: 'CERTIFICATE_MISSING' },
  ],
  handshake: true,
};

/**
 * A certificate the target must refuse, sent to an AIS consent creation, a PIS, a CoF operation and
 * the account list (operations every bank offers): every request is refused with one and the same
 * answer (an open choice among `expected`, observed), carries no created resource, and the same
 * requests from the valid provider are served (the account list, under a consent id nobody holds,
 * answered as such: the certificate passed). Nothing is left behind: the payment's X-Request-ID stays
 * free for the provider (it would be bound if the refused certificate, which names the provider on
 * the sim, had created a payment).
 */
async function refusedEverywhere(
  ctx: ScenarioContext,
  kind: RefusedCertificate,
  expected: RefusalExpectation,
): Promise<void> {
  const what = REFUSED_CERTIFICATES[kind];
  const client = ctx.refusedApi(kind);
  if (!client)
    return ctx.unchecked(
      `refusal of ${what}`,
      `the target provides no such certificate ("refusedCertificates.${kind}")`,
    );
  const requestId = randomUUID();
  const consentBody = completeConsentBody({ access: { balances: [{ iban: ctx.fixtures.ibans.main }] } });
  const consentCall: CallOptions = {
    method: 'POST',
    path: '/v1/consents',
    headers: { 'TPP-Redirect-URI': ctx.fixtures.redirectUri, ...ATTENDED },
    body: consentBody,
  };
  const cofCall: CallOptions = {
    method: 'POST',
    path: '/v1/consents/confirmation-of-funds',
    headers: { 'TPP-Redirect-URI': ctx.fixtures.redirectUri },
    body: { account: { iban: ctx.fixtures.ibans.main } },
  };
  const paymentCall = (body: unknown): CallOptions => ({
    method: 'POST',
    path: '/v1/payments/sepa-credit-transfers',
    headers: { 'TPP-Redirect-URI': ctx.fixtures.redirectUri, ...ATTENDED },
    body,
    requestId,
  });
  // A consent id nobody holds: a certificate that passed would meet CONSENT_UNKNOWN; a refused one must not get that far.
  const nobodysConsent = `refused-${kind.toLowerCase()}-${randomUUID()}`;
  const listCall: CallOptions = { path: '/v1/accounts', headers: { 'Consent-ID': nobodysConsent, ...ATTENDED } };

  const calls: [string, CallOptions][] = [
    ['POST /v1/consents (AIS)', consentCall],
    [
      'POST /v1/payments/sepa-credit-transfers (PIS)',
      paymentCall(paymentBody(ctx, { remittanceInformationUnstructured: `refused ${kind}` })),
    ],
    ['POST /v1/consents/confirmation-of-funds (CoF)', cofCall],
    ['GET /v1/accounts (AIS data)', listCall],
  ];
  const answers: string[] = [];
  for (const [operation, call] of calls) {
    const refusal = await attempt(client, call);
    const point = `answer to ${operation} with ${what}`;
    if (refusal.handshake !== undefined) {
      ensure(
        expected.handshake,
        `${point}: the connection broke off (${refusal.handshake}), but this certificate is for the service to refuse in the envelope`,
      );
      ctx.observe(point, 'TLS handshake refused');
      answers.push('TLS handshake refused');
      continue;
    }
    const { reply } = refusal;
    expectPlausible(ctx, point, reply, expected.plausible);
    const seen = answerOf(reply);
    expectRefusal(ctx, reply, { code: seen.code!, status: seen.status });
    const body = (reply.json ?? {}) as object;
    ensure(
      !('consentId' in body) && !('paymentId' in body) && !('accounts' in body),
      `${point}: the refusal carries no created resource and no data`,
      { actual: body },
    );
    answers.push(`${seen.status} ${seen.code}`);
  }
  ensureEqual(new Set(answers).size, 1, `one answer on every operation for ${what}`);
  ctx.observe(`answer to ${what} (the same on every operation)`, answers[0]);

  // Controls: the same requests from the valid provider are served, and nothing was left behind.
  await createConsent(ctx, consentBody, { exact: true });
  await createCofConsent(ctx);
  const payment = await ctx.api.call(
    paymentCall(paymentBody(ctx, { remittanceInformationUnstructured: `served instead of refused ${kind}` })),
  );
  ensureEqual(
    payment.status,
    201,
    'status of a payment from the valid provider under the X-Request-ID of the refused one (a bound key would answer 409)',
  );
  expectRefusal(
    ctx,
    await ctx.api.call(listCall),
    { status: 403, code: 'CONSENT_UNKNOWN' },
    'the same account list from the valid provider (its certificate passes; the consent id is nobody’s)',
  );
}

export const identityDetailScenarios: Scenario[] = [
  scenario({
    id: 'ID-DETAIL-001',
    title:
      'For every IBAN country, an IBAN one character longer or shorter than the country declares, check digits correct, is refused with FORMAT_ERROR; the declared length is accepted',
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
        expectIbanRefused(
          ctx,
          await consentFor(ctx, [longer]),
          `a ${country} IBAN of ${length + 1} characters (${country} declares ${length})`,
        );
        expectIbanRefused(
          ctx,
          await consentFor(ctx, [shorter]),
          `a ${country} IBAN of ${length - 1} characters (${country} declares ${length})`,
        );
      }
      // Control: the same IBANs at their declared lengths, all in one request, are accepted (format-checked, not looked up).
      ensureEqual(
        (await consentFor(ctx, declared)).status,
        201,
        'status for one IBAN of every country at its declared length',
      );
    },
  }),
  scenario({
    id: 'ID-DETAIL-002',
    title:
      'An IBAN of its country’s length and with a holding MOD 97-10 check, but off the pattern (a letter among the check digits, letters after the country, a trailing lower-case letter), is refused with FORMAT_ERROR',
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
        [
          'a trailing lower-case letter (check digits of its upper-case form)',
          (() => {
            const upper = withCheckDigits('DE', '70400440532013000A');
            return `${upper.slice(0, -1)}a`;
          })(),
        ],
        // A lower-case letter in the middle.
        [
          'a lower-case letter inside',
          (() => {
            const upper = withCheckDigits('DE', '7040044053X2013000');
            return upper.replace('X', 'x');
          })(),
        ],
      ];
      for (const [what, iban] of cases) {
        ensureEqual(iban.length, expect.length, `length of the IBAN with ${what}`);
        expectIbanRefused(ctx, await consentFor(ctx, iban), `an IBAN with ${what} (${iban})`);
        expectIbanRefused(ctx, await consentFor(ctx, iban), `an IBAN with ${what}, sent again`);
      }
      ensure(
        checksumHolds(cases[0]![1]) && checksumHolds(cases[1]![1]) && checksumHolds(cases[2]![1]),
        'the check holds on the first three',
      );
      // Control: a well-formed IBAN in the same place is accepted.
      ensureEqual(
        (await consentFor(ctx, withCheckDigits('DE', '370400440532013001'))).status,
        201,
        'status for a well-formed IBAN in the same place',
      );
    },
  }),
  scenario({
    id: 'ID-DETAIL-003',
    title:
      'Amounts with no decimals, one decimal or a leading zero are accepted on payment initiation and read back as the same amount',
    rules: ['AMOUNT-4', 'PIS-INIT-4', 'PIS-INIT-5'],
    spec: 'Resources / Amount (pattern ^[0-9]+(\\.[0-9]{1,2})?$); PaymentResponse',
    area: 'payments',
    expect: { amounts: ['5', '0.5', '7.5', '01.25', '3.05'], status: 'RCVD' },
    async run(ctx, expect) {
      for (const amount of expect.amounts) {
        const created = createdPayment(
          await initiatePayment(ctx, paymentBody(ctx, { instructedAmount: { currency: 'EUR', amount } })),
        );
        ensureEqual(created.transactionStatus, expect.status, `transactionStatus of a payment of "${amount}"`);
        const payment = await readPayment(ctx, created.paymentId);
        ensureEqual(
          toCents(payment.instructedAmount.amount),
          toCents(amount),
          `instructedAmount of the payment of "${amount}" in cents`,
        );
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
          ensureEqual(
            toCents(after[type]!) - toCents(before[type]!),
            toCents(amount),
            `${type} moved by a booking of "${amount}" (cents)`,
          );
        }
        ctx.observe(`balances after a booking of "${amount}"`, after);
      }
    },
  }),
  scenario({
    id: 'ID-DETAIL-005',
    title:
      'Paying out the whole available balance leaves an available balance of exactly zero (how zero is written is observed)',
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
      if (toCents(available) <= 0)
        return ctx.unchecked(
          'a zero available balance',
          `the second account has ${available} available, nothing to pay out`,
        );
      // Within any plausible payment maximum: a larger balance is first brought down to 10.00 by a booked debit (given back at the end).
      const taken = toCents(available) > 1000 ? toCents(available) - 1000 : 0;
      if (taken > 0) await ctx.control().bookTransaction(iban, formatCents(-taken));
      const amount = taken > 0 ? '10.00' : available;
      const payment = await authorisedPayment(
        ctx,
        paymentBody(ctx, { debtorAccount: { iban }, instructedAmount: { currency: 'EUR', amount } }),
        { product: INSTANT },
      ).catch(async (error: unknown) => {
        if (taken > 0) await ctx.control().bookTransaction(iban, formatCents(taken));
        throw error;
      });
      try {
        if (!expect.accepted.includes(payment.status)) {
          ctx.observe('status of a payment of the whole available balance', payment.status);
          return ctx.unchecked(
            'a zero available balance',
            `the payment of the whole balance is ${payment.status} (a payment limit is not shown)`,
          );
        }
        const after = await balancesOf(ctx, consentId, iban, reader);
        ensure(after['interimAvailable'] !== undefined, 'interimAvailable is reported', { actual: after });
        ensureEqual(toCents(after['interimAvailable']!), 0, 'interimAvailable after paying out all of it (cents)');
        ctx.observe('available balance of zero written as', after['interimAvailable']);
      } finally {
        if (expect.accepted.includes(payment.status)) await ctx.control().bookTransaction(iban, amount);
        if (taken > 0) await ctx.control().bookTransaction(iban, formatCents(taken));
      }
    },
  }),
  scenario({
    id: 'ID-DETAIL-006',
    title:
      'The answer to payments of 14 whole digits (with and without leading zeros) and of 15 whole digits is observed: accepted, PAYMENT_FAILED or FORMAT_ERROR',
    rules: ['OPEN-17', 'AMOUNT-4'],
    spec: 'Limits (payment amount maximum: not shown); Resources / Amount',
    area: 'payments',
    expect: {
      amounts: ['10000000000000', '99999999999999.99', '0010000000000000', '100000000000000', '000100000000000000.00'],
    },
    async run(ctx, expect) {
      for (const amount of expect.amounts) {
        const reply = await initiatePayment(ctx, paymentBody(ctx, { instructedAmount: { currency: 'EUR', amount } }));
        expectPlausible(ctx, `answer to a payment of "${amount}" (maximum not shown)`, reply, [
          { status: 201 },
          { status: 400, code: 'PAYMENT_FAILED' },
          { status: 400, code: 'FORMAT_ERROR' },
        ]);
        if (reply.status === 400 && codeOf(reply) === 'FORMAT_ERROR')
          expectRefusal(ctx, reply, { status: 400, code: 'FORMAT_ERROR', path: 'instructedAmount.amount' });
        if (reply.status === 201) {
          // Accepted: it waits for the customer and reads back the same amount (compared as digits, beyond a double's precision).
          const payment = await readPayment(ctx, createdPayment(reply).paymentId);
          ensureEqual(
            [payment.transactionStatus, digitsOf(payment.instructedAmount.amount)],
            ['RCVD', digitsOf(amount)],
            `status and amount of the accepted payment of "${amount}"`,
          );
        }
      }
      // Controls: the same request with a small amount is served, and with three decimals refused (AMOUNT-4).
      createdPayment(await initiatePayment(ctx, paymentBody(ctx)));
      expectRefusal(
        ctx,
        await initiatePayment(ctx, paymentBody(ctx, { instructedAmount: { currency: 'EUR', amount: '1.234' } })),
        { status: 400, code: 'FORMAT_ERROR', path: 'instructedAmount.amount' },
      );
    },
  }),
  scenario({
    id: 'ID-DETAIL-007',
    title:
      'A QWAC of a certificate authority the target does not trust is refused on AIS consents, account data, PIS and CoF with one answer (CERTIFICATE_MISSING or a refused handshake), and creates nothing',
    rules: ['AUTH-8', 'OPEN-14', 'ERR-1'],
    spec: 'Authentication 1 (an eIDAS QWAC is the credential); Errors / Codes CERTIFICATE_MISSING; Errors rule 5 (its status: not shown)',
    area: 'identity',
    needs: ['refused-certificates'],
    expect: CERTIFICATE_PROBLEM,
    run: (ctx, expect) => refusedEverywhere(ctx, 'untrusted', expect),
  }),
  scenario({
    id: 'ID-DETAIL-008',
    title:
      'An expired QWAC of the trusted CA is refused on AIS consents, account data, PIS and CoF with one answer (CERTIFICATE_MISSING or a refused handshake), and creates nothing',
    rules: ['AUTH-8', 'OPEN-14', 'ERR-1'],
    spec: 'Authentication 1 (a valid eIDAS QWAC is the credential); Errors / Codes CERTIFICATE_MISSING; Errors rule 5 (its status: not shown)',
    area: 'identity',
    needs: ['refused-certificates'],
    expect: CERTIFICATE_PROBLEM,
    run: (ctx, expect) => refusedEverywhere(ctx, 'expired', expect),
  }),
  scenario({
    id: 'ID-DETAIL-009',
    title:
      'A QWAC of the trusted CA that is not valid yet is refused on AIS consents, account data, PIS and CoF with one answer (CERTIFICATE_MISSING or a refused handshake), and creates nothing',
    rules: ['AUTH-8', 'OPEN-14', 'ERR-1'],
    spec: 'Authentication 1 (a valid eIDAS QWAC is the credential); Errors / Codes CERTIFICATE_MISSING; Errors rule 5 (its status: not shown)',
    area: 'identity',
    needs: ['refused-certificates'],
    expect: CERTIFICATE_PROBLEM,
    run: (ctx, expect) => refusedEverywhere(ctx, 'notYetValid', expect),
  }),
  scenario({
    id: 'ID-DETAIL-010',
    title:
      'A certificate of the trusted CA without organizationIdentifier identifies no provider: refused on AIS consents, account data, PIS and CoF with one answer, and creates nothing',
    rules: ['AUTH-8', 'OPEN-14', 'ERR-1'],
    spec: 'Authentication 1 and 3 (the certificate is the credential and registers the provider); Errors / Codes; Errors rule 5 (statuses: not shown)',
    area: 'identity',
    needs: ['refused-certificates'],
    // No code names this case; a certificate that identifies nobody is the nearest to none presented,
    // and "registration does not permit" (403 ROLE_INVALID) is the other reading.
    expect: {
      plausible: [
        { status: 401, code: 'CERTIFICATE_MISSING' },
        { status: 403, code: 'CERTIFICATE_MISSING' },
        { status: 403, code: 'ROLE_INVALID' },
      ],
      handshake: false,
    } as RefusalExpectation,
    run: (ctx, expect) => refusedEverywhere(ctx, 'withoutOrganizationId', expect),
  }),
  scenario({
    id: 'ID-DETAIL-011',
    title:
      'A certificate of the trusted CA without PSD2 role attributes registers no provider: refused on AIS consents, account data, PIS and CoF with one answer, and creates nothing',
    rules: ['AUTH-9', 'SCOPE-6', 'OPEN-14', 'ERR-1'],
    spec: 'Access and registration 1 (a QWAC with PSD2 role attributes registers); Authentication 1, 4 and 5; Errors / Codes ROLE_INVALID, CERTIFICATE_MISSING; Errors rule 5 (statuses: not shown)',
    area: 'identity',
    needs: ['refused-certificates'],
    expect: NO_ROLE_REFUSAL,
    run: (ctx, expect) => refusedEverywhere(ctx, 'withoutRoles', expect),
  }),
  scenario({
    id: 'ID-DETAIL-013',
    title:
      'A certificate of the trusted CA whose PSD2 statement names only a role the interface does not know is refused like one without roles: on AIS consents, account data, PIS and CoF with one answer, and creates nothing',
    rules: ['AUTH-9', 'SCOPE-6', 'OPEN-14', 'ERR-1'],
    spec: 'Access and registration 1 (a QWAC with PSD2 role attributes registers); Authentication 1, 4 and 5 (the roles PSP_AI, PSP_PI, PSP_IC, PSP_AS); Errors / Codes ROLE_INVALID; Errors rule 5 (statuses: not shown)',
    area: 'identity',
    needs: ['refused-certificates'],
    // An implementation that checks that the statement is there, not what it names, serves this one.
    expect: NO_ROLE_REFUSAL,
    run: (ctx, expect) => refusedEverywhere(ctx, 'unknownRoles', expect),
  }),
  scenario({
    id: 'ID-DETAIL-017',
    title:
      'A seal certificate (QSealC) of the trusted CA with every PSD2 role, marked for TLS client use, is no QWAC: refused on AIS consents, account data, PIS and CoF with one answer, and creates nothing',
    rules: ['AUTH-8', 'OPEN-14', 'ERR-1'],
    spec: 'Authentication 1 (the credential is an eIDAS QWAC, a website authentication certificate; a QSealC is a certificate for seals); Errors / Codes CERTIFICATE_MISSING; Errors rule 5 (statuses: not shown)',
    area: 'identity',
    needs: ['refused-certificates'],
    // A bank that reads only the roles and the chain serves it. No code names a certificate of the
    // wrong kind: none presented (CERTIFICATE_MISSING) is the nearest, "registration does not
    // permit" (ROLE_INVALID) the other reading, and a handshake refused for it is a refusal too.
    expect: { ...NO_ROLE_REFUSAL, handshake: true } as RefusalExpectation,
    run: (ctx, expect) => refusedEverywhere(ctx, 'seal', expect),
  }),
  scenario({
    id: 'ID-DETAIL-012',
    title:
      'A provider the regulator register lists as withdrawn is refused from its first request, on AIS consents, account data, PIS and CoF, with 403 and one code (observed), and creates nothing',
    rules: ['SCOPE-7', 'OPEN-10', 'ERR-1'],
    spec: 'Access and registration 2 (the register is checked at registration; a withdrawal stops access); Authentication 3; Errors / Status classes 403 (registration does not permit; no code is named)',
    area: 'identity',
    needs: ['refused-certificates'],
    expect: { plausible: [{ status: 403 }], handshake: false } as RefusalExpectation,
    run: (ctx, expect) => refusedEverywhere(ctx, 'withdrawn', expect),
  }),
  scenario({
    id: 'ID-DETAIL-014',
    title:
      'A certificate without PSD2 role attributes, or naming only a role the interface does not know, is refused on the revocation-callback operations too, and changes no registration',
    rules: ['AUTH-9', 'CB-9', 'OPEN-14'],
    spec: 'Authentication 5 (the revocation-callback operations need only a registered provider); Access and registration 1; Errors rule 5 (statuses: not shown)',
    area: 'identity',
    needs: ['refused-certificates', 'callback-endpoint'],
    expect: NO_ROLE_REFUSAL,
    async run(ctx, expect) {
      const before = await ctx.api.getRevocationCallback();
      ensure([200, 404].includes(before.status), 'the provider’s GET /v1/revocation-callback answers 200 or 404', {
        actual: before.status,
      });
      for (const kind of ['withoutRoles', 'unknownRoles'] as const) {
        const client = ctx.refusedApi(kind);
        if (!client) {
          ctx.unchecked(
            `refusal of ${REFUSED_CERTIFICATES[kind]} on the revocation callback`,
            `the target provides no such certificate ("refusedCertificates.${kind}")`,
          );
          continue;
        }
        const url = `https://tpp.example/xs2a/refused-${kind.toLowerCase()}`;
        for (const [operation, reply] of [
          ['GET', await client.getRevocationCallback()],
          ['PUT', await client.putRevocationCallback({ body: { url } })],
          ['DELETE', await client.deleteRevocationCallback()],
        ] as const) {
          const point = `answer to ${operation} /v1/revocation-callback with ${REFUSED_CERTIFICATES[kind]}`;
          expectPlausible(ctx, point, reply, expect.plausible);
          const seen = answerOf(reply);
          expectRefusal(ctx, reply, { code: seen.code!, status: seen.status }, point);
        }
      }
      const after = await ctx.api.getRevocationCallback();
      ensureEqual(
        [after.status, after.body?.url],
        [before.status, before.body?.url],
        'the provider’s callback registration after the refused PUTs and DELETEs, as before them',
      );
    },
  }),
];
