/**
 * On a shared store the request journal and the client judge read the exchanges every process
 * publishes into the database's event log (xs2a_events). That table is kept, backed up and read by
 * operators: an exchange goes into it masked and with its bodies cut as the journal keeps them, so
 * the database holds no card number, key or callback secret, and no body of 60 KB.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDatabase, type TestDatabase } from '../helpers/postgres.js';
import { certificateFolder, testSandbox, type TestSandbox } from '../helpers/sandbox.js';

const CARD = '4111111111111111';
const PEM =
  '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASChostileKeyMaterial\n-----END PRIVATE KEY-----';

let db: TestDatabase;
let t: TestSandbox;

beforeAll(async () => {
  db = await createDatabase('shared-log-masking');
  t = await testSandbox(await certificateFolder(), { data: db.url });
});
afterAll(async () => {
  await t?.sandbox.close();
  await db?.drop();
});

it('publishes exchanges masked and cut: no card number, key or secret, no body of 60 KB in the database', async () => {
  const callback = await t.call({
    method: 'PUT',
    path: '/v1/revocation-callback',
    client: t.tpp,
    body: { url: 'https://tpp.example/callbacks' },
  });
  const secret = (callback.json as { secret: string }).secret;
  const refused = await t.call({
    method: 'POST',
    path: `/v1/consents/confirmation-of-funds?k=${encodeURIComponent(PEM)}&s=${secret}`,
    client: t.tpp,
    headers: { 'X-Card-Number': CARD },
    body: { account: { iban: 'not-an-iban' }, cardNumber: CARD, note: 'n'.repeat(60_000) },
  });
  expect(refused.status).toBe(400);
  const rows = (await db.sql("SELECT body::text AS body FROM xs2a_events WHERE name = 'exchange' ORDER BY seq"))
    .rows as {
    body: string;
  }[];
  expect(rows).toHaveLength(2);
  for (const { body } of rows) {
    for (const bad of [CARD.slice(0, 12), 'hostileKeyMaterial', secret]) expect(body).not.toContain(bad);
    expect(body.length).toBeLessThan(20_000);
  }
  // The journal reads what was published: the request masked, its body cut with the marker.
  const [entry] = t.sandbox.requests({ path: '/v1/consents/confirmation-of-funds' });
  expect(entry!.request.headers['x-card-number']).toBe('************1111');
  expect(entry!.request.body).toMatch(/"cardNumber":"\*{12}1111".*…\[cut: \d+ more characters\]$/);
  // The judge still finds the malformed request, from the masked exchange.
  expect(t.sandbox.clientReport().findings.map((finding) => finding.rule)).toContain('CLIENT-MALFORMED');
});
