/**
 * Steps the scenarios share: create and authorise consents and payments, read account data. The ones
 * that build a scenario's situation are givens of a catalogue rule (step-rules.ts): when one breaks,
 * the scenarios enforcing that rule fail and the others are inconclusive. Everything goes through the
 * kit's typed client (HTTP and mutual TLS only).
 */
import { makeIban, SETTINGS } from '../src/contract/index.js';
import type { Reply } from '../src/kit/client.js';
import type { ScenarioContext } from '../src/kit/context.js';
import { ensure, ensureEqual, Inconclusive, ScaDriverFailed } from '../src/kit/failure.js';
import { given, givenNow } from '../src/kit/given.js';
import type { Answer, ScenarioClient, SuccessBody } from '../src/kit/operations.js';
import type { ScaOutcome } from '../src/kit/target.js';
import { DAY_MS, isoDate } from '../src/contract/dates.js';
import { isStatusSetting } from './refusal.js';
import { STEP_RULES } from './step-rules.js';

export const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
/** Any address marks a request as attended (spec "Request headers", PSU-IP-Address). */
export const ATTENDED = { 'PSU-IP-Address': '192.0.2.10' };
/** The product a payment uses unless a scenario names another. */
export const STANDARD = 'sepa-credit-transfers';
export const INSTANT = 'instant-sepa-credit-transfers';

export type ConsentCreation = SuccessBody<'createConsent'>;
export type PaymentCreation = SuccessBody<'initiatePayment'>;

/**
 * Where the customer was sent back: to `expected` with the `state` the scaRedirect carried. A driver
 * that cannot see the return (the manual one) makes the check impossible: it is reported, not dropped.
 */
export function expectReturn(
  ctx: ScenarioContext,
  outcome: ScaOutcome,
  expected: string,
  scaRedirect: string,
  what: string,
): void {
  if (outcome.location === null) {
    ctx.unchecked(
      `${what}: where the customer returns and the state it carries`,
      'the SCA driver cannot see where the bank sends the customer',
    );
    return;
  }
  const back = new URL(outcome.location);
  ensureEqual(`${back.origin}${back.pathname}`, expected, `${what}: where the customer returns`);
  ensureEqual(
    back.searchParams.get('state'),
    new URL(scaRedirect).searchParams.get('state'),
    `${what}: state on the return`,
  );
}

export function aisAccess(
  ibans: string[],
  types: readonly ('accounts' | 'balances' | 'transactions')[] = ['accounts', 'balances', 'transactions'],
) {
  return Object.fromEntries(types.map((type) => [type, ibans.map((iban) => ({ iban }))]));
}

export interface CreatedConsent {
  consentId: string;
  authorisationId: string;
  scaRedirect: string;
  state: string | null;
  /** The creation answer. */
  created: ConsentCreation;
  /** The client that created it (the consent's owner). */
  client: ScenarioClient;
  kind: 'ais' | 'cof';
}

/** The furthest validUntil: capped to the ceiling, so it changes nothing (Berlin Group's convention for "as long as allowed"). */
export const FURTHEST = '9999-12-31';

/**
 * A consent body complete for the Berlin Group 1.3.12 definition, which makes `recurringIndicator`,
 * `validUntil`, `frequencyPerDay` and `combinedServiceIndicator` mandatory: each is sent with the
 * value that changes nothing here (furthest validUntil, 4 or 1 a day, no combined service) unless
 * the scenario gives its own. A scenario that must leave one out passes `exact: true` and says so.
 */
export function completeConsentBody(body: Record<string, unknown>): Record<string, unknown> {
  const recurring = body.recurringIndicator ?? true;
  return {
    recurringIndicator: recurring,
    validUntil: FURTHEST,
    frequencyPerDay: recurring === false ? 1 : 4,
    combinedServiceIndicator: false,
    ...body,
  };
}

export interface ConsentRequestOptions {
  client?: ScenarioClient;
  headers?: Record<string, string | undefined>;
  exact?: boolean;
  requestId?: string;
}

/** `POST /v1/consents` as a check of its own: the typed answer, whatever it is. */
export function requestConsent(
  ctx: ScenarioContext,
  body: Record<string, unknown>,
  options: ConsentRequestOptions = {},
): Promise<Answer<ConsentCreation>> {
  return (options.client ?? ctx.api).createConsent({
    // PSU-IP-Address: mandatory in Berlin Group 1.3.12, accepted here, changing nothing on an uncapped operation.
    headers: { 'TPP-Redirect-URI': ctx.fixtures.redirectUri, ...ATTENDED, ...options.headers },
    body: options.exact ? body : completeConsentBody(body),
    ...(options.requestId ? { requestId: options.requestId } : {}),
  });
}

