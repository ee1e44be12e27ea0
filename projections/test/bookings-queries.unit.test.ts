/**
 * The bookings read model's queries as given/when/then: given bookings projected into the
 * read model, when a guest, an owner or an auditor reads them, then exactly their bookings
 * come back, newest first, without the model's internal fields; and whose a booking is.
 */
import { expect } from 'chai';
import type { DomainEvent } from '@stays/contracts';
import { bookingsReadModel, liveReadModels } from '../src/index.ts';
import type { BookingQueries } from '../src/read-models/bookings.ts';
import { placed } from './support/booking-placed.ts';
import { projectInto, recordedAt } from './support/project-events.ts';

// recorded one second apart, in this order: BK-3 is the newest
const events: DomainEvent[] = [
  placed({ bookingID: 'BK-1' }),
  placed({ bookingID: 'BK-2', customerId: 'c2', hotelId: 'h2', ownerId: 'o2', dateOfCommencement: '2026-12-10', nights: ['2026-12-10'] }),
  placed({ bookingID: 'BK-3', dateOfCommencement: '2026-12-20', nights: ['2026-12-20'] }),
];
const now = new Date('2026-11-20T06:00:00.000Z');

describe('bookings read model: the queries', () => {
  let queries: BookingQueries;
  before(async () => {
    const readStore = await projectInto(bookingsReadModel, events);
    queries = bookingsReadModel.queries(liveReadModels(readStore).store(bookingsReadModel));
  });

  it("answers a guest's and a hotel's bookings newest first, without the model's internal fields", async () => {
    const ofGuest = await queries.bookingsOfGuest('c1');
    expect(ofGuest.map((booking) => booking.bookingID)).to.deep.equal(['BK-3', 'BK-1']);
    for (const booking of ofGuest) expect(booking).to.not.have.any.keys('ownerId', 'lastNight', 'customerEmailKey', '_position');
    expect(ofGuest[1]).to.include({ bookingID: 'BK-1', customerID: 'c1', hotelID: 'h1', created_at: recordedAt(1), status: 'confirmed' });
    expect((await queries.bookingsOfHotel('h1')).map((booking) => booking.bookingID)).to.deep.equal(['BK-3', 'BK-1']);
    expect((await queries.bookingsOfHotel('h2')).map((booking) => booking.bookingID)).to.deep.equal(['BK-2']);
    expect(await queries.bookingsOfGuest('c9')).to.deep.equal([]);
  });

  it("says whose a booking is: its guest and its hotel's owner", async () => {
    expect(await queries.partiesOf('BK-2')).to.deep.equal({ customerID: 'c2', ownerId: 'o2' });
    expect(await queries.partiesOf('BK-9')).to.equal(null);
  });

  it("pages an auditor's search newest first, counting every match, and sums each booking up", async () => {
    const first = await queries.auditSearch({ now }, 1, 2);
    expect(first.total).to.equal(3);
    expect(first.items.map((booking) => booking.bookingID)).to.deep.equal(['BK-3', 'BK-2']);
    const second = await queries.auditSearch({ now }, 2, 2);
    expect(second).to.deep.equal({
      total: 3,
      items: [
        {
          bookingID: 'BK-1',
          hotelID: 'h1',
          hotelName: 'Sea Breeze Residency',
          guestId: 'c1',
          guestName: 'Asha Rao',
          guestEmail: 'Asha@Example.in',
          dateOfBooking: '2026-11-01',
          dateOfCommencement: '2026-12-01',
          numberOfNights: 2,
          payableAmount: 4800,
          status: 'upcoming',
          paid: false,
        },
      ],
    });
  });

  it('finds one booking by its id, and bounds the first night from either side alone', async () => {
    const ids = async (filter: Parameters<BookingQueries['auditSearch']>[0]) =>
      (await queries.auditSearch(filter, 1, 20)).items.map((booking) => booking.bookingID);
    expect(await ids({ now, bookingID: 'BK-2' })).to.deep.equal(['BK-2']);
    expect(await ids({ now, from: '2026-12-10' })).to.deep.equal(['BK-3', 'BK-2']);
    expect(await ids({ now, to: '2026-12-10' })).to.deep.equal(['BK-2', 'BK-1']);
    expect(await ids({ now, from: '2026-12-11', to: '2026-12-19' })).to.deep.equal([]);
  });
});
