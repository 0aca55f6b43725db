/**
 * A sandbox with one of everything a hostile request could touch: a valid account-information
 * consent, a valid CoF consent, a payment awaiting its customer, a revocation callback; and a
 * snapshot of all the state requests can change, read through the API and the control API.
 */
import { randomUUID } from 'node:crypto';
import { codeOf, customerActs, ibansOf, REDIRECT, resourceIdOf, validConsent } from '../helpers/ais.js';
import { created, transfer } from '../helpers/pis.js';
import type { TestSandbox } from '../helpers/sandbox.js';
import type { World } from './hostile-requests.js';
import type { keepAliveClient } from '../helpers/keep-alive-client.js';

export async function buildWorld(t: TestSandbox): Promise<World> {
  const iban = ibansOf(t, 'anna')[0]!;
  const aisConsentId = await validConsent(t, [iban]);
  const consent = await t.call({ path: `/v1/consents/${aisConsentId}/authorisations`, client: t.tpp });
  const aisAuthorisationId = (consent.json as { authorisationIds: string[] }).authorisationIds[0]!;
  const cof = await t.call({
    method: 'POST',
    path: '/v1/consents/confirmation-of-funds',
    client: t.tpp,
    headers: { 'TPP-Redirect-URI': REDIRECT },
    body: { account: { iban } },
  });
  const { consentId: cofConsentId, authorisationId } = cof.json as { consentId: string; authorisationId: string };
  await customerActs(t, authorisationId, 'anna');
  const payment = await created(t, transfer(iban));
  const callback = await t.call({
    method: 'PUT',
    path: '/v1/revocation-callback',
    client: t.tpp,
    body: { url: 'https://tpp.example/revocations' },
  });
  if (callback.status !== 200 || codeOf(cof) !== undefined) throw new Error('world set-up failed');
  return {
    iban,
    resourceId: resourceIdOf(t, iban),
    aisConsentId,
    aisAuthorisationId,
    cofConsentId,
    paymentId: payment.paymentId,
    paymentAuthorisationId: payment.authorisationId,
  };
}

/**
 * Everything a request could have changed, read without changing it: the control API's views,
 * the resources as the provider reads them, and the unattended budgets as attended reads report
 * them (an attended read spends nothing).
 */
export async function snapshot(t: TestSandbox, client: ReturnType<typeof keepAliveClient>, w: World): Promise<unknown> {
  const views = await Promise.all(
    ['/consents', '/payments', '/providers', '/callbacks', '/sms'].map(async (path) => (await t.control(path)).json),
  );
  const read = async (path: string, headers: Record<string, string> = {}, method = 'GET', body?: string) => {
    const answer = await client.send({
      method,
      path,
      headers: { 'X-Request-ID': randomUUID(), ...headers },
      ...(body ? { body } : {}),
    });
    return { path, status: answer.status, body: answer.text, remaining: answer.headers['x-ratelimit-remaining'] };
  };
  const attended = { 'Consent-ID': w.aisConsentId, 'PSU-IP-Address': '192.0.2.1' };
  const pay = `/v1/payments/sepa-credit-transfers/${w.paymentId}`;
  const reads = await Promise.all([
    read(`/v1/consents/${w.aisConsentId}`),
    read(`/v1/consents/${w.aisConsentId}/authorisations`),
    read(`/v1/consents/confirmation-of-funds/${w.cofConsentId}`),
    read(pay),
    read(`${pay}/status`),
    read(`${pay}/authorisations/${w.paymentAuthorisationId}`),
    read('/v1/revocation-callback'),
    read('/v1/accounts', attended),
    read(`/v1/accounts/${w.resourceId}/balances`, attended),
    read(`/v1/accounts/${w.resourceId}/transactions`, attended),
    read(
      '/v1/funds-confirmations',
      { 'Consent-ID': w.cofConsentId, 'PSU-IP-Address': '192.0.2.1', 'Content-Type': 'application/json' },
      'POST',
      JSON.stringify({ account: { iban: w.iban }, instructedAmount: { currency: 'EUR', amount: '1.00' } }),
    ),
  ]);
  return { views, reads };
}