function createdConsent(
  created: ConsentCreation,
  client: ScenarioClient,
  kind: CreatedConsent['kind'],
): CreatedConsent {
  const scaRedirect = created._links.scaRedirect.href;
  return {
    consentId: created.consentId,
    authorisationId: created.authorisationId,
    scaRedirect,
    state: new URL(scaRedirect).searchParams.get('state'),
    created,
    client,
    kind,
  };
}

/** The consent a creation answer made (201), for a scenario whose rule is about something else. */
export function consentFrom(
  ctx: ScenarioContext,
  answer: Answer<ConsentCreation>,
  kind: CreatedConsent['kind'] = 'ais',
  client: ScenarioClient = ctx.api,
): CreatedConsent {
  return givenNow(STEP_RULES.consentCreation, `${kind === 'cof' ? 'CoF ' : ''}consent creation`, () =>
    createdConsent(answer.success(`${kind === 'cof' ? 'CoF ' : ''}consent creation`), client, kind),
  );
}

/** A consent created (201), for a scenario whose rule is about something else. */
export function createConsent(
  ctx: ScenarioContext,
  body: Record<string, unknown>,
  options: ConsentRequestOptions = {},
): Promise<CreatedConsent> {
  return given(STEP_RULES.consentCreation, 'consent creation', async () =>
    createdConsent(
      (await requestConsent(ctx, body, options)).success('consent creation'),
      options.client ?? ctx.api,
      'ais',
    ),
  );
}

/** `POST /v1/consents/confirmation-of-funds` as a check of its own. */
export function requestCofConsent(
  ctx: ScenarioContext,
  body: Record<string, unknown> = {},
  options: { client?: ScenarioClient; headers?: Record<string, string | undefined> } = {},
): Promise<Answer<SuccessBody<'createFundsConfirmationConsent'>>> {
  return (options.client ?? ctx.api).createFundsConfirmationConsent({
    headers: { 'TPP-Redirect-URI': ctx.fixtures.redirectUri, ...options.headers },
    body: { account: { iban: ctx.fixtures.ibans.main }, ...body },
  });
}

/** A CoF consent for `ibans.main` created (201). */
export function createCofConsent(
  ctx: ScenarioContext,
  body: Record<string, unknown> = {},
  options: { client?: ScenarioClient } = {},
): Promise<CreatedConsent> {
  return given(STEP_RULES.consentCreation, 'CoF consent creation', async () =>
    createdConsent(
      (await requestCofConsent(ctx, body, options)).success('CoF consent creation'),
      options.client ?? ctx.api,
      'cof',
    ),
  );
}

/** A consent's status as its owner reads it. */
export function consentStatus(
  ctx: ScenarioContext,
  consentId: string,
  kind: 'ais' | 'cof' = 'ais',
  client: ScenarioClient = ctx.api,
): Promise<string> {
  return given(STEP_RULES.statusRead, 'consent status read', async () => {
    const read =
      kind === 'ais' ? client.getConsentStatus({ consentId }) : client.getFundsConfirmationConsentStatus({ consentId });
    return (await read).success('consent status read').consentStatus;
  });
}

type ConsentRead = SuccessBody<'getConsent'> | SuccessBody<'getFundsConfirmationConsent'>;

/** A consent as its owner reads it back: ConsentResponse, or FundsConfirmationConsentResponse for a CoF consent. */
export function readConsent(
  ctx: ScenarioContext,
  consentId: string,
  kind?: 'ais',
  client?: ScenarioClient,
): Promise<SuccessBody<'getConsent'>>;
export function readConsent(
  ctx: ScenarioContext,
  consentId: string,
  kind: 'cof',
  client?: ScenarioClient,
): Promise<SuccessBody<'getFundsConfirmationConsent'>>;
export function readConsent(
  ctx: ScenarioContext,
  consentId: string,
  kind: 'ais' | 'cof',
  client?: ScenarioClient,
): Promise<ConsentRead>;
export function readConsent(
  ctx: ScenarioContext,
  consentId: string,
  kind: 'ais' | 'cof' = 'ais',
  client: ScenarioClient = ctx.api,
): Promise<ConsentRead> {
  return given(STEP_RULES.consentRead, 'consent read', async (): Promise<ConsentRead> => {
    const read = kind === 'ais' ? client.getConsent({ consentId }) : client.getFundsConfirmationConsent({ consentId });
    return (await read).success('consent read');
  });
}

