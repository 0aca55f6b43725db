import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { issueQwac } from '../../src/certs/index.js';
import { ConsentCreationResponseSchema, FundsConfirmationResponseSchema } from '../../src/contract/index.js';
import { codeOf, customerActs, ibansOf, REDIRECT, validConsent } from '../helpers/ais.js';
import { readDataFile } from '../helpers/data-file.js';
import { certificateFolder, testSandbox, type TestSandbox } from '../helpers/sandbox.js';
import type { ClientCertificate } from '../helpers/tls-client.js';

let t: TestSandbox;
let other: ClientCertificate;
let annaMain: string;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await testSandbox(await certificateFolder(), { clockStart: '2026-03-01T10:00:00Z' });
  other = issueQwac({
    ca: { cert: t.ca, key: t.caKey },
    name: 'Other Card Issuer',
    organizationIdentifier: 'PSDDE-BAFIN-777001',
    roles: ['PSP_IC'],
  });
  annaMain = ibansOf(t, 'anna')[0]!;
});
afterAll(() => t.sandbox.close());
beforeEach(() => t.sandbox.reset());

const createCof = (body: unknown, client: ClientCertificate = t.tpp) =>
  t.call({
    method: 'POST',
    path: '/v1/consents/confirmation-of-funds',
    client,
    headers: { 'TPP-Redirect-URI': REDIRECT },
    body,
  });

async function validCof(iban = annaMain, client: ClientCertificate = t.tpp): Promise<string> {
  const created = ConsentCreationResponseSchema.parse((await createCof({ account: { iban } }, client)).json);
  const acted = await customerActs(t, created.authorisationId, 'anna');
  expect((acted.json as { scaStatus: string }).scaStatus).toBe('finalised');
  return created.consentId;
}

const confirm = (
  consentId: string,
  amount: string,
  options: { client?: ClientCertificate; attended?: boolean; iban?: string; cardNumber?: string } = {},
) =>
  t.call({
    method: 'POST',
    path: '/v1/funds-confirmations',
    client: options.client ?? t.tpp,
    headers: { 'Consent-ID': consentId, ...(options.attended ? { 'PSU-IP-Address': '192.0.2.5' } : {}) },
    body: {
      account: { iban: options.iban ?? annaMain },
      instructedAmount: { currency: 'EUR', amount },
      ...(options.cardNumber ? { cardNumber: options.cardNumber } : {}),
    },
  });

