/** The named fixture customers and the regulator register, read from the package's fixtures/. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { packageRoot } from '../../package-root.js';

const FixtureAccount = z.object({
  accountNumber: z.string().regex(/^\d{10}$/),
  name: z.string(),
  product: z.string(),
  cashAccountType: z.string(),
  balance: z.string().regex(/^-?\d+(\.\d{1,2})?$/),
  history: z.number().int().min(0),
  /** Card payments authorised in the last two days but not yet booked (spec "TransactionsResponse" 2). */
  pending: z.number().int().min(0).default(0),
  /** A closed account is still held (and readable) but not live: payments from or to it fail (spec "Behaviour notes: Payments" 3-4). */
  status: z.enum(['live', 'closed']).default('live'),
  /** Under a compliance hold every payment from the account fails with PAYMENT_FAILED (spec "Behaviour notes: Payments" 4). */
  compliance: z.literal('hold').optional(),
});

const FixtureCustomer = z.object({
  psuId: z.string().min(1),
  password: z.string().min(1),
  name: z.string().min(1),
  about: z.string(),
  outcome: z.string().optional(),
  accounts: z.array(FixtureAccount),
});

export const CustomersFile = z.object({ bankCode: z.string().regex(/^\d{8}$/), customers: z.array(FixtureCustomer) });

const RegisterFile = z.object({
  providers: z.array(z.object({ organizationIdentifier: z.string(), name: z.string(), authorised: z.boolean() })),
});

export type FixtureCustomer = z.infer<typeof FixtureCustomer>;
export type CustomersFixture = z.infer<typeof CustomersFile>;
export type RegisterFixture = z.infer<typeof RegisterFile>;

function readFixture<T>(name: string, schema: z.ZodType<T>): T {
  return schema.parse(JSON.parse(readFileSync(join(packageRoot(), 'fixtures', name), 'utf8')));
}

export function loadCustomersFixture(): CustomersFixture {
  return readFixture('customers.json', CustomersFile);
}

/** Validates a customers fixture given inline (tests, scenarios) exactly as the file is validated. */
export function parseCustomersFixture(value: unknown): CustomersFixture {
  return CustomersFile.parse(value);
}

export function loadRegisterFixture(): RegisterFixture {
  return readFixture('register.json', RegisterFile);
}