/** The statuses of a consent and of a payment that await the customer. */
const UNDECIDED: readonly string[] = ['received', 'RCVD'];

/**
 * Nothing is decided before the customer acts (spec "States"): a status already decided is the
 * break of `rule`, not of the scenario that needed a ceremony, and no ceremony can prove anything.
 */
async function awaitingTheCustomer(rule: string, what: string, status: () => Promise<string>): Promise<void> {
  await given(rule, what, async () => {
    const before = await status();
    ensure(
      UNDECIDED.includes(before),
      `the status before the customer acted is ${before}, not ${UNDECIDED.join(' or ')}`,
      {
        expected: UNDECIDED,
        actual: before,
      },
    );
  });
}

/** The customer acts on a consent's scaRedirect (approves unless told otherwise). */
export async function authoriseConsent(
  ctx: ScenarioContext,
  consent: Pick<CreatedConsent, 'consentId' | 'authorisationId' | 'scaRedirect' | 'kind' | 'client'>,
  options: { decision?: 'approve' | 'decline'; psu?: 'psu' | 'otherPsu'; wrongCodes?: number; reopen?: boolean } = {},
): Promise<ScaOutcome> {
  const status = () => consentStatus(ctx, consent.consentId, consent.kind, consent.client);
  if (!options.reopen) await awaitingTheCustomer(STEP_RULES.consentWaiting, 'a consent awaiting the customer', status);
  return ctx.authorise(consent.scaRedirect, { authorisationId: consent.authorisationId, status, ...options });
}

/** The customer approves a consent, which is then valid. */
export function approveConsent(ctx: ScenarioContext, consent: CreatedConsent): Promise<ScaOutcome> {
  return given(STEP_RULES.consentApproval, 'consent approval', async () => {
    const outcome = await authoriseConsent(ctx, consent);
    ensureEqual(
      await consentStatus(ctx, consent.consentId, consent.kind, consent.client),
      'valid',
      `${consent.kind === 'cof' ? 'CoF consent' : 'consent'} status after the customer approved`,
    );
    return outcome;
  });
}

/** The customer declines a consent, which is then rejected. */
export function declineConsent(ctx: ScenarioContext, consent: CreatedConsent): Promise<ScaOutcome> {
  return given(STEP_RULES.consentDecline, 'consent decline', async () => {
    const outcome = await authoriseConsent(ctx, consent, { decision: 'decline' });
    ensureEqual(
      await consentStatus(ctx, consent.consentId, consent.kind, consent.client),
      'rejected',
      `${consent.kind === 'cof' ? 'CoF consent' : 'consent'} status after the customer declined`,
    );
    return outcome;
  });
}

/** A consent the customer approved on the bank's surface (one approval). */
export async function validConsent(
  ctx: ScenarioContext,
  options: {
    ibans?: string[];
    types?: readonly ('accounts' | 'balances' | 'transactions')[];
    recurring?: boolean;
    client?: ScenarioClient;
    body?: Record<string, unknown>;
  } = {},
): Promise<CreatedConsent> {
  const created = await createConsent(
    ctx,
    {
      access: aisAccess(options.ibans ?? [ctx.fixtures.ibans.main], options.types),
      recurringIndicator: options.recurring ?? true,
      ...options.body,
    },
    options.client ? { client: options.client } : {},
  );
  await approveConsent(ctx, created);
  return created;
}

/** A CoF consent for `ibans.main` the customer approved (one approval). */
export async function validCofConsent(ctx: ScenarioContext, body: Record<string, unknown> = {}): Promise<string> {
  const created = await createCofConsent(ctx, body);
  await approveConsent(ctx, created);
  return created.consentId;
}

/** The account list under a consent, attended unless told otherwise (spec "Limits"). */
export function accountList(
  ctx: ScenarioContext,
  consentId: string,
  options: { attended?: boolean; client?: ScenarioClient } = {},
) {
  return (options.client ?? ctx.api).getAccountList({
    headers: { 'Consent-ID': consentId, ...(options.attended === false ? {} : ATTENDED) },
  });
}

/** The `resourceId` of an IBAN, read attended so no budget is spent (spec "Limits"). */
export function resourceIdOf(
  ctx: ScenarioContext,
  consentId: string,
  iban: string,
  client: ScenarioClient = ctx.api,
): Promise<string> {
  return given(STEP_RULES.accountList, 'the account list', async () => {
    const list = (await accountList(ctx, consentId, { client })).success('the account list');
    const account = list.accounts.find((item) => item.iban === iban);
    ensure(account, `GET /v1/accounts does not list ${iban}`, { actual: list.accounts.map((item) => item.iban) });
    return account.resourceId;
  });
}

