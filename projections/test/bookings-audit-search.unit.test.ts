/**
 * The auditors' booking search as given/when/then: given bookings projected into the
 * bookings read model, when an auditor searches by hotel name, guest email, first night and
 * status (alone or combined), then exactly the matching bookings come back, newest first.
 */
import { expect } from 'chai';
import type { AuditBookingStatusFilter, DomainEvent } from '@stays/contracts';
import { bookingsReadModel, liveReadModels } from '../src/index.ts';
import type { AuditBookingFilter } from '../src/read-models/bookings.ts';
import { placed } from './support/booking-placed.ts';
import { projectInto } from './support/project-events.ts';

/** Today for the status filter: BK-1 and BK-2 are upcoming, BK-3 is past; BK-4 (ahead) and BK-5 (past) are cancelled. */
const now = new Date('2026-11-20T06:00:00.000Z');
const events: DomainEvent[] = [
  placed({ bookingID: 'BK-1' }),
  placed({
    bookingID: 'BK-2',
    hotelId: 'h2',
    hotelName: 'Hill View (Ooty)',
    customerEmail: 'ravi@example.in',
    dateOfCommencement: '2026-12-10',
    nights: ['2026-12-10'],
  }),
  placed({ bookingID: 'BK-3', dateOfCommencement: '2026-11-10', nights: ['2026-11-10'] }),
  placed({ bookingID: 'BK-4', customerEmail: 'ravi@example.in', dateOfCommencement: '2026-12-05', nights: ['2026-12-05'] }),
  { type: 'BookingPaymentReceived', data: { bookingID: 'BK-3', ownerId: 'o1', receivedAt: '2026-11-10T09:00:00.000Z' } },
  { type: 'BookingCancelled', data: { bookingID: 'BK-4', customerId: 'c1', cancelledAt: '2026-11-15T09:00:00.000Z', chargeAmount: 0, refundAmount: 0 } },
  placed({
    bookingID: 'BK-5',
    hotelId: 'h3',
    hotelName: 'Lake Palace (Udaipur)',
    customerEmail: 'meera@example.in',
    dateOfCommencement: '2026-11-05',
    nights: ['2026-11-05'],
  }),
  { type: 'BookingCancelled', data: { bookingID: 'BK-5', customerId: 'c1', cancelledAt: '2026-11-01T09:00:00.000Z', chargeAmount: 0, refundAmount: 0 } },
];

describe('bookings read model: the auditors search', () => {
  let queries: ReturnType<typeof bookingsReadModel.queries>;
  const search = async (filter: Omit<AuditBookingFilter, 'now'>) =>
    (await queries.auditSearch({ ...filter, now }, 1, 20)).items.map((booking) => booking.bookingID).sort();
  before(async () => {
    const readStore = await projectInto(bookingsReadModel, events);
    queries = bookingsReadModel.queries(liveReadModels(readStore).store(bookingsReadModel));
  });

  it('finds bookings by any part of the hotel name in any case, as text rather than a pattern', async () => {
    expect(await search({ hotelName: 'sea BREEZE' })).to.deep.equal(['BK-1', 'BK-3', 'BK-4']);
    expect(await search({ hotelName: 'view (oo' })).to.deep.equal(['BK-2']);
    expect(await search({ hotelName: '.*' })).to.deep.equal([]);
  });

  it("finds a guest's bookings by the exact email in any case", async () => {
    expect(await search({ guestEmail: ' RAVI@example.in ' })).to.deep.equal(['BK-2', 'BK-4']);
    expect(await search({ guestEmail: 'ravi@example' })).to.deep.equal([]);
  });

  it('filters by status: upcoming, past (completed), cancelled and paid', async () => {
    const byStatus = async (status: AuditBookingStatusFilter) => search({ status });
    expect(await byStatus('upcoming')).to.deep.equal(['BK-1', 'BK-2']);
    expect(await byStatus('completed')).to.deep.equal(['BK-3']);
    expect(await byStatus('cancelled')).to.deep.equal(['BK-4', 'BK-5']);
    expect(await byStatus('paid')).to.deep.equal(['BK-3']);
  });

  it('combines filters: every one given must match', async () => {
    expect(await search({ hotelName: 'breeze', from: '2026-12-01', to: '2026-12-31' })).to.deep.equal(['BK-1', 'BK-4']);
    expect(await search({ hotelName: 'breeze', guestEmail: 'ravi@example.in', status: 'cancelled' })).to.deep.equal(['BK-4']);
    expect(await search({ hotelID: 'h1', status: 'upcoming' })).to.deep.equal(['BK-1']);
  });

  it('says whether each booking is paid', async () => {
    const found = (await queries.auditSearch({ now }, 1, 20)).items;
    expect(Object.fromEntries(found.map((booking) => [booking.bookingID, [booking.status, booking.paid]]))).to.deep.equal({
      'BK-1': ['upcoming', false],
      'BK-2': ['upcoming', false],
      'BK-3': ['completed', true],
      'BK-4': ['cancelled', false],
      'BK-5': ['cancelled', false],
    });
  });
});
