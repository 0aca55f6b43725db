import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { issueQwac } from '../../src/certs/index.js';
import { ConsentCreationResponseSchema, ConsentResponseSchema } from '../../src/contract/index.js';
import {
  codeOf,
  createConsent,
  customerActs,
  ibansOf,
  NOK_REDIRECT,
  REDIRECT,
  UUID_V4,
  validConsent,
} from '../helpers/ais.js';
import { certificateFolder, testSandbox, type TestSandbox } from '../helpers/sandbox.js';
import type { ClientCertificate } from '../helpers/tls-client.js';

let t: TestSandbox;
let other: ClientCertificate;
let anna: string[];
let clara: string[];
const FOREIGN_IBAN = 'DE89370400440532013000';

beforeAll(async () => {
  t = await testSandbox(await certificateFolder(), { clockStart: '2026-03-01T10:00:00Z' });
  other = issueQwac({
    ca: { cert: t.ca, key: t.caKey },
    name: 'Other TPP',
    organizationIdentifier: 'PSDDE-BAFIN-654321',
    roles: ['PSP_AI'],
  });
  anna = ibansOf(t, 'anna');
  clara = ibansOf(t, 'clara');
});
afterAll(() => t.sandbox.close());
beforeEach(() => t.sandbox.reset());

const read = (consentId: string, client = t.tpp) => t.call({ path: `/v1/consents/${consentId}`, client });
const statusOf = async (consentId: string, client = t.tpp) =>
  ((await t.call({ path: `/v1/consents/${consentId}/status`, client })).json as { consentStatus: string })
    .consentStatus;

describe('POST /v1/consents', () => {
  it('answers 201 received with ids, Location and links, scaRedirect absolute with a UUID v4 state', async () => {
    const { answer } = await createConsent(t, {
      access: { balances: [{ iban: anna[0]! }] },
      recurringIndicator: true,
      frequencyPerDay: 4,
    });
    expect(answer.status).toBe(201);
    const body = ConsentCreationResponseSchema.parse(answer.json);
    expect(body.consentStatus).toBe('received');
    expect(answer.headers.location).toBe(body._links.self.href);
    const redirect = new URL(body._links.scaRedirect.href);
    expect(redirect.origin).toBe(new URL(t.sandbox.portalUrl).origin);
    expect(redirect.searchParams.get('state')).toMatch(UUID_V4);
    expect(body._links.scaStatus.href).toContain(body.authorisationId);
  });

  it('issues a new state for every authorisation', async () => {
    const states = new Set<string>();
    for (let i = 0; i < 5; i += 1) {
      const { answer } = await createConsent(t, { access: { accounts: [{ iban: anna[0]! }] } });
      states.add(
        new URL(
          (answer.json as { _links: { scaRedirect: { href: string } } })._links.scaRedirect.href,
        ).searchParams.get('state')!,
      );
    }
    expect(states.size).toBe(5);
  });

  it('accepts a well-formed IBAN the bank does not hold, exactly like a held one', async () => {
    const { answer } = await createConsent(t, { access: { balances: [{ iban: FOREIGN_IBAN }] } });
    expect(answer.status).toBe(201);
  });

  it.each([
    [
      'no TPP-Redirect-URI',
      { 'TPP-Redirect-URI': undefined },
      'TPP-Redirect-URI is required: an absolute https URI without fragment.',
    ],
    ['an http TPP-Redirect-URI', { 'TPP-Redirect-URI': 'http://tpp.example/cb' }, 'TPP-Redirect-URI must use https.'],
    ['a relative TPP-Redirect-URI', { 'TPP-Redirect-URI': '/cb' }, 'TPP-Redirect-URI must be an absolute URI.'],
    [
      'a TPP-Redirect-URI with a fragment',
      { 'TPP-Redirect-URI': 'https://tpp.example/cb#x' },
      'TPP-Redirect-URI must not carry a fragment.',
    ],
    [
      'an http TPP-NOK-Redirect-URI',
      { 'TPP-NOK-Redirect-URI': 'http://tpp.example/nok' },
      'TPP-NOK-Redirect-URI must use https.',
    ],
    [
      'an empty TPP-NOK-Redirect-URI',
      { 'TPP-NOK-Redirect-URI': '' },
      'TPP-NOK-Redirect-URI is required: an absolute https URI without fragment.',
    ],
    [
      'a PSU-IP-Address that is a word',
      { 'PSU-IP-Address': 'localhost' },
      'PSU-IP-Address must be an IPv4 or IPv6 address.',
    ],
    [
      'a PSU-IP-Address with an octet above 255',
      { 'PSU-IP-Address': '192.0.2.256' },
      'PSU-IP-Address must be an IPv4 or IPv6 address.',
    ],
  ])('refuses %s with FORMAT_ERROR and stores nothing', async (_case, headers, text) => {
    const before = ((await t.control('/consents')).json as unknown[]).length;
    const { answer } = await createConsent(t, { access: { accounts: [{ iban: anna[0]! }] } }, { headers });
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({ tppMessages: [{ category: 'ERROR', code: 'FORMAT_ERROR', text }] });
    expect(((await t.control('/consents')).json as unknown[]).length).toBe(before);
  });

  it('takes an IPv6 PSU-IP-Address on a creation', async () => {
    const { answer } = await createConsent(
      t,
      { access: { accounts: [{ iban: anna[0]! }] } },
      { headers: { 'PSU-IP-Address': '2001:db8::1' } },
    );
    expect(answer.status).toBe(201);
  });

  it('refuses availableAccounts and combinedServiceIndicator true with SERVICE_INVALID and a path', async () => {
    const a = await createConsent(t, { access: { availableAccounts: 'allAccounts' } });
    expect(a.answer.status).toBe(400);
    expect(a.answer.json).toMatchObject({
      tppMessages: [{ category: 'ERROR', code: 'SERVICE_INVALID', path: 'access.availableAccounts' }],
    });
    const b = await createConsent(t, { access: { accounts: [{ iban: anna[0]! }] }, combinedServiceIndicator: true });
    expect(b.answer.json).toMatchObject({
      tppMessages: [{ code: 'SERVICE_INVALID', path: 'combinedServiceIndicator' }],
    });
  });

  it('refuses a malformed IBAN with FORMAT_ERROR and the field path', async () => {
    const { answer } = await createConsent(t, {
      access: { balances: [{ iban: anna[0]! }], transactions: [{ iban: 'DE00123456780000100001' }] },
    });
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ tppMessages: [{ code: 'FORMAT_ERROR', path: 'access.transactions.0.iban' }] });
  });
});

