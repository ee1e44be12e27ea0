/**
 * How every reactor follows the log: its state is restored from its checkpoint, then it
 * subscribes after the position that state reflects, observes each event into that state,
 * and marks each batch's last position handled (saved with the state by CheckpointSaver).
 */
import { subscriptionHealth, type EventStore, type RecordedEvent, type Subscription, type SubscriptionHealth } from '@stays/event-store';
import type { CheckpointSaver } from './reactor-checkpoints.ts';

export interface LogFollower {
  readonly store: EventStore;
  readonly checkpoint: CheckpointSaver;
  /** Who follows, for log lines. */
  readonly name: string;
  /** Takes back the state a checkpoint saved. */
  restore(state: unknown): void;
  observe(event: RecordedEvent): void;
  onCaughtUp?(): void;
  log(line: string): void;
}

export async function followLog(follower: LogFollower): Promise<Subscription> {
  const restored = await follower.checkpoint.restore();
  if (restored) follower.restore(restored.state);
  return follower.store.subscribeToAll({ ...(restored && { after: restored.position }), name: follower.name }, {
    onBatch: async (events) => {
      for (const event of events) follower.observe(event);
      follower.checkpoint.handled(events[events.length - 1]!.position);
    },
    ...(follower.onCaughtUp && { onCaughtUp: () => follower.onCaughtUp!() }),
    onError: (error) => follower.log(`${follower.name} stopped: ${String(error)}`),
  });
}

/** Subscribed to the log and at most `maxLagMs` behind it; unhealthy before it started. */
export async function followerHealth(store: EventStore, subscription: Subscription | null, maxLagMs: number): Promise<SubscriptionHealth> {
  if (subscription === null) return { healthy: false, state: 'closed', position: undefined, lagMs: null, error: 'not started' };
  return subscriptionHealth(store, subscription, maxLagMs);
}
