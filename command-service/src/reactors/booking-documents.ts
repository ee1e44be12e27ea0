/**
 * The booking documents reactor: after a booking is placed it renders the invoice PDF,
 * stores it as `Invoice_{bookingID}.pdf`, records InvoiceIssued, emails the guest with the
 * PDF attached and records BookingEmailSent (neither for a guest whose personal data was
 * erased); after a cancellation it makes sure the units
 * were given back. Each step first reads the booking's stream and skips what is already
 * recorded, so it is idempotent; bookings go through a work queue (a few at once, a
 * failing one retried with backoff) and a failure never touches the booking itself. (An email can go out twice if the process dies between sending it
 * and recording it: at least once, never lost.) The bookings with work left are kept in a
 * checkpoint with the log position they reflect, so a restart follows on from there.
 */
import type { EventStore, RecordedEvent, Subscription, SubscriptionHealth } from '@stays/event-store';
import { ERASED, invoiceFileName, parseEvent, streams } from '@stays/contracts';
import type { Mailer, MediaStore } from '@stays/service-kit';
import { handle, load } from '../handle.ts';
import { bookingAggregate, type BookingState } from '../booking/booking.ts';
import { recordEmailSent, recordInvoice } from '../booking/issuing-documents/decide.ts';
import { releaseUnits } from '../booking/giving-back/decide.ts';

type ExistingBooking = Exclude<BookingState, { status: 'none' }>;
import { inventoryAggregate } from '../booking/inventory.ts';
import { createWorkerInvoiceRenderer, type InvoiceRenderer } from './invoice-renderer.ts';
import { bookingEmail } from './booking-email.ts';
import { followLog, followerHealth } from './follow-log.ts';
import { CheckpointSaver, memoryReactorCheckpoints, type ReactorCheckpointStore } from './reactor-checkpoints.ts';
import { WorkQueue } from './work-queue.ts';

export interface BookingDocumentsDeps {
  readonly store: EventStore;
  readonly media: MediaStore;
  readonly mailer: Mailer;
  readonly log?: (line: string) => void;
  /** Delays between retries of a failing booking; the last one repeats. */
  readonly retryDelaysMs?: readonly number[];
  /** Default: a worker thread, so rendering never stalls the process's requests. */
  readonly renderer?: InvoiceRenderer;
  /** Default: in memory (a restart replays the log). */
  readonly checkpoints?: ReactorCheckpointStore;
}

interface OpenWork { invoice: boolean; email: boolean; release: boolean }

const CHECKPOINT_NAME = 'booking-documents';
/** Format of the checkpoint's state: the open work by booking. */
const CHECKPOINT_VERSION = 1;

const DEFAULT_RETRY_DELAYS_MS = [1000, 5000, 15_000, 60_000, 300_000];
/** Bookings completed at once, so one's disk writes overlap another's rendering. */
const REACTOR_LANES = 4;
const REACTOR = { actor: 'system:booking-documents' };
/** The booking stream's events that open or close a booking's work. */
const OBSERVED_EVENTS = ['BookingPlaced', 'InvoiceIssued', 'BookingEmailSent', 'BookingCancelled'] as const;

export class BookingDocumentsReactor {
  /** Bookings with work left, from the log: what is still missing for each. */
  private open = new Map<string, OpenWork>();
  private readonly queue: WorkQueue;
  private subscription: Subscription | null = null;
  private caughtUp = false;
  private readonly caughtUpOnce: Promise<void>;
  private markCaughtUp!: () => void;

  private readonly renderer: InvoiceRenderer;
  private readonly checkpoint: CheckpointSaver;

  constructor(private readonly deps: BookingDocumentsDeps) {
    this.renderer = deps.renderer ?? createWorkerInvoiceRenderer();
    this.caughtUpOnce = new Promise((resolve) => { this.markCaughtUp = resolve; });
    this.queue = new WorkQueue({
      lanes: REACTOR_LANES,
      retryDelaysMs: deps.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS,
      work: async (bookingID) => {
        await this.complete(bookingID);
        this.open.delete(bookingID);
      },
      onFailure: (bookingID, error, failures, retryInMs) =>
        this.log(`booking ${bookingID}: documents failed (${failures}x), retrying in ${retryInMs} ms: ${error instanceof Error ? error.message : String(error)}`),
    });
    this.checkpoint = new CheckpointSaver(deps.checkpoints ?? memoryReactorCheckpoints(), CHECKPOINT_NAME, CHECKPOINT_VERSION,
      () => ({ open: [...this.open] }), (line) => this.log(line));
  }