describe('consent reads', () => {
  it('report frequencyPerDay 4 for recurring and 1 for one-off, the same before and after authorisation', async () => {
    const high = await createConsent(t, {
      access: { accounts: [{ iban: anna[0]! }] },
      recurringIndicator: true,
      frequencyPerDay: 10,
    });
    const low = await createConsent(t, {
      access: { accounts: [{ iban: anna[1]! }] },
      recurringIndicator: true,
      frequencyPerDay: 1,
    });
    const once = await createConsent(t, {
      access: { accounts: [{ iban: anna[0]! }] },
      recurringIndicator: false,
      frequencyPerDay: 4,
    });
    const freq = async (id: string) => ConsentResponseSchema.parse((await read(id)).json).frequencyPerDay;
    expect([await freq(high.consentId), await freq(low.consentId), await freq(once.consentId)]).toEqual([4, 4, 1]);
    await customerActs(t, high.authorisationId, 'anna');
    await customerActs(t, once.authorisationId, 'anna');
    expect([await freq(high.consentId), await freq(once.consentId)]).toEqual([4, 1]);
  });

  it('cap validUntil silently at 180 days from authentication', async () => {
    const created = await createConsent(t, {
      access: { accounts: [{ iban: anna[0]! }] },
      recurringIndicator: true,
      validUntil: '2030-12-31',
    });
    expect(ConsentResponseSchema.parse((await read(created.consentId)).json).validUntil).toBe('2030-12-31');
    await t.sandbox.clock.advance('PT10M');
    await customerActs(t, created.authorisationId, 'anna');
    const authenticatedAt = t.sandbox.clock.now().getTime();
    const expected = new Date(authenticatedAt + 180 * 86_400_000).toISOString().slice(0, 10);
    expect(ConsentResponseSchema.parse((await read(created.consentId)).json).validUntil).toBe(expected);
  });

  it('show the grant, narrower than asked: accounts the customer does not hold are silently left out', async () => {
    const created = await createConsent(t, {
      access: {
        accounts: [{ iban: anna[0]! }, { iban: clara[0]! }, { iban: FOREIGN_IBAN }],
        balances: [{ iban: anna[1]!, currency: 'EUR' }],
      },
      recurringIndicator: true,
    });
    await customerActs(t, created.authorisationId, 'anna');
    const body = ConsentResponseSchema.parse((await read(created.consentId)).json);
    expect(body.consentStatus).toBe('valid');
    expect(body.access).toEqual({ accounts: [{ iban: anna[0]! }], balances: [{ iban: anna[1]!, currency: 'EUR' }] });
  });

  it('show an empty grant when the approving customer holds none of the IBANs', async () => {
    const created = await createConsent(t, {
      access: { balances: anna.map((iban) => ({ iban })) },
      recurringIndicator: true,
    });
    await customerActs(t, created.authorisationId, 'clara');
    const body = ConsentResponseSchema.parse((await read(created.consentId)).json);
    expect(body).toMatchObject({ consentStatus: 'valid', access: {} });
  });
});

