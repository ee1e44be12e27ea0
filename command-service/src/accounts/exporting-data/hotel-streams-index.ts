/**
 * Which streams belong to each hotel: its rooms (a room stream starts with RoomAdded
 * naming the hotel) and the bookings at it (a booking stream starts with BookingPlaced
 * naming it). An owner's copy of their data needs those streams, and nothing the owner's
 * own streams hold names them, so without this index every owner export read the whole
 * log. The index follows the log in memory from the process start (a stream name per room
 * and per booking), and an export waits until it has seen the log's head as of the
 * export's start, then reads only the hotel's streams.
 */
import { messages } from '@stays/contracts';
import type { EventStore, RecordedEvent, Subscription } from '@stays/event-store';
import { ServiceUnavailableError } from '@stays/service-kit';

export interface HotelStreams {
  readonly rooms: readonly string[];
  readonly bookings: readonly string[];
}

interface Waiter {
  readonly position: number;
  readonly done: (error?: unknown) => void;
}

/** How long an export waits for the index to reach the head before it is refused (503): it is behind only while the log is out of reach. */
const CATCH_UP_TIMEOUT_MS = 20_000;
const RETRY_AFTER_SECONDS = 5;

export class HotelStreamsIndex {
  private readonly rooms = new Map<string, Set<string>>();
  private readonly bookings = new Map<string, Set<string>>();
  private position: number | undefined;
  private subscription: Subscription | null = null;
  private failure: unknown = null;
  private waiters: Waiter[] = [];

  constructor(
    private readonly store: EventStore,
    private readonly log: (line: string) => void,
  ) {}

  start(): void {
    this.subscription = this.store.subscribeToAll(
      { name: 'hotel streams index', maxBatchSize: 1000 },
      {
        onBatch: async (events) => {
          for (const event of events) this.observe(event);
          this.position = events[events.length - 1]!.position;
          this.release();
        },
        onError: (error) => {
          this.failure = error;
          this.log(`hotel streams index stopped: ${String(error)}`);
          this.release();
        },
      },
    );
  }

  async stop(): Promise<void> {
    await this.subscription?.close();
  }

  /** The hotel's room and booking streams, as of the log's head when the call began (or later). */
  async streamsOf(hotelId: string): Promise<HotelStreams> {
    const head = await this.store.headPosition();
    if (head !== null) await this.reached(head);
    return { rooms: [...(this.rooms.get(hotelId) ?? [])], bookings: [...(this.bookings.get(hotelId) ?? [])] };
  }

  private observe(event: RecordedEvent): void {
    const streamsOfType = event.type === 'RoomAdded' ? this.rooms : event.type === 'BookingPlaced' ? this.bookings : undefined;
    if (streamsOfType === undefined || typeof event.data.hotelId !== 'string') return;
    const known = streamsOfType.get(event.data.hotelId);
    if (known === undefined) streamsOfType.set(event.data.hotelId, new Set([event.streamId]));
    else known.add(event.streamId);
  }

  private reached(position: number): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => waiter.done(new ServiceUnavailableError(messages.server.exportBusy, RETRY_AFTER_SECONDS)), CATCH_UP_TIMEOUT_MS);
      const waiter: Waiter = {
        position,
        done: (error) => {
          clearTimeout(timer);
          this.waiters = this.waiters.filter((other) => other !== waiter);
          if (error === undefined) resolve();
          else reject(error);
        },
      };
      this.waiters.push(waiter);
      this.release();
    });
  }

  private release(): void {
    for (const waiter of [...this.waiters]) {
      if (this.failure !== null) waiter.done(new ServiceUnavailableError(messages.server.exportBusy, RETRY_AFTER_SECONDS));
      else if (this.position !== undefined && this.position >= waiter.position) waiter.done();
    }
  }
}