/** Follows a link of an answer: hrefs are opaque, under the base URL or absolute (spec "Versioning" 4). */
export function follow(ctx: ScenarioContext, href: string) {
  return ctx.api.call({ path: href });
}

/** The headers of an account-data read under a consent; attended unless told otherwise. */
export function underConsent(consentId: string, options: { attended?: boolean } = {}) {
  return { 'Consent-ID': consentId, ...(options.attended === false ? {} : ATTENDED) };
}

/**
 * An account-data read at a path built by the scenario (a link the target gave, a malformed id); the
 * typed operations (`ctx.api.getBalances` …) are for reads of a known account. Attended unless told otherwise.
 */
export function readData(
  ctx: ScenarioContext,
  consentId: string,
  path: string,
  options: { attended?: boolean; client?: ScenarioClient } = {},
) {
  return (options.client ?? ctx.api).call({ path, headers: underConsent(consentId, options) });
}

export function paymentBody(ctx: ScenarioContext, overrides: Record<string, unknown> = {}) {
  return {
    debtorAccount: { iban: ctx.fixtures.ibans.main },
    instructedAmount: { currency: 'EUR', amount: ctx.fixtures.amounts.small },
    creditorAccount: { iban: ctx.fixtures.ibans.creditor },
    creditorName: 'Conformance Payee',
    remittanceInformationUnstructured: 'xs2a-kit conformance',
    ...overrides,
  };
}

export interface PaymentOptions {
  product?: string;
  requestId?: string;
  client?: ScenarioClient;
  headers?: Record<string, string | undefined>;
}

/** A payment initiation as a check of its own: the typed answer, whatever it is. */
export function initiatePayment(
  ctx: ScenarioContext,
  body: unknown,
  options: PaymentOptions = {},
): Promise<Answer<PaymentCreation>> {
  return (options.client ?? ctx.api).initiatePayment({
    product: options.product ?? STANDARD,
    // PSU-IP-Address: mandatory in Berlin Group 1.3.12; payments are uncapped, so it changes nothing.
    headers: { 'TPP-Redirect-URI': ctx.fixtures.redirectUri, ...ATTENDED, ...options.headers },
    body,
    ...(options.requestId ? { requestId: options.requestId } : {}),
  });
}

/** The payment an initiation answer created (201), for a scenario whose rule is about something else. */
export function createdPayment(answer: Answer<PaymentCreation>): PaymentCreation {
  return givenNow(STEP_RULES.paymentInitiation, 'payment initiation', () => answer.success('payment initiation'));
}

/** A payment initiated (201), for a scenario whose rule is about something else. */
export async function createPayment(
  ctx: ScenarioContext,
  body: unknown,
  options: PaymentOptions = {},
): Promise<PaymentCreation> {
  return createdPayment(await initiatePayment(ctx, body, options));
}

/** A payment's status as its initiator reads it. */
export function paymentStatus(
  ctx: ScenarioContext,
  paymentId: string,
  product = STANDARD,
  client: ScenarioClient = ctx.api,
): Promise<string> {
  return given(STEP_RULES.statusRead, 'payment status read', async () => {
    const read = await client.getPaymentInitiationStatus({ paymentId, product });
    return read.success('payment status read').transactionStatus;
  });
}

/** A payment as its initiator reads it back (PaymentResponse). */
export function readPayment(
  ctx: ScenarioContext,
  paymentId: string,
  product = STANDARD,
): Promise<SuccessBody<'getPaymentInformation'>> {
  return given(STEP_RULES.paymentRead, 'payment read', async () =>
    (await ctx.api.getPaymentInformation({ paymentId, product })).success('payment read'),
  );
}

/** The customer acts on a payment's scaRedirect (approves unless told otherwise). */
export async function authorisePayment(
  ctx: ScenarioContext,
  payment: Pick<PaymentCreation, 'paymentId' | 'authorisationId' | '_links'>,
  options: { decision?: 'approve' | 'decline'; product?: string } = {},
): Promise<ScaOutcome> {
  const status = () => paymentStatus(ctx, payment.paymentId, options.product ?? STANDARD);
  await awaitingTheCustomer(STEP_RULES.paymentWaiting, 'a payment awaiting the customer', status);
  return ctx.authorise(payment._links.scaRedirect.href, {
    authorisationId: payment.authorisationId,
    decision: options.decision ?? 'approve',
    status,
  });
}