describe('authorisation sub-resource', () => {
  it('lists the one authorisation and follows its scaStatus from received to finalised', async () => {
    const created = await createConsent(t, { access: { accounts: [{ iban: anna[0]! }] }, recurringIndicator: true });
    const list = await t.call({ path: `/v1/consents/${created.consentId}/authorisations`, client: t.tpp });
    expect(list.json).toEqual({ authorisationIds: [created.authorisationId] });
    const sca = () =>
      t.call({ path: `/v1/consents/${created.consentId}/authorisations/${created.authorisationId}`, client: t.tpp });
    expect((await sca()).json).toEqual({ scaStatus: 'received' });
    const acted = await customerActs(t, created.authorisationId, 'anna');
    const state = new URL(
      (created.answer.json as { _links: { scaRedirect: { href: string } } })._links.scaRedirect.href,
    ).searchParams.get('state');
    expect(acted.json).toEqual({ scaStatus: 'finalised', redirect: `${REDIRECT}?state=${state}` });
    expect((await sca()).json).toEqual({ scaStatus: 'finalised' });
  });

  it('answers 404 for an authorisation id that is not the consent’s', async () => {
    const created = await createConsent(t, { access: { accounts: [{ iban: anna[0]! }] } });
    const answer = await t.call({
      path: `/v1/consents/${created.consentId}/authorisations/00000000-0000-4000-8000-000000000000`,
      client: t.tpp,
    });
    expect(answer.status).toBe(404);
    expect(codeOf(answer)).toBe('RESOURCE_UNKNOWN');
  });

  it('sends a declining customer to the NOK redirect with state and rejects the consent', async () => {
    const created = await createConsent(
      t,
      { access: { accounts: [{ iban: ibansOf(t, 'dora')[0]! }] } },
      { headers: { 'TPP-NOK-Redirect-URI': NOK_REDIRECT } },
    );
    const acted = await customerActs(t, created.authorisationId, 'dora', 'approve');
    expect((acted.json as { scaStatus: string; redirect: string }).scaStatus).toBe('failed');
    expect((acted.json as { redirect: string }).redirect).toMatch(new RegExp(`^${NOK_REDIRECT}\\?state=`));
    expect(await statusOf(created.consentId)).toBe('rejected');
  });

  it('falls back to TPP-Redirect-URI on decline when no NOK URI was given', async () => {
    const created = await createConsent(t, { access: { accounts: [{ iban: anna[0]! }] } });
    const acted = await customerActs(t, created.authorisationId, 'anna', 'decline');
    expect((acted.json as { redirect: string }).redirect).toMatch(new RegExp(`^${REDIRECT}\\?state=`));
  });

  it('fails after three wrong one-time codes and leaves the consent received', async () => {
    const created = await createConsent(t, { access: { accounts: [{ iban: ibansOf(t, 'emil')[0]! }] } });
    const acted = await customerActs(t, created.authorisationId, 'emil');
    expect((acted.json as { scaStatus: string }).scaStatus).toBe('failed');
    expect(await statusOf(created.consentId)).toBe('received');
  });

  it('takes a wrong explicit code without failing at once, then the code from GET /sandbox/sms', async () => {
    const created = await createConsent(t, { access: { accounts: [{ iban: anna[0]! }] } });
    const wrong = await customerActs(t, created.authorisationId, 'anna', 'approve', 'xxxxxx');
    expect(wrong.json).toEqual({ scaStatus: 'started', redirect: null });
    const sms = (await t.control('/sms')).json as {
      psuId: string;
      code: string;
      authorisationId: string;
      sentAt: string;
    }[];
    expect(sms[0]).toMatchObject({
      psuId: 'anna',
      authorisationId: created.authorisationId,
      code: expect.stringMatching(/^\d{6}$/),
    });
    const right = await customerActs(t, created.authorisationId, 'anna', 'approve', sms[0]!.code);
    expect((right.json as { scaStatus: string }).scaStatus).toBe('finalised');
  });

  it('expires after 15 minutes of sandbox time: scaStatus failed, nothing can be approved, the consent stays received', async () => {
    const created = await createConsent(t, { access: { accounts: [{ iban: anna[0]! }] } });
    await t.sandbox.clock.advance('PT15M');
    const acted = await customerActs(t, created.authorisationId, 'anna');
    expect(acted.json).toEqual({ scaStatus: 'failed', redirect: null });
    expect(
      (
        await t.call({
          path: `/v1/consents/${created.consentId}/authorisations/${created.authorisationId}`,
          client: t.tpp,
        })
      ).json,
    ).toEqual({ scaStatus: 'failed' });
    expect(await statusOf(created.consentId)).toBe('received');
  });

  it('lets an abandoning customer’s authorisation sit started until it expires', async () => {
    const created = await createConsent(t, { access: { accounts: [{ iban: ibansOf(t, 'frida')[0]! }] } });
    expect((await customerActs(t, created.authorisationId, 'frida')).json).toEqual({
      scaStatus: 'started',
      redirect: null,
    });
    await t.sandbox.clock.advance('PT16M');
    expect(
      (
        await t.call({
          path: `/v1/consents/${created.consentId}/authorisations/${created.authorisationId}`,
          client: t.tpp,
        })
      ).json,
    ).toEqual({ scaStatus: 'failed' });
  });

  it('cannot be approved twice: a replay changes nothing', async () => {
    const created = await createConsent(t, { access: { accounts: [{ iban: anna[0]! }] } });
    await customerActs(t, created.authorisationId, 'anna');
    const replay = await customerActs(t, created.authorisationId, 'anna', 'decline');
    expect(replay.json).toEqual({ scaStatus: 'finalised', redirect: null });
    expect(await statusOf(created.consentId)).toBe('valid');
  });
});

