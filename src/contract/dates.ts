/**
 * The interface's ISODate of an instant: its UTC calendar day (spec: every date is UTC, and a day
 * rule — the unattended budget, the daily payment limit, validUntil, booking dates — counts UTC
 * days). The one place an instant becomes a day.
 */
export function isoDate(at: Date | number): string {
  return (typeof at === 'number' ? new Date(at) : at).toISOString().slice(0, 10);
}

export const DAY_MS = 86_400_000;

/** The UTC day of a stored instant (always written by toISOString, so in UTC): its first ten characters. */
export function dayOf(instant: string): string {
  return instant.slice(0, 10);
}

/** The first instant of a UTC day (ms). */
export function dayStartMs(day: string): number {
  return Date.parse(`${day}T00:00:00Z`);
}

/** The first instant of the UTC day after the one `now` falls on: when a daily count starts again. */
export function nextDayStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}
