/**
 * ISO 8601 durations for moving the sandbox clock (`{"advance":"PT1H"}`). Only fixed-length
 * units are accepted (weeks, days, hours, minutes, seconds): years and months have no fixed
 * length, and a clock step must mean the same thing on every date.
 */
const DURATION = /^P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d{1,3})?)S)?)?$/;

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Milliseconds in the duration, or undefined when it is not a supported ISO 8601 duration. */
export function parseDuration(text: string): number | undefined {
  const match = DURATION.exec(text);
  if (!match || text === 'P' || text.endsWith('T')) return undefined;
  const [, weeks, days, hours, minutes, seconds] = match;
  const ms =
    Number(weeks ?? 0) * 7 * DAY +
    Number(days ?? 0) * DAY +
    Number(hours ?? 0) * HOUR +
    Number(minutes ?? 0) * MINUTE +
    Math.round(Number(seconds ?? 0) * SECOND);
  return Number.isSafeInteger(ms) ? ms : undefined;
}
