/**
 * The reactors keep a checkpoint: a restart follows the log on from where the last run
 * left it, with what it knew then (work left, reservations waiting), instead of replaying
 * everything; what they drive stays idempotent. And their health follows their
 * subscription: unhealthy while EventStoreDB is out of reach, healthy once they resume.
 */
import { TERMS_BEFORE_POLICIES, type PlacedBooking } from '@stays/contracts';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { openInMemoryEventStore, type EventStore, type RecordedEvent } from '@stays/event-store';
import { SimulatedEventStoreDB, eventStoreOnSimulation } from '@stays/event-store/test-support/simulated-eventstoredb';
import { createFileMediaStore, type EmailMessage, type Mailer } from '@stays/service-kit';
import { bookingDocumentsReactor } from '../src/reactors/booking-documents.ts';
import { orphanedUnitsReconciler } from '../src/reactors/orphaned-units.ts';
import { memoryReactorCheckpoints } from '../src/reactors/reactor-checkpoints.ts';
import { bookingPlaced } from './support/events.ts';
import { until } from './support/until.ts';

const quiet = () => undefined;

/** The store, with a record of where each subscription started and how many events it was handed. */
function spied(store: EventStore) {
  const subscriptions: { after: number | undefined; delivered: RecordedEvent[] }[] = [];
  const spy: EventStore = {
    append: (...args) => store.append(...args),
    readStream: (...args) => store.readStream(...args),
    readAll: (...args) => store.readAll(...args),
    readAt: (positions) => store.readAt(positions),
    headPosition: () => store.headPosition(),
    close: () => store.close(),
    subscribeToAll: (options, handler) => {
      const record = { after: options.after, delivered: [] as RecordedEvent[] };
      subscriptions.push(record);
      return store.subscribeToAll(options, { ...handler, onBatch: (events) => (record.delivered.push(...events), handler.onBatch(events)) });
    },
  };
  return { spy, subscriptions };
}

const placed = (bookingID: string) => ({ type: 'BookingPlaced', data: { ...bookingPlaced.data, bookingID } });
const reserved = (bookingID: string, roomId: string) => ({
  type: 'UnitsReserved',
  data: { bookingID, roomId, nights: ['2030-01-10', '2030-01-11'], units: 1 },
});

