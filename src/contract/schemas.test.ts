import { describe, expect, it } from 'vitest';
import { AccountReferenceSchema, AmountSchema, RequestIdSchema, TppMessagesSchema } from './schemas.js';

describe('contract schemas', () => {
  it('accept an account reference with a valid IBAN and refuse a bad checksum', () => {
    expect(AccountReferenceSchema.safeParse({ iban: 'DE89370400440532013000', currency: 'EUR' }).success).toBe(true);
    const bad = AccountReferenceSchema.safeParse({ iban: 'DE88370400440532013000' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual(['iban']);
  });

  it('refuse a zero amount, three decimals, a sign and a number', () => {
    expect(AmountSchema.safeParse({ currency: 'EUR', amount: '12.30' }).success).toBe(true);
    expect(AmountSchema.safeParse({ currency: 'EUR', amount: '0.01' }).success).toBe(true);
    for (const amount of ['0', '0.00', '1.234', '-5', '1,000.00', 12]) {
      expect(AmountSchema.safeParse({ currency: 'EUR', amount }).success, String(amount)).toBe(false);
    }
  });

  it('take 14 digits before the decimal point (Berlin Group) and refuse 15, leading zeros aside', () => {
    for (const amount of ['99999999999999.99', '00099999999999999'])
      expect(AmountSchema.safeParse({ currency: 'EUR', amount }).success, amount).toBe(true);
    const long = AmountSchema.safeParse({ currency: 'EUR', amount: '100000000000000.00' });
    expect(long.success).toBe(false);
    expect(long.error?.issues[0]?.path).toEqual(['amount']);
  });

  it('read X-Request-ID as a UUID in either case', () => {
    expect(RequestIdSchema.safeParse('3f1c2b9e-6d7a-4c1e-9b2f-0a1b2c3d4e5f').success).toBe(true);
    expect(RequestIdSchema.safeParse('3F1C2B9E-6D7A-4C1E-9B2F-0A1B2C3D4E5F').success).toBe(true);
    expect(RequestIdSchema.safeParse('not-a-uuid').success).toBe(false);
  });

  it('describe the error envelope', () => {
    expect(
      TppMessagesSchema.safeParse({
        tppMessages: [{ category: 'ERROR', code: 'FORMAT_ERROR', path: 'iban', text: 'x' }],
      }).success,
    ).toBe(true);
    expect(TppMessagesSchema.safeParse({ tppMessages: [] }).success).toBe(false);
  });
});
