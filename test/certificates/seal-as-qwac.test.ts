import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueQwac } from '../../src/certs/index.js';
import { createConsent, ibansOf } from '../helpers/ais.js';
import { certificateFolder, testSandbox, type TestSandbox } from '../helpers/sandbox.js';

let t: TestSandbox;

beforeAll(async () => {
  t = await testSandbox(await certificateFolder());
});

afterAll(async () => {
  await t.sandbox.close();
});

describe('a seal certificate presented as the client certificate', () => {
  it('is refused with 401 CERTIFICATE_MISSING though TLS accepted it; the QWAC of the same provider is served', async () => {
    const request = {
      ca: { cert: t.ca, key: t.caKey },
      name: 'Seal Presenter',
      organizationIdentifier: 'PSDDE-BAFIN-700010',
      roles: ['PSP_AI' as const],
    };
    const seal = issueQwac({ ...request, kind: 'qseal', sealWithTlsUse: true });
    const iban = ibansOf(t, 'anna')[0]!;
    const body = { access: { balances: [{ iban }] }, recurringIndicator: true, frequencyPerDay: 4 };
    const refused = (await createConsent(t, body, { client: seal })).answer;
    expect(refused.status).toBe(401);
    expect(refused.json).toEqual({
      tppMessages: [
        {
          category: 'ERROR',
          code: 'CERTIFICATE_MISSING',
          text: 'The client certificate is not a website authentication certificate (its QcType is not web): a seal certificate is no QWAC.',
        },
      ],
    });
    expect((await createConsent(t, body, { client: issueQwac(request) })).answer.status).toBe(201);
  });
});
