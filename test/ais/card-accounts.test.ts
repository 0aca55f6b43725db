/**
 * A Berlin Group client that names a card account (`maskedPan`) is told card accounts are outside
 * the interface, at the field it sent, with the FORMAT_ERROR every malformed account reference gets;
 * nothing is created.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createConsent } from '../helpers/ais.js';
import { certificateFolder, testSandbox, type TestSandbox } from '../helpers/sandbox.js';

let t: TestSandbox;
beforeAll(async () => {
  t = await testSandbox(await certificateFolder());
});
afterAll(() => t.sandbox.close());

it('refuses a consent on a card account with 400 FORMAT_ERROR at maskedPan, saying why, and stores nothing', async () => {
  const { answer } = await createConsent(t, {
    access: { accounts: [{ maskedPan: '123456xxxxxx1234' }] },
    recurringIndicator: true,
    frequencyPerDay: 4,
  });
  expect(answer.status).toBe(400);
  expect(answer.json).toEqual({
    tppMessages: [
      {
        category: 'ERROR',
        code: 'FORMAT_ERROR',
        path: 'access.accounts.0.maskedPan',
        text: 'access.accounts.0.maskedPan: card accounts are outside this interface (EUR/SEPA accounts only); name the account by its iban.',
      },
    ],
  });
  expect((await t.control('/consents')).json).toEqual([]);
});
