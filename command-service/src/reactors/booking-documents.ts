/**
 * The booking documents reactor: after a booking is placed it renders the invoice PDF,
 * stores it as `Invoice_{bookingID}.pdf`, records InvoiceIssued, emails the guest with the
 * PDF attached and records BookingEmailSent (neither for a guest whose personal data was
 * erased); after a cancellation it makes sure the units were given back, and when the
 * cancellation cost something it issues the invoice again, showing the charge. Each step first
 * reads the booking's stream and skips what is already recorded, so it is idempotent, and
 * a failure never touches the booking itself.
 *
 * It runs two ways (docs/log-followers.md, "Booking documents"):
 * - `bookingDocumentsReactor`: the only consumer (embedded mode), on the log through
 *   `defineReactor` (checkpoint of the bookings with work left, work queue, retries);
 * - `competingBookingDocuments`: one of several replicas on a competing-consumer group
 *   (production), where the InvoiceIssued append is the claim on the email (email-claim.ts).
 *
 * An email goes out twice only if a process dies (or stalls past the claim's lease) after
 * the mail server took it and before BookingEmailSent is recorded: at least once, never lost.
 */
import { bookingAggregate, ERASED, invoiceFileName, needsCancellationInvoice, streams, type BookingState } from '@stays/contracts';
import type { CompetingConsumers, EventStore, RecordedEvent } from '@stays/event-store';
import type { Mailer, MediaStore } from '@stays/service-kit';
import { handle, load } from '../handle.ts';
import { recordEmailSent, recordInvoice } from '../booking/issuing-documents/decide.ts';
import { releaseUnits } from '../booking/giving-back/decide.ts';
import { inventoryAggregate } from '../booking/inventory.ts';
import { createInvoiceWorkerPool, type InvoiceRenderer } from './invoice-renderer.ts';
import { bookingEmail } from './booking-email.ts';
import { EmailClaimedElsewhere, mayEmailNow } from './email-claim.ts';
import { defineCompetingReactor, type CompetingReactor } from './competing-reactor.ts';
import { DEFAULT_RETRY_DELAYS_MS, defineReactor, type PendingWork, type Reactor, type ReactorDeps } from './reactor.ts';

type ExistingBooking = Exclude<BookingState, { status: 'none' }>;

interface DocumentsDeps {
  readonly store: EventStore;
  readonly media: MediaStore;
  readonly mailer: Mailer;
  /** Default: a pool of worker threads sized to the machine, so rendering never stalls the process's requests. */
  readonly renderer?: InvoiceRenderer;
}

export interface BookingDocumentsDeps extends ReactorDeps, DocumentsDeps {
  /** Delays between retries of a failing booking; the last one repeats. */
  readonly retryDelaysMs?: readonly number[];
  /** Bookings worked on at once; default four a worker plus four, so the workers stay fed while the other bookings wait on the disk and the mail server. */
  readonly lanes?: number;
}

export interface CompetingBookingDocumentsDeps extends DocumentsDeps {
  readonly consumers: CompetingConsumers;
  /** Bookings this replica works on at once; default as `BookingDocumentsDeps.lanes`. */
  readonly concurrency?: number;
  /** How long a claim on an email holds against other replicas (see email-claim.ts). Default 15 minutes. */
  readonly emailClaimLeaseMs?: number;
  readonly retryDelaysMs?: readonly number[];
  /** An event not answered within this time goes to another replica; default one minute. */
  readonly messageTimeoutMs?: number;
  readonly log?: (line: string) => void;
}

/** Who may send an email that is not recorded yet. */
type EmailRule = { readonly soleConsumer: true } | { readonly soleConsumer: false; readonly claimedHere: Set<string>; readonly leaseMs: number };

/** What is still missing for a booking. */
interface OpenWork {
  invoice: boolean;
  email: boolean;
  release: boolean;
}

const REACTOR = { actor: 'system:booking-documents' };
export const BOOKING_DOCUMENTS_GROUP = 'booking-documents';
/** Longer than nodemailer's default socket timeout (10 minutes), the longest a send that still succeeds can take. */
export const DEFAULT_EMAIL_CLAIM_LEASE_MS = 15 * 60_000;

const defaultLanes = (renderer: InvoiceRenderer) => 4 * renderer.size + 4;

/** A step of the booking's work recorded: the booking leaves the pending work once nothing is left. */
function recorded(pending: PendingWork<OpenWork>, bookingID: string, step: 'invoice' | 'email'): void {
  const work = pending.get(bookingID);
  if (work === undefined) return;
  const left = { ...work, [step]: false };
  if (!left.invoice && !left.email && !left.release) pending.delete(bookingID);
  else pending.set(bookingID, left);
}

