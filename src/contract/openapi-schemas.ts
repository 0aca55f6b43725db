/**
 * components.schemas of the OpenAPI document, generated from the zod schemas (no second copy of
 * the shapes). Responses are generated as zod *outputs* (what a server sends: closed objects),
 * request bodies as zod *inputs* (what a client may send).
 */
import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';
import {
  AccountAccessSchema,
  AccountDetailsSchema,
  AccountListSchema,
  AccountResponseSchema,
  AuthorisationsSchema,
  BalanceResponseSchema,
  BalanceSchema,
  ConsentCreationResponseSchema,
  ConsentResponseSchema,
  ConsentStatusResponseSchema,
  ScaStatusResponseSchema,
  TransactionSchema,
  TransactionsResponseSchema,
} from './ais.js';
import {
  FundsConfirmationConsentResponseSchema,
  FundsConfirmationResponseSchema,
  RevocationCallbackSchema,
} from './cof.js';
import type { ResponseBodyName } from './endpoints.js';
import { IBAN_PATTERN } from './iban.js';
import { PaymentInitiationResponseSchema, PaymentResponseSchema, PaymentStatusResponseSchema } from './pis.js';
import { REQUEST_BODIES } from './request-bodies.js';
import {
  AccountReferenceSchema,
  AmountSchema,
  ConsentStatusSchema,
  IbanSchema,
  ScaStatusSchema,
  SignedAmountSchema,
  TppMessageSchema,
  TppMessagesSchema,
  TransactionStatusSchema,
} from './schemas.js';

export type JsonSchema = Record<string, unknown>;

/** Bodies the server sends, and the shared pieces they are made of (named so they appear once). */
export const OUTPUT_SCHEMAS = {
  AccountReference: AccountReferenceSchema,
  Amount: AmountSchema,
  SignedAmount: SignedAmountSchema,
  ConsentStatus: ConsentStatusSchema,
  ScaStatus: ScaStatusSchema,
  TransactionStatus: TransactionStatusSchema,
  AccountAccess: AccountAccessSchema,
  AccountDetails: AccountDetailsSchema,
  Balance: BalanceSchema,
  Transaction: TransactionSchema,
  TppMessage: TppMessageSchema,
  TppMessages: TppMessagesSchema,
  ConsentCreationResponse: ConsentCreationResponseSchema,
  ConsentResponse: ConsentResponseSchema,
  ConsentStatusResponse: ConsentStatusResponseSchema,
  Authorisations: AuthorisationsSchema,
  ScaStatusResponse: ScaStatusResponseSchema,
  AccountList: AccountListSchema,
  AccountResponse: AccountResponseSchema,
  BalanceResponse: BalanceResponseSchema,
  TransactionsResponse: TransactionsResponseSchema,
  PaymentInitiationResponse: PaymentInitiationResponseSchema,
  PaymentResponse: PaymentResponseSchema,
  PaymentStatusResponse: PaymentStatusResponseSchema,
  RevocationCallback: RevocationCallbackSchema,
  FundsConfirmationConsentResponse: FundsConfirmationConsentResponseSchema,
  FundsConfirmationResponse: FundsConfirmationResponseSchema,
} satisfies Record<ResponseBodyName, z.ZodType> & Record<string, z.ZodType>;

/** Bodies a client sends, as the endpoint table names them. Their parts are inlined: as inputs they are open objects, unlike the outputs above. */
const INPUT_SCHEMAS: Record<string, z.ZodType> = Object.fromEntries(
  Object.entries(REQUEST_BODIES).map(([name, body]) => [name, body.schema]),
);

/** The IBAN check is code (length per country, MOD 97-10); the spec's pattern is what JSON Schema can say of it. */
const override = (ctx: { zodSchema: unknown; jsonSchema: JsonSchema }) => {
  if (ctx.zodSchema === IbanSchema) ctx.jsonSchema.pattern = IBAN_PATTERN.source;
  // z.number().int() states the safe-integer range; it is noise in a published document.
  if (ctx.jsonSchema.type === 'integer') {
    if (ctx.jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete ctx.jsonSchema.minimum;
    if (ctx.jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete ctx.jsonSchema.maximum;
  }
  // A member a closed object must not carry (ais.ts `notCarried`, JSON Schema `{not: {}}`): leaving it
  // out says the same, plainly.
  const properties = ctx.jsonSchema.properties as Record<string, JsonSchema> | undefined;
  if (ctx.jsonSchema.additionalProperties === false && properties)
    for (const [name, member] of Object.entries(properties))
      if (isDeepStrictEqual(member, { not: {} })) delete properties[name];
};

export const schemaRef = (name: string) => ({ $ref: `#/components/schemas/${name}` });

function generate(schemas: Record<string, z.ZodType>, io: 'input' | 'output'): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(schemas)) registry.add(schema, { id });
  // OAS 3.1 schema objects are JSON Schema draft 2020-12.
  const generated = z.toJSONSchema(registry, {
    target: 'draft-2020-12',
    io,
    uri: (id) => schemaRef(id).$ref,
    override,
  }) as { schemas: Record<string, JsonSchema> };
  const out: Record<string, JsonSchema> = {};
  for (const [id, { $schema: _schema, $id: _id, ...rest }] of Object.entries(generated.schemas)) out[id] = rest;
  return out;
}

/** One zod schema on its own (parameters, headers), inlined. */
export function inlineSchema(schema: z.ZodType, io: 'input' | 'output' = 'input'): JsonSchema {
  const { $schema: _schema, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io, override }) as JsonSchema;
  return rest;
}

export function componentSchemas(): Record<string, JsonSchema> {
  const outputs = generate(OUTPUT_SCHEMAS, 'output');
  const inputs = generate(INPUT_SCHEMAS, 'input');
  const clash = Object.keys(inputs).find((name) => name in outputs);
  if (clash) throw new Error(`OpenAPI schema name used twice: ${clash}`);
  return { ...outputs, ...inputs };
}