describe('confirmation-of-funds consents', () => {
  it('are created received with an scaRedirect, and read back account instead of access with the full 180-day ceiling', async () => {
    const answer = await createCof({ account: { iban: annaMain }, recurringIndicator: 'ignored', frequencyPerDay: 99 });
    expect(answer.status).toBe(201);
    const created = ConsentCreationResponseSchema.parse(answer.json);
    const read = await t.call({ path: `/v1/consents/confirmation-of-funds/${created.consentId}`, client: t.tpp });
    const today = t.sandbox.clock.now().getTime();
    expect(read.json).toEqual({
      consentId: created.consentId,
      consentStatus: 'received',
      validUntil: new Date(today + 180 * DAY).toISOString().slice(0, 10),
      lastActionDate: new Date(today).toISOString().slice(0, 10),
      account: { iban: annaMain },
      _links: {
        self: { href: `/v1/consents/confirmation-of-funds/${created.consentId}` },
        status: { href: `/v1/consents/confirmation-of-funds/${created.consentId}/status` },
      },
    });
  });

  it('give a scaStatus link that answers scaStatus, before and after the customer approved; the list names the one authorisation', async () => {
    const created = ConsentCreationResponseSchema.parse((await createCof({ account: { iban: annaMain } })).json);
    const link = created._links.scaStatus.href;
    expect(link).toBe(
      `/v1/consents/confirmation-of-funds/${created.consentId}/authorisations/${created.authorisationId}`,
    );
    expect((await t.call({ path: link, client: t.tpp })).json).toEqual({ scaStatus: 'received' });
    await customerActs(t, created.authorisationId, 'anna');
    expect((await t.call({ path: link, client: t.tpp })).json).toEqual({ scaStatus: 'finalised' });
    const list = await t.call({
      path: `/v1/consents/confirmation-of-funds/${created.consentId}/authorisations`,
      client: t.tpp,
    });
    expect(list.json).toEqual({ authorisationIds: [created.authorisationId] });
    // The account-information routes still do not know a CoF consent, and a stranger sees an unknown one.
    expect(
      codeOf(
        await t.call({
          path: `/v1/consents/${created.consentId}/authorisations/${created.authorisationId}`,
          client: t.tpp,
        }),
      ),
    ).toBe('CONSENT_UNKNOWN');
    const foreign = await t.call({ path: link, client: other });
    expect([foreign.status, codeOf(foreign)]).toEqual([403, 'CONSENT_UNKNOWN']);
    const unknownAuthorisation = await t.call({
      path: `/v1/consents/confirmation-of-funds/${created.consentId}/authorisations/nope`,
      client: t.tpp,
    });
    expect([unknownAuthorisation.status, codeOf(unknownAuthorisation)]).toEqual([404, 'RESOURCE_UNKNOWN']);
  });

  it('cap validUntil at 180 days from authentication and refuse one in the past', async () => {
    const created = ConsentCreationResponseSchema.parse(
      (await createCof({ account: { iban: annaMain }, validUntil: '2031-01-01' })).json,
    );
    await customerActs(t, created.authorisationId, 'anna');
    const read = (await t.call({ path: `/v1/consents/confirmation-of-funds/${created.consentId}`, client: t.tpp }))
      .json as { validUntil: string; consentStatus: string };
    expect(read).toMatchObject({
      consentStatus: 'valid',
      validUntil: new Date(t.sandbox.clock.now().getTime() + 180 * DAY).toISOString().slice(0, 10),
    });
    const past = await createCof({ account: { iban: annaMain }, validUntil: '2020-01-01' });
    expect(past.json).toMatchObject({ tppMessages: [{ code: 'FORMAT_ERROR', path: 'validUntil' }] });
  });

  it('name exactly one account: a list or a bad IBAN is FORMAT_ERROR with the path', async () => {
    expect((await createCof({ account: [{ iban: annaMain }] })).json).toMatchObject({
      tppMessages: [{ code: 'FORMAT_ERROR', path: 'account' }],
    });
    expect((await createCof({ account: { iban: 'DE00123456780000100001' } })).json).toMatchObject({
      tppMessages: [{ code: 'FORMAT_ERROR', path: 'account.iban' }],
    });
  });

  it('keep no more of a card number than its last four digits (nothing of the card is kept)', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'xs2a-cof-')), 'state.json');
    const kept = await testSandbox(t.sandbox.certificates.dir, { data: file });
    try {
      const answer = await kept.call({
        method: 'POST',
        path: '/v1/consents/confirmation-of-funds',
        client: kept.tpp,
        headers: { 'TPP-Redirect-URI': REDIRECT },
        body: { account: { iban: annaMain }, cardNumber: '4111 1111 1111 1234' },
      });
      expect(answer.status).toBe(201);
    } finally {
      await kept.sandbox.close();
    }
    // Read once the sandbox let go of the file: every byte of it, then its records.
    const bytes = readFileSync(file).toString('latin1');
    // Not '4111' alone: a random UUID holds those four digits now and then (its third group begins with 4).
    for (const piece of ['4111 1111 1111 1234', '4111111111111234', '4111 1111', '411111111111'])
      expect(bytes).not.toContain(piece);
    const consents = Object.values(readDataFile(file).records['consents'] ?? {}) as { cof?: unknown }[];
    expect(consents.map((consent) => consent.cof)).toEqual([{ iban: annaMain }]);
  });

  it('refuse a PSU-IP-Address that is no IP address with FORMAT_ERROR and store nothing', async () => {
    const before = ((await t.control('/consents')).json as unknown[]).length;
    const answer = await t.call({
      method: 'POST',
      path: '/v1/consents/confirmation-of-funds',
      client: t.tpp,
      headers: { 'TPP-Redirect-URI': REDIRECT, 'PSU-IP-Address': 'localhost' },
      body: { account: { iban: annaMain } },
    });
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({
      tppMessages: [
        { category: 'ERROR', code: 'FORMAT_ERROR', text: 'PSU-IP-Address must be an IPv4 or IPv6 address.' },
      ],
    });
    expect(((await t.control('/consents')).json as unknown[]).length).toBe(before);
  });

  it('can be authorised only by the holder of the account', async () => {
    const created = ConsentCreationResponseSchema.parse((await createCof({ account: { iban: annaMain } })).json);
    const ben = await customerActs(t, created.authorisationId, 'ben');
    expect(ben.status).toBe(400);
    expect(ben.json).toMatchObject({ tppMessages: [{ code: 'FORMAT_ERROR', path: 'account' }] });
    expect((await customerActs(t, created.authorisationId, 'anna')).json).toMatchObject({ scaStatus: 'finalised' });
  });

  it('answer CONSENT_UNKNOWN on the account-information endpoints, and AIS consents answer it here', async () => {
    const cof = await validCof();
    const aisUse = await t.call({ path: '/v1/accounts', client: t.tpp, headers: { 'Consent-ID': cof } });
    expect([aisUse.status, codeOf(aisUse)]).toEqual([403, 'CONSENT_UNKNOWN']);
    const ais = await validConsent(t, [annaMain]);
    const asCof = await t.call({ path: `/v1/consents/confirmation-of-funds/${ais}`, client: t.tpp });
    expect([asCof.status, codeOf(asCof)]).toEqual([403, 'CONSENT_UNKNOWN']);
  });

  it('are terminated by DELETE and then refused', async () => {
    const cof = await validCof();
    expect(
      (await t.call({ method: 'DELETE', path: `/v1/consents/confirmation-of-funds/${cof}`, client: t.tpp })).status,
    ).toBe(204);
    expect((await t.call({ path: `/v1/consents/confirmation-of-funds/${cof}/status`, client: t.tpp })).json).toEqual({
      consentStatus: 'terminatedByTpp',
    });
    expect(codeOf(await confirm(cof, '1.00'))).toBe('CONSENT_INVALID');
  });
});

