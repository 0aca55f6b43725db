/**
 * The control SCA driver against a sandbox with a control token: it acts on the creation answer's
 * authorisationId, reports where the customer was sent, records the exchange without the token, and
 * refuses to act without the authorisationId.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Exchange } from '../../src/kit/exchange.js';
import { controlScaDriver, MissingAuthorisationId } from '../../src/kit/sca-drivers/control.js';
import { startSimTarget } from '../../src/kit/targets/sim.js';
import { createConsent, NOK_REDIRECT, REDIRECT } from '../helpers/ais.js';
import { certificateFolder, testSandbox, type TestSandbox } from '../helpers/sandbox.js';

const TOKEN = 'driver-t0ken';
let t: TestSandbox;

beforeAll(async () => {
  t = await testSandbox(await certificateFolder(), { controlToken: TOKEN });
});
afterAll(() => t.sandbox.close());

async function consent() {
  const iban = t.sandbox.customers().find((customer) => customer.psuId === 'anna')!.accounts[0]!.iban;
  const created = await createConsent(
    t,
    { access: { balances: [{ iban }] }, recurringIndicator: true, frequencyPerDay: 4 },
    { headers: { 'TPP-NOK-Redirect-URI': NOK_REDIRECT } },
  );
  const state = new URL(
    (created.answer.json as { _links: { scaRedirect: { href: string } } })._links.scaRedirect.href,
  ).searchParams.get('state');
  const status = async () =>
    (
      (await t.call({ path: `/v1/consents/${created.consentId}/status`, client: t.tpp })).json as {
        consentStatus: string;
      }
    ).consentStatus;
  return { ...created, state, status };
}

/** The driver acting on a consent as anna, with `token` on the control API. */
function act(
  created: { authorisationId?: string; status: () => Promise<string> },
  decision: 'approve' | 'decline',
  options: { token?: string; record?: (exchange: Exchange) => void } = {},
) {
  return controlScaDriver({ controlUrl: t.sandbox.controlUrl, token: options.token ?? TOKEN }).authorise({
    scaRedirect: 'https://not-used.example/',
    ...(created.authorisationId === undefined ? {} : { authorisationId: created.authorisationId }),
    psu: { id: 'anna', password: 'anna-1234' },
    decision,
    status: created.status,
    record: options.record ?? (() => {}),
  });
}

describe('the control SCA driver', () => {
  it('approves through the control API and reports the return to the redirect URI with the state', async () => {
    const created = await consent();
    const { authorisationId, state, status } = created;
    const recorded: Exchange[] = [];
    const outcome = await act(created, 'approve', { record: (exchange) => recorded.push(exchange) });
    expect(outcome.location).toBe(`${REDIRECT}?state=${state}`);
    expect(await status()).toBe('valid');
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({
      actor: 'customer (control API)',
      method: 'POST',
      url: `/sandbox/authorisations/${authorisationId}`,
      requestBody: { psuId: 'anna', decision: 'approve' },
      status: 200,
    });
    expect(JSON.stringify(recorded)).not.toContain(TOKEN);
  });

  it('declines, and the customer goes to the NOK redirect URI', async () => {
    const created = await consent();
    const { state, status } = created;
    const outcome = await act(created, 'decline');
    expect(outcome.location).toBe(`${NOK_REDIRECT}?state=${state}`);
    expect(await status()).toBe('rejected');
  });

  it('refuses to act without the authorisationId, and changes nothing', async () => {
    const { status } = await consent();
    const acting = act({ status }, 'approve');
    await expect(acting).rejects.toBeInstanceOf(MissingAuthorisationId);
    await expect(acting).rejects.toThrow(/acts on the authorisationId of the creation answer/);
    expect(await status()).toBe('received');
  });

  it('says what the control API answered when it refuses the call', async () => {
    await expect(act(await consent(), 'approve', { token: 'wrong' })).rejects.toThrow(
      /^the control API answered 401 to POST \/authorisations\//,
    );
  });

  it('is given the in-process target’s control API once it listens', async () => {
    const target = await startSimTarget({ sca: (controlUrl) => controlScaDriver({ controlUrl }) });
    try {
      expect(target.sca?.name).toBe('control');
      expect(target.capabilities.has('sca')).toBe(true);
    } finally {
      await target.close();
    }
  });
});
