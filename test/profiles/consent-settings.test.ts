/**
 * Bank-profile settings of consents and account data, on the wire: DELETE of a consent that is
 * not valid, the defaults of recurringIndicator and validUntil, a CoF consent on account data, an
 * account outside the consent, scaStatus after expiry, the order of transactions and dateTo.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/index.js';
import {
  allAccess,
  codeOf,
  consent,
  ibanOf,
  REDIRECT,
  refusal,
  resourceIdOf,
  servingEachProfile,
  SECOND,
} from '../helpers/profiles.js';
import { certificateFolder } from '../helpers/sandbox.js';

let plain: Sandbox;
let second: Sandbox;
let third: Sandbox;

beforeAll(async () => {
  const certsDir = await certificateFolder();
  [plain, second, third] = await servingEachProfile(certsDir);
});
afterAll(() => Promise.all([plain, second, third].map((sandbox) => sandbox.close())));
beforeEach(() => Promise.all([plain, second, third].map((sandbox) => sandbox.reset())));

/** Attended reads (PSU-IP-Address), so the daily budget of unattended ones never interferes. */
const read = (sandbox: Sandbox, path: string, consentId: string) =>
  sandbox.fetch(path, { headers: { 'Consent-ID': consentId, 'PSU-IP-Address': '192.0.2.1' } });
const json = async <T>(answer: Response | Promise<Response>) => (await (await answer).json()) as T;
const statusOf = async (sandbox: Sandbox, consentId: string) =>
  (await json<{ consentStatus: string }>(sandbox.fetch(`/v1/consents/${consentId}/status`))).consentStatus;

describe('consent.deleteNotValid', () => {
  it('received-too: a received consent is terminated by DELETE', async () => {
    const { consentId } = await consent(plain, allAccess(ibanOf(plain)), false);
    expect((await plain.fetch(`/v1/consents/${consentId}`, { method: 'DELETE' })).status).toBe(204);
    expect(await statusOf(plain, consentId)).toBe('terminatedByTpp');
  });

  it('valid-only: anything but valid is CONSENT_INVALID and nothing changes; a valid one is deleted', async () => {
    const { consentId } = await consent(second, allAccess(ibanOf(second)), false);
    expect(await refusal(await second.fetch(`/v1/consents/${consentId}`, { method: 'DELETE' }))).toEqual([
      SECOND['status.CONSENT_INVALID'],
      'CONSENT_INVALID',
    ]);
    expect(await statusOf(second, consentId)).toBe('received');
    const valid = await consent(second, allAccess(ibanOf(second)));
    expect((await second.fetch(`/v1/consents/${valid.consentId}`, { method: 'DELETE' })).status).toBe(204);
    expect(await refusal(await second.fetch(`/v1/consents/${valid.consentId}`, { method: 'DELETE' }))).toEqual([
      SECOND['status.CONSENT_INVALID'],
      'CONSENT_INVALID',
    ]);
    expect(await statusOf(second, valid.consentId)).toBe('terminatedByTpp');
  });
});

describe('consent.recurringIndicatorDefault and consent.validUntilDefault', () => {
  const omitted = (sandbox: Sandbox) => ({ access: { balances: [{ iban: ibanOf(sandbox) }] }, frequencyPerDay: 4 });
  const create = (sandbox: Sandbox) =>
    sandbox.fetch('/v1/consents', {
      method: 'POST',
      headers: { 'TPP-Redirect-URI': REDIRECT },
      body: JSON.stringify(omitted(sandbox)),
    });
  const DAY = 86_400_000;
  const daysOn = (sandbox: Sandbox, days: number) =>
    new Date(sandbox.clock.now().getTime() + days * DAY).toISOString().slice(0, 10);

  it('false / 180-days: a one-off consent lasting 180 days from authentication', async () => {
    const { consentId } = await consent(plain, omitted(plain));
    expect(await json(plain.fetch(`/v1/consents/${consentId}`))).toMatchObject({
      recurringIndicator: false,
      frequencyPerDay: 1,
      validUntil: daysOn(plain, 180),
    });
  });

  it('true / 90-days: a recurring consent lasting 90 days from authentication', async () => {
    const { consentId, authorisationId } = await consent(second, omitted(second), false);
    await second.clock.advance('PT5M');
    await second.psu('anna').approve(authorisationId);
    expect(await json(second.fetch(`/v1/consents/${consentId}`))).toMatchObject({
      recurringIndicator: true,
      frequencyPerDay: 4,
      validUntil: daysOn(second, 90),
    });
  });

  it('90-days still gives way to an earlier validUntil that was sent', async () => {
    const { consentId } = await consent(second, { ...omitted(second), validUntil: '2026-04-01' });
    expect(await json(second.fetch(`/v1/consents/${consentId}`))).toMatchObject({ validUntil: '2026-04-01' });
  });

  it('required: leaving either out is 400 FORMAT_ERROR on its path', async () => {
    const neither = await json<{ tppMessages: { code: string; path: string }[] }>(create(third));
    expect(neither.tppMessages[0]).toMatchObject({ code: 'FORMAT_ERROR', path: 'recurringIndicator' });
    const noValidUntil = await third.fetch('/v1/consents', {
      method: 'POST',
      headers: { 'TPP-Redirect-URI': REDIRECT },
      body: JSON.stringify({ ...omitted(third), recurringIndicator: true }),
    });
    expect(noValidUntil.status).toBe(400);
    expect(
      ((await noValidUntil.json()) as { tppMessages: { code: string; path: string }[] }).tppMessages[0],
    ).toMatchObject({ code: 'FORMAT_ERROR', path: 'validUntil' });
    expect((await create(plain)).status).toBe(201);
  });
});

