/**
 * The booking documents reactor: after a booking is placed it renders the invoice PDF,
 * stores it as `Invoice_{bookingID}.pdf`, records InvoiceIssued, emails the guest with the
 * PDF attached and records BookingEmailSent (neither for a guest whose personal data was
 * erased); after a cancellation it makes sure the units were given back. Each step first
 * reads the booking's stream and skips what is already recorded, so it is idempotent, and
 * a failure never touches the booking itself. (An email can go out twice if the process
 * dies between sending it and recording it: at least once, never lost.) The bookings with
 * work left are its pending work (reactor.ts: checkpoint, work queue, retries).
 */
import { bookingAggregate, ERASED, invoiceFileName, streams, type BookingState } from '@stays/contracts';
import type { Mailer, MediaStore } from '@stays/service-kit';
import { handle, load } from '../handle.ts';
import { recordEmailSent, recordInvoice } from '../booking/issuing-documents/decide.ts';
import { releaseUnits } from '../booking/giving-back/decide.ts';
import { inventoryAggregate } from '../booking/inventory.ts';
import { createWorkerInvoiceRenderer, type InvoiceRenderer } from './invoice-renderer.ts';
import { bookingEmail } from './booking-email.ts';
import { defineReactor, type PendingWork, type Reactor, type ReactorDeps } from './reactor.ts';

type ExistingBooking = Exclude<BookingState, { status: 'none' }>;

export interface BookingDocumentsDeps extends ReactorDeps {
  readonly media: MediaStore;
  readonly mailer: Mailer;
  /** Delays between retries of a failing booking; the last one repeats. */
  readonly retryDelaysMs?: readonly number[];
  /** Default: a worker thread, so rendering never stalls the process's requests. */
  readonly renderer?: InvoiceRenderer;
}

/** What is still missing for a booking. */
interface OpenWork {
  invoice: boolean;
  email: boolean;
  release: boolean;
}

const REACTOR = { actor: 'system:booking-documents' };

/** A step of the booking's work recorded: the booking leaves the pending work once nothing is left. */
function recorded(pending: PendingWork<OpenWork>, bookingID: string, step: 'invoice' | 'email'): void {
  const work = pending.get(bookingID);
  if (work === undefined) return;
  const left = { ...work, [step]: false };
  if (!left.invoice && !left.email && !left.release) pending.delete(bookingID);
  else pending.set(bookingID, left);
}

export function bookingDocumentsReactor(deps: BookingDocumentsDeps): Reactor {
  const renderer = deps.renderer ?? createWorkerInvoiceRenderer();
  const { store, media, mailer } = deps;

  async function complete(bookingID: string): Promise<void> {
    const streamId = streams.booking(bookingID);
    const loaded = (await load(store, streamId, bookingAggregate)).state;
    if (loaded.status === 'none') return;
    let state: ExistingBooking = loaded;
    // An erased guest (account deleted, key destroyed) gets no documents: nobody to write to, nothing to keep of them.
    const guestErased = state.booking.customerEmail === ERASED;
    if (!guestErased && state.invoice === null) state = await issueInvoice(streamId, state);
    if (!guestErased && !state.emailSent && state.status === 'placed') await sendEmail(streamId, state);
    if (state.status === 'cancelled') {
      const { roomId } = state.booking;
      await handle(store, streams.inventory(roomId), inventoryAggregate, (current) => releaseUnits({ bookingID, roomId }, current), REACTOR);
    }
  }

  async function issueInvoice(streamId: string, state: ExistingBooking): Promise<ExistingBooking> {
    const pdf = await renderer.render(state.booking, state.paid);
    const stored = await media.put({ bytes: pdf, contentType: 'application/pdf', extension: 'pdf', name: invoiceFileName(state.booking.bookingID) });
    const result = await handle(store, streamId, bookingAggregate, (current) => recordInvoice({ url: stored.url, mediaId: stored.id }, current), REACTOR);
    return result.state as ExistingBooking;
  }

  async function sendEmail(streamId: string, state: ExistingBooking): Promise<void> {
    const pdf = state.invoice === null ? await renderer.render(state.booking, state.paid) : await storedInvoice(state.invoice.mediaId);
    const { messageId } = await mailer.send(bookingEmail(state.booking, pdf));
    await handle(store, streamId, bookingAggregate, (current) => recordEmailSent({ messageId }, current), REACTOR);
  }

  async function storedInvoice(mediaId: string): Promise<Buffer> {
    const stored = await media.get(mediaId);
    if (stored === null) throw new Error(`invoice ${mediaId} is missing from the media store`);
    const chunks: Buffer[] = [];
    for await (const chunk of stored.body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  return defineReactor<OpenWork>(
    {
      name: 'booking-documents',
      version: 1,
      on: {
        BookingPlaced: ({ bookingID }, pending) => pending.set(bookingID, { invoice: true, email: true, release: false }),
        InvoiceIssued: ({ bookingID }, pending) => recorded(pending, bookingID, 'invoice'),
        BookingEmailSent: ({ bookingID }, pending) => recorded(pending, bookingID, 'email'),
        BookingCancelled: ({ bookingID }, pending) =>
          pending.set(bookingID, { ...(pending.get(bookingID) ?? { invoice: false, email: false }), release: true }),
      },
      work: (bookingID) => complete(bookingID),
      // bookings completed at once, so one's disk writes overlap another's rendering
      lanes: 4,
      ...(deps.retryDelaysMs && { retryDelaysMs: deps.retryDelaysMs }),
      describeFailure: (bookingID, error, failures, retryInMs) =>
        `booking ${bookingID}: documents failed (${failures}x), retrying in ${retryInMs} ms: ${error instanceof Error ? error.message : String(error)}`,
      // steps in progress have finished (and recorded what they did) before the renderer goes
      onStop: () => renderer.close(),
    },
    deps,
  );
}