describe('reactor checkpoints', function () {
  let store: EventStore;

  beforeEach(async function () {
    store = await openInMemoryEventStore();
  });
  afterEach(async function () {
    await store.close();
  });

  it('the orphaned units reconciler restarts after its checkpoint, remembering the reservations it waits on', async function () {
    const checkpoints = memoryReactorCheckpoints();
    await store.append('inventory-room1', [reserved('BK-ORPHAN1', 'room1')]);
    await store.append('inventory-room2', [reserved('BK-PLACED1', 'room2')]);
    await store.append('booking-BK-PLACED1', [placed('BK-PLACED1')]);
    const seenByFirst = (await store.headPosition())!;

    const first = orphanedUnitsReconciler({ store, checkpoints, graceMs: 3_600_000, log: quiet });
    await first.start();
    await until(async () => (await first.health(60_000)).position === seenByFirst, 'the first run to follow the log');
    await first.stop();

    await store.append('inventory-room3', [reserved('BK-LATER', 'room3')]);
    await store.append('booking-BK-LATER', [placed('BK-LATER')]);
    const { spy, subscriptions } = spied(store);
    const second = orphanedUnitsReconciler({ store: spy, checkpoints, graceMs: 1000, now: () => new Date(Date.now() + 3_600_000), log: quiet });
    await second.start();
    await until(async () => (await second.health(60_000)).position === (await store.headPosition()), 'the second run to catch up');

    expect(subscriptions[0]!.after).to.equal(seenByFirst);
    expect(subscriptions[0]!.delivered.map((event) => event.type)).to.deep.equal(['UnitsReserved', 'BookingPlaced']);
    await second.sweep();
    expect((await store.readStream('inventory-room1')).map((event) => event.type)).to.deep.equal(['UnitsReserved', 'UnitsReleased']);
    expect((await store.readStream('inventory-room2')).map((event) => event.type)).to.deep.equal(['UnitsReserved']);
    await second.stop();
  });

  it('the booking documents reactor restarts after its checkpoint and finishes the work it had left', async function () {
    const dir = await mkdtemp(path.join(tmpdir(), 'reactor-checkpoints-'));
    try {
      const checkpoints = memoryReactorCheckpoints();
      const media = createFileMediaStore({ dir, publicBaseUrl: '/media' });
      const renderer = { size: 1, render: async () => Buffer.from('%PDF-1.4 invoice'), close: async () => undefined };
      const sent: EmailMessage[] = [];
      let mailFails = true;
      const mailer: Mailer = {
        send: async (message) => {
          if (mailFails) throw new Error('SMTP is down');
          sent.push(message);
          return { messageId: `m${sent.length}` };
        },
      };
      await store.append('booking-BK-TEST0001', [{ type: 'BookingPlaced', data: { ...booking } }]);

      const first = bookingDocumentsReactor({ store, media, mailer, renderer, checkpoints, retryDelaysMs: [3_600_000], log: quiet });
      await first.start();
      await until(async () => (await store.readStream('booking-BK-TEST0001')).some((event) => event.type === 'InvoiceIssued'), 'the invoice');
      const head = (await store.headPosition())!;
      await until(async () => (await first.health(60_000)).position === head, 'the first run to see its own invoice event');
      await first.stop();

      mailFails = false;
      const { spy, subscriptions } = spied(store);
      const second = bookingDocumentsReactor({ store: spy, media, mailer, renderer, checkpoints, log: quiet });
      await second.start();
      await until(() => sent.length > 0, 'the email');
      await until(async () => (await store.readStream('booking-BK-TEST0001')).some((event) => event.type === 'BookingEmailSent'), 'the email to be recorded');
      await second.whenIdle();

      expect(subscriptions[0]!.after).to.equal(head);
      expect(subscriptions[0]!.delivered.every((event) => event.position > head)).to.equal(true);
      expect((await store.readStream('booking-BK-TEST0001')).map((event) => event.type)).to.deep.equal(['BookingPlaced', 'InvoiceIssued', 'BookingEmailSent']);
      expect(sent.map((message) => message.to)).to.deep.equal([booking.customerEmail]);
      await second.stop();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('reactor health', function () {
  it('is unhealthy while EventStoreDB is down and healthy again once the reactors resume', async function () {
    const simulation = new SimulatedEventStoreDB({ sendsCaughtUp: true });
    const store = eventStoreOnSimulation(simulation);
    const reconciler = orphanedUnitsReconciler({ store, log: quiet });
    const documents = bookingDocumentsReactor({
      store,
      media: createFileMediaStore({ dir: '/nonexistent-media', publicBaseUrl: '/media' }),
      mailer: { send: async () => ({ messageId: 'm' }) },
      renderer: { size: 1, render: async () => Buffer.from(''), close: async () => undefined },
      log: quiet,
    });
    try {
      await store.append('inventory-room1', [reserved('BK-1', 'room1')]);
      await reconciler.start();
      await documents.start();
      const healthy = async () => (await reconciler.health(60_000)).healthy && (await documents.health(60_000)).healthy;
      await until(healthy, 'both reactors to follow the log');

      simulation.stop();
      await until(async () => !(await healthy()), 'the reactors to notice');
      expect(await reconciler.health(60_000)).to.include({ healthy: false, state: 'retrying', lagMs: null });
      expect((await documents.health(60_000)).error).to.match(/^UnavailableError/);

      simulation.start();
      await store.append('inventory-room2', [reserved('BK-2', 'room2')]);
      await until(healthy, 'the reactors to resume');
      expect((await reconciler.health(60_000)).position).to.equal(await store.headPosition());
    } finally {
      await documents.stop();
      await reconciler.stop();
      await store.close();
    }
  });
});

const booking: PlacedBooking = {
  bookingID: 'BK-TEST0001',
  customerId: 'c1',
  customerName: 'Asha Rao',
  customerEmail: 'asha@example.com',
  customerPhoneNumber: '9876543210',
  hotelId: 'h1',
  ownerId: 'o1',
  hotelName: 'Sea View Inn',
  hotelAddress: '1 Beach Road',
  hotelCity: 'Goa',
  roomId: 'r1',
  roomType: 'Room',
  roomStandard: 'Deluxe',
  numberOfRooms: 1,
  numberOfGuests: 2,
  numberOfNights: 2,
  dateOfBooking: '2030-01-01',
  dateOfCommencement: '2030-01-10',
  nights: ['2030-01-10', '2030-01-11'],
  units: 1,
  pricePerNight: 3000,
  totalAmount: 6000,
  discountAmount: 1200,
  payableAmount: 4800,
  paymentMethod: 'pay-at-hotel',
  cancellationPolicy: TERMS_BEFORE_POLICIES,
};
