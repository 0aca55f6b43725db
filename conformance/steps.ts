/**
 * Steps the scenarios share: create and authorise consents and payments, read account data, and
 * judge error answers. Everything goes through the kit's client (HTTP and mutual TLS only).
 */
import {
  ConsentCreationResponseSchema,
  makeIban,
  SETTINGS,
  PaymentInitiationResponseSchema,
  TppMessagesSchema,
} from '../src/contract/index.js';
import type { Reply, XsClient } from '../src/kit/client.js';
import type { ScenarioContext } from '../src/kit/context.js';
import type { ScaOutcome } from '../src/kit/target.js';
import { ensure, ensureEqual, ensureSchema } from '../src/kit/failure.js';
import { DAY_MS, isoDate } from '../src/contract/dates.js';

export const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
/** Any address marks a request as attended (spec "Request headers", PSU-IP-Address). */
export const ATTENDED = { 'PSU-IP-Address': '192.0.2.10' };

export interface ErrorExpectation {
  code: string;
  /** The status the spec states; omitted where Errors rule 5 leaves it "not shown" (then observed). */
  status?: number;
  path?: string;
}

function isStatusSetting(code: string): boolean {
  return SETTINGS.some((definition) => definition.name === `status.${code}`);
}

/**
 * The status a target answers for a code whose status Errors rule 5 leaves open: a bank-profile
 * setting (`status.CODE`), recorded and held to one value per run; other codes are only observed.
 */
export function observeStatus(ctx: ScenarioContext, code: string, status: number, what = ''): void {
  if (isStatusSetting(code)) ctx.observeSetting(`status.${code}`, status);
  else ctx.observe(`${what}HTTP status of ${code} (not stated)`, status);
}

/** An error answer: the TppMessages envelope (spec "Errors / Envelope") carrying the expected code. */
export function expectError(ctx: ScenarioContext, reply: Reply, expected: ErrorExpectation): void {
  ensure(
    reply.status >= 400 && reply.status < 500,
    `expected a 4xx answer with ${expected.code}, got ${reply.status}`,
    { expected: expected.code, actual: reply.json ?? reply.text },
  );
  const body = ensureSchema(TppMessagesSchema, reply.json, `${reply.status} error body`);
  const message = body.tppMessages.find((item) => item.code === expected.code);
  ensure(message, `expected code ${expected.code}, got ${body.tppMessages.map((item) => item.code).join(', ')}`, {
    expected: expected.code,
    actual: body,
  });
  ensureEqual(message.category, 'ERROR', `category of ${expected.code}`);
  if (expected.status === undefined) observeStatus(ctx, expected.code, reply.status);
  else ensureEqual(reply.status, expected.status, `status of ${expected.code}`);
  if (expected.path !== undefined) ensureEqual(message.path, expected.path, `path of ${expected.code}`);
  // Errors / Envelope: X-Request-ID is echoed on every error response.
  if (reply.requestId) ensureEqual(reply.header('x-request-id'), reply.requestId, 'X-Request-ID echoed on the error');
}

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
  reply: Reply;
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

export async function createConsent(
  ctx: ScenarioContext,
  body: Record<string, unknown>,
  options: { client?: XsClient; headers?: Record<string, string>; exact?: boolean } = {},
): Promise<CreatedConsent> {
  const reply = await (options.client ?? ctx.api).call({
    method: 'POST',
    path: '/v1/consents',
    // PSU-IP-Address: mandatory in Berlin Group 1.3.12, accepted here, changing nothing on an uncapped operation.
    headers: { 'TPP-Redirect-URI': ctx.fixtures.redirectUri, ...ATTENDED, ...options.headers },
    body: options.exact ? body : completeConsentBody(body),
  });
  ensureEqual(reply.status, 201, 'status of POST /v1/consents');
  const created = ensureSchema(ConsentCreationResponseSchema, reply.json, 'ConsentCreationResponse');
  const scaRedirect = created._links.scaRedirect.href;
  return {
    consentId: created.consentId,
    authorisationId: created.authorisationId,
    scaRedirect,
    state: new URL(scaRedirect).searchParams.get('state'),
    reply,
  };
}