/**
 * Initiates a payment and has the customer act on it; the driver may stop on a page that refuses
 * (then `location` is null). `before` runs first (a clock move, a change in the back office): a
 * payment it already ended gets no ceremony; otherwise the payment must still await the customer.
 */
export async function authorisedPayment(
  ctx: ScenarioContext,
  body: unknown,
  options: { product?: string; decision?: 'approve' | 'decline'; before?: (paymentId: string) => Promise<void> } = {},
) {
  const product = options.product ?? STANDARD;
  const created = await createPayment(ctx, body, { product });
  const status = () => paymentStatus(ctx, created.paymentId, product);
  if (options.before) await options.before(created.paymentId);
  const waiting = await status();
  let location: string | null = null;
  // What `before` did may have ended the payment (an expired authorisation: RJCT); nothing else moves it without the customer.
  if (options.before && (waiting === 'RJCT' || waiting === 'CANC'))
    ctx.observe('status when the customer comes to act', waiting);
  else {
    givenNow(STEP_RULES.paymentWaiting, 'an initiated payment', () =>
      ensureEqual(waiting, 'RCVD', 'status of an initiated payment before the customer acts'),
    );
    try {
      location = (
        await authorisePayment(ctx, created, { product, ...(options.decision ? { decision: options.decision } : {}) })
      ).location;
    } catch (error) {
      // The bank may end the ceremony on its page (a payment changed since, an account on hold): the
      // driver stops there, and the status says what became of the payment. A driver that stopped
      // with the payment still waiting could not act at all.
      if (!(error instanceof ScaDriverFailed) || (await status()) === 'RCVD') throw error;
      ctx.observe('the SCA driver stopped on the bank’s page', error.message);
    }
  }
  return { ...created, product, location, status: await status() };
}

/** Key of the account-information consent shared by scenarios that only read, attended (one approval per run). */
export const SHARED_READ = 'ais-read-consent';
/** Key of the CoF consent shared by scenarios that only confirm attended. */
export const SHARED_COF = 'cof-consent';

/**
 * The shared read consent: recurring, all three data types, over both of the customer's accounts —
 * a set of accounts no other scenario asks for, so no newer consent supersedes it (spec "States:
 * Consent"). A kept one that is no longer valid (a clock move expired it) is made again.
 */
export async function sharedReadConsent(ctx: ScenarioContext): Promise<{ consentId: string }> {
  return ctx.shared(
    SHARED_READ,
    async () => ({
      consentId: (await validConsent(ctx, { ibans: [ctx.fixtures.ibans.main, ctx.fixtures.ibans.second] })).consentId,
    }),
    async (kept) => (await consentStatus(ctx, kept.consentId)) === 'valid',
  );
}

/** The shared CoF consent (funds confirmations under it are attended, so it spends no budget). */
export async function sharedCofConsent(ctx: ScenarioContext): Promise<string> {
  return ctx.shared(
    SHARED_COF,
    () => validCofConsent(ctx),
    async (kept) => (await consentStatus(ctx, kept, 'cof')) === 'valid',
  );
}

/** An answer the interface allows on an open point: a status (exact or its class) and, for a refusal, a code. */
export interface Plausible {
  status: number | '2xx' | '4xx';
  code?: string;
}

function fits(reply: { status: number; json: unknown }, plausible: Plausible): boolean {
  const { status } = reply;
  // A code whose status Errors rule 5 leaves open fits with any status of its setting (held to one per run by observeSetting).
  const open =
    plausible.code === undefined
      ? undefined
      : SETTINGS.find((definition) => definition.name === `status.${plausible.code}`);
  if (open && codeOf(reply) === plausible.code) return open.values.includes(status);
  const statusFits =
    plausible.status === '2xx'
      ? status >= 200 && status < 300
      : plausible.status === '4xx'
        ? status >= 400 && status < 500
        : status === plausible.status;
  return statusFits && (plausible.code === undefined || codeOf(reply) === plausible.code);
}

/**
 * An open point ("not shown"): what the target chose is recorded, never failed — as long as it is
 * one of the choices the interface leaves room for. A 5xx or an unrelated refusal is no choice.
 */
