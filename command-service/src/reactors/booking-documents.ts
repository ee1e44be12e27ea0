/**
 * The booking documents reactor: after a booking is placed it renders the invoice PDF,
 * stores it as `Invoice_{bookingID}.pdf`, records InvoiceIssued, emails the guest their
 * confirmation with the PDF attached and records BookingEmailSent (neither for a guest whose
 * personal data was erased), then tells the hotel's owner (BookingNoticeSent
 * 'owner-new-booking'); after a cancellation it makes sure the units were given back, issues
 * the invoice again when the cancellation cost something (showing the charge), and tells the
 * guest and the owner ('guest-cancellation', 'owner-cancellation'). Each step first reads the
 * booking's stream and skips what is already recorded, so it is idempotent, and a failure
 * never touches the booking itself. An owner whose account is deleted or whose hotel is
 * delisted gets no email, nor does an erased guest.
 *
 * It runs two ways (docs/log-followers.md, "Booking documents"):
 * - `bookingDocumentsReactor`: the only consumer (embedded mode), on the log through
 *   `defineReactor` (checkpoint of the bookings with work left, work queue, retries);
 * - `competingBookingDocuments`: one of several replicas on a competing-consumer group
 *   (production), where each email goes out under a claim (email-claim.ts).
 *
 * An email goes out twice only if a process dies (or stalls past the claim's lease) after
 * the mail server took it and before its record is in the log: at least once, never lost.
 */
import { bookingAggregate, ERASED, invoiceFileName, needsCancellationInvoice, streams, type BookingNotice, type BookingState } from '@stays/contracts';
import type { CompetingConsumers, CompetingDelivery, EventStore, RecordedEvent } from '@stays/event-store';
import { processMetrics, type Mailer, type MediaStore } from '@stays/service-kit';
import { handle, load } from '../handle.ts';
import { claimNotice, recordEmailSent, recordInvoice, recordNoticeSent } from '../booking/issuing-documents/decide.ts';
import { giveBack } from '../booking/giving-back/handler.ts';
import { createInvoiceWorkerPool, type InvoiceRenderer } from './invoice-renderer.ts';
import { hotelAggregate } from '../hotels/hotel.ts';
import { accountAggregate } from '../accounts/account.ts';
import {
  bookingConfirmationEmail,
  guestCancellationEmail,
  ownerCancellationEmail,
  ownerNewBookingEmail,
  webClientLinks,
  type HotelForEmails,
} from './emails/booking-emails.ts';
import { cancellationOfBooking, policyOfBooking } from './emails/booking-terms.ts';
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
  /** The web client's address (PUBLIC_URL), for the links in the emails; default the `npm start` address. */
  readonly publicUrl?: string;
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
  /** How long a failing booking's event is tried again before the group parks it; default a day. */
  readonly keepTryingMs?: number;
  readonly log?: (line: string) => void;
}

/** Who may send an email that is not recorded yet: the sole consumer, or a replica under claims (keys of those it holds). */
type CompetingRule = { readonly soleConsumer: false; readonly claimedHere: Set<string>; readonly leaseMs: number };
type EmailRule = { readonly soleConsumer: true } | CompetingRule;

/** What is still missing for a booking. */
interface OpenWork {
  invoice: boolean;
  email: boolean;
  release: boolean;
  /** Notices still to send; absent in checkpoints saved before there were notices (none then). */
  notices?: BookingNotice[];
}

const PLACEMENT_NOTICES: readonly BookingNotice[] = ['owner-new-booking'];
const CANCELLATION_NOTICES: readonly BookingNotice[] = ['guest-cancellation', 'owner-cancellation'];
/**
 * A notice is news for a week: one about an older event is not sent. It keeps a replay of
 * the whole log (a lost checkpoint) from writing to every owner and guest of the past.
 */
export const NOTICES_NEWS_FOR_MS = 7 * 24 * 3600_000;
const isNews = (event: RecordedEvent) => Date.now() - Date.parse(event.recordedAt) < NOTICES_NEWS_FOR_MS;