export async function consentStatus(
  ctx: ScenarioContext,
  consentId: string,
  kind: 'ais' | 'cof' = 'ais',
  client: XsClient = ctx.api,
): Promise<string> {
  const base = kind === 'ais' ? '/v1/consents' : '/v1/consents/confirmation-of-funds';
  const reply = await client.call({ path: `${base}/${encodeURIComponent(consentId)}/status` });
  ensureEqual(reply.status, 200, 'status of GET consent status');
  return (reply.json as { consentStatus: string }).consentStatus;
}

/** A consent the customer approved on the bank's surface (one approval). */
export async function validConsent(
  ctx: ScenarioContext,
  options: {
    ibans?: string[];
    types?: readonly ('accounts' | 'balances' | 'transactions')[];
    recurring?: boolean;
    client?: XsClient;
    body?: Record<string, unknown>;
  } = {},
): Promise<CreatedConsent> {
  const client = options.client ?? ctx.api;
  const created = await createConsent(
    ctx,
    {
      access: aisAccess(options.ibans ?? [ctx.fixtures.ibans.main], options.types),
      recurringIndicator: options.recurring ?? true,
      ...options.body,
    },
    { client },
  );
  await ctx.authorise(created.scaRedirect, { authorisationId: created.authorisationId, status: () => consentStatus(ctx, created.consentId, 'ais', client) });
  ensureEqual(
    await consentStatus(ctx, created.consentId, 'ais', client),
    'valid',
    'consent status after the customer approved',
  );
  return created;
}