export function expectPlausible(
  ctx: ScenarioContext,
  point: string,
  reply: Reply,
  plausible: readonly Plausible[],
): void {
  const seen = answerOf(reply);
  const allowed = plausible.map((p) => `${p.status}${p.code ? ` ${p.code}` : ''}`).join(', ');
  ensure(
    plausible.some((p) => fits(reply, p)),
    `${point}: ${seen.status}${seen.code ? ` ${seen.code}` : ''} is none of the answers the interface leaves open (${allowed})`,
    { expected: allowed, actual: reply.json ?? reply.text, exchange: reply.evidence },
  );
  ctx.observe(point, seen);
  // The status of an open code is the bank's setting, where the plausible answer names the code (not where a case fixes its own status).
  if (
    seen.code !== undefined &&
    isStatusSetting(seen.code) &&
    plausible.some((p) => p.code === seen.code && fits(reply, p))
  )
    ctx.observeSetting(`status.${seen.code}`, seen.status);
}

/**
 * An answer a check needs at the moment its request was sent (a second before a midnight): one that
 * came only after retries came later, the target's clock having moved on meanwhile, so it proves
 * nothing either way.
 */
export function onTime<R extends Reply>(reply: R, what: string): R {
  if (reply.retries > 0)
    throw new Inconclusive(
      `target unstable: ${what} was answered only after ${reply.retries} retr${reply.retries === 1 ? 'y' : 'ies'}, when the target's clock had moved past the moment the check is about`,
      reply.evidence,
    );
  return reply;
}

/** The members of a JSON object answer (none for anything else), to ask what an answer carries. */
export function membersOf(json: unknown): object {
  return typeof json === 'object' && json !== null ? json : {};
}

/** One member of a JSON object answer as sent (a schema's parse would drop a member it does not name). */
export function memberOf(json: unknown, name: string): unknown {
  return Object.entries(membersOf(json)).find(([key]) => key === name)?.[1];
}

/** The paymentId an initiation answer names as sent, whatever its status (a replay may answer 200 or 201). */
export function paymentIdOf(reply: { json: unknown }): string | undefined {
  const id = memberOf(reply.json, 'paymentId');
  return typeof id === 'string' ? id : undefined;
}

/** The first message of an error answer (its envelope already held to the contract by the client). */
function firstMessage(reply: { json: unknown }): { code?: string; path?: string } {
  const messages = memberOf(reply.json, 'tppMessages');
  const first: unknown = Array.isArray(messages) ? messages[0] : undefined;
  const code = memberOf(first, 'code');
  const path = memberOf(first, 'path');
  return { ...(typeof code === 'string' ? { code } : {}), ...(typeof path === 'string' ? { path } : {}) };
}

/** The code of an error answer, for observations (never for decisions the spec leaves open). */
export function codeOf(reply: { json: unknown }): string | undefined {
  return firstMessage(reply).code;
}

/** What an answer was, for observing a point the spec leaves open: status, code and path of the first message. */
export function answerOf(reply: { status: number; json: unknown }): { status: number; code?: string; path?: string } {
  const first = firstMessage(reply);
  return {
    status: reply.status,
    ...(first.code ? { code: first.code } : {}),
    ...(first.path ? { path: first.path } : {}),
  };
}

/** A calendar date `days` after `from` (UTC), as the spec's `date` fields carry it. */
export function dateAfter(from: Date, days: number): string {
  return isoDate(from.getTime() + days * DAY_MS);
}

/** Whole days from one ISO date to another. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);
}

/** An IBAN of the same bank as `iban` whose account number ends in 999999: well-formed, with no live account behind it. */
export function deadIbanLike(iban: string): string {
  return makeIban(iban.slice(0, 2), `${iban.slice(4, -6)}999999`);
}

/**
 * Registers the kit's callback receiver for the default provider while `fn` runs (with the secret
 * the registration answered), then deregisters it, so no scenario leaves a callback behind.
 */
export async function withReceiver(
  ctx: ScenarioContext,
  fn: (receiver: ReturnType<ScenarioContext['callbacks']>, secret: string | undefined) => Promise<void>,
): Promise<void> {
  const receiver = ctx.callbacks();
  const registration = await given(STEP_RULES.callbackRegistration, 'callback registration', async () =>
    (await ctx.api.putRevocationCallback({ body: { url: receiver.url } })).success('callback registration'),
  );
  const secret = registration.secret;
  receiver.useSecret(secret);
  try {
    await fn(receiver, secret);
  } finally {
    await ctx.api.deleteRevocationCallback();
    // A scenario may have verified against another secret meanwhile; the receiver ends on this one.
    receiver.useSecret(secret);
  }
}
