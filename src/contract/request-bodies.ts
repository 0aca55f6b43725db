/**
 * Every request body the endpoint table names (`requestBody` of a row in endpoints.ts) with its zod
 * schema and its reader. The OpenAPI document publishes the schema; the simulator's API edge reads
 * a request's body with the reader its row names, so the rules behind it see typed input only.
 * A reader checks what the schema cannot say (refused access kinds, currencies other than EUR,
 * dates in the past against `today`, the sandbox clock's UTC day) in the order clients are told.
 */
import type { z } from 'zod';
import { ConsentRequestSchema } from './ais.js';
import { readCallbackRequest } from './callback-request.js';
import {
  FundsConfirmationConsentRequestSchema,
  FundsConfirmationRequestSchema,
  RevocationCallbackRequestSchema,
} from './cof.js';
import { readCofConsentRequest, readFundsRequest } from './cof-request.js';
import { readConsentRequest } from './consent-request.js';
import type { RequestBodyName } from './endpoints.js';
import { readPaymentRequest } from './payment-request.js';
import { PaymentInitiationRequestSchema } from './pis.js';

export interface RequestBody<T> {
  schema: z.ZodType;
  /** The body as sent (parsed JSON, undefined without one) to typed input, or the refusal. */
  read: (body: unknown, today: string) => T;
}

export const REQUEST_BODIES = {
  ConsentRequest: { schema: ConsentRequestSchema, read: readConsentRequest },
  FundsConfirmationConsentRequest: { schema: FundsConfirmationConsentRequestSchema, read: readCofConsentRequest },
  PaymentInitiationRequest: { schema: PaymentInitiationRequestSchema, read: readPaymentRequest },
  FundsConfirmationRequest: { schema: FundsConfirmationRequestSchema, read: readFundsRequest },
  RevocationCallbackRequest: { schema: RevocationCallbackRequestSchema, read: readCallbackRequest },
} satisfies Record<RequestBodyName, RequestBody<unknown>>;

/** What the reader of a named body gives back. */
export type RequestBodyOf<N extends RequestBodyName> = ReturnType<(typeof REQUEST_BODIES)[N]['read']>;