describe('POST /v1/funds-confirmations', () => {
  it('answers exactly {fundsAvailable} against the available balance', async () => {
    const cof = await validCof();
    const small = await confirm(cof, '10.00', { attended: true });
    expect(small.status).toBe(200);
    expect(FundsConfirmationResponseSchema.parse(small.json)).toEqual({ fundsAvailable: true });
    expect(JSON.parse(small.text)).toEqual({ fundsAvailable: true });
    expect((await confirm(cof, '999999.00', { attended: true })).json).toEqual({ fundsAvailable: false });
  });

  it('treats cardNumber as information only', async () => {
    const cof = await validCof();
    expect((await confirm(cof, '10.00', { attended: true, cardNumber: '5555444433332222' })).json).toEqual({
      fundsAvailable: true,
    });
  });

  it('needs PSP_IC: ROLE_INVALID otherwise, on the confirmation and on the consent', async () => {
    const aisOnly = issueQwac({
      ca: { cert: t.ca, key: t.caKey },
      name: 'Reader',
      organizationIdentifier: 'PSDDE-BAFIN-777002',
      roles: ['PSP_AI'],
    });
    const cof = await validCof();
    const refused = await confirm(cof, '1.00', { client: aisOnly });
    expect([refused.status, codeOf(refused)]).toEqual([403, 'ROLE_INVALID']);
    expect(codeOf(await createCof({ account: { iban: annaMain } }, aisOnly))).toBe('ROLE_INVALID');
  });

  it('refuses an AIS consent, an unknown and a foreign one with byte-identical CONSENT_UNKNOWN', async () => {
    const ais = await validConsent(t, [annaMain]);
    const foreign = await validCof(annaMain, other);
    const answers = [
      await confirm(ais, '1.00'),
      await confirm('6f1c2b9e-6d7a-4c1e-9b2f-0a1b2c3d4e5f', '1.00'),
      await confirm(foreign, '1.00'),
    ];
    expect(answers.map((a) => a.status)).toEqual([403, 403, 403]);
    expect(new Set(answers.map((a) => a.text)).size).toBe(1);
    expect(codeOf(answers[0]!)).toBe('CONSENT_UNKNOWN');
  });

  it('refuses an account other than the consent’s with CONSENT_INVALID', async () => {
    const cof = await validCof();
    const answer = await confirm(cof, '1.00', { iban: ibansOf(t, 'anna')[1]! });
    expect([answer.status, codeOf(answer)]).toEqual([401, 'CONSENT_INVALID']);
  });

  it('caps unattended confirmations at 4 a day with the rate-limit headers; attended ones are uncapped', async () => {
    const cof = await validCof();
    for (const remaining of ['3', '2', '1', '0']) {
      const answer = await confirm(cof, '1.00');
      expect([answer.status, answer.headers['x-ratelimit-limit'], answer.headers['x-ratelimit-remaining']]).toEqual([
        200,
        '4',
        remaining,
      ]);
    }
    const refused = await confirm(cof, '1.00');
    expect([refused.status, codeOf(refused)]).toEqual([429, 'ACCESS_EXCEEDED']);
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await confirm(cof, '1.00', { attended: true })).status).toBe(200);
  });

  it('refuses a malformed amount or a non-EUR currency with FORMAT_ERROR and the path, consuming nothing', async () => {
    const cof = await validCof();
    const zero = await confirm(cof, '0');
    expect(zero.json).toMatchObject({ tppMessages: [{ code: 'FORMAT_ERROR', path: 'instructedAmount.amount' }] });
    // More than 14 whole digits (Berlin Group's bound) cannot be counted in exact cents.
    const huge = await confirm(cof, '99999999999999999999999999999.99');
    expect(huge.status).toBe(400);
    expect(huge.json).toMatchObject({ tppMessages: [{ code: 'FORMAT_ERROR', path: 'instructedAmount.amount' }] });
    const usd = await t.call({
      method: 'POST',
      path: '/v1/funds-confirmations',
      client: t.tpp,
      headers: { 'Consent-ID': cof },
      body: { account: { iban: annaMain }, instructedAmount: { currency: 'USD', amount: '1.00' } },
    });
    expect(usd.json).toMatchObject({ tppMessages: [{ code: 'FORMAT_ERROR', path: 'instructedAmount.currency' }] });
    expect((await confirm(cof, '1.00')).headers['x-ratelimit-remaining']).toBe('3');
  });
});
