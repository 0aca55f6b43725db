/**
 * Payment initiation: request and response bodies of /v1/payments (spec "PaymentInitiationRequest",
 * "PaymentInitiationResponse", "PaymentResponse"). A non-EUR currency is PRODUCT_INVALID, which a
 * schema cannot say; the reader (payment-request.ts) checks that first.
 */
import { z } from 'zod';
import { IsoDateSchema } from './ais.js';
import {
  AccountReferenceSchema,
  AmountSchema,
  PaymentCreationLinksSchema,
  ScaStatusSchema,
  TransactionStatusSchema,
} from './schemas.js';

/** ISO 9362 BIC, 8 or 11 characters (the Berlin Group's BICFI pattern). */
export const BIC_PATTERN = /^[A-Z]{6}[A-Z2-9][A-NP-Z0-9]([A-Z0-9]{3})?$/;

// Length bounds are "not shown" in the spec; these are the Berlin Group's Max70Text, Max140Text, Max35Text.
export const CREDITOR_NAME_MAX = 70;
export const REMITTANCE_MAX = 140;
export const END_TO_END_MAX = 35;

export const PaymentInitiationRequestSchema = z.object({
  debtorAccount: AccountReferenceSchema,
  instructedAmount: AmountSchema,
  creditorAccount: AccountReferenceSchema.extend({
    bic: z.string().regex(BIC_PATTERN, 'A BIC is 8 or 11 characters (ISO 9362).').optional(),
  }),
  creditorName: z
    .string()
    .max(CREDITOR_NAME_MAX)
    .refine((value) => value.trim() !== '', 'creditorName must not be blank.')
    .optional(),
  remittanceInformationUnstructured: z.string().min(1).max(REMITTANCE_MAX).optional(),
  endToEndIdentification: z.string().min(1).max(END_TO_END_MAX).optional(),
  requestedExecutionDate: IsoDateSchema.optional(),
});
export type PaymentInitiationRequest = z.infer<typeof PaymentInitiationRequestSchema>;

export const PaymentInitiationResponseSchema = z.object({
  transactionStatus: z.literal('RCVD'),
  paymentId: z.string().min(1),
  authorisationId: z.string().min(1),
  _links: PaymentCreationLinksSchema,
});

export const PaymentResponseSchema = z.object({
  transactionStatus: TransactionStatusSchema,
  debtorAccount: AccountReferenceSchema,
  creditorAccount: AccountReferenceSchema,
  instructedAmount: AmountSchema,
  creditorName: z.string().optional(),
  remittanceInformationUnstructured: z.string().optional(),
});

export const PaymentStatusResponseSchema = z.object({ transactionStatus: TransactionStatusSchema });
export const PaymentScaStatusResponseSchema = z.object({ scaStatus: ScaStatusSchema });
