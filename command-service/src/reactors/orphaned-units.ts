/**
 * Gives back units whose booking never came to be. A booking reserves units in
 * `inventory-{roomId}` and then records BookingPlaced in `booking-{bookingID}`; the
 * command undoes the reservation when the second append fails, but a process that dies
 * between the two leaves the units taken. This reconciler follows the log, remembers
 * reservations without a booking, and after a grace period (far longer than any command)
 * checks the booking stream and releases the units if there is still no booking. The
 * reservations it waits on are kept in a checkpoint, so a restart follows on from there.
 */
import { subscriptionHealth, type EventStore, type RecordedEvent, type Subscription, type SubscriptionHealth } from '@stays/event-store';
import { streams } from '@stays/contracts';
import { handle, load } from '../handle.ts';
import { bookingAggregate } from '../booking/booking.ts';
import { inventoryAggregate, releaseUnits } from '../booking/inventory.ts';
import { CheckpointSaver, memoryReactorCheckpoints, type ReactorCheckpointStore } from './reactor-checkpoints.ts';

export interface OrphanedUnitsDeps {
  readonly store: EventStore;
  readonly now?: () => Date;
  /** How long a reservation may wait for its booking. Default 2 minutes. */
  readonly graceMs?: number;
  /** How often to look. Default 30 s. */
  readonly intervalMs?: number;
  readonly log?: (line: string) => void;
  /** Default: in memory (a restart replays the log). */
  readonly checkpoints?: ReactorCheckpointStore;
}

interface Waiting { roomId: string; reservedAt: number }

const RECONCILER = { actor: 'system:orphaned-units' };
const CHECKPOINT_NAME = 'orphaned-units';
/** Format of the checkpoint's state: the reservations waiting, by booking. */
const CHECKPOINT_VERSION = 1;

export class OrphanedUnitsReconciler {
  /** bookingID → the reservation waiting for its booking. */
  private waiting = new Map<string, Waiting>();
  private subscription: Subscription | null = null;
  private timer: NodeJS.Timeout | null = null;
  private sweeping: Promise<void> | null = null;
  private readonly checkpoint: CheckpointSaver;

  constructor(private readonly deps: OrphanedUnitsDeps) {
    this.checkpoint = new CheckpointSaver(deps.checkpoints ?? memoryReactorCheckpoints(), CHECKPOINT_NAME, CHECKPOINT_VERSION,
      () => ({ waiting: [...this.waiting] }), (line) => this.log(line));
  }

  async start(): Promise<void> {
    const restored = await this.checkpoint.restore();
    if (restored) this.waiting = new Map((restored.state as { waiting: [string, Waiting][] }).waiting);
    this.subscription = this.deps.store.subscribeToAll({ ...(restored && { after: restored.position }), name: 'orphaned units reconciler' }, {
      onBatch: async (events) => {
        for (const event of events) this.observe(event);
        this.checkpoint.handled(events[events.length - 1]!.position);
      },
      onError: (error) => this.log(`orphaned units reconciler stopped: ${String(error)}`),
    });
    this.timer = setInterval(() => void this.sweep(), this.deps.intervalMs ?? 30_000);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.sweeping;
    await this.subscription?.close();
    await this.checkpoint.flush();
  }

  /** Subscribed to the log and at most `maxLagMs` behind it. */
  async health(maxLagMs: number): Promise<SubscriptionHealth> {
    if (this.subscription === null) return { healthy: false, state: 'closed', position: undefined, lagMs: null, error: 'not started' };
    return subscriptionHealth(this.deps.store, this.subscription, maxLagMs);
  }

  /** Releases every reservation older than the grace period whose booking does not exist. */
  sweep(): Promise<void> {
    this.sweeping ??= this.releaseOrphans().finally(() => {
      this.sweeping = null;
    });
    return this.sweeping;
  }

  private observe(event: RecordedEvent): void {
    const bookingID = event.data.bookingID;
    if (typeof bookingID !== 'string') return;
    if (event.type === 'UnitsReserved') this.waiting.set(bookingID, { roomId: String(event.data.roomId), reservedAt: Date.parse(event.recordedAt) });
    else if (event.type === 'BookingPlaced' || event.type === 'UnitsReleased') this.waiting.delete(bookingID);
  }

  private async releaseOrphans(): Promise<void> {
    const now = (this.deps.now ?? (() => new Date()))().getTime();
    const grace = this.deps.graceMs ?? 120_000;
    for (const [bookingID, { roomId, reservedAt }] of [...this.waiting]) {
      if (now - reservedAt < grace) continue;
      try {
        const booking = await load(this.deps.store, streams.booking(bookingID), bookingAggregate);
        if (booking.state.status !== 'none') {
          this.waiting.delete(bookingID);
          continue;
        }
        await handle(this.deps.store, streams.inventory(roomId), inventoryAggregate, (state) => releaseUnits({ bookingID, roomId }, state), RECONCILER);
        this.waiting.delete(bookingID);
        this.log(`released the units of ${bookingID}: reserved without a booking`);
      } catch (error) {
        this.log(`could not release the units of ${bookingID} yet: ${String(error)}`);
      }
    }
  }

  private log(line: string): void {
    (this.deps.log ?? console.log)(line);
  }
}
