import { describe, expect, it } from 'vitest';
import { makeIban } from '../../contract/index.js';
import { countsTowardsDailyLimit, initiationRefusal, isRoutable, type InitiationFacts } from './payment-checks.js';

const BANK = '12345678';
const DEBTOR = makeIban('DE', `${BANK}0000100001`);
const HELD_CREDITOR = makeIban('DE', `${BANK}0000300001`);
const UNHELD_SERVICE_IBAN = makeIban('DE', `${BANK}9999999999`);
const OTHER_BANK = 'DE89370400440532013000';
const live = { status: 'live' as const, compliance: undefined };
/** The default bank profile's `payment.maximum` (15,000.00 EUR) and `payment.dailyLimit` (25,000.00 EUR). */
const DEFAULTS = { perPaymentCents: 1_500_000, dailyCents: 2_500_000 };
const facts = (over: Partial<InitiationFacts> = {}): InitiationFacts => ({
  debtorIban: DEBTOR,
  creditorIban: OTHER_BANK,
  amountCents: 10_000,
  debtor: live,
  creditor: undefined,
  bankCode: BANK,
  availableCents: 50_000,
  initiatedTodayCents: 0,
  ...over,
});

describe('payment initiation checks', () => {
  it('let a live debtor with the funds pay a SEPA IBAN of another bank or a live account of the service', () => {
    expect(initiationRefusal(facts(), DEFAULTS)).toBeUndefined();
    expect(initiationRefusal(facts({ creditorIban: HELD_CREDITOR, creditor: live }), DEFAULTS)).toBeUndefined();
    expect(initiationRefusal(facts({ creditorIban: 'GB29NWBK60161331926819' }), DEFAULTS)).toBeUndefined();
  });

  it('refuse a debtor IBAN the service does not hold, a closed one and one under a compliance hold', () => {
    expect(initiationRefusal(facts({ debtor: undefined }), DEFAULTS)).toBe('debtor-not-held');
    expect(initiationRefusal(facts({ debtor: { status: 'closed', compliance: undefined } }), DEFAULTS)).toBe(
      'debtor-closed',
    );
    expect(initiationRefusal(facts({ debtor: { status: 'live', compliance: 'hold' } }), DEFAULTS)).toBe(
      'compliance-hold',
    );
  });

  it('refuse a creditor outside SEPA and a service IBAN without a live account', () => {
    expect(initiationRefusal(facts({ creditorIban: 'BR1800360305000010009795493C1' }), DEFAULTS)).toBe(
      'creditor-outside-sepa',
    );
    expect(initiationRefusal(facts({ creditorIban: UNHELD_SERVICE_IBAN }), DEFAULTS)).toBe('creditor-not-live');
    expect(
      initiationRefusal(
        facts({ creditorIban: HELD_CREDITOR, creditor: { status: 'closed', compliance: undefined } }),
        DEFAULTS,
      ),
    ).toBe('creditor-not-live');
    expect(isRoutable(UNHELD_SERVICE_IBAN, undefined, BANK)).toBe(false);
    expect(isRoutable(OTHER_BANK, undefined, BANK)).toBe(true);
  });

  it('refuse paying an account into itself', () => {
    expect(initiationRefusal(facts({ creditorIban: DEBTOR, creditor: live }), DEFAULTS)).toBe('same-account');
  });

  it('allow 15,000.00 EUR in one payment and refuse a cent more', () => {
    expect(initiationRefusal(facts({ amountCents: 1_500_000, availableCents: 9_000_000 }), DEFAULTS)).toBeUndefined();
    expect(initiationRefusal(facts({ amountCents: 1_500_001, availableCents: 9_000_000 }), DEFAULTS)).toBe(
      'over-payment-limit',
    );
  });

  it('allow 25,000.00 EUR per account and day and refuse what goes beyond', () => {
    expect(
      initiationRefusal(
        facts({ amountCents: 500_000, initiatedTodayCents: 2_000_000, availableCents: 9_000_000 }),
        DEFAULTS,
      ),
    ).toBeUndefined();
    expect(
      initiationRefusal(
        facts({ amountCents: 500_001, initiatedTodayCents: 2_000_000, availableCents: 9_000_000 }),
        DEFAULTS,
      ),
    ).toBe('over-daily-limit');
  });

  it('apply the limits a bank profile serves, and no daily limit when it has none', () => {
    const strict = { perPaymentCents: 100_000, dailyCents: 1_000_000 };
    expect(initiationRefusal(facts({ amountCents: 100_000, availableCents: 9_000_000 }), strict)).toBeUndefined();
    expect(initiationRefusal(facts({ amountCents: 100_001, availableCents: 9_000_000 }), strict)).toBe(
      'over-payment-limit',
    );
    expect(
      initiationRefusal(
        facts({ amountCents: 100_000, initiatedTodayCents: 900_001, availableCents: 9_000_000 }),
        strict,
      ),
    ).toBe('over-daily-limit');
    const unlimited = { perPaymentCents: 10_000_000, dailyCents: undefined };
    expect(
      initiationRefusal(
        facts({ amountCents: 5_000_000, initiatedTodayCents: 90_000_000, availableCents: 9_000_000 }),
        unlimited,
      ),
    ).toBeUndefined();
  });

  it('refuse an amount above the available balance and allow exactly all of it', () => {
    expect(initiationRefusal(facts({ amountCents: 3_520, availableCents: 3_520 }), DEFAULTS)).toBeUndefined();
    expect(initiationRefusal(facts({ amountCents: 3_521, availableCents: 3_520 }), DEFAULTS)).toBe(
      'insufficient-funds',
    );
  });

  it('count every payment towards the daily limit except rejected and cancelled ones', () => {
    expect((['RCVD', 'PDNG', 'ACSP', 'ACSC', 'RJCT', 'CANC'] as const).filter(countsTowardsDailyLimit)).toEqual([
      'RCVD',
      'PDNG',
      'ACSP',
      'ACSC',
    ]);
  });
});
