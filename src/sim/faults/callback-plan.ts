/**
 * Which due callback deliveries go out now, and how many copies of each: the callback faults
 * applied to one dispatch round (spec "Events" 3: the eventId repeats, dedupe on it; 8: ordering
 * is not guaranteed).
 */
import type { DeliveryRecord } from '../store/data.js';
import { HOLD_LIMIT_MS } from './callback-holds.js';
import type { FaultInjector } from './injector.js';

export interface PlannedDelivery {
  delivery: DeliveryRecord;
  /** 2 when the delivery is duplicated: the same signed event sent twice. */
  copies: 1 | 2;
}

export function planDeliveries(
  faults: FaultInjector,
  due: readonly DeliveryRecord[],
  nowMs: number,
): PlannedDelivery[] {
  const planned: PlannedDelivery[] = [];
  for (const delivery of due) {
    if (faults.holds.isHeld(delivery.eventId, nowMs)) continue;
    // A delivery released from a hold goes out as it is: holding it again could starve it.
    if (faults.holds.takeReleased(delivery.eventId)) {
      planned.push({ delivery, copies: 1 });
      continue;
    }
    const fault = faults.pick({ family: 'callback', provider: delivery.tpp });
    if (fault?.rule.kind === 'callback-reorder') {
      faults.holds.hold(delivery.eventId, delivery.tpp, nowMs + HOLD_LIMIT_MS);
      continue;
    }
    planned.push({ delivery, copies: fault?.rule.kind === 'callback-duplicate' ? 2 : 1 });
  }
  return planned;
}

/** After a round: holds of the providers just served are released; true when another round is due. */
export function releaseAfter(faults: FaultInjector, sent: readonly PlannedDelivery[]): boolean {
  return sent.length > 0 && faults.holds.releaseFor(sent.map(({ delivery }) => delivery.tpp));
}
