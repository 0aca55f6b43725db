/**
 * Moving the target's clock to a point of the day, so time rules are tried just inside and just
 * outside their boundaries (a UTC midnight, the end of a validUntil day), and from the event their
 * clock starts at.
 */
import type { ScenarioContext } from '../src/kit/context.js';
import { DAY_MS, dayStartMs, nextDayStart } from '../src/contract/dates.js';

/** An ISO 8601 duration of whole seconds (at least one). */
export function seconds(ms: number): string {
  return `PT${Math.max(1, Math.ceil(ms / 1000))}S`;
}

/** Moves the clock forward to the next time the UTC time of day is `hh:mm:ss` (today or tomorrow). */
export async function advanceToTimeOfDay(ctx: ScenarioContext, time: string): Promise<Date> {
  const now = await ctx.clock().now();
  const [h = 0, m = 0, s = 0] = time.split(':').map(Number);
  const target = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), h, m, s);
  const at = target > now.getTime() + 1000 ? target : target + DAY_MS;
  await ctx.clock().advance(seconds(at - now.getTime()));
  return ctx.clock().now();
}

/** Moves the clock forward to `seconds` into the given UTC day (YYYY-MM-DD); a day already begun is moved into by the same offset of the next. */
export async function advanceIntoDay(ctx: ScenarioContext, day: string, secondsIn: number): Promise<Date> {
  const now = await ctx.clock().now();
  const at = dayStartMs(day) + secondsIn * 1000;
  if (at > now.getTime()) await ctx.clock().advance(seconds(at - now.getTime()));
  return ctx.clock().now();
}

/** The next UTC midnight after `at`, in ms. */
export function nextMidnight(at: Date): number {
  return nextDayStart(at).getTime();
}
