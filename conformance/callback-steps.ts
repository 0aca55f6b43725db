/**
 * Steps of the callback scenarios: move the target's clock and see which deliveries each move
 * released. A target that can say when it has sent and recorded everything due (`settle`) is waited
 * for; one that cannot gets the receiver's quiet time. Attempts are placed by the move that released
 * them, never by real time, so the same target gives the same verdict however loaded the machine is.
 */
import type { ReceivedCallback } from '../src/kit/callback-receiver.js';
import type { ScenarioContext } from '../src/kit/context.js';

type Receiver = ReturnType<ScenarioContext['callbacks']>;

export const about = (deliveries: readonly ReceivedCallback[], consentId: string) =>
  deliveries.filter((delivery) => delivery.rawBody.includes(consentId));

/** Waits until the target has sent what is due now: its own word where it gives one, else the quiet time. */
export async function settled(receiver: Receiver, before: number): Promise<void> {
  if (receiver.settle) await receiver.settle();
  else await receiver.waitFor(before + 1, receiver.quietMs).catch(() => undefined);
}

/** Moves the clock by `step` and waits until the deliveries that move released are in; true if any came. */
export async function moveAndSettle(ctx: ScenarioContext, step: string): Promise<boolean> {
  const receiver = ctx.callbacks();
  const before = receiver.received().length;
  await ctx.clock().advance(step);
  await settled(receiver, before);
  return receiver.received().length > before;
}

/** A delivery with the number of clock moves made before it arrived (0: before any move). */
export interface PlacedDelivery {
  delivery: ReceivedCallback;
  move: number;
}

/**
 * Moves the clock in `step`s until `count` deliveries about the consent arrived or `steps` moves went
 * by, noting for each delivery the move that released it. `stopWhenQuiet`: stop at a move that
 * released nothing (the target has stopped retrying).
 */
export async function placedUntil(
  ctx: ScenarioContext,
  consentId: string,
  count: number,
  options: { step: string; steps: number; stopWhenQuiet?: boolean },
): Promise<PlacedDelivery[]> {
  const receiver = ctx.callbacks();
  const placed: PlacedDelivery[] = about(receiver.received(), consentId).map((delivery) => ({ delivery, move: 0 }));
  for (let move = 1; move <= options.steps && placed.length < count; move += 1) {
    const arrived = await moveAndSettle(ctx, options.step);
    for (const delivery of about(receiver.received(), consentId).slice(placed.length)) placed.push({ delivery, move });
    if (!arrived && options.stopWhenQuiet) break;
  }
  return placed;
}

/** `placedUntil`, the deliveries only. */
export async function stepUntil(
  ctx: ScenarioContext,
  consentId: string,
  count: number,
  options: { step: string; steps: number; stopWhenQuiet?: boolean },
): Promise<readonly ReceivedCallback[]> {
  return (await placedUntil(ctx, consentId, count, options)).map(({ delivery }) => delivery);
}

/** Revokes as the customer and waits for the first attempt about it. */
export async function revokeAndAwait(ctx: ScenarioContext, receiver: Receiver, consentId: string): Promise<void> {
  const before = receiver.received().length;
  await ctx.control().revokeConsent(consentId);
  await receiver.waitFor(before + 1, 10_000);
  if (receiver.settle) await receiver.settle();
}
