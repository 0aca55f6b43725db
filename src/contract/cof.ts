/** Confirmation of funds and revocation callbacks: bodies (spec "FundsConfirmation…", "RevocationCallback"). */
import { z } from 'zod';
import { ConsentReadSchema, IsoDateSchema, notCarried } from './ais.js';
import { HEADERS } from './headers.js';
import { AccountReferenceSchema, AmountSchema, ConsentStatusSchema } from './schemas.js';

export const FundsConfirmationConsentRequestSchema = z.object({
  account: AccountReferenceSchema,
  validUntil: IsoDateSchema.optional(),
  cardNumber: z.string().min(1).max(64).optional(),
  cardExpiryDate: IsoDateSchema.optional(),
});
export type FundsConfirmationConsentRequest = z.infer<typeof FundsConfirmationConsentRequestSchema>;

export const FundsConfirmationRequestSchema = z.object({
  account: AccountReferenceSchema,
  instructedAmount: AmountSchema,
  cardNumber: z.string().max(64).optional(),
});
export type FundsConfirmationRequest = z.infer<typeof FundsConfirmationRequestSchema>;

/** Exactly one field, nothing else is ever returned (spec "FundsConfirmationRequest"). */
export const FundsConfirmationResponseSchema = z.strictObject({ fundsAvailable: z.boolean() });

export const RevocationCallbackRequestSchema = z.object({ url: z.string().max(2048) });
export type RevocationCallbackRequest = z.infer<typeof RevocationCallbackRequestSchema>;

export const SIGNATURE_TOLERANCE_SECONDS = 300;

export const RevocationCallbackSchema = z.object({
  url: z.url(),
  signatureHeader: z.literal(HEADERS.serviceSignature),
  signatureToleranceSeconds: z.literal(SIGNATURE_TOLERANCE_SECONDS),
  // "a hex string of 32 bytes": hex in either case (the sandbox writes lower case).
  secret: z.string().regex(/^[0-9a-fA-F]{64}$/),
});

export const RevocationEventSchema = z.object({
  eventId: z.string().min(1),
  consentId: z.string().min(1),
  consentStatus: ConsentStatusSchema,
  revokedAt: z.iso.datetime({ offset: true }),
});

/**
 * A CoF consent read (spec "ConsentResponse"): `account` is "present instead of `access` on a CoF
 * consent", so it is required and `access` is never carried.
 */
export const FundsConfirmationConsentResponseSchema = ConsentReadSchema.extend({
  account: AccountReferenceSchema,
  access: notCarried('A CoF consent carries `account` instead of `access`.'),
});
