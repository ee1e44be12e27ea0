/**
 * Gives back what a booking that never came to be took. A booking reserves units in
 * `inventory-{roomId}`, then a place among the guest's upcoming bookings in
 * `guest-{customerId}`, and then records BookingPlaced in `booking-{bookingID}`; the
 * command undoes the first steps when a later one fails, but a process that dies in
 * between leaves them taken. This reconciler follows the log, remembers reservations and
 * places without a booking, and after a grace period (far longer than any command)
 * checks the booking stream and gives them back if there is still no booking.
 * The reservations and places it waits on are kept in a checkpoint, so a restart follows on from there.
 */
import type { EventStore, RecordedEvent, Subscription, SubscriptionHealth } from '@stays/event-store';
import { parseEvent, streams } from '@stays/contracts';
import { handle, load } from '../handle.ts';
import { bookingAggregate } from '../booking/booking.ts';
import { releaseBooking, releaseUnits } from '../booking/giving-back/decide.ts';
import { guestAggregate } from '../booking/guest.ts';
import { inventoryAggregate } from '../booking/inventory.ts';
import { followLog, followerHealth } from './follow-log.ts';
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

const RECONCILER = { actor: 'system:orphaned-units' };
const OBSERVED_EVENTS = ['UnitsReserved', 'UnitsReleased', 'GuestBookingHeld', 'GuestBookingReleased', 'BookingPlaced'] as const;
const CHECKPOINT_NAME = 'orphaned-units';
/** Format of the checkpoint's state: the units and places waiting, by booking. */
const CHECKPOINT_VERSION = 1;

/** What a booking id holds while its booking is not recorded: units of a room, a guest's place, or both. */
interface Waiting {
  roomId?: string;
  customerId?: string;
  readonly since: number;
}

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
    this.subscription = await followLog({
      store: this.deps.store, checkpoint: this.checkpoint, name: 'orphaned units reconciler',
      restore: (state) => { this.waiting = new Map((state as { waiting: [string, Waiting][] }).waiting); },
      observe: (event) => this.observe(event),
      log: (line) => this.log(line),
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
  health(maxLagMs: number): Promise<SubscriptionHealth> {
    return followerHealth(this.deps.store, this.subscription, maxLagMs);
  }

  /** Gives back everything held longer than the grace period by a booking that does not exist. */
  sweep(): Promise<void> {
    this.sweeping ??= this.releaseOrphans().finally(() => {
      this.sweeping = null;
    });
    return this.sweeping;
  }

  private observe(recorded: RecordedEvent): void {
    if (!(OBSERVED_EVENTS as readonly string[]).includes(recorded.type)) return;
    const event = parseEvent(recorded, OBSERVED_EVENTS);
    const { bookingID } = event.data;
    const entry: Waiting = this.waiting.get(bookingID) ?? { since: Date.parse(recorded.recordedAt) };
    switch (event.type) {
      case 'UnitsReserved':
        entry.roomId = event.data.roomId;
        break;
      case 'GuestBookingHeld':
        entry.customerId = event.data.customerId;
        break;
      case 'UnitsReleased':
        delete entry.roomId;
        break;
      case 'GuestBookingReleased':
        delete entry.customerId;
        break;
      case 'BookingPlaced':
        this.waiting.delete(bookingID);
        return;
    }
    if (entry.roomId === undefined && entry.customerId === undefined) this.waiting.delete(bookingID);
    else this.waiting.set(bookingID, entry);
  }


  private async releaseOrphans(): Promise<void> {
    const now = (this.deps.now ?? (() => new Date()))().getTime();
    const grace = this.deps.graceMs ?? 120_000;
    for (const [bookingID, { roomId, customerId, since }] of [...this.waiting]) {
      if (now - since < grace) continue;
      try {
        const booking = await load(this.deps.store, streams.booking(bookingID), bookingAggregate);
        if (booking.state.status === 'none') {
          if (roomId !== undefined) {
            await handle(this.deps.store, streams.inventory(roomId), inventoryAggregate, (state) => releaseUnits({ bookingID, roomId }, state), RECONCILER);
          }
          if (customerId !== undefined) {
            await handle(this.deps.store, streams.guest(customerId), guestAggregate, (state) => releaseBooking({ bookingID, customerId }, state), RECONCILER);
          }
          this.log(`gave back what ${bookingID} held without a booking`);
        }
        this.waiting.delete(bookingID);
      } catch (error) {
        this.log(`could not give back what ${bookingID} holds yet: ${String(error)}`);
      }
    }
  }

  private log(line: string): void {
    (this.deps.log ?? console.log)(line);
  }
}