/** The documents of one booking, brought up to date: the work both ways of running share. */
function bookingDocumentSteps({ store, media, mailer, renderer }: Required<DocumentsDeps>) {
  async function complete(bookingID: string, emailRule: EmailRule): Promise<void> {
    const streamId = streams.booking(bookingID);
    const loaded = (await load(store, streamId, bookingAggregate)).state;
    if (loaded.status === 'none') return;
    let state: ExistingBooking = loaded;
    let renderedNow: Buffer | undefined;
    // An erased guest (account deleted, key destroyed) gets no documents: nobody to write to, nothing to keep of them.
    const guestErased = state.booking.customerEmail === ERASED;
    if (!guestErased && (state.invoice === null || needsCancellationInvoice(state))) {
      const issued = await issueInvoice(streamId, state);
      state = issued.state;
      renderedNow = issued.pdf;
      if (issued.claimed && !emailRule.soleConsumer) emailRule.claimedHere.add(bookingID);
    }
    if (!guestErased && !state.emailSent && state.status === 'placed') {
      if (!emailRule.soleConsumer) await assertMayEmail(bookingID, streamId, emailRule);
      await sendEmail(streamId, state, renderedNow);
    }
    if (!emailRule.soleConsumer) emailRule.claimedHere.delete(bookingID);
    if (state.status === 'cancelled') {
      const { roomId } = state.booking;
      await handle(store, streams.inventory(roomId), inventoryAggregate, (current) => releaseUnits({ bookingID, roomId }, current), REACTOR);
    }
  }

  async function issueInvoice(streamId: string, state: ExistingBooking): Promise<{ state: ExistingBooking; claimed: boolean; pdf: Buffer }> {
    const pdf = await renderer.render(state.booking, state.paid, state.cancellation);
    const stored = await media.put({ bytes: pdf, contentType: 'application/pdf', extension: 'pdf', name: invoiceFileName(state.booking.bookingID) });
    const showsCancellation = state.cancellation !== null;
    const result = await handle(
      store,
      streamId,
      bookingAggregate,
      (current) => recordInvoice({ url: stored.url, mediaId: stored.id, showsCancellation }, current),
      REACTOR,
    );
    return { state: result.state as ExistingBooking, claimed: result.newEvents.length > 0, pdf };
  }

  async function assertMayEmail(bookingID: string, streamId: string, rule: Extract<EmailRule, { soleConsumer: false }>): Promise<void> {
    const claimedHere = rule.claimedHere.has(bookingID);
    if (claimedHere) return;
    const issued = (await store.readStream(streamId)).find((event: RecordedEvent) => event.type === 'InvoiceIssued');
    const invoiceIssuedAt = issued?.recordedAt ?? '';
    const now = Date.now();
    if (mayEmailNow({ claimedHere, invoiceIssuedAt, now, leaseMs: rule.leaseMs })) return;
    throw new EmailClaimedElsewhere(bookingID, Date.parse(invoiceIssuedAt) + rule.leaseMs - now);
  }

  /** `renderedNow`: the invoice this run rendered and stored (read back from the media store otherwise). */
  async function sendEmail(streamId: string, state: ExistingBooking, renderedNow: Buffer | undefined): Promise<void> {
    const pdf = renderedNow ?? (state.invoice === null ? await renderer.render(state.booking, state.paid) : await storedInvoice(state.invoice.mediaId));
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

  return { complete };
}

const describeFailure = (bookingID: string, error: unknown, failures: number, retryInMs: number) =>
  `booking ${bookingID}: documents failed (${failures}x), retrying in ${retryInMs} ms: ${error instanceof Error ? error.message : String(error)}`;

/** The documents reactor as the only consumer of the log (embedded mode). */
export function bookingDocumentsReactor(deps: BookingDocumentsDeps): Reactor {
  const renderer = deps.renderer ?? createInvoiceWorkerPool();
  const { complete } = bookingDocumentSteps({ ...deps, renderer });
  const soleConsumer: EmailRule = { soleConsumer: true };

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
      work: (bookingID) => complete(bookingID, soleConsumer),
      lanes: deps.lanes ?? defaultLanes(renderer),
      ...(deps.retryDelaysMs && { retryDelaysMs: deps.retryDelaysMs }),
      describeFailure,
      // steps in progress have finished (and recorded what they did) before the renderer goes
      onStop: () => renderer.close(),
    },
    deps,
  );
}

const bookingIdOf = (event: RecordedEvent): string | undefined => (typeof event.data['bookingID'] === 'string' ? event.data['bookingID'] : undefined);

/** The documents reactor as one replica of a competing-consumer group (production). */
export function competingBookingDocuments(deps: CompetingBookingDocumentsDeps): CompetingReactor {
  const renderer = deps.renderer ?? createInvoiceWorkerPool();
  const { complete } = bookingDocumentSteps({ ...deps, renderer });
  const rule: EmailRule = { soleConsumer: false, claimedHere: new Set(), leaseMs: deps.emailClaimLeaseMs ?? DEFAULT_EMAIL_CLAIM_LEASE_MS };
  const reactor = defineCompetingReactor(
    {
      group: BOOKING_DOCUMENTS_GROUP,
      keys: { BookingPlaced: bookingIdOf, BookingCancelled: bookingIdOf },
      work: (bookingID) => complete(bookingID, rule),
      concurrency: deps.concurrency ?? defaultLanes(renderer),
      retryDelaysMs: deps.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS,
      // with the delays above, about half an hour of retries: past any claim's lease
      maxRetries: 10,
      messageTimeoutMs: deps.messageTimeoutMs ?? 60_000,
      describeFailure: (bookingID, error, delivery) =>
        `booking ${bookingID}: documents failed (delivery ${delivery.retryCount + 1}), handed back to the group: ${error instanceof Error ? error.message : String(error)}`,
    },
    deps.consumers,
    deps.log,
  );
  return {
    start: () => reactor.start(),
    health: () => reactor.health(),
    async stop() {
      await reactor.stop();
      await renderer.close();
    },
  };
}