describe('consent.cofOnAccountData', () => {
  async function cofConsent(sandbox: Sandbox): Promise<string> {
    const created = await json<{ consentId: string; authorisationId: string }>(
      sandbox.fetch('/v1/consents/confirmation-of-funds', {
        method: 'POST',
        headers: { 'TPP-Redirect-URI': REDIRECT },
        body: JSON.stringify({ account: { iban: ibanOf(sandbox) } }),
      }),
    );
    await sandbox.psu('anna').approve(created.authorisationId);
    return created.consentId;
  }

  it('answers a CoF consent on account data with the code the profile serves', async () => {
    expect(await refusal(await read(plain, '/v1/accounts', await cofConsent(plain)))).toEqual([403, 'CONSENT_UNKNOWN']);
    const cof = await cofConsent(second);
    expect(await refusal(await read(second, '/v1/accounts', cof))).toEqual([
      SECOND['status.CONSENT_INVALID'],
      'CONSENT_INVALID',
    ]);
    expect(await refusal(await read(second, `/v1/accounts/${resourceIdOf(second)}/balances`, cof))).toEqual([
      SECOND['status.CONSENT_INVALID'],
      'CONSENT_INVALID',
    ]);
    // Another provider's CoF consent stays unknown: nothing about it is revealed.
    const other = await second.provider('Other Provider');
    expect(await refusal(await other.fetch('/v1/accounts', { headers: { 'Consent-ID': cof } }))).toEqual([
      403,
      'CONSENT_UNKNOWN',
    ]);
  });
});

describe('consent.accountOutside', () => {
  /** Balances of an uncovered account, of an unknown id, and of an IBAN in place of the id: status and body. */
  async function outside(sandbox: Sandbox): Promise<[number, string][]> {
    const { consentId } = await consent(sandbox, allAccess(ibanOf(sandbox, 'anna', 0)));
    const ids = [resourceIdOf(sandbox, 'anna', 1), randomUUID(), ibanOf(sandbox, 'anna', 1)];
    return Promise.all(
      ids.map(async (id) => {
        const answer = await read(sandbox, `/v1/accounts/${id}/balances`, consentId);
        return [answer.status, await answer.text()] as [number, string];
      }),
    );
  }

  it('CONSENT_INVALID: 401, identical in all cases', async () => {
    const answers = await outside(plain);
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect([answers[0]![0], codeOf(JSON.parse(answers[0]![1]))]).toEqual([401, 'CONSENT_INVALID']);
  });

  it('RESOURCE_UNKNOWN: 403 (the rows of account data have no 404), identical in all cases', async () => {
    const answers = await outside(second);
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect(answers[0]).toEqual([
      403,
      JSON.stringify({
        tppMessages: [
          {
            category: 'ERROR',
            code: 'RESOURCE_UNKNOWN',
            text: 'No such account_id: an account_id is the resourceId of an account in GET /v1/accounts under this consent, never an IBAN.',
          },
        ],
      }),
    ]);
  });
});

