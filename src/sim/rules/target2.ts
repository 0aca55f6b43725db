/**
 * The TARGET2 calendar, on which standard SEPA credit transfers settle (the spec says only that
 * future-dating "follows the customer portal's behaviour"; the settlement days are the sandbox's
 * choice, see docs/interpretations.md). Closed: Saturdays, Sundays, 1 January, Good Friday,
 * Easter Monday, 1 May, 25 and 26 December. Days are UTC calendar dates, YYYY-MM-DD.
 */
import { DAY_MS, dayStartMs as dayMs, isoDate } from '../../contract/dates.js';

/** Easter Sunday of a Gregorian year (the anonymous Gregorian algorithm, Meeus/Jones/Butcher). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export function isTarget2BusinessDay(day: string): boolean {
  const ms = dayMs(day);
  const weekday = new Date(ms).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  const monthDay = day.slice(5);
  if (monthDay === '01-01' || monthDay === '05-01' || monthDay === '12-25' || monthDay === '12-26') return false;
  const easter = dayMs(easterSunday(Number(day.slice(0, 4))));
  return ms !== easter - 2 * DAY_MS && ms !== easter + DAY_MS;
}

/** The first business day on or after `day`. */
export function businessDayOnOrAfter(day: string): string {
  let ms = dayMs(day);
  while (!isTarget2BusinessDay(isoDate(ms))) ms += DAY_MS;
  return isoDate(ms);
}

/** The first business day strictly after `day`. */
export function businessDayAfter(day: string): string {
  return businessDayOnOrAfter(isoDate(dayMs(day) + DAY_MS));
}
