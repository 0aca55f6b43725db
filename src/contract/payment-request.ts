/**
 * Reading a PaymentInitiationRequest body (spec "PaymentInitiationRequest", "Behaviour notes:
 * Payments" 5, "Errors"): malformed input says what is wrong. A currency other than EUR is
 * PRODUCT_INVALID; every other malformed field (IBAN shape, country length or checksum; an amount
 * that is zero, signed, a number or has three decimals; a missing field) is FORMAT_ERROR with its
 * path. Nothing here looks an IBAN up: whether the money can move is judged afterwards, and every
 * such refusal is the one PAYMENT_FAILED (sim/rules/payment-checks.ts), on the request this
 * reader gave back.
 */
import { refuseOtherAccountIdentifiers } from './account-reference.js';
import { PAYMENT_PRODUCTS, type PaymentProduct } from './enums.js';
import { XsError } from './errors.js';
import { isObject, parseOrFormatError } from './parse.js';
import { PaymentInitiationRequestSchema, type PaymentInitiationRequest } from './pis.js';

/** Fields that carry a currency; only EUR is offered (spec "Errors": PRODUCT_INVALID). */
const CURRENCY_FIELDS = ['instructedAmount', 'debtorAccount', 'creditorAccount'] as const;

/**
 * A well-formed ISO 4217 code other than EUR is a product the service does not offer; anything
 * else in the field (lower case, a number) is malformed and left to the schema's FORMAT_ERROR.
 */
function refuseOtherCurrencies(body: Record<string, unknown>): void {
  for (const field of CURRENCY_FIELDS) {
    const holder = body[field];
    const currency = isObject(holder) ? holder.currency : undefined;
    if (typeof currency === 'string' && /^[A-Z]{3}$/.test(currency) && currency !== 'EUR') {
      throw new XsError('PRODUCT_INVALID', {
        path: `${field}.currency`,
        text: `Only EUR payments are offered, not ${currency}.`,
      });
    }
  }
}

export function readPaymentRequest(body: unknown, today: string): PaymentInitiationRequest {
  if (!isObject(body))
    throw new XsError('FORMAT_ERROR', { text: 'The body must be a PaymentInitiationRequest object.' });
  refuseOtherCurrencies(body);
  refuseOtherAccountIdentifiers([
    ['debtorAccount', body.debtorAccount],
    ['creditorAccount', body.creditorAccount],
  ]);
  const request = parseOrFormatError(PaymentInitiationRequestSchema, body);
  if (request.requestedExecutionDate !== undefined && request.requestedExecutionDate < today) {
    throw new XsError('FORMAT_ERROR', {
      path: 'requestedExecutionDate',
      text: `requestedExecutionDate must not be in the past (today is ${today}).`,
    });
  }
  return request;
}

/**
 * The {payment_product} of an initiation: an unknown one is 404 RESOURCE_UNKNOWN, judged before
 * any header or the body (docs/interpretations.md, "Order of the checks on initiation").
 */
export function readPaymentProduct(value: string | undefined): PaymentProduct {
  if (value !== undefined && (PAYMENT_PRODUCTS as readonly string[]).includes(value)) return value as PaymentProduct;
  throw new XsError('RESOURCE_UNKNOWN', {
    text: 'Unknown payment product: sepa-credit-transfers and instant-sepa-credit-transfers are offered.',
  });
}
