/**
 * Query parameters of GET transactions (spec "Query parameters of GET transactions"). A bad
 * value is FORMAT_ERROR whose `path` names the parameter. Unknown parameters are ignored. Read at
 * the API's edge before the consent is looked at.
 */
import { IsoDateSchema } from './ais.js';
import { BOOKING_STATUSES, type BookingStatus } from './enums.js';
import { XsError } from './errors.js';

export interface TransactionsQuery {
  bookingStatus: BookingStatus;
  dateFrom: string | undefined;
  dateTo: string | undefined;
  /** As sent: an opaque cursor the service handed out (its spelling is the service's; the simulator reads it in sim/paging/). */
  entryReferenceFrom: string | undefined;
  /** The filters as the provider gave them, for the `next` link. */
  given: Record<string, string>;
}

function single(query: Record<string, unknown>, name: string): string | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string')
    throw new XsError('FORMAT_ERROR', { path: name, text: `${name} is given more than once.` });
  return value;
}

function date(query: Record<string, unknown>, name: string): string | undefined {
  const value = single(query, name);
  if (value !== undefined && !IsoDateSchema.safeParse(value).success) {
    throw new XsError('FORMAT_ERROR', { path: name, text: `${name} is a calendar date, YYYY-MM-DD.` });
  }
  return value;
}

export function readTransactionsQuery(query: Record<string, unknown>): TransactionsQuery {
  const asked = single(query, 'bookingStatus');
  const status = asked ?? 'booked';
  if (!(BOOKING_STATUSES as readonly string[]).includes(status)) {
    throw new XsError('FORMAT_ERROR', { path: 'bookingStatus', text: 'bookingStatus is booked, pending or both.' });
  }
  const dateFrom = date(query, 'dateFrom');
  const dateTo = date(query, 'dateTo');
  if (dateFrom && dateTo && dateFrom > dateTo)
    throw new XsError('FORMAT_ERROR', { path: 'dateTo', text: 'dateTo is before dateFrom.' });
  const entryReferenceFrom = single(query, 'entryReferenceFrom');
  // The filters as given, in this order; the `next` link adds its own entryReferenceFrom.
  const given: Record<string, string> = {};
  for (const [name, value] of [
    ['bookingStatus', asked],
    ['dateFrom', dateFrom],
    ['dateTo', dateTo],
  ] as const)
    if (value !== undefined) given[name] = value;
  return { bookingStatus: status as BookingStatus, dateFrom, dateTo, entryReferenceFrom, given };
}
