/**
 * The shape a JSON data file (version 1, the releases before SQLite) must have, checked before it
 * is migrated: a file of another shape (null, an array, collections of the wrong type, records missing what the rules
 * read) is refused at start with the field named, instead of answering 500 on some later request.
 * Records are checked for the fields the simulator reads; fields it does not know are kept.
 */
import { z } from 'zod';
import { CLOCK_MAX_MS } from '../clock.js';

/** An instant as the simulator writes it; one due after the clock's last instant carries a six-digit year. */
const Instant = z.string().refine((value) => !Number.isNaN(Date.parse(value)), 'an ISO 8601 date-time');
/** The first and last instants an answer can carry (four-digit years), and so the sandbox's clock. */
const FIRST_SERVED_MS = Date.parse('0000-01-01T00:00:00.000Z');
/**
 * An instant something happened at (made, changed, sent): at most the clock's last instant, and a
 * four-digit year, since answers show it. A file holding one outside would be served, then answer
 * what the interface cannot carry.
 */
const Happened = Instant.refine((value) => {
  const ms = Date.parse(value);
  return ms >= FIRST_SERVED_MS && ms <= CLOCK_MAX_MS;
}, 'an instant from 0000-01-01 to 9999-12-31 (a four-digit year)');
const Day = z.iso.date();
const Lists = z.looseObject({
  accounts: z.array(z.string()),
  balances: z.array(z.string()),
  transactions: z.array(z.string()),
});

const Provider = z.looseObject({
  organizationIdentifier: z.string(),
  name: z.string(),
  roles: z.array(z.string()),
  registeredAt: Happened,
  updatedAt: Happened,
});
const Decision = z.looseObject({ authorised: z.boolean(), decidedAt: Happened });

const Consent = z.looseObject({
  consentId: z.string(),
  kind: z.enum(['ais', 'cof']),
  tpp: z.string(),
  status: z.enum(['received', 'valid', 'revokedByPsu', 'terminatedByTpp', 'rejected']),
  recurringIndicator: z.boolean(),
  frequencyPerDay: z.number().int().positive(),
  requested: Lists,
  currencies: z.record(z.string(), z.string()),
  validityDays: z.number().int().positive().optional(),
  redirectUri: z.string(),
  authorisationId: z.string(),
  createdAt: Happened,
  lastActionAt: Happened,
  granted: Lists.optional(),
  expiresAt: Instant.optional(),
  lastUsedAt: Happened.optional(),
});

const Authorisation = z.looseObject({
  authorisationId: z.string(),
  parent: z.looseObject({ kind: z.enum(['consent', 'payment']), id: z.string() }),
  tpp: z.string(),
  scaStatus: z.enum(['received', 'started', 'psuAuthenticated', 'finalised', 'failed']),
  state: z.string(),
  createdAt: Happened,
  expiresAt: Instant,
  otpFailures: z.number().int().nonnegative(),
});

const Sms = z.looseObject({ psuId: z.string(), code: z.string(), authorisationId: z.string(), sentAt: Happened });

const Booking = z.looseObject({
  iban: z.string(),
  seq: z.number().int().positive(),
  transactionId: z.string(),
  amountCents: z.number().int(),
  status: z.enum(['booked', 'pending']),
  valueDate: Day,
  remittanceInformationUnstructured: z.string(),
  createdAt: Happened,
  removedAt: Happened.optional(),
});

const Registration = z.looseObject({ url: z.string(), registrationId: z.string(), registeredAt: Happened });
const Delivery = z.looseObject({
  eventId: z.string(),
  tpp: z.string(),
  consentId: z.string(),
  url: z.string(),
  body: z.string(),
  attempts: z.array(z.looseObject({ at: Happened })),
  outcome: z.enum(['pending', 'delivered', 'failed']),
});

const Payment = z.looseObject({
  paymentId: z.string(),
  product: z.enum(['sepa-credit-transfers', 'instant-sepa-credit-transfers']),
  tpp: z.string(),
  status: z.enum(['RCVD', 'PDNG', 'ACSP', 'ACSC', 'RJCT', 'CANC']),
  debtorIban: z.string(),
  creditorIban: z.string(),
  amount: z.string().regex(/^[0-9]+(\.[0-9]{1,2})?$/),
  redirectUri: z.string(),
  authorisationId: z.string(),
  createdAt: Happened,
  statusChangedAt: Happened,
});

const PaymentKey = z.looseObject({ paymentId: z.string(), bodyDigest: z.string(), boundAt: Happened });

export const StoreDataSchema = z.strictObject({
  version: z.literal(1),
  clockOffsetMs: z.number().int(),
  seedAnchor: Day,
  providers: z.record(z.string(), Provider),
  registerDecisions: z.record(z.string(), Decision),
  consents: z.record(z.string(), Consent),
  authorisations: z.record(z.string(), Authorisation),
  usage: z.record(z.string(), z.number().int().nonnegative()),
  sms: z.array(Sms),
  bookings: z.array(Booking),
  callbackKey: z.string().regex(/^[0-9a-f]{64}$/),
  callbacks: z.record(z.string(), Registration),
  deliveries: z.array(Delivery),
  payments: z.record(z.string(), Payment),
  paymentKeys: z.record(z.string(), PaymentKey),
  paymentsDue: z.record(z.string(), Instant),
});

/** The first problem of a file's content, as `field: what is wrong`, or undefined when it has the shape. */
export function storeDataProblem(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return `(root): expected a JSON object, got ${value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value}`;
  const result = StoreDataSchema.safeParse(value);
  if (result.success) return undefined;
  const issue = result.error.issues[0];
  return issue ? `${issue.path.map(String).join('.') || '(root)'}: ${issue.message}` : 'not an xs2a-kit data file';
}
