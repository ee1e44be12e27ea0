/**
 * The booking documents reactor as the only consumer of the log (the one-process product):
 * a placed booking's invoice, confirmation and owner's notice, a cancellation's units given
 * back, its invoice showing the charge and both notices, each recorded once by the reactor;
 * the checkpoint keeps exactly the steps still to do across a restart, and a replay of the
 * whole log looks only at unfinished bookings; who gets nothing; and, on competing replicas,
 * what a replica says when another holds an email's claim or wins the invoice race.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { ERASED, messages, type BookingCancellation, type PlacedBooking } from '@stays/contracts';
import { inMemoryCompetingConsumers, openInMemoryEventStore, type EventStore } from '@stays/event-store';
import { createFileMediaStore, type EmailMessage, type Mailer, type MediaStore } from '@stays/service-kit';
import { bookingDocumentsReactor, competingBookingDocuments, type BookingDocumentsDeps } from '../src/reactors/booking-documents.ts';
import { memoryReactorCheckpoints, type ReactorCheckpointStore } from '../src/reactors/reactor-checkpoints.ts';
import { bookingPlaced, hotelCreated, hotelDelisted, ownerDeleted, ownerRegistered, unitsReserved } from './support/events.ts';
import { onStreamRead } from './support/on-stream-read.ts';
import { until } from './support/until.ts';

const quiet = () => undefined;
const ID = 'BK-1';
const STREAM = `booking-${ID}`;
const GUEST = 'asha@example.in';
const OWNER = 'ravi@example.in';

describe('booking documents', function () {
  let store: EventStore;
  let dir: string;
  let media: MediaStore;

  /** A log holding hotel h1 of owner o1 (Ravi), and an empty media store. */
  beforeEach(async () => {
    store = await openInMemoryEventStore();
    dir = await mkdtemp(path.join(tmpdir(), 'booking-documents-'));
    media = createFileMediaStore({ dir, publicBaseUrl: '/media' });
    await store.append('hotel-h1', [hotelCreated]);
    await store.append('owner-o1', [ownerRegistered]);
  });
  afterEach(async () => {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  describe('the sole reactor', function () {
    let checkpoints: ReactorCheckpointStore;
    let sent: EmailMessage[];
    /** Addresses the mail server refuses for now. */
    let refused: Set<string>;
    let renders: { booking: PlacedBooking; paid: boolean; cancellation: BookingCancellation | null | undefined }[];

    const mailer: Mailer = {
      send: async (message) => {
        if (refused.has(message.to)) throw new Error(`mail server refused ${message.to}`);
        sent.push(message);
        return { messageId: `<m${sent.length}@stays>` };
      },
    };
    const renderer = {
      size: 1,
      render: async (booking: PlacedBooking, paid: boolean, cancellation?: BookingCancellation | null) => {
        renders.push({ booking, paid, cancellation });
        return Buffer.from(`%PDF-1.4 invoice ${renders.length}`);
      },
      close: async () => void closes++,
    };
    let closes: number;
    const reactor = (options: Partial<BookingDocumentsDeps> = {}) =>
      bookingDocumentsReactor({ store, media, mailer, renderer, checkpoints, retryDelaysMs: [3_600_000], log: quiet, ...options });

    beforeEach(() => {
      checkpoints = memoryReactorCheckpoints();
      sent = [];
      refused = new Set();
      renders = [];
      closes = 0;
    });

    const types = async (streamId = STREAM) => (await store.readStream(streamId)).map((event) => event.type);
    const to = (address: string) => sent.filter((message) => message.to === address);
    /** The bookings the reactor's checkpoint still lists, with what each still needs. */
    const openWork = async () => ((await checkpoints.read('booking-documents'))?.state as { open: [string, unknown][] }).open;

    /** Runs the reactor until it has nothing left to do now, then stops it (saving its checkpoint). */
    async function runToIdle(options: Partial<BookingDocumentsDeps> = {}): Promise<void> {
      const documents = reactor(options);
      await documents.start();
      await documents.whenIdle();
      await documents.stop();
    }

    it('issues, stores and records the invoice, sends the guest the confirmation with it and the owner the notice, each recorded once by the reactor, and keeps nothing open', async () => {
      await store.append('inventory-r1', [unitsReserved(ID, [...bookingPlaced.data.nights], 2)]);
      await store.append(STREAM, [bookingPlaced]);
      await runToIdle();
      expect(await types()).to.deep.equal(['BookingPlaced', 'InvoiceIssued', 'BookingEmailSent', 'BookingNoticeSent']);
      expect(await types('inventory-r1'), 'the units stay taken').to.deep.equal(['UnitsReserved']);
      expect(closes, 'the renderer closed with the reactor').to.equal(1);
      const recorded = (await store.readStream(STREAM)).slice(1);
      expect(recorded.map((event) => event.metadata['actor'])).to.deep.equal(Array(3).fill('system:booking-documents'));
      const invoice = recorded[0]!.data as { invoicePDF: string; mediaId: string };
      expect(invoice.mediaId).to.equal(`Invoice_${ID}.pdf`);
      expect(invoice.invoicePDF).to.equal(`/media/Invoice_${ID}.pdf`);
      expect(recorded[2]!.data).to.deep.equal({ bookingID: ID, notice: 'owner-new-booking', messageId: '<m2@stays>' });

      expect(renders).to.have.length(1);
      expect(renders[0]).to.deep.include({ paid: false, cancellation: null });
      const [confirmation] = to(GUEST);
      expect(to(GUEST)).to.have.length(1);
      expect(confirmation!.attachments![0]!.content.toString()).to.equal('%PDF-1.4 invoice 1');
      expect(to(OWNER)).to.have.length(1);
      expect(to(OWNER)[0]!.subject).to.match(/^New booking/);
      expect(await openWork()).to.deep.equal([]);

      await runToIdle();
      expect(sent, 'a restart sends nothing again').to.have.length(2);
    });

    it('keeps in its checkpoint exactly the steps a failing mail server left, and does them after a restart', async () => {
      await store.append(STREAM, [bookingPlaced]);
      refused = new Set([GUEST, OWNER]);
      const logged: string[] = [];
      const first = reactor({ log: (line) => logged.push(line) });
      await first.start();
      await until(async () => (await types()).includes('InvoiceIssued'), 'the invoice');
      await until(async () => (await first.health(60_000)).position === (await store.headPosition()), 'the reactor to see its invoice recorded');
      await first.stop();
      expect(await openWork()).to.deep.equal([[ID, { invoice: false, email: true, release: false, notices: ['owner-new-booking'] }]]);
      expect(logged).to.deep.equal([`booking ${ID}: documents failed (1x), retrying in 3600000 ms: mail server refused ${GUEST}`]);

      refused = new Set([OWNER]);
      const second = reactor();
      await second.start();
      await until(async () => (await types()).includes('BookingEmailSent'), 'the confirmation');
      await until(async () => (await second.health(60_000)).position === (await store.headPosition()), 'the reactor to see its email recorded');
      await second.stop();
      expect(await openWork()).to.deep.equal([[ID, { invoice: false, email: false, release: false, notices: ['owner-new-booking'] }]]);
      // the invoice stored by the first run is the one attached, not a new render
      expect(renders).to.have.length(1);
      expect(to(GUEST)[0]!.attachments![0]!.content.toString()).to.equal('%PDF-1.4 invoice 1');

      refused = new Set();
      await runToIdle();
      expect(to(OWNER)).to.have.length(1);
      expect(to(GUEST)).to.have.length(1);
      expect(await openWork()).to.deep.equal([]);
    });

    it('replaying the whole log (its checkpoint lost) works only on the bookings with a step not recorded yet', async () => {
      const done = 'BK-DONE';
      await store.append(`booking-${done}`, [
        { ...bookingPlaced, data: { ...bookingPlaced.data, bookingID: done } },
        { type: 'InvoiceIssued', data: { bookingID: done, invoicePDF: '/media/d.pdf', mediaId: 'd.pdf' } },
        { type: 'BookingEmailSent', data: { bookingID: done, messageId: 'm0' } },
        { type: 'BookingNoticeSent', data: { bookingID: done, notice: 'owner-new-booking', messageId: 'm1' } },
      ]);
      await store.append(STREAM, [bookingPlaced, { type: 'InvoiceIssued', data: { bookingID: ID, invoicePDF: '/media/i.pdf', mediaId: 'i.pdf' } }]);
      await media.put({ bytes: Buffer.from('%PDF-1.4 stored'), contentType: 'application/pdf', extension: 'pdf', name: 'i.pdf' });
      const read: string[] = [];
      const watched = onStreamRead(store, (streamId) => read.push(streamId));
      await runToIdle({ store: watched });
      expect(read).not.to.include(`booking-${done}`);
      expect(read).to.include(STREAM);
      expect(sent.map((message) => message.to)).to.deep.equal([GUEST, OWNER]);
      expect(to(GUEST)[0]!.attachments![0]!.content.toString()).to.equal('%PDF-1.4 stored');
      expect(renders, 'the stored invoice is attached, not rendered again').to.deep.equal([]);
    });

    it('after a cancellation that cost something: gives the units back, issues an invoice showing the charge, tells the guest and the owner, each once', async () => {
      await store.append('inventory-r1', [unitsReserved(ID, [...bookingPlaced.data.nights], 2)]);
      await store.append(STREAM, [bookingPlaced]);
      await runToIdle();
      const cancellation = { cancelledAt: '2026-12-01T06:00:00.000Z', chargeAmount: 4_500, refundAmount: 0 };
      await store.append(STREAM, [{ type: 'BookingCancelled', data: { bookingID: ID, customerId: 'g1', ...cancellation }, metadata: { schemaVersion: 2 } }]);
      await runToIdle();

      expect(await types()).to.deep.equal([
        'BookingPlaced',
        'InvoiceIssued',
        'BookingEmailSent',
        'BookingNoticeSent',
        'BookingCancelled',
        'InvoiceIssued',
        'BookingNoticeSent',
        'BookingNoticeSent',
      ]);
      expect(await types('inventory-r1')).to.deep.equal(['UnitsReserved', 'UnitsReleased']);
      expect(renders.map((render) => render.cancellation)).to.deep.equal([null, cancellation]);
      const notices = (await store.readStream(STREAM)).filter((event) => event.type === 'BookingNoticeSent').map((event) => event.data['notice']);
      expect(notices).to.deep.equal(['owner-new-booking', 'guest-cancellation', 'owner-cancellation']);
      expect(to(GUEST).map((message) => message.subject)).to.have.length(2);
      expect(to(GUEST)[1]!.subject).to.match(/^Booking cancelled/);
      expect(to(OWNER)[1]!.subject).to.match(/was cancelled$/);
      expect(await openWork()).to.deep.equal([]);
    });

    it('a cancellation the reactor had not seen the placement of: the units given back and both told, no confirmation', async () => {
      await store.append('inventory-r1', [unitsReserved(ID, [...bookingPlaced.data.nights], 2)]);
      await store.append(STREAM, [bookingPlaced]);
      await store.append(STREAM, [
        { type: 'BookingCancelled', data: { bookingID: ID, customerId: 'g1', cancelledAt: '2026-12-01T06:00:00.000Z', chargeAmount: 0, refundAmount: 0 } },
      ]);
      await runToIdle();
      expect(await types()).to.deep.equal(['BookingPlaced', 'BookingCancelled', 'InvoiceIssued', 'BookingNoticeSent', 'BookingNoticeSent']);
      expect(await types('inventory-r1')).to.deep.equal(['UnitsReserved', 'UnitsReleased']);
      expect(sent.map((message) => message.to)).to.deep.equal([GUEST, OWNER]);
      expect(await openWork()).to.deep.equal([]);
    });

    it('tells no owner of a delisted hotel, nor a deleted owner; an erased guest gets nothing', async () => {
      await store.append('hotel-h1', [hotelDelisted]);
      await store.append(STREAM, [bookingPlaced]);
      await runToIdle();
      expect(sent.map((message) => message.to)).to.deep.equal([GUEST]);
      expect(await types()).to.deep.equal(['BookingPlaced', 'InvoiceIssued', 'BookingEmailSent']);

      const other = 'BK-2';
      await store.append('owner-o1', [ownerDeleted]);
      await store.append('hotel-h2', [{ ...hotelCreated, data: { ...hotelCreated.data, hotelId: 'h2' } }]);
      await store.append(`booking-${other}`, [{ ...bookingPlaced, data: { ...bookingPlaced.data, bookingID: other, hotelId: 'h2' } }]);
      const erased = 'BK-3';
      await store.append(`booking-${erased}`, [{ ...bookingPlaced, data: { ...bookingPlaced.data, bookingID: erased, customerEmail: ERASED } }]);
      await runToIdle();
      expect(sent.map((message) => message.to)).to.deep.equal([GUEST, GUEST]);
      expect(await types(`booking-${erased}`)).to.deep.equal(['BookingPlaced']);

      // cancelled: the deleted owner and the erased guest are told nothing, the others are
      const cancelled = (bookingID: string) => ({
        type: 'BookingCancelled',
        data: { bookingID, customerId: 'g1', cancelledAt: '2026-12-01T06:00:00.000Z', chargeAmount: 0, refundAmount: 0 },
        metadata: { schemaVersion: 2 },
      });
      sent.length = 0;
      for (const bookingID of [other, erased]) await store.append(`booking-${bookingID}`, [cancelled(bookingID)]);
      await runToIdle();
      expect(sent.map((message) => `${message.to} ${message.subject}`)).to.deep.equal([
        `${GUEST} Booking cancelled: ${other} at ${hotelCreated.data.hotelName}`,
      ]);
    });

    it("writes the hotel's details from the booking's own copy once the hotel's stream is gone", async () => {
      const elsewhere = 'BK-4';
      await store.append(`booking-${elsewhere}`, [
        { ...bookingPlaced, data: { ...bookingPlaced.data, bookingID: elsewhere, hotelId: 'h-gone', hotelAddress: '7 Old Mill Lane', hotelCity: 'Nashik' } },
      ]);
      await runToIdle();
      expect(sent.map((message) => message.to)).to.deep.equal([GUEST]);
      expect(sent[0]!.text).to.include('7 Old Mill Lane').and.include('Nashik');
      // no phone and no times to give: their lines are left out, not written empty
      const { text } = sent[0]!;
      expect(text).not.to.include(hotelCreated.data.phoneNumber).and.not.to.include(`${messages.emails.labels.phone}:`);
      expect(text).not.to.include(', from ').and.not.to.include(', by ');
    });
  });

  describe('on competing replicas, when another holds the claim', function () {
    /** The first line a replica logs about the booking, with the claims of `claimed` made by another replica just now; none sent to `claimedTo`. */
    /** `whileRendering`: what happens in the log while the replica renders its invoice (another replica's claim). */
    async function firstLineAbout(
      claimedTo: string,
      claimed: { type: string; data: Record<string, unknown> }[],
      whileRendering?: () => Promise<unknown>,
    ): Promise<string> {
      await store.append(STREAM, [bookingPlaced, ...claimed]);
      const lines: string[] = [];
      const sent: EmailMessage[] = [];
      const replica = competingBookingDocuments({
        store,
        media,
        mailer: { send: async (message) => (sent.push(message), { messageId: 'm' }) },
        renderer: { size: 1, render: async () => (await whileRendering?.(), Buffer.from('%PDF-1.4')), close: async () => undefined },
        consumers: inMemoryCompetingConsumers(store),
        emailClaimLeaseMs: 60_000,
        retryDelaysMs: [50],
        messageTimeoutMs: 3_600_000,
        log: (line) => lines.push(line),
      });
      replica.start();
      await until(() => lines.length > 0, 'a line');
      await replica.stop();
      expect(
        sent.filter((message) => message.to === claimedTo),
        'the claimed email',
      ).to.deep.equal([]);
      return lines[0]!;
    }

    it('says whose the confirmation is and for how long, and sends it not', async () => {
      const line = await firstLineAbout(GUEST, [{ type: 'InvoiceIssued', data: { bookingID: ID, invoicePDF: '/media/i.pdf', mediaId: 'i.pdf' } }]);
      expect(line).to.equal(
        `booking ${ID}: documents failed (delivery 1), handed back to the group: booking ${ID}: another consumer claimed the confirmation email (its claim expires in 60 s)`,
      );
    });

    it('sends no confirmation when it loses the race to issue the invoice', async () => {
      const invoice = { type: 'InvoiceIssued', data: { bookingID: ID, invoicePDF: '/media/i.pdf', mediaId: 'i.pdf' } };
      const line = await firstLineAbout(GUEST, [], () => store.append(STREAM, [invoice]));
      expect(line).to.equal(
        `booking ${ID}: documents failed (delivery 1), handed back to the group: booking ${ID}: another consumer claimed the confirmation email (its claim expires in 60 s)`,
      );
      expect(
        (await store.readStream(STREAM)).filter((event) => event.type === 'InvoiceIssued'),
        'one invoice recorded',
      ).to.have.length(1);
    });

    it("says whose the owner's notice is and for how long, and sends it not", async () => {
      const line = await firstLineAbout(OWNER, [
        { type: 'InvoiceIssued', data: { bookingID: ID, invoicePDF: '/media/i.pdf', mediaId: 'i.pdf' } },
        { type: 'BookingEmailSent', data: { bookingID: ID, messageId: 'm0' } },
        { type: 'BookingNoticeClaimed', data: { bookingID: ID, notice: 'owner-new-booking' } },
      ]);
      expect(line).to.equal(
        `booking ${ID}: documents failed (delivery 1), handed back to the group: booking ${ID}: another consumer claimed the owner-new-booking email (its claim expires in 60 s)`,
      );
    });
  });
});
