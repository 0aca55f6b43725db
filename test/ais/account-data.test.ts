import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  AccountListSchema,
  AccountResponseSchema,
  BalanceResponseSchema,
  TransactionsResponseSchema,
} from '../../src/contract/index.js';
import { codeOf, createConsent, ibansOf, resourceIdOf, validConsent } from '../helpers/ais.js';
import { certificateFolder, testSandbox, type TestSandbox } from '../helpers/sandbox.js';

let t: TestSandbox;
let anna: string[];
const ATTENDED = { 'PSU-IP-Address': '192.0.2.10' };

beforeAll(async () => {
  t = await testSandbox(await certificateFolder(), { clockStart: '2026-03-01T10:00:00Z' });
  anna = ibansOf(t, 'anna');
});
afterAll(() => t.sandbox.close());
beforeEach(() => t.sandbox.reset());

const get = (path: string, consentId: string | undefined, headers: Record<string, string> = ATTENDED) =>
  t.call({ path, client: t.tpp, headers: { ...(consentId ? { 'Consent-ID': consentId } : {}), ...headers } });

describe('GET /v1/accounts', () => {
  it('lists every account the consent covers, with an opaque resourceId that is not the IBAN', async () => {
    const consentId = await validConsent(t, [], {
      access: { accounts: [{ iban: anna[0]! }], balances: [{ iban: anna[1]! }] },
    });
    const answer = await get('/v1/accounts', consentId);
    expect(answer.status).toBe(200);
    const { accounts } = AccountListSchema.parse(answer.json);
    expect(accounts.map((a) => a.iban).sort()).toEqual([...anna].sort());
    for (const account of accounts) {
      expect(account.resourceId).not.toContain(account.iban);
      expect(Object.keys(account).sort()).toEqual([
        'cashAccountType',
        'currency',
        'iban',
        'name',
        'product',
        'resourceId',
      ]);
    }
  });

  it('needs a Consent-ID: FORMAT_ERROR without one, CONSENT_UNKNOWN for an unknown one', async () => {
    const none = await get('/v1/accounts', undefined);
    expect([none.status, codeOf(none)]).toEqual([400, 'FORMAT_ERROR']);
    const unknown = await get('/v1/accounts', '6f1c2b9e-6d7a-4c1e-9b2f-0a1b2c3d4e5f');
    expect([unknown.status, codeOf(unknown)]).toEqual([403, 'CONSENT_UNKNOWN']);
  });

  it('refuses a consent the customer has not authorised yet with CONSENT_INVALID', async () => {
    const { consentId } = await createConsent(t, { access: { accounts: [{ iban: anna[0]! }] } });
    const answer = await get('/v1/accounts', consentId);
    expect([answer.status, codeOf(answer)]).toEqual([401, 'CONSENT_INVALID']);
  });

  it('refuses a malformed PSU-IP-Address', async () => {
    const consentId = await validConsent(t, [anna[0]!]);
    const answer = await get('/v1/accounts', consentId, { 'PSU-IP-Address': 'not an address' });
    expect([answer.status, codeOf(answer)]).toEqual([400, 'FORMAT_ERROR']);
  });
});

describe('GET /v1/accounts/{account_id}', () => {
  it('reads an account by its resourceId', async () => {
    const consentId = await validConsent(t, [anna[0]!]);
    const answer = await get(`/v1/accounts/${resourceIdOf(t, anna[0]!)}`, consentId);
    expect(AccountResponseSchema.parse(answer.json).account.iban).toBe(anna[0]);
  });

  it('does not recognise an IBAN in the path, answering like an account outside the consent', async () => {
    const consentId = await validConsent(t, [anna[0]!]);
    const byIban = await get(`/v1/accounts/${anna[0]}`, consentId);
    const outside = await get(`/v1/accounts/${resourceIdOf(t, anna[1]!)}`, consentId);
    expect([byIban.status, codeOf(byIban)]).toEqual([401, 'CONSENT_INVALID']);
    expect(byIban.text).toBe(outside.text);
  });

  it('says in the refusal what an account_id is: the resourceId from the account list, never the IBAN', async () => {
    // The IBAN of an account the consent covers: the refusal must not read as "not in the consent" alone.
    const consentId = await validConsent(t, [anna[0]!]);
    for (const path of [`/v1/accounts/${anna[0]}`, `/v1/accounts/${anna[0]}/balances`]) {
      const answer = await get(path, consentId);
      expect(answer.status).toBe(401);
      expect(answer.json).toEqual({
        tppMessages: [
          {
            category: 'ERROR',
            code: 'CONSENT_INVALID',
            text: "This account_id is not one of the consent's accounts: an account_id is the resourceId of an account in GET /v1/accounts under this consent, never an IBAN.",
          },
        ],
      });
    }
  });
});

describe('data-type gating', () => {
  it('reads balances only where balances were granted: closingBooked and interimAvailable as signed strings', async () => {
    const consentId = await validConsent(t, [], {
      access: { balances: [{ iban: anna[0]! }], accounts: [{ iban: anna[1]! }] },
    });
    const answer = await get(`/v1/accounts/${resourceIdOf(t, anna[0]!)}/balances`, consentId);
    const body = BalanceResponseSchema.parse(answer.json);
    expect(body.account).toEqual({ iban: anna[0], currency: 'EUR' });
    expect(body.balances.map((b) => b.balanceType)).toEqual(['closingBooked', 'interimAvailable']);
    const [booked, available] = body.balances.map((b) => Number(b.balanceAmount.amount));
    expect(booked).toBe(2450.75);
    expect(available).toBeLessThan(booked!);
    const refused = await get(`/v1/accounts/${resourceIdOf(t, anna[1]!)}/balances`, consentId);
    expect([refused.status, codeOf(refused)]).toEqual([401, 'CONSENT_INVALID']);
  });

  it('refuses transactions that were not granted with CONSENT_INVALID', async () => {
    const consentId = await validConsent(t, [], { access: { balances: [{ iban: anna[0]! }] } });
    const refused = await get(`/v1/accounts/${resourceIdOf(t, anna[0]!)}/transactions`, consentId);
    expect([refused.status, codeOf(refused)]).toEqual([401, 'CONSENT_INVALID']);
  });

  it('reads transactions with the sign as the direction', async () => {
    const consentId = await validConsent(t, [anna[0]!]);
    const answer = await get(`/v1/accounts/${resourceIdOf(t, anna[0]!)}/transactions`, consentId);
    const body = TransactionsResponseSchema.parse(answer.json);
    const amounts = body.transactions.booked!.map((row) => row.transactionAmount.amount);
    expect(amounts.some((a) => a.startsWith('-'))).toBe(true);
    expect(amounts.some((a) => !a.startsWith('-'))).toBe(true);
    expect(body.transactions).not.toHaveProperty('pending');
  });
});
