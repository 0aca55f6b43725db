/**
 * The valid request of each kind a negative case changes. Each is complete for the Berlin Group
 * 1.3.12 definition as well (its mandatory fields and headers, where this interface accepts them and
 * they change nothing: `PSU-IP-Address` on creations, every consent field), so a strict bank refuses
 * a row for the row's change, never for the kit's own omission.
 */
import type { ScenarioContext } from '../../src/kit/context.js';
import { STEP_RULES } from '../step-rules.js';
import { ATTENDED, FURTHEST, paymentBody, sharedCofConsent } from '../steps.js';

export type RequestKind = 'consent' | 'cof-consent' | 'payment' | 'instant-payment' | 'funds' | 'callback';

export interface ValidRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
  /** The status the request is served with. */
  success: number;
  /** The rule that says the valid request is served (a creation answering 201): its scenarios own that step. */
  rule: string;
  /** What a refused request must leave as it was, read before and after it (when the target shows it). */
  state?: () => Promise<unknown>;
}

/** The callback URL the kit registers in negative cases: never called, it only has to be valid. */
export const VALID_CALLBACK_URL = 'https://tpp.example/xs2a/revocations';

export async function validRequest(ctx: ScenarioContext, kind: RequestKind): Promise<ValidRequest> {
  const { ibans, redirectUri, amounts } = ctx.fixtures;
  switch (kind) {
    case 'consent':
      return {
        method: 'POST',
        path: '/v1/consents',
        headers: { 'TPP-Redirect-URI': redirectUri, ...ATTENDED },
        // The furthest validUntil: silently capped to the ceiling, so it is valid whatever the target's date.
        body: {
          access: { balances: [{ iban: ibans.main }] },
          recurringIndicator: true,
          validUntil: FURTHEST,
          frequencyPerDay: 4,
          combinedServiceIndicator: false,
        },
        success: 201,
        rule: STEP_RULES.consentCreation,
      };
    case 'cof-consent':
      return {
        method: 'POST',
        path: '/v1/consents/confirmation-of-funds',
        headers: { 'TPP-Redirect-URI': redirectUri, ...ATTENDED },
        body: { account: { iban: ibans.main } },
        success: 201,
        rule: STEP_RULES.consentCreation,
      };
    case 'payment':
    case 'instant-payment':
      return {
        method: 'POST',
        path: `/v1/payments/${kind === 'payment' ? 'sepa-credit-transfers' : 'instant-sepa-credit-transfers'}`,
        headers: { 'TPP-Redirect-URI': redirectUri, ...ATTENDED },
        body: paymentBody(ctx),
        success: 201,
        rule: STEP_RULES.paymentInitiation,
      };
    case 'funds':
      return {
        method: 'POST',
        path: '/v1/funds-confirmations',
        // Attended: a confirmation served spends no budget (spec "Limits").
        headers: { 'Consent-ID': await sharedCofConsent(ctx), ...ATTENDED },
        body: { account: { iban: ibans.main }, instructedAmount: { currency: 'EUR', amount: amounts.small } },
        success: 200,
        rule: STEP_RULES.fundsConfirmation,
      };
    case 'callback':
      return {
        method: 'PUT',
        path: '/v1/revocation-callback',
        headers: {},
        body: { url: VALID_CALLBACK_URL },
        success: 200,
        rule: STEP_RULES.callbackRegistration,
        state: async () => {
          const read = await ctx.api.getRevocationCallback();
          return { status: read.status, registration: read.body ?? null };
        },
      };
  }
}
