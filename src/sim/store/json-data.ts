/**
 * The data file of the releases before SQLite: one JSON document, `version: 1`, holding every
 * record. It is read once, checked, and migrated (migration.ts); a file of another shape is refused
 * with the field at fault and left as it is.
 */
import { clockProblem } from '../clock.js';
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
import { storeDataProblem } from './json-schema.js';
import type { SandboxState } from './records.js';

export interface JsonData {
  version: 1;
  clockOffsetMs: number;
  seedAnchor: string;
  providers: Record<string, ProviderRecord>;
  registerDecisions: Record<string, RegisterDecision>;
  consents: Record<string, ConsentRecord>;
  authorisations: Record<string, AuthorisationRecord>;
  usage: Record<string, number>;
  /** Newest first. */
  sms: SmsRecord[];
  /** In the order they were made. */
  bookings: BookingRecord[];
  callbackKey: string;
  callbacks: Record<string, CallbackRegistration>;
  /** In the order they were queued. */
  deliveries: DeliveryRecord[];
  payments: Record<string, PaymentRecord>;
  paymentKeys: Record<string, PaymentKeyRecord>;
  paymentsDue: Record<string, string>;
}

/** Collections a file written by an earlier release may lack. */
const COLLECTIONS = {
  providers: {},
  registerDecisions: {},
  consents: {},
  authorisations: {},
  usage: {},
  sms: [],
  bookings: [],
  callbacks: {},
  deliveries: [],
  payments: {},
  paymentKeys: {},
  paymentsDue: {},
};

export class StoreFileError extends Error {}

export const refusal = (file: string, problem: string) =>
  new StoreFileError(`The data file ${file} is not an xs2a-kit data file: ${problem}. It was left as it is.`);

/** The file's data with collections added since it was written filled in, or StoreFileError naming the field. */
export function checked(read: unknown, file: string, fresh: SandboxState): JsonData {
  if (read === null || typeof read !== 'object' || Array.isArray(read))
    throw refusal(file, storeDataProblem(read) ?? 'not a JSON object');
  const version = (read as { version?: unknown }).version;
  if (version !== 1) throw refusal(file, `version: expected 1, got ${JSON.stringify(version) ?? 'nothing'}`);
  // A file written by an earlier release may lack what was added since; fill it in.
  const data = { ...fresh, ...COLLECTIONS, ...(read as Partial<JsonData>) } as JsonData;
  const problem = storeDataProblem(data);
  if (problem) throw refusal(file, problem);
  const clock = clockProblem(data.clockOffsetMs);
  if (clock) throw refusal(file, `clockOffsetMs: ${clock}`);
  return data;
}