describe('sca.statusAfterExpiry', () => {
  async function expired(sandbox: Sandbox) {
    const { consentId, authorisationId } = await consent(sandbox, allAccess(ibanOf(sandbox)), false);
    await sandbox.clock.advance('PT16M');
    const read = await json<{ scaStatus: string }>(
      sandbox.fetch(`/v1/consents/${consentId}/authorisations/${authorisationId}`),
    );
    const approval = await sandbox
      .psu('anna')
      .approve(authorisationId)
      .catch((error: { code: string }) => error.code);
    return { scaStatus: read.scaStatus, consentStatus: await statusOf(sandbox, consentId), approval };
  }

  it('failed: the expired authorisation reads failed', async () => {
    expect(await expired(plain)).toEqual({ scaStatus: 'failed', consentStatus: 'received', approval: 'FORMAT_ERROR' });
  });

  it('unchanged: it reads the status it had when time ran out, and is over just the same', async () => {
    expect(await expired(second)).toEqual({
      scaStatus: 'received',
      consentStatus: 'received',
      approval: 'FORMAT_ERROR',
    });
  });

  it('unchanged on a payment too, whose outcome is the same rejection', async () => {
    const body = JSON.stringify({
      debtorAccount: { iban: ibanOf(second) },
      instructedAmount: { currency: 'EUR', amount: '1.00' },
      creditorAccount: { iban: 'DE89370400440532013000' },
      creditorName: 'Merchant GmbH',
    });
    const outcome = async (sandbox: Sandbox) => {
      const { paymentId, authorisationId } = await json<{ paymentId: string; authorisationId: string }>(
        sandbox.fetch('/v1/payments/sepa-credit-transfers', {
          method: 'POST',
          headers: { 'TPP-Redirect-URI': REDIRECT },
          body,
        }),
      );
      await sandbox.clock.advance('PT16M');
      const base = `/v1/payments/sepa-credit-transfers/${paymentId}`;
      return [
        (await json<{ scaStatus: string }>(sandbox.fetch(`${base}/authorisations/${authorisationId}`))).scaStatus,
        (await json<{ transactionStatus: string }>(sandbox.fetch(`${base}/status`))).transactionStatus,
      ];
    };
    expect(await outcome(plain)).toEqual(['failed', 'RJCT']);
    expect(await outcome(second)).toEqual(['received', 'RJCT']);
  });
});

describe('transactions.order and transactions.dateTo', () => {
  type Report = {
    transactions: { booked: { bookingDate: string; entryReference: string }[]; _links: { next?: { href: string } } };
  };
  async function pages(sandbox: Sandbox, query = ''): Promise<Report['transactions'][]> {
    const { consentId } = await consent(sandbox, allAccess(ibanOf(sandbox)));
    const result: Report['transactions'][] = [];
    let path: string | undefined = `/v1/accounts/${resourceIdOf(sandbox)}/transactions${query}`;
    while (path) {
      const page: Report['transactions'] = (await json<Report>(read(sandbox, path, consentId))).transactions;
      result.push(page);
      path = page._links.next?.href;
    }
    return result;
  }
  const dates = (list: Report['transactions'][]) => list.flatMap((page) => page.booked.map((row) => row.bookingDate));

  it('newest-first: descending, next leads to older entries; oldest-first: ascending, next leads to newer ones, the same rows', async () => {
    const newest = await pages(plain);
    const oldest = await pages(second);
    expect(newest.length).toBeGreaterThan(1);
    expect(dates(newest)).toEqual([...dates(newest)].sort().reverse());
    expect(dates(oldest)).toEqual([...dates(oldest)].sort());
    const refs = (list: Report['transactions'][]) =>
      list.flatMap((page) => page.booked.map((row) => row.entryReference));
    expect(refs(oldest)).toEqual([...refs(newest)].reverse());
    expect(oldest[0]!.booked.length).toBe(250);
  });

  it('inclusive lists the entries of the dateTo day; exclusive ends the range before it', async () => {
    const day = dates(await pages(plain))[0]!;
    expect(dates(await pages(plain, `?dateFrom=${day}&dateTo=${day}`)).length).toBeGreaterThan(0);
    expect(dates(await pages(second, `?dateFrom=${day}&dateTo=${day}`))).toEqual([]);
    const before = dates(await pages(second, `?dateTo=${day}`));
    expect(before.length).toBeGreaterThan(0);
    expect(before.every((date) => date < day)).toBe(true);
  });
});