  async start(): Promise<void> {
    this.subscription = await followLog({
      store: this.deps.store, checkpoint: this.checkpoint, name: 'booking documents reactor',
      restore: (state) => { this.open = new Map((state as { open: [string, OpenWork][] }).open); },
      observe: (event) => this.observe(event),
      onCaughtUp: () => {
        this.caughtUp = true;
        for (const bookingID of this.open.keys()) this.queue.add(bookingID);
        this.markCaughtUp();
      },
      log: (line) => this.log(line),
    });
  }

  async stop(): Promise<void> {
    // Steps in progress finish (and record what they did) before the renderer goes.
    const stopping = this.queue.stop();
    await this.subscription?.close();
    await stopping;
    await this.checkpoint.flush();
    await this.renderer.close();
  }

  /** Subscribed to the log and at most `maxLagMs` behind it. */
  health(maxLagMs: number): Promise<SubscriptionHealth> {
    return followerHealth(this.deps.store, this.subscription, maxLagMs);
  }

  /** Resolves when no booking has work left or queued (for tests and benchmarks). */
  async whenIdle(): Promise<void> {
    await this.caughtUpOnce;
    await this.queue.whenIdle();
  }

  private observe(recorded: RecordedEvent): void {
    if (!(OBSERVED_EVENTS as readonly string[]).includes(recorded.type)) return;
    const event = parseEvent(recorded, OBSERVED_EVENTS);
    const { bookingID } = event.data;
    const work = this.open.get(bookingID);
    switch (event.type) {
      case 'BookingPlaced':
        this.open.set(bookingID, { invoice: true, email: true, release: false });
        break;
      case 'InvoiceIssued':
        if (work) work.invoice = false;
        break;
      case 'BookingEmailSent':
        if (work) work.email = false;
        break;
      case 'BookingCancelled':
        if (work) work.release = true;
        else this.open.set(bookingID, { invoice: false, email: false, release: true });
        break;
    }
    const left = this.open.get(bookingID);
    if (left && !left.invoice && !left.email && !left.release) this.open.delete(bookingID);
    else if (this.caughtUp && left) this.queue.add(bookingID);
  }

  private async complete(bookingID: string): Promise<void> {
    const streamId = streams.booking(bookingID);
    const loaded = (await load(this.deps.store, streamId, bookingAggregate)).state;
    if (loaded.status === 'none') return;
    let state: ExistingBooking = loaded;
    // An erased guest (account deleted, key destroyed) gets no documents: nobody to write to, nothing to keep of them.
    const guestErased = state.booking.customerEmail === ERASED;
    if (!guestErased && state.invoice === null) state = await this.issueInvoice(streamId, state);
    if (!guestErased && !state.emailSent && state.status === 'placed') await this.sendEmail(streamId, state);
    if (state.status === 'cancelled') {
      const { roomId } = state.booking;
      await handle(this.deps.store, streams.inventory(roomId), inventoryAggregate, (current) => releaseUnits({ bookingID, roomId }, current), REACTOR);
    }
  }

  private async issueInvoice(streamId: string, state: ExistingBooking): Promise<ExistingBooking> {
    const pdf = await this.renderer.render(state.booking, state.paid);
    const stored = await this.deps.media.put({ bytes: pdf, contentType: 'application/pdf', extension: 'pdf', name: invoiceFileName(state.booking.bookingID) });
    const result = await handle(this.deps.store, streamId, bookingAggregate, (current) => recordInvoice({ url: stored.url, mediaId: stored.id }, current), REACTOR);
    return result.state as ExistingBooking;
  }

  private async sendEmail(streamId: string, state: ExistingBooking): Promise<void> {
    const pdf = state.invoice === null ? await this.renderer.render(state.booking, state.paid) : await this.storedInvoice(state.invoice.mediaId);
    const { messageId } = await this.deps.mailer.send(bookingEmail(state.booking, pdf));
    await handle(this.deps.store, streamId, bookingAggregate, (current) => recordEmailSent({ messageId }, current), REACTOR);
  }

  private async storedInvoice(mediaId: string): Promise<Buffer> {
    const stored = await this.deps.media.get(mediaId);
    if (stored === null) throw new Error(`invoice ${mediaId} is missing from the media store`);
    const chunks: Buffer[] = [];
    for await (const chunk of stored.body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  private log(line: string): void {
    (this.deps.log ?? console.log)(line);
  }
}
