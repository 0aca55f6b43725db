/**
 * The guided walk-through: one step per key press, each explained in one line, each a real call
 * as a TPP (mutual TLS) or as the customer (control API). A step answers what happened, in one line.
 */
import { short } from '../format.js';
import type { GuidedSession } from './session.js';

export interface GuidedStep {
  title: string;
  /** Shown before the step runs: what it will show (at most 66 characters). */
  explain: string;
  run(session: GuidedSession): Promise<string>;
}

/** Anna's Girokonto (docs/fixtures.md) and a payee at another bank. */
export const ANNA = { psuId: 'anna', iban: 'DE12123456780000100001' };
const PAYEE = { iban: 'DE89370400440532013000', name: 'Merchant GmbH' };
const REDIRECT = { 'TPP-Redirect-URI': 'https://tpp.example/xs2a/ok' };
const PRODUCT = 'instant-sepa-credit-transfers';

function need<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`${what} is missing: run the steps in order (g twice restarts).`);
  return value;
}

function expectStatus(reply: { status: number; text: string }, status: number, what: string): void {
  if (reply.status !== status) throw new Error(`${what} answered ${reply.status}: ${reply.text.slice(0, 80)}`);
}

async function balancesRead(session: GuidedSession) {
  const { consentId, resourceId } = session.memory;
  return session.tpp.call({
    path: `/v1/accounts/${need(resourceId, 'the account')}/balances`,
    headers: { 'Consent-ID': need(consentId, 'the consent') },
  });
}

export const GUIDED_STEPS: readonly GuidedStep[] = [
  {
    title: 'Create a consent',
    explain: "The TPP asks for a consent on Anna's account: POST /v1/consents.",
    async run(session) {
      const body = {
        access: { balances: [{ iban: ANNA.iban }], transactions: [{ iban: ANNA.iban }] },
        recurringIndicator: true,
        frequencyPerDay: 4,
      };
      const reply = await session.tpp.call({ method: 'POST', path: '/v1/consents', headers: REDIRECT, body });
      expectStatus(reply, 201, 'POST /v1/consents');
      const json = reply.json as { consentId: string; consentStatus: string; authorisationId: string };
      Object.assign(session.memory, { consentId: json.consentId, authorisationId: json.authorisationId });
      return `201 ${json.consentStatus}: consent ${short(json.consentId)}, its SCA waits for Anna`;
    },
  },
  {
    title: 'Strong customer authentication',
    explain: 'Anna logs in, types her SMS code and approves: consent valid.',
    async run(session) {
      const { consentId, authorisationId } = session.memory;
      const outcome = await session.control.act(need(authorisationId, 'the authorisation'), ANNA.psuId, 'approve');
      const status = await session.tpp.call({ path: `/v1/consents/${need(consentId, 'the consent')}/status` });
      return `scaStatus ${outcome.scaStatus}; the TPP reads consentStatus ${(status.json as { consentStatus: string }).consentStatus}`;
    },
  },
  {
    title: 'Read balances',
    explain: 'An unattended read (no PSU-IP-Address) spends 1 of 4 a day.',
    async run(session) {
      const list = await session.tpp.call({
        path: '/v1/accounts',
        headers: { 'Consent-ID': need(session.memory.consentId, 'the consent') },
      });
      expectStatus(list, 200, 'GET /v1/accounts');
      const accounts = (list.json as { accounts: { iban: string; resourceId: string }[] }).accounts;
      session.memory.resourceId = need(
        accounts.find((account) => account.iban === ANNA.iban)?.resourceId,
        "Anna's account",
      );
      const reply = await balancesRead(session);
      expectStatus(reply, 200, 'GET balances');
      const first = (reply.json as { balances: { balanceAmount: { amount: string; currency: string } }[] }).balances[0];
      return `200: ${first?.balanceAmount.amount} ${first?.balanceAmount.currency}; X-RateLimit-Remaining ${reply.header('X-RateLimit-Remaining')}`;
    },
  },
  {
    title: 'Hit the limit',
    explain: "Three more unattended reads use up today's 4; the 5th gets 429.",
    async run(session) {
      const left: string[] = [];
      for (let read = 0; read < 3; read++) {
        const reply = await balancesRead(session);
        expectStatus(reply, 200, 'GET balances');
        left.push(reply.header('X-RateLimit-Remaining') ?? '?');
      }
      const refused = await balancesRead(session);
      expectStatus(refused, 429, 'the fifth read');
      const code = (refused.json as { tppMessages: { code: string }[] }).tppMessages[0]?.code;
      return `reads left ${left.join(', ')}; then 429 ${code}, Retry-After ${refused.header('Retry-After')} s`;
    },
  },
  {
    title: 'Register a callback',
    explain: 'The TPP registers an HTTPS URL for revocation callbacks.',
    async run(session) {
      const receiver = await session.receiver();
      const reply = await session.tpp.call({
        method: 'PUT',
        path: '/v1/revocation-callback',
        body: { url: receiver.url },
      });
      expectStatus(reply, 200, 'PUT /v1/revocation-callback');
      session.memory.secret = (reply.json as { secret: string }).secret;
      return `200: ${receiver.url}, secret of ${session.memory.secret.length} hex digits`;
    },
  },
  {
    title: 'Revoke with a callback',
    explain: 'Anna revokes in her portal: it stops at once, a signed callback.',
    async run(session) {
      const receiver = await session.receiver();
      const before = receiver.received.length;
      const revoked = await session.control.revoke(need(session.memory.consentId, 'the consent'));
      const delivery = (await receiver.waitFor(before + 1, 10_000))[before]!;
      const verdict = delivery.verdict.ok ? 'signature verified' : `signature ${delivery.verdict.reason}`;
      return `${revoked.consentStatus}; the TPP got the callback, ${verdict}`;
    },
  },
  {
    title: 'Initiate a payment',
    explain: 'The TPP starts a 12.30 EUR instant transfer from Anna: RCVD.',
    async run(session) {
      const body = {
        debtorAccount: { iban: ANNA.iban },
        instructedAmount: { currency: 'EUR', amount: '12.30' },
        creditorAccount: { iban: PAYEE.iban },
        creditorName: PAYEE.name,
      };
      const reply = await session.tpp.call({
        method: 'POST',
        path: `/v1/payments/${PRODUCT}`,
        headers: REDIRECT,
        body,
      });
      expectStatus(reply, 201, `POST /v1/payments/${PRODUCT}`);
      const json = reply.json as { paymentId: string; transactionStatus: string; authorisationId: string };
      Object.assign(session.memory, { paymentId: json.paymentId, paymentAuthorisationId: json.authorisationId });
      return `201 ${json.transactionStatus}: payment ${short(json.paymentId)}, its SCA waits for Anna`;
    },
  },
  {
    title: 'Cancel the payment',
    explain: 'Before Anna authorises, the TPP cancels it with DELETE: CANC.',
    async run(session) {
      const reply = await session.tpp.call({
        method: 'DELETE',
        path: `/v1/payments/${PRODUCT}/${need(session.memory.paymentId, 'the payment')}`,
      });
      expectStatus(reply, 200, 'DELETE the payment');
      return `200 ${(reply.json as { transactionStatus: string }).transactionStatus}: cancelled, no SCA needed; nothing moves`;
    },
  },
];