const REACTOR = { actor: 'system:booking-documents' };
export const BOOKING_DOCUMENTS_GROUP = 'booking-documents';
/** Longer than nodemailer's default socket timeout (10 minutes), the longest a send that still succeeds can take. */
export const DEFAULT_EMAIL_CLAIM_LEASE_MS = 15 * 60_000;
/**
 * A mail server down for hours still gets every booking's emails once it is back, with no
 * operator: the sole reactor tries again for ever, the replicas for a day (291 retries at the
 * default delays of 1 s, 5 s, 15 s, 1 min, then 5 min) before the group parks the event.
 */
export const DEFAULT_KEEP_TRYING_MS = 24 * 60 * 60_000;

const defaultLanes = (renderer: InvoiceRenderer) => 4 * renderer.size + 4;

/** A step of the booking's work recorded: the booking leaves the pending work once nothing is left. */
function recorded(pending: PendingWork<OpenWork>, bookingID: string, step: 'invoice' | 'email' | BookingNotice): void {
  const work = pending.get(bookingID);
  if (work === undefined) return;
  const left =
    step === 'invoice' || step === 'email' ? { ...work, [step]: false } : { ...work, notices: (work.notices ?? []).filter((notice) => notice !== step) };
  if (!left.invoice && !left.email && !left.release && (left.notices ?? []).length === 0) pending.delete(bookingID);
  else pending.set(bookingID, left);
}

