/**
 * Gives back units whose booking never came to be. A booking reserves units in
 * `inventory-{roomId}` and then records BookingPlaced in `booking-{bookingID}`; the
 * command undoes the reservation when the second append fails, but a process that dies
 * between the two leaves the units taken. This reconciler follows the log, remembers
 * reservations without a booking, and after a grace period (far longer than any command)
 * checks the booking stream and releases the units if there is still no booking.
 */
import type { EventStore, RecordedEvent, Subscription } from '@stays/event-store';
import { streams } from '@stays/contracts';
import { handle, load } from '../handle.ts';
import { bookingAggregate } from '../booking/booking.ts';
import { inventoryAggregate, releaseUnits } from '../booking/inventory.ts';

export interface OrphanedUnitsDeps {
  readonly store: EventStore;
  readonly now?: () => Date;
  /** How long a reservation may wait for its booking. Default 2 minutes. */
  readonly graceMs?: number;
  /** How often to look. Default 30 s. */
  readonly intervalMs?: number;
  readonly log?: (line: string) => void;
}

const RECONCILER = { actor: 'system:orphaned-units' };

export class OrphanedUnitsReconciler {
  /** bookingID → the reservation waiting for its booking. */
  private readonly waiting = new Map<string, { roomId: string; reservedAt: number }>();
  private subscription: Subscription | null = null;
  private timer: NodeJS.Timeout | null = null;
  private sweeping: Promise<void> | null = null;

  constructor(private readonly deps: OrphanedUnitsDeps) {}

  start(): void {
    this.subscription = this.deps.store.subscribeToAll({}, {
      onBatch: async (events) => {
        for (const event of events) this.observe(event);
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
