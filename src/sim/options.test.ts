import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureCertificates } from '../certs/index.js';
import { parseSandboxOptions, SandboxOptionsError } from './options.js';
import { startSandbox } from './sandbox.js';

const fixture = {
  bankCode: '12345678',
  customers: [
    {
      psuId: 'bench',
      password: 'bench-1234',
      name: 'Bench Mark',
      about: 'One account with a long history.',
      accounts: [
        {
          accountNumber: '0000900001',
          name: 'Girokonto',
          product: 'Girokonto',
          cashAccountType: 'CACC',
          balance: '100.00',
          history: 3000,
        },
      ],
    },
  ],
};

describe('customersFixture option', () => {
  it('seeds the given customers in place of the packaged fixture, alongside the generated ones', async () => {
    const certsDir = mkdtempSync(join(tmpdir(), 'xs2a-certs-'));
    await ensureCertificates(certsDir);
    const sandbox = await startSandbox({ certsDir, customers: 2, customersFixture: fixture, log: () => {} });
    try {
      const customers = sandbox.customers();
      expect(customers).toHaveLength(3);
      expect(customers[0]).toMatchObject({ psuId: 'bench', password: 'bench-1234', name: 'Bench Mark' });
      expect(customers[0]?.accounts).toHaveLength(1);
      expect(customers.some((customer) => customer.psuId === 'anna')).toBe(false);
    } finally {
      await sandbox.close();
    }
  });

  it('refuses a fixture of the wrong shape with SandboxOptionsError naming the field', () => {
    const broken = { ...fixture, bankCode: 'ABC' };
    expect(() => parseSandboxOptions({ customersFixture: broken })).toThrow(SandboxOptionsError);
    expect(() => parseSandboxOptions({ customersFixture: broken })).toThrow(/customersFixture\.bankCode/);
  });
});