describe('roles', () => {
  it('refuses account information to a provider without PSP_AI with 403 ROLE_INVALID', async () => {
    const cofOnly = issueQwac({
      ca: { cert: t.ca, key: t.caKey },
      name: 'Funds Only',
      organizationIdentifier: 'PSDDE-BAFIN-654322',
      roles: ['PSP_IC'],
    });
    const created = await createConsent(t, { access: { accounts: [{ iban: anna[0]! }] } }, { client: cofOnly });
    expect(created.answer.status).toBe(403);
    expect(created.answer.json).toEqual({
      tppMessages: [
        {
          category: 'ERROR',
          code: 'ROLE_INVALID',
          text: "This service needs the role PSP_AI in the certificate's PSD2 statement.",
        },
      ],
    });
    const read = await t.call({ path: '/v1/accounts', client: cofOnly, headers: { 'Consent-ID': 'x' } });
    expect([read.status, codeOf(read)]).toEqual([403, 'ROLE_INVALID']);
  });
});

describe('consent identity', () => {
  it('answers another provider’s consent byte-identically to an unknown id, on every consent operation', async () => {
    const mine = await validConsent(t, [anna[0]!]);
    const created = await t.call({ path: `/v1/consents/${mine}/authorisations`, client: t.tpp });
    const authorisationId = (created.json as { authorisationIds: string[] }).authorisationIds[0]!;
    const unknown = '6f1c2b9e-6d7a-4c1e-9b2f-0a1b2c3d4e5f';
    const paths = (id: string) => [
      ['GET', `/v1/consents/${id}`],
      ['GET', `/v1/consents/${id}/status`],
      ['GET', `/v1/consents/${id}/authorisations`],
      ['GET', `/v1/consents/${id}/authorisations/${authorisationId}`],
      ['DELETE', `/v1/consents/${id}`],
    ];
    for (const [index, [method, path]] of paths(mine).entries()) {
      const foreign = await t.call({ method, path: path!, client: other });
      const none = await t.call({ method, path: paths(unknown)[index]![1]!, client: other });
      expect(foreign.status).toBe(403);
      expect(none.status).toBe(403);
      expect(foreign.text).toBe(none.text);
      expect(codeOf(foreign)).toBe('CONSENT_UNKNOWN');
    }
    expect(await statusOf(mine)).toBe('valid');
  });
});

