/**
 * The sandbox control API over HTTP (docs/control-api.md): the demo acts as the customer and
 * moves the clock exactly as a script or the portal would, through the same services.
 */

export interface ControlClient {
  act(
    authorisationId: string,
    psuId: string,
    decision: 'approve' | 'decline',
  ): Promise<{ scaStatus: string; redirect: string | null }>;
  revoke(consentId: string): Promise<{ consentStatus: string }>;
  payee(paymentId: string, confirm: boolean): Promise<{ transactionStatus: string }>;
  advanceClock(by: string): Promise<{ now: string }>;
}

export class ControlError extends Error {}

/** The envelope's first message, so the presenter reads the sandbox's own words (spec "Errors"). */
function reason(status: number, text: string): string {
  try {
    const message = (JSON.parse(text) as { tppMessages?: { code?: string; text?: string }[] }).tppMessages?.[0];
    if (message) return `${status} ${message.code ?? ''}${message.text ? `: ${message.text}` : ''}`;
  } catch {
    // not JSON: fall through to the raw text
  }
  return `${status} ${text.slice(0, 80)}`;
}

export function createControlClient(controlUrl: string): ControlClient {
  const post = async <T>(path: string, body: unknown): Promise<T> => {
    const res = await fetch(`${controlUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new ControlError(reason(res.status, text));
    return JSON.parse(text) as T;
  };
  const id = encodeURIComponent;
  return {
    act: (authorisationId, psuId, decision) => post(`/authorisations/${id(authorisationId)}`, { psuId, decision }),
    revoke: (consentId) => post(`/consents/${id(consentId)}/revoke`, {}),
    payee: (paymentId, confirm) => post(`/payments/${id(paymentId)}/payee`, { confirm }),
    advanceClock: (by) => post('/clock', { advance: by }),
  };
}
