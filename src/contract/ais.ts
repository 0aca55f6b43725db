/**
 * Account information: request and response bodies of the consent and account-data endpoints
 * (spec "Resources and their fields").
 */
import { z } from 'zod';
import { BALANCE_TYPES } from './enums.js';
import {
  AccountReferenceSchema,
  ConsentStatusSchema,
  CreationLinksSchema,
  CurrencySchema,
  HrefSchema,
  IbanSchema,
  LinksSchema,
  ScaStatusSchema,
  SignedAmountSchema,
} from './schemas.js';

/** A calendar date, YYYY-MM-DD. */
export const IsoDateSchema = z.iso.date();

const AccountList = z.array(AccountReferenceSchema);

export const AccountAccessSchema = z.object({
  accounts: AccountList.optional(),
  balances: AccountList.optional(),
  transactions: AccountList.optional(),
});

export const ConsentRequestSchema = z.object({
  access: AccountAccessSchema,
  recurringIndicator: z.boolean().optional(),
  validUntil: IsoDateSchema.optional(),
  frequencyPerDay: z.number().int().min(1).optional(),
  combinedServiceIndicator: z.boolean().optional(),
});
export type ConsentRequest = z.infer<typeof ConsentRequestSchema>;

/** Kinds of access the spec refuses with SERVICE_INVALID (dedicated accounts only). */
export const REFUSED_ACCESS_KINDS = ['availableAccounts', 'availableAccountsWithBalance', 'allPsd2'] as const;

export const ConsentCreationResponseSchema = z.object({
  consentId: z.string().min(1),
  consentStatus: z.literal('received'),
  authorisationId: z.string().min(1),
  _links: CreationLinksSchema,
});

/**
 * A member a body must not carry, e.g. `account` on an account-information consent read: declared,
 * so the check sees it (an undeclared member is dropped unseen), and left out of the OpenAPI
 * document, whose answer objects are closed (openapi-schemas.ts).
 */
export function notCarried(why: string) {
  return z.never({ error: why }).optional();
}

/**
 * What a read of either kind of consent carries (spec "ConsentResponse"). The table marks `access`
 * and `account` optional because it serves both kinds; its notes say which kind carries which, so
 * each kind's read adds its own: ConsentResponseSchema below, FundsConfirmationConsentResponseSchema
 * in cof.ts.
 */
export const ConsentReadSchema = z.object({
  consentId: z.string().min(1),
  consentStatus: ConsentStatusSchema,
  recurringIndicator: z.boolean().optional(),
  validUntil: IsoDateSchema.optional(),
  frequencyPerDay: z.number().int().optional(),
  lastActionDate: IsoDateSchema.optional(),
  _links: LinksSchema.optional(),
});

/**
 * An account-information consent read: `access` is "present on account-information consents";
 * `account` is a CoF consent's.
 */
export const ConsentResponseSchema = ConsentReadSchema.extend({
  access: AccountAccessSchema,
  account: notCarried('An account-information consent carries `access`; `account` is a CoF consent’s.'),
});

export const ConsentStatusResponseSchema = z.object({ consentStatus: ConsentStatusSchema });
export const ScaStatusResponseSchema = z.object({ scaStatus: ScaStatusSchema });
export const AuthorisationsSchema = z.object({ authorisationIds: z.array(z.string().min(1)) });

export const AccountDetailsSchema = z.object({
  resourceId: z.string().min(1),
  iban: IbanSchema,
  currency: CurrencySchema,
  name: z.string().optional(),
  product: z.string().optional(),
  cashAccountType: z.string().optional(),
});
export const AccountListSchema = z.object({ accounts: z.array(AccountDetailsSchema) });
export const AccountResponseSchema = z.object({ account: AccountDetailsSchema });

export const BalanceSchema = z.object({
  balanceType: z.enum(BALANCE_TYPES),
  balanceAmount: SignedAmountSchema,
  // Spec "BalanceResponse": each item carries its date-time of last change (no item field is optional there).
  lastChangeDateTime: z.iso.datetime({ offset: true }),
});
export const BalanceResponseSchema = z.object({ account: AccountReferenceSchema, balances: z.array(BalanceSchema) });

export const TransactionSchema = z.object({
  transactionId: z.string().min(1),
  entryReference: z.string().min(1),
  transactionAmount: SignedAmountSchema,
  bookingDate: IsoDateSchema.optional(),
  valueDate: IsoDateSchema.optional(),
  creditorName: z.string().optional(),
  debtorName: z.string().optional(),
  remittanceInformationUnstructured: z.string().optional(),
});

export const TransactionsResponseSchema = z.object({
  account: AccountReferenceSchema,
  transactions: z.object({
    booked: z.array(TransactionSchema).optional(),
    pending: z.array(TransactionSchema).optional(),
    /**
     * `next` only while more history exists (spec "TransactionsResponse" 4). The sandbox always sends
     * `_links` with `account`, as Berlin Group's AccountReport requires; the spec does not, so a
     * target is not held to it.
     */
    _links: z.object({ account: HrefSchema.optional(), next: HrefSchema.optional() }).catchall(HrefSchema).optional(),
  }),
});