describe('consent lifecycle', () => {
  it('DELETE by the holder terminates a valid consent at once, with 204 and no body', async () => {
    const consentId = await validConsent(t, [anna[0]!]);
    const deleted = await t.call({ method: 'DELETE', path: `/v1/consents/${consentId}`, client: t.tpp });
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe('');
    expect(await statusOf(consentId)).toBe('terminatedByTpp');
    const use = await t.call({ path: '/v1/accounts', client: t.tpp, headers: { 'Consent-ID': consentId } });
    expect(use.status).toBe(401);
    expect(codeOf(use)).toBe('CONSENT_INVALID');
  });

  it('DELETE of a received consent terminates it and fails its authorisation; of an ended one changes nothing', async () => {
    const created = await createConsent(t, { access: { accounts: [{ iban: anna[0]! }] } });
    expect((await t.call({ method: 'DELETE', path: `/v1/consents/${created.consentId}`, client: t.tpp })).status).toBe(
      204,
    );
    expect(await statusOf(created.consentId)).toBe('terminatedByTpp');
    expect((await customerActs(t, created.authorisationId, 'anna')).json).toEqual({
      scaStatus: 'failed',
      redirect: null,
    });
    const revoked = await validConsent(t, [anna[1]!]);
    await t.control(`/consents/${revoked}/revoke`, { body: {} });
    expect((await t.call({ method: 'DELETE', path: `/v1/consents/${revoked}`, client: t.tpp })).status).toBe(204);
    expect(await statusOf(revoked)).toBe('revokedByPsu');
  });

  it('a newer recurring consent for the same accounts terminates the older one of the same provider only', async () => {
    const older = await validConsent(t, anna);
    const othersConsent = await validConsent(t, anna, { client: other });
    const differentAccounts = await validConsent(t, [anna[0]!]);
    const oneOff = await validConsent(t, anna, { recurring: false });
    expect(await statusOf(older)).toBe('valid');
    const newer = await validConsent(t, anna);
    expect(await statusOf(older)).toBe('terminatedByTpp');
    expect(await statusOf(newer)).toBe('valid');
    expect(await statusOf(othersConsent, other)).toBe('valid');
    expect(await statusOf(differentAccounts)).toBe('valid');
    expect(await statusOf(oneOff)).toBe('valid');
  });

  it('the customer revokes in the portal: revokedByPsu, and the consent stops working at once', async () => {
    const consentId = await validConsent(t, [anna[0]!]);
    const revoked = await t.control(`/consents/${consentId}/revoke`, { body: {} });
    expect(revoked.json).toEqual({ consentId, consentStatus: 'revokedByPsu' });
    expect(await statusOf(consentId)).toBe('revokedByPsu');
    const use = await t.call({ path: '/v1/accounts', client: t.tpp, headers: { 'Consent-ID': consentId } });
    expect([use.status, codeOf(use)]).toEqual([401, 'CONSENT_INVALID']);
  });

  it('expires when validUntil passes: CONSENT_EXPIRED on use', async () => {
    const consentId = await validConsent(t, [anna[0]!], { validUntil: '2026-03-05' });
    await t.sandbox.clock.set('2026-03-05T23:59:00Z');
    expect(await statusOf(consentId)).toBe('valid');
    await t.sandbox.clock.advance('PT2M');
    expect(await statusOf(consentId)).toBe('expired');
    const use = await t.call({ path: '/v1/accounts', client: t.tpp, headers: { 'Consent-ID': consentId } });
    expect([use.status, codeOf(use)]).toEqual([401, 'CONSENT_EXPIRED']);
    expect(ConsentResponseSchema.parse((await read(consentId)).json).lastActionDate).toBe('2026-03-05');
  });

  it('expires a one-off consent after use plus one idle hour, and not before', async () => {
    const consentId = await validConsent(t, [anna[0]!], { recurring: false });
    const use = () =>
      t.call({
        path: '/v1/accounts',
        client: t.tpp,
        headers: { 'Consent-ID': consentId, 'PSU-IP-Address': '192.0.2.1' },
      });
    await t.sandbox.clock.advance('PT3H');
    expect(await statusOf(consentId)).toBe('valid');
    expect((await use()).status).toBe(200);
    await t.sandbox.clock.advance('PT59M');
    expect((await use()).status).toBe(200);
    await t.sandbox.clock.advance('PT59M');
    expect(await statusOf(consentId)).toBe('valid');
    await t.sandbox.clock.advance('PT2M');
    expect(await statusOf(consentId)).toBe('expired');
    expect(codeOf(await use())).toBe('CONSENT_EXPIRED');
  });
});
