/**
 * The interface's shared resource shapes as zod schemas: the simulator validates requests with
 * them and the conformance kit validates whatever a target answers. Service-specific bodies are
 * added beside these as each service lands.
 */
import { z } from 'zod';
import { CONSENT_STATUSES, CURRENCY, SCA_STATUSES, TRANSACTION_STATUSES } from './enums.js';
import { describeIbanProblem, ibanProblem } from './iban.js';

/** X-Request-ID: an RFC 9562 UUID of any version, either case (zod's own pattern for z.uuid()). */
const REQUEST_ID_PATTERN = z.regexes.uuid();
export const RequestIdSchema = z.uuid();

/** RequestIdSchema's verdict on a string, without a parse (asked on every request). */
export function isRequestId(value: string): boolean {
  return REQUEST_ID_PATTERN.test(value);
}

export const IbanSchema = z.string().superRefine((value, ctx) => {
  const problem = ibanProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: describeIbanProblem(problem) });
});

export const CurrencySchema = z.literal(CURRENCY);

export const AccountReferenceSchema = z.object({
  iban: IbanSchema,
  currency: CurrencySchema.optional(),
});

export const AMOUNT_PATTERN = /^[0-9]+(\.[0-9]{1,2})?$/;
export const SIGNED_AMOUNT_PATTERN = /^-?[0-9]+(\.[0-9]{1,2})?$/;

/**
 * The spec shows no upper bound; Berlin Group's Amount allows 14 digits before the decimal point,
 * and beyond that no amount can be counted in exact cents, so more is refused, not rounded.
 */
export const AMOUNT_MAX_WHOLE_DIGITS = 14;

/** Instructed amounts: the pattern, greater than zero ("0" matches the pattern but is refused), at most 14 whole digits. */
export const AmountSchema = z.object({
  currency: CurrencySchema,
  amount: z
    .string()
    .regex(AMOUNT_PATTERN, 'An amount is a decimal string with at most two decimals, no sign and no separators.')
    .refine((value) => /[1-9]/.test(value), 'The amount must be greater than zero.')
    .refine(
      (value) => (value.split('.')[0] ?? '').replace(/^0+/, '').length <= AMOUNT_MAX_WHOLE_DIGITS,
      `An amount has at most ${AMOUNT_MAX_WHOLE_DIGITS} digits before the decimal point.`,
    ),
});

/** Reported amounts: the sign is the direction (debit negative, credit positive). */
export const SignedAmountSchema = z.object({
  currency: CurrencySchema,
  amount: z.string().regex(SIGNED_AMOUNT_PATTERN),
});

export const HrefSchema = z.object({ href: z.string() });
/** Spec "Links": every member of a `_links` object is an object whose `href` is a string, whatever its name. */
export const LinksSchema = z.record(z.string(), HrefSchema);

/** `scaRedirect`: an absolute address carrying `?state=<uuid>` (spec "ConsentCreationResponse"). */
const ScaRedirectSchema = z.object({ href: z.url() });

/**
 * Links of a consent creation: `scaRedirect`, `self`, `status` and `scaStatus` (spec
 * "ConsentCreationResponse"); a member the interface does not name is still a link (`catchall`).
 */
export const CreationLinksSchema = z
  .object({ scaRedirect: ScaRedirectSchema, self: HrefSchema, status: HrefSchema, scaStatus: HrefSchema })
  .catchall(HrefSchema);

/** Links of a payment initiation: `scaRedirect` and `status` are what the interface promises (spec "PaymentInitiationResponse"). */
export const PaymentCreationLinksSchema = z
  .object({ scaRedirect: ScaRedirectSchema, status: HrefSchema })
  .catchall(HrefSchema);

export const ConsentStatusSchema = z.enum(CONSENT_STATUSES);
export const ScaStatusSchema = z.enum(SCA_STATUSES);
export const TransactionStatusSchema = z.enum(TRANSACTION_STATUSES);

export const TppMessageSchema = z.object({
  category: z.enum(['ERROR', 'WARNING']),
  code: z.string(),
  path: z.string().optional(),
  text: z.string().optional(),
});

export const TppMessagesSchema = z.object({ tppMessages: z.array(TppMessageSchema).min(1) });
