/**
 * The sandbox control API (customer surface, `/sandbox`) over plain HTTP: how the kit moves the
 * clock and acts as the customer's portal without touching the simulator's internals. A remote
 * sandbox that offers the same API can declare it in its config.
 */
import type { TargetClock, TargetControl } from '../target.js';

export function controlApi(controlUrl: string, token?: string) {
  const call = async (method: string, path: string, body?: unknown): Promise<unknown> => {
    const res = await fetch(`${controlUrl}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`control API ${method} ${path} answered ${res.status}: ${text.slice(0, 200)}`);
    return text ? JSON.parse(text) : undefined;
  };
  const clock: TargetClock = {
    now: async () => new Date(((await call('GET', '/clock')) as { now: string }).now),
    advance: async (by) => void (await call('POST', '/clock', { advance: by })),
  };
  const control: TargetControl = {
    revokeConsent: async (consentId) =>
      void (await call('POST', `/consents/${encodeURIComponent(consentId)}/revoke`, {})),
    bookTransaction: async (iban, amount) =>
      void (await call('POST', '/transactions', { iban, amount, counterpartyName: 'xs2a-kit conformance' })),
    setAuthorised: async (organizationIdentifier, authorised) =>
      void (await call('POST', `/register/${encodeURIComponent(organizationIdentifier)}`, { authorised })),
    amendPayment: async (paymentId, change) =>
      void (await call('POST', `/payments/${encodeURIComponent(paymentId)}/amend`, change)),
    answerPayee: async (paymentId, confirm) =>
      void (await call('POST', `/payments/${encodeURIComponent(paymentId)}/payee`, { confirm })),
  };
  return { clock, control };
}
