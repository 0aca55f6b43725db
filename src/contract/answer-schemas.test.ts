import { describe, expect, it } from 'vitest';
import {
  AuthorisationsSchema,
  BalanceSchema,
  ConsentCreationResponseSchema,
  ConsentResponseSchema,
  TransactionsResponseSchema,
} from './ais.js';
import { FundsConfirmationConsentResponseSchema, RevocationEventSchema } from './cof.js';
import { PaymentInitiationResponseSchema } from './pis.js';

const REDIRECT = { href: 'https://bank.example/sca/1?state=3f1c2b9e-6d7a-4c1e-9b2f-0a1b2c3d4e5f' };
const consentCreation = {
  consentId: 'c1',
  consentStatus: 'received',
  authorisationId: 'a1',
  _links: { scaRedirect: REDIRECT, self: { href: '/v1/consents/c1' }, status: { href: 's' }, scaStatus: { href: 'a' } },
};
const reference = { iban: 'DE89370400440532013000', currency: 'EUR' };

describe('the answer schemas the kit holds every answer to', () => {
  it('hold every member of a _links object to an object with a string href, named by the interface or not', () => {
    expect(ConsentCreationResponseSchema.safeParse(consentCreation).success).toBe(true);
    const extra = { ...consentCreation, _links: { ...consentCreation._links, scaOAuth: { href: 'https://x' } } };
    expect(ConsentCreationResponseSchema.safeParse(extra).success).toBe(true);
    for (const link of ['https://x', { url: 'https://x' }, { href: 7 }, null]) {
      const bad = { ...consentCreation, _links: { ...consentCreation._links, scaOAuth: link } };
      expect(ConsentCreationResponseSchema.safeParse(bad).success, JSON.stringify(link)).toBe(false);
    }
    const page = (links: unknown) => ({ account: reference, transactions: { booked: [], _links: links } });
    expect(TransactionsResponseSchema.safeParse(page({ account: { href: '/a' }, next: { href: '/n' } })).success).toBe(
      true,
    );
    expect(TransactionsResponseSchema.safeParse(page({ account: { href: '/a' }, self: '/v1/x' })).success).toBe(false);
  });

  it('take a consent creation only as received, and a payment initiation with the two links it promises', () => {
    expect(ConsentCreationResponseSchema.safeParse({ ...consentCreation, consentStatus: 'valid' }).success).toBe(false);
    const initiation = {
      transactionStatus: 'RCVD',
      paymentId: 'p1',
      authorisationId: 'a1',
      _links: { scaRedirect: REDIRECT, status: { href: '/v1/payments/sepa-credit-transfers/p1/status' } },
    };
    expect(PaymentInitiationResponseSchema.safeParse(initiation).success).toBe(true);
    const { status: _status, ...withoutStatus } = initiation._links;
    expect(PaymentInitiationResponseSchema.safeParse({ ...initiation, _links: withoutStatus }).success).toBe(false);
  });

  it('need a balance item’s lastChangeDateTime as a date-time, and authorisation ids that are not empty', () => {
    const balance = { balanceType: 'closingBooked', balanceAmount: { currency: 'EUR', amount: '-1.50' } };
    expect(BalanceSchema.safeParse({ ...balance, lastChangeDateTime: '2026-11-24T10:00:00Z' }).success).toBe(true);
    expect(BalanceSchema.safeParse(balance).success).toBe(false);
    expect(BalanceSchema.safeParse({ ...balance, lastChangeDateTime: '2026-11-24' }).success).toBe(false);
    expect(AuthorisationsSchema.safeParse({ authorisationIds: [''] }).success).toBe(false);
  });

  it('take a revocation event’s consentStatus only as a consent status', () => {
    const event = { eventId: 'e1', consentId: 'c1', consentStatus: 'revokedByPsu', revokedAt: '2026-11-24T10:00:00Z' };
    expect(RevocationEventSchema.safeParse(event).success).toBe(true);
    expect(RevocationEventSchema.safeParse({ ...event, consentStatus: 'revoked' }).success).toBe(false);
  });

  it('read an account-information consent with access and no account, a CoF consent with account and no access', () => {
    const read = { consentId: 'c1', consentStatus: 'valid' };
    const access = { balances: [reference] };
    const issues = (
      schema: typeof ConsentResponseSchema | typeof FundsConfirmationConsentResponseSchema,
      body: object,
    ) => schema.safeParse(body).error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];
    expect(issues(ConsentResponseSchema, { ...read, access })).toEqual([]);
    expect(issues(ConsentResponseSchema, { ...read, access: {} })).toEqual([]);
    expect(issues(ConsentResponseSchema, read)).toEqual([
      ['access', 'Invalid input: expected object, received undefined'],
    ]);
    expect(issues(ConsentResponseSchema, { ...read, access, account: reference })).toEqual([
      ['account', 'An account-information consent carries `access`; `account` is a CoF consent’s.'],
    ]);
    expect(issues(FundsConfirmationConsentResponseSchema, { ...read, account: reference })).toEqual([]);
    expect(issues(FundsConfirmationConsentResponseSchema, { ...read, access })).toEqual([
      ['account', 'Invalid input: expected object, received undefined'],
      ['access', 'A CoF consent carries `account` instead of `access`.'],
    ]);
  });
});
