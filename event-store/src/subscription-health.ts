/**
 * Whether a consumer of the log is healthy: subscribed, and not too far behind. How far
 * behind is measured in time, the same way for every adapter: the age of the oldest event
 * it has not finished handling (0 when it has handled the head). Positions would not do:
 * EventStoreDB's are byte offsets.
 */
import type { EventStore, Subscription, SubscriptionState } from './port.ts';

export interface SubscriptionHealth {
  readonly healthy: boolean;
  readonly state: SubscriptionState;
  /** Position of the last event handled. */
  readonly position: number | undefined;
  /** Age of the oldest event not handled yet (0: caught up); null when it cannot be known (not subscribed, store unreachable). */
  readonly lagMs: number | null;
  readonly error: string | null;
}

export async function subscriptionHealth(
  store: EventStore,
  subscription: Subscription,
  maxLagMs: number,
  now: () => number = Date.now,
): Promise<SubscriptionHealth> {
  const { state, position, error } = subscription.status();
  const subscribed = state === 'live' || state === 'catching-up';
  const lagMs = subscribed ? await lagAfter(store, position, now).catch(() => null) : null;
  return { healthy: subscribed && lagMs !== null && lagMs <= maxLagMs, state, position, lagMs, error };
}

async function lagAfter(store: EventStore, position: number | undefined, now: () => number): Promise<number> {
  const [next] = await store.readAll({ after: position ?? -1, maxCount: 1 });
  return next === undefined ? 0 : Math.max(0, now() - Date.parse(next.recordedAt));
}