/** The `resourceId` of an IBAN, read attended so no budget is spent (spec "Limits"). */
export async function resourceIdOf(
  ctx: ScenarioContext,
  consentId: string,
  iban: string,
  client: XsClient = ctx.api,
): Promise<string> {
  const reply = await client.call({ path: '/v1/accounts', headers: { 'Consent-ID': consentId, ...ATTENDED } });
  ensureEqual(reply.status, 200, 'status of GET /v1/accounts');
  const account = (reply.json as { accounts: { iban: string; resourceId: string }[] }).accounts.find(
    (item) => item.iban === iban,
  );
  ensure(account, `GET /v1/accounts does not list ${iban}`);
  return account.resourceId;
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

export async function initiatePayment(
  ctx: ScenarioContext,
  body: unknown,
  options: { product?: string; requestId?: string; client?: XsClient } = {},
): Promise<Reply> {
  return (options.client ?? ctx.api).call({
    method: 'POST',
    path: `/v1/payments/${options.product ?? 'sepa-credit-transfers'}`,
    // PSU-IP-Address: mandatory in Berlin Group 1.3.12; payments are uncapped, so it changes nothing.
    headers: { 'TPP-Redirect-URI': ctx.fixtures.redirectUri, ...ATTENDED },
    body,
    ...(options.requestId ? { requestId: options.requestId } : {}),
  });
}

export function createdPayment(reply: Reply) {
  ensureEqual(reply.status, 201, 'status of payment initiation');
  return ensureSchema(PaymentInitiationResponseSchema, reply.json, 'PaymentInitiationResponse');
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

/** A CoF consent for `ibans.main` the customer approved (one approval). */
export async function validCofConsent(ctx: ScenarioContext, body: Record<string, unknown> = {}): Promise<string> {
  const reply = await ctx.api.call({
    method: 'POST',
    path: '/v1/consents/confirmation-of-funds',
    headers: { 'TPP-Redirect-URI': ctx.fixtures.redirectUri },
    body: { account: { iban: ctx.fixtures.ibans.main }, ...body },
  });
  ensureEqual(reply.status, 201, 'status of POST /v1/consents/confirmation-of-funds');
  const created = ensureSchema(ConsentCreationResponseSchema, reply.json, 'ConsentCreationResponse');
  await ctx.authorise(created._links.scaRedirect.href, { authorisationId: created.authorisationId, status: () => consentStatus(ctx, created.consentId, 'cof') });
  ensureEqual(await consentStatus(ctx, created.consentId, 'cof'), 'valid', 'CoF consent status after approval');
  return created.consentId;
}

/** The shared CoF consent (funds confirmations under it are attended, so it spends no budget). */
export async function sharedCofConsent(ctx: ScenarioContext): Promise<string> {
  return ctx.shared(
    SHARED_COF,
    () => validCofConsent(ctx),
    async (kept) => (await consentStatus(ctx, kept, 'cof')) === 'valid',
  );
}

/** An account-data read under a consent; attended unless told otherwise. */
export function readData(
  ctx: ScenarioContext,
  consentId: string,
  path: string,
  options: { attended?: boolean; client?: XsClient } = {},
): Promise<Reply> {
  return (options.client ?? ctx.api).call({
    path,
    headers: { 'Consent-ID': consentId, ...(options.attended === false ? {} : ATTENDED) },
  });
}

/** An answer the interface allows on an open point: a status (exact or its class) and, for a refusal, a code. */
export interface Plausible {
  status: number | '2xx' | '4xx';
  code?: string;
}

function fits(reply: Reply, plausible: Plausible): boolean {
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
    { expected: allowed, actual: reply.json ?? reply.text },
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

/** The codes of an error answer, for observations (never for decisions the spec leaves open). */
export function codeOf(reply: Reply): string | undefined {
  return (reply.json as { tppMessages?: { code?: string }[] } | undefined)?.tppMessages?.[0]?.code;
}

/** What an answer was, for observing a point the spec leaves open: status, code and path of the first message. */
export function answerOf(reply: Reply): { status: number; code?: string; path?: string } {
  const first = (reply.json as { tppMessages?: { code?: string; path?: string }[] } | undefined)?.tppMessages?.[0];
  return {
    status: reply.status,
    ...(first?.code ? { code: first.code } : {}),
    ...(first?.path ? { path: first.path } : {}),
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

/** A payment's status as its initiator reads it. */
export async function paymentStatus(
  ctx: ScenarioContext,
  paymentId: string,
  product = 'sepa-credit-transfers',
): Promise<string> {
  const reply = await ctx.api.call({ path: `/v1/payments/${product}/${paymentId}/status` });
  ensureEqual(reply.status, 200, 'status of GET payment status');
  return (reply.json as { transactionStatus: string }).transactionStatus;
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
  const product = options.product ?? 'sepa-credit-transfers';
  const created = createdPayment(await initiatePayment(ctx, body, { product }));
  const status = () => paymentStatus(ctx, created.paymentId, product);
  if (options.before) await options.before(created.paymentId);
  const waiting = await status();
  let location: string | null = null;
  // What `before` did may have ended the payment (an expired authorisation: RJCT); nothing else moves it without the customer.
  if (options.before && (waiting === 'RJCT' || waiting === 'CANC'))
    ctx.observe('status when the customer comes to act', waiting);
  else {
    ensureEqual(waiting, 'RCVD', 'status of an initiated payment before the customer acts');
    try {
      location = (
        await ctx.authorise(created._links.scaRedirect.href, { authorisationId: created.authorisationId, decision: options.decision ?? 'approve', status })
      ).location;
    } catch (error) {
      ctx.observe('the SCA driver stopped on the bank’s page', error instanceof Error ? error.message : String(error));
    }
  }
  return { ...created, product, location, status: await status() };
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
  const put = await ctx.api.call({ method: 'PUT', path: '/v1/revocation-callback', body: { url: receiver.url } });
  ensureEqual(put.status, 200, 'status of PUT');
  const secret = (put.json as { secret?: string }).secret;
  receiver.useSecret(secret);
  try {
    await fn(receiver, secret);
  } finally {
    await ctx.api.call({ method: 'DELETE', path: '/v1/revocation-callback' });
    // A scenario may have verified against another secret meanwhile; the receiver ends on this one.
    receiver.useSecret(secret);
  }
}
