/**
 * The booking documents reactor as competing replicas: two instances on one consumer
 * group, with a message timeout short enough that events are redelivered to the other
 * replica while the first still works on them. Every booking still gets exactly one email,
 * and an email whose claimant died goes out once the claim's lease has passed. Notices are
 * claimed in the log, whatever the delivery's retry count, and none is sent about an old event.
 * A mail server down for many deliveries delays the emails and parks nothing.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  eventStoreDBCompetingConsumers,
  inMemoryCompetingConsumers,
  openEmbeddedEventStore,
  openInMemoryEventStore,
  type CompetingConsumers,
  type EventStore,
} from '@stays/event-store';
import { SimulatedEventStoreDB, eventStoreOnSimulation } from '@stays/event-store/test-support/simulated-eventstoredb';
import { createFileMediaStore, type EmailMessage, type Mailer, type MediaStore } from '@stays/service-kit';
import { bookingDocumentsReactor, competingBookingDocuments, type CompetingBookingDocumentsDeps } from '../src/reactors/booking-documents.ts';
import { mayEmailNow } from '../src/reactors/email-claim.ts';
import { bookingPlaced, hotelCreated, ownerRegistered } from './support/events.ts';
import { onStreamRead } from './support/on-stream-read.ts';
import { until } from './support/until.ts';

const quiet = () => undefined;
const placed = (bookingID: string) => ({ type: 'BookingPlaced', data: { ...bookingPlaced.data, bookingID } });

describe('email claim', () => {
  const issuedAt = '2030-01-01T00:00:00.000Z';
  const at = (ms: number) => Date.parse(issuedAt) + ms;

  it('lets the replica that issued the invoice send at once, any other only once the lease has passed', () => {
    expect(mayEmailNow({ claimedHere: true, claimedAt: issuedAt, now: at(0), leaseMs: 60_000 })).to.equal(true);
    expect(mayEmailNow({ claimedHere: false, claimedAt: issuedAt, now: at(59_999), leaseMs: 60_000 })).to.equal(false);
    expect(mayEmailNow({ claimedHere: false, claimedAt: issuedAt, now: at(60_000), leaseMs: 60_000 })).to.equal(true);
  });

  it('never lets an unreadable issue time count as an expired claim', () => {
    expect(mayEmailNow({ claimedHere: false, claimedAt: '', now: at(10 ** 12), leaseMs: 1 })).to.equal(false);
  });
});

describe('booking documents on competing replicas', function () {
  let store: EventStore;
  let dir: string;
  let media: MediaStore;
  const sent: EmailMessage[] = [];
  // slow enough that the group redelivers each event to the other replica while the first is still sending
  const mailer: Mailer = {
    send: async (message) => {
      await sleep(120);
      sent.push(message);
      return { messageId: `m${sent.length}` };
    },
  };
  const renderer = { size: 2, render: async () => (await sleep(40), Buffer.from('%PDF-1.4 invoice')), close: async () => undefined };

  beforeEach(async () => {
    store = await openInMemoryEventStore();
    dir = await mkdtemp(path.join(tmpdir(), 'competing-documents-'));
    media = createFileMediaStore({ dir, publicBaseUrl: '/media' });
    sent.length = 0;
  });
  afterEach(async () => {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** `consumers`, recording the retry count of each delivery its members get. */
  const watched = (consumers: CompetingConsumers, retryCounts: number[]): CompetingConsumers => ({
    subscribe: (options, handler) =>
      consumers.subscribe(options, {
        ...handler,
        handle: (delivery) => {
          retryCounts.push(delivery.retryCount);
          return handler.handle(delivery);
        },
      }),
  });

  /** Each booking got one email, its invoice and email recorded once. */
  async function expectOneEmailEach(log: EventStore, ids: readonly string[]): Promise<void> {
    for (const id of ids) {
      expect(
        sent.filter((message) => message.subject.includes(id)),
        id,
      ).to.have.length(1);
      const types = (await log.readStream(`booking-${id}`)).map((event) => event.type);
      expect(types, id).to.deep.equal(['BookingPlaced', 'InvoiceIssued', 'BookingEmailSent']);
    }
  }

  // a message timeout shorter than an email (160 ms with its invoice) redelivers events mid-work; one much shorter would run them through their ten retries while they wait their turn
  const replica = (consumers: CompetingBookingDocumentsDeps['consumers'], options: Partial<CompetingBookingDocumentsDeps> = {}) =>
    competingBookingDocuments({ store, media, mailer, renderer, consumers, messageTimeoutMs: 100, retryDelaysMs: [25], log: quiet, ...options });

  /** The hotel h1 of owner o1 (ravi@example.in), both in the log. */
  async function hotelAndOwner(log: EventStore = store): Promise<void> {
    await log.append('hotel-h1', [hotelCreated]);
    await log.append('owner-o1', [ownerRegistered]);
  }

  it('two replicas on one group send each booking exactly one email, though events are redelivered mid-work', async () => {
    const ids = Array.from({ length: 12 }, (_, i) => `BK-RACE${String(i).padStart(4, '0')}`);
    for (const id of ids) await store.append(`booking-${id}`, [placed(id)]);
    const consumers = inMemoryCompetingConsumers(store);
    const retryCounts: number[] = [];
    const [a, b] = [replica(watched(consumers, retryCounts)), replica(watched(consumers, retryCounts))];
    a.start();
    b.start();
    const emailRecorded = async (id: string) => (await store.readStream(`booking-${id}`)).some((event) => event.type === 'BookingEmailSent');
    await until(async () => (await Promise.all(ids.map(emailRecorded))).every(Boolean), 'every email to be recorded');
    await until(() => a.health().inFlight + b.health().inFlight === 0, 'the replicas to settle');
    await sleep(200); // redeliveries still in the group find the email recorded and send nothing
    await a.stop();
    await b.stop();

    await expectOneEmailEach(store, ids);
    expect(a.health().acknowledged, 'replica a worked').to.be.greaterThan(0);
    expect(b.health().acknowledged, 'replica b worked').to.be.greaterThan(0);
    expect(Math.max(...retryCounts), 'events delivered again').to.be.greaterThan(0);
    expect(consumers.parked('booking-documents')).to.deep.equal([]);
  });

  it("two replicas on EventStoreDB's persistent subscriptions (simulated) send each booking one email through redeliveries and a dropped connection", async () => {
    const simulation = new SimulatedEventStoreDB({ sendsCaughtUp: true });
    const onServer = eventStoreOnSimulation(simulation);
    const ids = Array.from({ length: 12 }, (_, i) => `BK-DROP${String(i).padStart(4, '0')}`);
    for (const id of ids) await onServer.append(`booking-${id}`, [placed(id)]);
    const consumers = eventStoreDBCompetingConsumers(simulation.client(), quiet, { initialDelayMs: 5, maxDelayMs: 20 });
    const [a, b] = [replica(consumers, { store: onServer }), replica(consumers, { store: onServer })];
    a.start();
    b.start();
    const emailRecorded = async (id: string) => (await onServer.readStream(`booking-${id}`)).some((event) => event.type === 'BookingEmailSent');
    await until(() => sent.length >= 3, 'the first emails');
    simulation.dropSubscriptions();
    await until(async () => (await Promise.all(ids.map(emailRecorded))).every(Boolean), 'every email to be recorded');
    const group = simulation.group('booking-documents')!;
    await until(() => a.health().inFlight + b.health().inFlight === 0 && group.unanswered() === 0, 'the replicas to settle');
    await until(() => a.health().healthy && b.health().healthy && group.memberCount() === 2, 'both replicas to have joined again');
    await a.stop();
    await b.stop();
    await expectOneEmailEach(onServer, ids);
    expect(
      group.pushes.some((push) => push.retryCount > 0),
      'events were delivered again',
    ).to.equal(true);
    expect(group.parked).to.deep.equal([]);
    await onServer.close();
  });

  it("gets the guest's confirmation out once a mail server down for more than ten deliveries is back, on EventStoreDB's persistent subscriptions (simulated): nothing is parked", async () => {
    const simulation = new SimulatedEventStoreDB({ sendsCaughtUp: true });
    const onServer = eventStoreOnSimulation(simulation);
    await onServer.append('booking-BK-DOWN', [placed('BK-DOWN')]);
    let refusals = 0;
    const down: Mailer = {
      send: async (message) => {
        if (refusals < 15) {
          refusals++;
          throw new Error('connect ECONNREFUSED 10.0.0.25:587');
        }
        return mailer.send(message);
      },
    };
    const consumers = eventStoreDBCompetingConsumers(simulation.client(), quiet, { initialDelayMs: 5, maxDelayMs: 20 });
    const alone = replica(consumers, { store: onServer, mailer: down, messageTimeoutMs: 5_000, retryDelaysMs: [5] });
    alone.start();
    await until(() => sent.length === 1 || alone.health().parked > 0, 'the email, or the event parked');
    await alone.stop();
    expect(alone.health().parked, 'events parked').to.equal(0);
    expect(simulation.group('booking-documents')!.parked).to.deep.equal([]);
    expect(refusals).to.equal(15);
    await expectOneEmailEach(onServer, ['BK-DOWN']);
    await onServer.close();
  });

  it("two replicas send the owner's new-booking notice and both cancellation notices exactly once each, recorded, though events are redelivered", async () => {
    await hotelAndOwner();
    const ids = Array.from({ length: 6 }, (_, i) => `BK-NOTE${String(i).padStart(4, '0')}`);
    for (const id of ids) await store.append(`booking-${id}`, [placed(id)]);
    const consumers = inMemoryCompetingConsumers(store);
    const retryCounts: number[] = [];
    const [a, b] = [replica(watched(consumers, retryCounts)), replica(watched(consumers, retryCounts))];
    a.start();
    b.start();
    const cancelled = (id: string) => ({
      type: 'BookingCancelled',
      data: { bookingID: id, customerId: 'g1', cancelledAt: new Date().toISOString(), chargeAmount: 0, refundAmount: 0 },
    });
    for (const id of ids) await store.append(`booking-${id}`, [cancelled(id)]);
    const noticesOf = async (id: string) =>
      (await store.readStream(`booking-${id}`)).filter((event) => event.type === 'BookingNoticeSent').map((event) => event.data['notice']);
    await until(
      async () => (await Promise.all(ids.map(noticesOf))).every((notices) => notices.includes('owner-cancellation') && notices.includes('guest-cancellation')),
      'every cancellation notice',
    );
    await until(() => a.health().inFlight + b.health().inFlight === 0, 'the replicas to settle');
    await sleep(200);
    await a.stop();
    await b.stop();
    for (const id of ids) {
      const about = sent.filter((message) => message.subject.includes(id));
      expect(
        about.filter((message) => message.to === 'ravi@example.in' && message.subject.startsWith('New booking')),
        `${id} new booking`,
      ).to.have.length((await noticesOf(id)).includes('owner-new-booking') ? 1 : 0);
      expect(
        about.filter((message) => message.to === 'ravi@example.in' && message.subject.endsWith('was cancelled')),
        `${id} owner cancellation`,
      ).to.have.length(1);
      expect(
        about.filter((message) => message.to === 'asha@example.in' && message.subject.startsWith('Booking cancelled')),
        `${id} guest cancellation`,
      ).to.have.length(1);
      const notices = await noticesOf(id);
      expect(
        notices.filter((notice) => notice === 'guest-cancellation'),
        id,
      ).to.have.length(1);
      expect(
        notices.filter((notice) => notice === 'owner-cancellation'),
        id,
      ).to.have.length(1);
    }
    expect(Math.max(...retryCounts), 'events delivered again').to.be.greaterThan(0);
    expect(consumers.parked('booking-documents')).to.deep.equal([]);
  });

  const toOwner = (id: string) => sent.filter((message) => message.to === 'ravi@example.in' && message.subject.includes(id));
  const bookingEvents = async (id: string) => (await store.readStream(`booking-${id}`)).map((event) => event.type);

  /** `consumers`, each delivery handed on as the group's retry `retryCount` of it. */
  const deliveredAgain = (consumers: CompetingConsumers, retryCount: number): CompetingConsumers => ({
    subscribe: (options, handler) => consumers.subscribe(options, { ...handler, handle: (delivery) => handler.handle({ ...delivery, retryCount }) }),
  });

  it("tells the owner at once of a booking whose first delivery went to a replica that closed before handling it: the notice's claim is recorded in the log, not read from the delivery's count", async () => {
    await hotelAndOwner();
    const id = 'BK-HANDBACK1';
    await store.append(`booking-${id}`, [placed(id)]);
    // the group took the event back from a replica that left with it unhandled: it comes one retry higher
    const survivor = replica(deliveredAgain(inMemoryCompetingConsumers(store), 1), { messageTimeoutMs: 5_000, retryDelaysMs: [100] });
    survivor.start();
    await until(() => toOwner(id).length === 1, "the owner's notice", 3_000);
    await survivor.stop();
    expect(await bookingEvents(id)).to.deep.equal(['BookingPlaced', 'InvoiceIssued', 'BookingEmailSent', 'BookingNoticeClaimed', 'BookingNoticeSent']);
  });

  it("leaves a notice claimed in the log by another replica alone until the claim's lease has passed, then sends it once", async () => {
    await hotelAndOwner();
    const id = 'BK-NOTECLAIM';
    await store.append(`booking-${id}`, [placed(id)]);
    const stored = await media.put({ bytes: Buffer.from('%PDF-1.4 invoice'), contentType: 'application/pdf', extension: 'pdf', name: `Invoice_${id}.pdf` });
    // another replica issued the invoice, sent the confirmation, claimed the owner's notice and died before sending it
    await store.append(`booking-${id}`, [
      { type: 'InvoiceIssued', data: { bookingID: id, invoicePDF: stored.url, mediaId: stored.id } },
      { type: 'BookingEmailSent', data: { bookingID: id, messageId: 'm0' } },
      { type: 'BookingNoticeClaimed', data: { bookingID: id, notice: 'owner-new-booking' } },
    ]);
    const survivor = replica(inMemoryCompetingConsumers(store), { emailClaimLeaseMs: 400, messageTimeoutMs: 5_000, retryDelaysMs: [100] });
    const started = Date.now();
    survivor.start();
    await until(() => toOwner(id).length === 1, "the owner's notice");
    await survivor.stop();
    expect(Date.now() - started).to.be.greaterThan(300);
    expect(sent, 'no confirmation again').to.have.length(1);
    expect(await bookingEvents(id)).to.deep.equal(['BookingPlaced', 'InvoiceIssued', 'BookingEmailSent', 'BookingNoticeClaimed', 'BookingNoticeSent']);
  });

  it('tells owners at once of bookings the simulated server took back, one retry higher, from a replica that stopped (a rolling deploy)', async () => {
    const simulation = new SimulatedEventStoreDB({ sendsCaughtUp: true });
    const onServer = eventStoreOnSimulation(simulation);
    await hotelAndOwner(onServer);
    const ids = Array.from({ length: 4 }, (_, i) => `BK-DEPLOY${String(i).padStart(3, '0')}`);
    for (const id of ids) await onServer.append(`booking-${id}`, [placed(id)]);
    const consumers = eventStoreDBCompetingConsumers(simulation.client(), quiet, { initialDelayMs: 5, maxDelayMs: 20 });
    // one booking at a time: the answer to the one in hand makes room, and the server pushes the next into the stopping replica
    const old = replica(consumers, { store: onServer, concurrency: 1, messageTimeoutMs: 5_000 });
    old.start();
    await until(() => old.health().inFlight === 1, 'the old replica to hold a booking');
    await old.stop();
    const group = simulation.group('booking-documents')!;
    expect(
      group.pushes.filter((push) => push.member === 1),
      'pushed to the old replica: the booking it answered, and one it left',
    ).to.have.length(2);
    const next = replica(consumers, { store: onServer, messageTimeoutMs: 5_000 });
    next.start();
    const noticeRecorded = async (id: string) => (await onServer.readStream(`booking-${id}`)).some((event) => event.type === 'BookingNoticeSent');
    // well within the claim's lease (15 minutes): nothing waits on a claim no replica made
    await until(async () => (await Promise.all(ids.map(noticeRecorded))).every(Boolean), "every owner's notice", 5_000);
    await next.stop();
    expect(group.pushes.some((push) => push.member === 2 && push.retryCount === 1)).to.equal(true);
    for (const id of ids) {
      expect(toOwner(id), id).to.have.length(1);
      expect(
        sent.filter((message) => message.to === 'asha@example.in' && message.subject.includes(id)),
        id,
      ).to.have.length(1);
    }
    await onServer.close();
  });

  it('sends no notice another replica sent while this one was preparing it', async () => {
    await hotelAndOwner();
    const id = 'BK-OVERTAKEN';
    await store.append(`booking-${id}`, [placed(id)]);
    let overtaken = false;
    // the other replica claims, sends and records the owner's notice while this one reads the owner's address
    const interleaved = onStreamRead(store, async (streamId) => {
      if (streamId !== 'owner-o1' || overtaken) return;
      overtaken = true;
      await store.append(`booking-${id}`, [
        { type: 'BookingNoticeClaimed', data: { bookingID: id, notice: 'owner-new-booking' } },
        { type: 'BookingNoticeSent', data: { bookingID: id, notice: 'owner-new-booking', messageId: 'other' } },
      ]);
    });
    const logged: string[] = [];
    const late = replica(inMemoryCompetingConsumers(store), { store: interleaved, log: (line) => logged.push(line) });
    late.start();
    await until(() => late.health().acknowledged === 1 && late.health().inFlight === 0, 'the booking to be answered');
    await late.stop();
    expect(overtaken).to.equal(true);
    expect(toOwner(id)).to.deep.equal([]);
    expect(logged, 'answered at its first delivery, no failure').to.deep.equal([]);
    expect(await bookingEvents(id)).to.deep.equal(['BookingPlaced', 'InvoiceIssued', 'BookingEmailSent', 'BookingNoticeClaimed', 'BookingNoticeSent']);
  });

  describe('a log read from long ago', () => {
    const [kept, cancelled] = ['BK-OLDPLACED', 'BK-OLDCANCEL'];
    let log: EventStore;
    let clock: () => Date;

    /** A booking placed, another placed and cancelled, 30 days ago. */
    beforeEach(async () => {
      clock = () => new Date(Date.now() - 30 * 24 * 3600_000);
      log = await openEmbeddedEventStore(path.join(dir, 'log'), { now: () => clock() });
      await hotelAndOwner(log);
      await log.append(`booking-${kept}`, [placed(kept)]);
      await log.append(`booking-${cancelled}`, [placed(cancelled)]);
      await log.append(`booking-${cancelled}`, [
        { type: 'BookingCancelled', data: { bookingID: cancelled, customerId: 'g1', cancelledAt: clock().toISOString(), chargeAmount: 0, refundAmount: 0 } },
      ]);
      clock = () => new Date();
    });
    afterEach(async () => log.close());

    /** The old booking's confirmation sent; no notice sent or recorded about either booking. */
    async function expectDocumentsWithoutNotices(): Promise<void> {
      expect(sent.map((message) => message.to)).to.deep.equal(['asha@example.in']);
      expect((await log.readStream(`booking-${kept}`)).map((event) => event.type)).to.deep.equal(['BookingPlaced', 'InvoiceIssued', 'BookingEmailSent']);
      expect((await log.readStream(`booking-${cancelled}`)).map((event) => event.type)).to.deep.equal(['BookingPlaced', 'BookingCancelled', 'InvoiceIssued']);
    }

    it('a replica of a group created over it completes the documents but sends no notice about events older than a week', async () => {
      const late = replica(inMemoryCompetingConsumers(log), { store: log });
      late.start();
      await until(() => late.health().acknowledged === 3 && late.health().inFlight === 0, 'the three events to be answered');
      await late.stop();
      await expectDocumentsWithoutNotices();
    });

    it('a replica still tells the owner of a booking placed six days ago', async () => {
      const recent = 'BK-SIXDAYS';
      clock = () => new Date(Date.now() - 6 * 24 * 3600_000);
      await log.append(`booking-${recent}`, [placed(recent)]);
      clock = () => new Date();
      const late = replica(inMemoryCompetingConsumers(log), { store: log });
      late.start();
      await until(() => late.health().acknowledged === 4 && late.health().inFlight === 0, 'the four events to be answered');
      await late.stop();
      expect(sent.filter((message) => message.to === 'ravi@example.in').map((message) => message.subject)).to.have.length(1);
      expect(sent.filter((message) => message.to === 'ravi@example.in')[0]!.subject).to.include(recent);
    });

    it('the sole reactor, its checkpoint lost, does the same', async () => {
      const sole = bookingDocumentsReactor({ store: log, media, mailer, renderer, log: quiet });
      await sole.start();
      await sole.whenIdle();
      await sole.stop();
      await expectDocumentsWithoutNotices();
    });
  });

  it("sends the email of a replica that died after issuing the invoice, once the claim's lease has passed", async () => {
    const id = 'BK-ORPHAN01';
    await store.append(`booking-${id}`, [placed(id)]);
    // the invoice issued by a replica that died before sending
    const stored = await media.put({ bytes: Buffer.from('%PDF-1.4 invoice'), contentType: 'application/pdf', extension: 'pdf', name: `Invoice_${id}.pdf` });
    await store.append(`booking-${id}`, [{ type: 'InvoiceIssued', data: { bookingID: id, invoicePDF: stored.url, mediaId: stored.id } }]);
    const consumers = inMemoryCompetingConsumers(store);
    const survivor = replica(consumers, { emailClaimLeaseMs: 400, messageTimeoutMs: 5_000, retryDelaysMs: [100] });
    const started = Date.now();
    survivor.start();
    await until(() => sent.length === 1, 'the email');
    await survivor.stop();
    expect(Date.now() - started).to.be.greaterThan(300);
    expect(sent[0]!.subject).to.contain(id);
  });
});
