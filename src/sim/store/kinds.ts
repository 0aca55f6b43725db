/**
 * What the store holds, kind by kind, and the few indexes services read by. A record is found by its
 * kind and key; an index is a value derived from a record (undefined: the record is not in it),
 * kept in step by the store on every put, so no service ever looks over every record of a kind.
 * Equality indexes answer "the records whose value is V"; ordered ones (a number, an instant in ms)
 * answer "what is due by T" and "when is the next one due".
 */
import { dayOf } from '../../contract/dates.js';
import { supersessionGroup } from '../rules/consents.js';
import type {
  AuthorisationRecord,
  BookingRecord,
  CallbackRegistration,
  ConsentRecord,
  DeliveryRecord,
  PaymentKeyRecord,
  PaymentRecord,
  ProviderRecord,
  RegisterDecision,
  SmsRecord,
} from './data.js';

export interface RecordKinds {
  /** By organizationIdentifier. */
  providers: ProviderRecord;
  /** By organizationIdentifier. */
  registerDecisions: RegisterDecision;
  consents: ConsentRecord;
  authorisations: AuthorisationRecord;
  /** Unattended accesses used, by `consentId|dataType|YYYY-MM-DD` (rules/budget.ts). */
  usage: number;
  /** By `authorisationId/n`, n counting the codes sent for that authorisation (smsKey). */
  sms: SmsRecord;
  /** By `iban/seq` (bookingKey). */
  bookings: BookingRecord;
  /** By the provider's organizationIdentifier. */
  callbacks: CallbackRegistration;
  /** By eventId. */
  deliveries: DeliveryRecord;
  payments: PaymentRecord;
  /** By the key as stored (rules/idempotency.ts keyOf); permanent, so never read by age. */
  paymentKeys: PaymentKeyRecord;
  /** Payments with a money movement still to come, by paymentId, valued with when it is due. */
  paymentsDue: string;
  /**
   * Organisations a world's owner admitted into its world (--worlds organisation), by
   * organizationIdentifier: their requests are served by this world.
   */
  members: { organizationIdentifier: string; admittedAt: string };
}

export type Kind = keyof RecordKinds;

export const KINDS: readonly Kind[] = [
  'providers',
  'registerDecisions',
  'consents',
  'authorisations',
  'usage',
  'sms',
  'bookings',
  'callbacks',
  'deliveries',
  'payments',
  'paymentKeys',
  'paymentsDue',
  'members',
];

export const bookingKey = (record: Pick<BookingRecord, 'iban' | 'seq'>) => `${record.iban}/${record.seq}`;
export const smsKey = (authorisationId: string, n: number) => `${authorisationId}/${n}`;

type Derive<R, V> = (record: R) => V | undefined;

/**
 * Equality indexes. Changing what one derives changes the data file's index digest, and the next
 * start rebuilds the index from the records (sqlite-schema.ts).
 */
export const EQUALITY_INDEXES = {
  consents: {
    /** The consents a customer decided on (the portal's list). */
    customer: (consent) => consent.psuId,
    /** The candidates for supersession: a provider's valid recurring consents of one kind from one customer (the rule's group). */
    liveRecurring: supersessionGroup,
  },
  payments: {
    /** What an account initiated on a day (the daily limit). */
    debtorDay: (payment) => `${payment.debtorIban}|${dayOf(payment.createdAt)}`,
    /** An account's payments not yet final (the portal's cancellable list). */
    openFrom: (payment) =>
      payment.status === 'RCVD' || payment.status === 'PDNG' || payment.status === 'ACSP'
        ? payment.debtorIban
        : undefined,
    /** The payee checks a customer has to answer. */
    payeeCheck: (payment) => (payment.status === 'PDNG' ? payment.psuId : undefined),
  },
  sms: { authorisation: (sms) => sms.authorisationId },
  bookings: { account: (booking) => booking.iban },
  /** A provider's deliveries still retrying (a deregistration ends them). */
  deliveries: { pendingOf: (delivery) => (delivery.outcome === 'pending' ? delivery.tpp : undefined) },
} satisfies { [K in Kind]?: Record<string, Derive<RecordKinds[K], string>> };

export const ORDERED_INDEXES = {
  /** When a pending delivery's next attempt is due. */
  deliveries: {
    due: (delivery) =>
      delivery.outcome === 'pending' && delivery.nextAttemptAt !== undefined
        ? Date.parse(delivery.nextAttemptAt)
        : undefined,
  },
  paymentsDue: { at: (at) => Date.parse(at) },
} satisfies { [K in Kind]?: Record<string, Derive<RecordKinds[K], number>> };

type Names<T, K> = K extends keyof T ? keyof T[K] & string : never;
export type EqualityIndex<K extends Kind> = Names<typeof EQUALITY_INDEXES, K>;
export type OrderedIndex<K extends Kind> = Names<typeof ORDERED_INDEXES, K>;

export interface IndexPlan {
  /** `kind.name`: unique over every kind. */
  readonly id: string;
  readonly name: string;
  readonly ordered: boolean;
  readonly derive: (record: unknown) => string | number | undefined;
}

/** Every index of a kind, equality ones first. */
export function indexesOf(kind: Kind): IndexPlan[] {
  const equality = (EQUALITY_INDEXES as Partial<Record<Kind, Record<string, Derive<unknown, string>>>>)[kind] ?? {};
  const ordered = (ORDERED_INDEXES as Partial<Record<Kind, Record<string, Derive<unknown, number>>>>)[kind] ?? {};
  return [
    ...Object.entries(equality).map(([name, derive]) => ({ id: `${kind}.${name}`, name, ordered: false, derive })),
    ...Object.entries(ordered).map(([name, derive]) => ({ id: `${kind}.${name}`, name, ordered: true, derive })),
  ];
}