/** The documents of one booking, brought up to date: the work both ways of running share. */
function bookingDocumentSteps({ store, media, mailer, renderer: untimed, publicUrl }: Required<DocumentsDeps>) {
  // stays_invoice_render_seconds: the time a render took, its wait for a free worker included
  const renderer = {
    render: async (...args: Parameters<InvoiceRenderer['render']>) => {
      const done = processMetrics().invoiceRender.startTimer();
      try {
        return await untimed.render(...args);
      } finally {
        done();
      }
    },
  };
  const links = webClientLinks(publicUrl);

  /** `dueNotices`: the notices this run may send (those of a recent event only). */
  async function complete(bookingID: string, emailRule: EmailRule, dueNotices: readonly BookingNotice[]): Promise<void> {
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
    const hotel = once(() => hotelOf(state));
    if (!guestErased && !state.emailSent && state.status === 'placed') {
      if (!emailRule.soleConsumer)
        await assertMayEmail(bookingID, streamId, emailRule, {
          key: bookingID,
          email: 'confirmation email',
          isClaim: (event) => event.type === 'InvoiceIssued',
        });
      state = await sendEmail(streamId, state, await hotel(), renderedNow);
    }
    if (!emailRule.soleConsumer) emailRule.claimedHere.delete(bookingID);
    if (state.status === 'cancelled') {
      // the cancelling command gives both back too; this finishes it when that command stopped after recording the cancellation
      const { roomId, customerId } = state.booking;
      await giveBack(store, { bookingID, customerId, roomId }, REACTOR);
    }
    const placedOrCancelled = (notice: BookingNotice) => (notice === 'owner-new-booking' ? state.status === 'placed' : state.status === 'cancelled');
    const ownerEmail = once(async () => ((await hotel()).listed ? ownerEmailOf(state.booking.ownerId) : null));
    for (const notice of dueNotices) {
      if (state.noticesSent.includes(notice) || !placedOrCancelled(notice)) continue;
      const message = await noticeFor(notice, state, streamId, { hotel, ownerEmail, guestErased });
      if (message === null) continue; // nobody to write to
      if (!emailRule.soleConsumer) {
        state = await takeNotice(bookingID, streamId, notice, emailRule);
        if (state.noticesSent.includes(notice)) continue;
      }
      const { messageId } = await mailer.send(message);
      state = (await handle(store, streamId, bookingAggregate, (current) => recordNoticeSent({ notice, messageId }, current), REACTOR))
        .state as ExistingBooking;
      if (!emailRule.soleConsumer) emailRule.claimedHere.delete(`${bookingID}/${notice}`);
    }
  }

  /** The hotel's contact details and times as they are now (the booking's own copy if the hotel's stream is gone), and whether it is still listed. */
  async function hotelOf(state: ExistingBooking): Promise<HotelForEmails & { listed: boolean }> {
    const { booking } = state;
    const hotel = (await load(store, streams.hotel(booking.hotelId), hotelAggregate)).state;
    if (hotel.status === 'new')
      return { address: booking.hotelAddress, city: booking.hotelCity, phoneNumber: '', checkInTime: '', checkOutTime: '', listed: false };
    const { address, city, phoneNumber, checkInTime, checkOutTime } = hotel.details;
    return { address, city, phoneNumber, checkInTime, checkOutTime, listed: hotel.status === 'listed' && hotel.ownerId === booking.ownerId };
  }

  /** The owner's email, opened with their key; null once their account is deleted or their data erased. */
  async function ownerEmailOf(ownerId: string): Promise<string | null> {
    const account = (await load(store, streams.account('hotel-owner', ownerId), accountAggregate)).state;
    return account.status === 'active' && account.email !== ERASED ? account.email : null;
  }

  async function noticeFor(
    notice: BookingNotice,
    state: ExistingBooking,
    streamId: string,
    about: { hotel: () => Promise<HotelForEmails>; ownerEmail: () => Promise<string | null>; guestErased: boolean },
  ) {
    const { booking } = state;
    if (notice === 'owner-new-booking') {
      const to = await about.ownerEmail();
      return to === null ? null : ownerNewBookingEmail(booking, to, links.ownerBookings(booking.hotelId));
    }
    const cancellation = cancellationOfBooking(state);
    if (cancellation === null) throw new Error(`${streamId} is cancelled without a recorded cancellation`);
    if (notice === 'guest-cancellation') {
      if (about.guestErased) return null;
      return guestCancellationEmail(booking, await about.hotel(), policyOfBooking(booking), cancellation, links.guestBookings(booking.customerId));
    }
    const to = await about.ownerEmail();
    return to === null ? null : ownerCancellationEmail(booking, to, cancellation, links.ownerBookings(booking.hotelId));
  }

  /**
   * Claims a notice for this replica by recording BookingNoticeClaimed (only one replica's
   * append succeeds), or lets it send one another replica claimed more than a lease ago;
   * throws while another's claim holds. The booking as it is now.
   */
  async function takeNotice(bookingID: string, streamId: string, notice: BookingNotice, rule: CompetingRule) {
    const key = `${bookingID}/${notice}`;
    const claimed = await handle(store, streamId, bookingAggregate, (current) => claimNotice({ notice }, current), REACTOR);
    if (claimed.newEvents.length > 0) rule.claimedHere.add(key);
    const state = claimed.state as ExistingBooking;
    if (!state.noticesSent.includes(notice)) {
      await assertMayEmail(bookingID, streamId, rule, {
        key,
        email: `${notice} email`,
        isClaim: (event) => event.type === 'BookingNoticeClaimed' && event.data['notice'] === notice,
      });
    }
    return state;
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

  /**
   * Lets this replica send an email whose claim it holds, or one whose claim (the first event
   * `isClaim` picks in the booking's stream) is older than the lease; throws while another
   * replica's claim holds.
   */
  async function assertMayEmail(
    bookingID: string,
    streamId: string,
    rule: CompetingRule,
    claim: { readonly key: string; readonly email: string; readonly isClaim: (event: RecordedEvent) => boolean },
  ): Promise<void> {
    if (rule.claimedHere.has(claim.key)) return;
    const claimedAt = (await store.readStream(streamId)).find(claim.isClaim)?.recordedAt ?? '';
    const now = Date.now();
    if (mayEmailNow({ claimedHere: false, claimedAt, now, leaseMs: rule.leaseMs })) return;
    throw new EmailClaimedElsewhere(bookingID, claim.email, Date.parse(claimedAt) + rule.leaseMs - now);
  }

  /** `renderedNow`: the invoice this run rendered and stored (read back from the media store otherwise). */
  async function sendEmail(streamId: string, state: ExistingBooking, hotel: HotelForEmails, renderedNow: Buffer | undefined): Promise<ExistingBooking> {
    const pdf = renderedNow ?? (state.invoice === null ? await renderer.render(state.booking, state.paid) : await storedInvoice(state.invoice.mediaId));
    const { booking } = state;
    const { messageId } = await mailer.send(bookingConfirmationEmail(booking, hotel, policyOfBooking(booking), links.guestBookings(booking.customerId), pdf));
    return (await handle(store, streamId, bookingAggregate, (current) => recordEmailSent({ messageId }, current), REACTOR)).state as ExistingBooking;
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

/** `load` run at most once, when first needed. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => (loaded ??= load());
}

/** Where `npm start` serves the web client (PUBLIC_URL's default there). */
const DEFAULT_PUBLIC_URL = 'http://localhost:8080';

const describeFailure = (bookingID: string, error: unknown, failures: number, retryInMs: number) =>
  `booking ${bookingID}: documents failed (${failures}x), retrying in ${retryInMs} ms: ${error instanceof Error ? error.message : String(error)}`;

/** The documents reactor as the only consumer of the log (embedded mode). */
export function bookingDocumentsReactor(deps: BookingDocumentsDeps): Reactor {
  const renderer = deps.renderer ?? createInvoiceWorkerPool();
  const { complete } = bookingDocumentSteps({ ...deps, renderer, publicUrl: deps.publicUrl ?? DEFAULT_PUBLIC_URL });
  const soleConsumer: EmailRule = { soleConsumer: true };

  return defineReactor<OpenWork>(
    {
      name: 'booking-documents',
      version: 1,
      on: {
        BookingPlaced: ({ bookingID }, pending, event) =>
          pending.set(bookingID, { invoice: true, email: true, release: false, notices: isNews(event) ? [...PLACEMENT_NOTICES] : [] }),
        InvoiceIssued: ({ bookingID }, pending) => recorded(pending, bookingID, 'invoice'),
        BookingEmailSent: ({ bookingID }, pending) => recorded(pending, bookingID, 'email'),
        BookingNoticeSent: ({ bookingID, notice }, pending) => recorded(pending, bookingID, notice),
        BookingCancelled: ({ bookingID }, pending, event) => {
          const work = pending.get(bookingID) ?? { invoice: false, email: false, release: false };
          pending.set(bookingID, { ...work, release: true, notices: [...(work.notices ?? []), ...(isNews(event) ? CANCELLATION_NOTICES : [])] });
        },
      },
      work: (bookingID, work) => complete(bookingID, soleConsumer, work?.notices ?? []),
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

/** The notices an event calls for: none once it is no longer news (a group created over an old log reads it all). */
function noticesOf({ event }: CompetingDelivery): readonly BookingNotice[] {
  if (!isNews(event)) return [];
  return event.type === 'BookingPlaced' ? PLACEMENT_NOTICES : CANCELLATION_NOTICES;
}

/** The documents reactor as one replica of a competing-consumer group (production). */
export function competingBookingDocuments(deps: CompetingBookingDocumentsDeps): CompetingReactor {
  const renderer = deps.renderer ?? createInvoiceWorkerPool();
  const { complete } = bookingDocumentSteps({ ...deps, renderer, publicUrl: deps.publicUrl ?? DEFAULT_PUBLIC_URL });
  const rule: EmailRule = { soleConsumer: false, claimedHere: new Set(), leaseMs: deps.emailClaimLeaseMs ?? DEFAULT_EMAIL_CLAIM_LEASE_MS };
  const reactor = defineCompetingReactor(
    {
      group: BOOKING_DOCUMENTS_GROUP,
      keys: { BookingPlaced: bookingIdOf, BookingCancelled: bookingIdOf },
      work: (bookingID, delivery) => complete(bookingID, rule, noticesOf(delivery)),
      concurrency: deps.concurrency ?? defaultLanes(renderer),
      retryDelaysMs: deps.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS,
      keepTryingMs: deps.keepTryingMs ?? DEFAULT_KEEP_TRYING_MS,
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
