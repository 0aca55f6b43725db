/**
 * The interface's ISODate of an instant: its UTC calendar day (spec: every date is UTC, and a day
 * rule — the unattended budget, the daily payment limit, validUntil, booking dates — counts UTC
 * days). The one place an instant becomes a day.
 */
export function isoDate(at: Date | number): string {
  return (typeof at === 'number' ? new Date(at) : at).toISOString().slice(0, 10);
}
