/**
 * The occupancy read model as given/when/then: given a hand-made history of hotels,
 * listings, bookings, cancellations and payments (each event recorded at a chosen time),
 * when an owner or an auditor asks, then the figures are exact to the unit and the rupee.
 * Expected figures are worked out by hand in the comments beside them.
 */
import { expect } from 'chai';
import { TERMS_BEFORE_POLICIES, type BookingPlaced, type DomainEvent, type HotelDetails, type OccupancyOfMonth, type RoomDetails } from '@stays/contracts';
import type { RecordedEvent } from '@stays/event-store';
import { createEmbeddedReadStore, type ReadStore } from '@stays/read-store';
import { applyInOrder, guardedWrites } from '../src/apply.ts';
import {
  POSITION_FIELD,
  liveReadModels,
  occupancyCollections as collections,
  occupancyReadModel,
  physicalCollection,
  spreadRupees,
  versionProjection,
} from '../src/index.ts';

type Recorded = DomainEvent & { readonly at: string };

const occupancyProjection = versionProjection(occupancyReadModel, occupancyReadModel.version);
/** The model's queries on the version the test builds. */
const occupancyQueries = (readStore: ReadStore) => occupancyReadModel.queries(liveReadModels(readStore).store(occupancyReadModel));

/** Projects each event recorded at its `at`, in order, into a fresh embedded read store, as the runner would. */
async function given(events: readonly Recorded[]): Promise<ReadStore> {
  const readStore = createEmbeddedReadStore();
  for (const index of occupancyProjection.indexes ?? [])
    await readStore.collection(index.collection).createIndex(index.keys, { unique: index.unique ?? false });
  let position = 0;
  for (const event of events) {
    position++;
    const recorded: RecordedEvent = {
      id: `event-${position}`,
      streamId: 'test-1',
      type: event.type,
      revision: position - 1,
      position,
      data: event.data as Record<string, unknown>,
      metadata: {},
      recordedAt: event.at,
    };
    await applyInOrder(readStore, guardedWrites(occupancyProjection, position, occupancyProjection.project(recorded)), (line) => {
      throw new Error(line);
    });
  }
  return readStore;
}

const hotel = (city: string): HotelDetails => ({
  hotelName: `Hotel in ${city}`,
  address: '1 Main Road',
  country: 'India',
  city,
  pinCode: 411001,
  description: 'A hotel for the occupancy tests, with enough words in its description.',
  imageURLs: ['/media/h.webp'],
  phoneNumber: '9876543210',
  amenities: [],
  checkInTime: '12:00',
  checkOutTime: '11:00',
  startingPrice: 3000,
  range: 0,
  restaurants: [],
  cinemaHalls: [],
  famousTouristPlaces: [],
  transportationFacilities: [],
});
const listing = (totalUnits: number, roomType: RoomDetails['roomType'] = 'Room'): RoomDetails => ({
  roomType,
  roomStandard: 'Deluxe',
  size: 30,
  bedType: 'King',
  amenities: [],
  pricePerNight: 3000,
  numberOfRooms: 1,
  hasKitchen: false,
  furnished: true,
  imageURLs: ['/media/r.webp'],
  totalUnits,
  maxGuests: 3,
});
function booking(
  bookingID: string,
  hotelId: string,
  roomId: string,
  nights: string[],
  units: number,
  totalAmount: number,
  discountAmount: number,
): BookingPlaced['data'] {
  return {
    bookingID,
    customerId: 'c1',
    customerName: 'Asha Rao',
    customerEmail: 'asha@example.in',
    customerPhoneNumber: '9876543210',
    hotelId,
    ownerId: `owner-${hotelId}`,
    hotelName: 'x',
    hotelAddress: 'x',
    hotelCity: 'x',
    roomId,
    roomType: 'Room',
    roomStandard: 'Deluxe',
    numberOfRooms: units,
    numberOfGuests: 2,
    numberOfNights: nights.length,
    dateOfBooking: '2026-01-02',
    dateOfCommencement: nights[0]!,
    nights,
    units,
    pricePerNight: 1,
    totalAmount,
    discountAmount,
    payableAmount: totalAmount - discountAmount,
    paymentMethod: 'pay-at-hotel',
    cancellationPolicy: TERMS_BEFORE_POLICIES,
  };
}
const ofHotel = (hotelId: string) => ({ hotelId, ownerId: `owner-${hotelId}` });

/**
 * Pune: hotel h1 (listing r1 of 3 units from 10 Jan, 4 from 1 Feb; flat listing r2 of 2
 * units from 16 Jan India time) and hotel h3, listed as Pimpri, renamed to Pune, with
 * one unit from 5 Jan until it was delisted on 21 Jan. Mumbai: hotel h2 with 10 units
 * since December.
 */
const history: Recorded[] = [
  { at: '2025-12-01T06:00:00.000Z', type: 'HotelCreated', data: { ...hotel('Mumbai'), ...ofHotel('h2') } },
  { at: '2025-12-01T06:10:00.000Z', type: 'RoomAdded', data: { ...listing(10), roomId: 'r20', ...ofHotel('h2'), hotelName: 'x' } },
  { at: '2026-01-05T06:00:00.000Z', type: 'HotelCreated', data: { ...hotel('Pimpri'), ...ofHotel('h3') } },
  { at: '2026-01-05T06:10:00.000Z', type: 'RoomAdded', data: { ...listing(1), roomId: 'r30', ...ofHotel('h3'), hotelName: 'x' } },
  { at: '2026-01-10T05:00:00.000Z', type: 'HotelCreated', data: { ...hotel('Pune'), ...ofHotel('h1') } },
  { at: '2026-01-10T05:10:00.000Z', type: 'RoomAdded', data: { ...listing(3), roomId: 'r1', ...ofHotel('h1'), hotelName: 'x' } },
  // 20:00 UTC on 15 Jan is 01:30 on 16 Jan in India: the flat counts from the 16th
  { at: '2026-01-15T20:00:00.000Z', type: 'RoomAdded', data: { ...listing(2, 'Flat'), roomId: 'r2', ...ofHotel('h1'), hotelName: 'x' } },
  { at: '2026-01-12T08:00:00.000Z', type: 'HotelUpdated', data: { ...hotel('Pune'), ...ofHotel('h3'), changedFields: ['city'] } },
  // A: 2 units for 30 Jan – 1 Feb, ₹10,000 less ₹1,000: ₹3,000 a night; paid
  { at: '2026-01-16T09:00:00.000Z', type: 'BookingPlaced', data: booking('A', 'h1', 'r1', ['2026-01-30', '2026-01-31', '2026-02-01'], 2, 10000, 1000) },
  // B: the flat for 31 Jan – 1 Feb, ₹7,001: ₹3,501 then ₹3,500; unpaid
  { at: '2026-01-16T09:05:00.000Z', type: 'BookingPlaced', data: booking('B', 'h1', 'r2', ['2026-01-31', '2026-02-01'], 1, 7001, 0) },
  // C: 20 – 22 Jan, cancelled: counts nowhere
  { at: '2026-01-16T09:10:00.000Z', type: 'BookingPlaced', data: booking('C', 'h1', 'r1', ['2026-01-20', '2026-01-21', '2026-01-22'], 1, 5000, 0) },
  {
    at: '2026-01-17T09:00:00.000Z',
    type: 'BookingCancelled',
    data: { bookingID: 'C', customerId: 'c1', cancelledAt: '2026-01-17T09:00:00.000Z', chargeAmount: 0, refundAmount: 0 },
  },
  // D: Mumbai, 3 units for 31 Jan – 1 Feb, ₹8,000 less ₹800: ₹3,600 a night; paid
  { at: '2026-01-18T09:00:00.000Z', type: 'BookingPlaced', data: booking('D', 'h2', 'r20', ['2026-01-31', '2026-02-01'], 3, 8000, 800) },
  { at: '2026-01-21T10:00:00.000Z', type: 'HotelDelisted', data: { ...ofHotel('h3'), reason: 'owner-deleted', delistedAt: '2026-01-21T10:00:00.000Z' } },
  { at: '2026-01-30T07:00:00.000Z', type: 'BookingPaymentReceived', data: { bookingID: 'A', ownerId: 'owner-h1', receivedAt: '2026-01-30T07:00:00.000Z' } },
  { at: '2026-01-31T07:00:00.000Z', type: 'BookingPaymentReceived', data: { bookingID: 'D', ownerId: 'owner-h2', receivedAt: '2026-01-31T07:00:00.000Z' } },
  { at: '2026-02-01T00:00:00.000Z', type: 'RoomUpdated', data: { ...listing(4), roomId: 'r1', ...ofHotel('h1'), changedFields: ['totalUnits'] } },
];

describe('occupancy read model: a hand-made history in, figures out', () => {
  it("names every room listed at a hotel and every booking made at it, the cancelled one too, for the owner's copy of their data", async () => {
    const queries = occupancyQueries(await given(history));
    const h1 = await queries.roomsAndBookingsOf('h1');
    expect(h1.roomIds).to.have.members(['r1', 'r2']);
    expect(h1.bookingIDs).to.have.members(['A', 'B', 'C']);
    expect(await queries.roomsAndBookingsOf('h3')).to.deep.equal({ roomIds: ['r30'], bookingIDs: [] }); // delisted: its rooms stay
    expect(await queries.roomsAndBookingsOf('nowhere')).to.deep.equal({ roomIds: [], bookingIDs: [] });
  });

  it('spreads a payable amount over the nights in whole rupees that add up to it exactly', () => {
    expect(spreadRupees(9000, 3)).to.deep.equal([3000, 3000, 3000]);
    expect(spreadRupees(7001, 2)).to.deep.equal([3501, 3500]);
    expect(spreadRupees(5000, 3)).to.deep.equal([1667, 1667, 1666]);
    expect(spreadRupees(2, 3)).to.deep.equal([1, 1, 0]);
    expect(spreadRupees(500, 0), 'no nights').to.deep.equal([]);
  });

  it("keeps a booking's nights, units and nightly revenue, then its payment or cancellation; a hotel's city, listings' units over time and delisting", async () => {
    const readStore = await given(history);
    const stored = async (collection: string, _id: string) => {
      const { [POSITION_FIELD]: _stamp, ...document } = (await readStore
        .collection(physicalCollection(occupancyReadModel.name, occupancyReadModel.version, collection))
        .findOne({ _id }))!;
      return document;
    };
    expect(await stored(collections.bookings, 'A')).to.deep.equal({
      _id: 'A',
      hotelID: 'h1',
      firstNight: '2026-01-30',
      lastNight: '2026-02-01',
      nights: ['2026-01-30', '2026-01-31', '2026-02-01'],
      units: 2,
      nightlyRevenue: [3000, 3000, 3000],
      paid: true,
      cancelled: false,
    });
    expect(await stored(collections.bookings, 'C')).to.include({ paid: false, cancelled: true });
    expect(await stored(collections.hotels, 'h1')).to.deep.equal({
      _id: 'h1',
      ownerId: 'owner-h1',
      city: 'Pune',
      delistedOn: null,
      listings: {
        r1: [
          { from: '2026-01-10', units: 3 },
          { from: '2026-02-01', units: 4 },
        ],
        r2: [{ from: '2026-01-16', units: 2 }],
      },
    });
    expect(await stored(collections.hotels, 'h3')).to.include({ city: 'Pune', delistedOn: '2026-01-21' });
    await readStore.close();
  });

  it('counts a payment the owner undid as unpaid again', async () => {
    const ofB = { bookingID: 'B', ownerId: 'owner-h1' };
    const readStore = await given([
      ...history,
      { at: '2026-01-31T08:00:00.000Z', type: 'BookingPaymentReceived', data: { ...ofB, receivedAt: '2026-01-31T08:00:00.000Z' } },
      { at: '2026-01-31T08:04:00.000Z', type: 'BookingPaymentUndone', data: { ...ofB, undoneAt: '2026-01-31T08:04:00.000Z' } },
    ]);
    const stored = await readStore
      .collection(physicalCollection(occupancyReadModel.name, occupancyReadModel.version, collections.bookings))
      .findOne({ _id: 'B' });
    expect(stored).to.include({ paid: false, cancelled: false });
    const january = (await occupancyQueries(readStore).ofOwner('owner-h1', '2026-01-25'))!.months.find((month) => month.month === '2026-01');
    expect(january).to.include({ revenuePaid: 6000, revenueUnpaid: 3501 });
    await readStore.close();
  });

  it('gives the owner their hotel by month across month ends: a listing added mid-month, a unit change, a cancellation, a payment', async () => {
    const readStore = await given(history);
    const answer = (await occupancyQueries(readStore).ofOwner('owner-h1', '2026-01-25'))!;
    expect(answer.hotelID).to.equal('h1');
    // eleven months back through the month of 24 Apr (the 90th day)
    expect(answer.months.map((month) => month.month)).to.deep.equal([
      '2025-02',
      '2025-03',
      '2025-04',
      '2025-05',
      '2025-06',
      '2025-07',
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
    ]);
    const byMonth = new Map<string, OccupancyOfMonth>(answer.months.map((month) => [month.month, month]));
    expect(byMonth.get('2025-12')).to.deep.equal({
      month: '2025-12',
      nightsSold: 0,
      unitsAvailable: 0,
      occupancyPercent: null,
      revenuePaid: 0,
      revenueUnpaid: 0,
    });
    // available: 3 units × 22 days (10–31 Jan) + 2 × 16 (16–31 Jan) = 98; sold: A 2 × 2 + B 1; 5/98 = 5.1 %
    expect(byMonth.get('2026-01')).to.deep.equal({
      month: '2026-01',
      nightsSold: 5,
      unitsAvailable: 98,
      occupancyPercent: 5.1,
      revenuePaid: 6000,
      revenueUnpaid: 3501,
    });
    // available: 4 × 28 + 2 × 28 = 168; sold: A 2 + B 1 on 1 Feb; 3/168 = 1.8 %
    expect(byMonth.get('2026-02')).to.deep.equal({
      month: '2026-02',
      nightsSold: 3,
      unitsAvailable: 168,
      occupancyPercent: 1.8,
      revenuePaid: 3000,
      revenueUnpaid: 3500,
    });
    expect(byMonth.get('2026-03')).to.deep.equal({
      month: '2026-03',
      nightsSold: 0,
      unitsAvailable: 186,
      occupancyPercent: 0,
      revenuePaid: 0,
      revenueUnpaid: 0,
    });

    expect(answer.days).to.have.length(90);
    expect(answer.days[0]!.date).to.equal('2026-01-25');
    expect(answer.days.at(-1)!.date).to.equal('2026-04-24');
    const byDay = new Map(answer.days.map((day) => [day.date, day]));
    expect(byDay.get('2026-01-30')).to.deep.equal({
      date: '2026-01-30',
      nightsSold: 2,
      unitsAvailable: 5,
      occupancyPercent: 40,
      revenuePaid: 3000,
      revenueUnpaid: 0,
    });
    expect(byDay.get('2026-01-31')).to.deep.equal({
      date: '2026-01-31',
      nightsSold: 3,
      unitsAvailable: 5,
      occupancyPercent: 60,
      revenuePaid: 3000,
      revenueUnpaid: 3501,
    });
    expect(byDay.get('2026-02-01')).to.deep.equal({
      date: '2026-02-01',
      nightsSold: 3,
      unitsAvailable: 6,
      occupancyPercent: 50,
      revenuePaid: 3000,
      revenueUnpaid: 3500,
    });
    // the cancelled booking's nights are free again
    expect(byDay.get('2026-01-25')).to.include({ nightsSold: 0, unitsAvailable: 5 });
    await readStore.close();
  });

  it('answers nothing for an owner without a hotel', async () => {
    const readStore = await given(history);
    expect(await occupancyQueries(readStore).ofOwner('owner-nobody', '2026-01-25')).to.equal(null);
    await readStore.close();
  });

  it('gives auditors every city by month, a hotel counted in the city it was last listed in, a delisted one until its last day', async () => {
    const readStore = await given(history);
    const queries = occupancyQueries(readStore);
    // Mumbai: 10 × 31 = 310 available, D 3 × 1 sold (1.0 %), ₹3,600 paid.
    // Pune: h1's 98 and h3's 1 × 16 (5–20 Jan) = 114 available, 5 sold (4.4 %).
    expect(await queries.ofCities('2026-01')).to.deep.equal({
      month: '2026-01',
      cities: [
        { city: 'Mumbai', nightsSold: 3, unitsAvailable: 310, occupancyPercent: 1, revenuePaid: 3600, revenueUnpaid: 0 },
        { city: 'Pune', nightsSold: 5, unitsAvailable: 114, occupancyPercent: 4.4, revenuePaid: 6000, revenueUnpaid: 3501 },
      ],
    });
    expect(await queries.ofCities('2026-02')).to.deep.equal({
      month: '2026-02',
      cities: [
        { city: 'Mumbai', nightsSold: 3, unitsAvailable: 280, occupancyPercent: 1.1, revenuePaid: 3600, revenueUnpaid: 0 },
        { city: 'Pune', nightsSold: 3, unitsAvailable: 168, occupancyPercent: 1.8, revenuePaid: 3000, revenueUnpaid: 3500 },
      ],
    });
    expect(await queries.ofCities('2025-11')).to.deep.equal({ month: '2025-11', cities: [] });
    await readStore.close();
  });

  it('lists the cities in alphabetical order, whatever order their hotels were listed in', async () => {
    const readStore = await given([
      { at: '2026-03-01T06:00:00.000Z', type: 'HotelCreated', data: { ...hotel('Pune'), ...ofHotel('h5') } },
      { at: '2026-03-01T06:10:00.000Z', type: 'RoomAdded', data: { ...listing(2), roomId: 'r50', ...ofHotel('h5'), hotelName: 'x' } },
      { at: '2026-03-02T06:00:00.000Z', type: 'HotelCreated', data: { ...hotel('Agra'), ...ofHotel('h6') } },
      { at: '2026-03-02T06:10:00.000Z', type: 'RoomAdded', data: { ...listing(2), roomId: 'r60', ...ofHotel('h6'), hotelName: 'x' } },
      { at: '2026-03-03T06:00:00.000Z', type: 'HotelCreated', data: { ...hotel('Mumbai'), ...ofHotel('h7') } },
      { at: '2026-03-03T06:10:00.000Z', type: 'RoomAdded', data: { ...listing(2), roomId: 'r70', ...ofHotel('h7'), hotelName: 'x' } },
    ]);
    const { cities } = await occupancyQueries(readStore).ofCities('2026-03');
    expect(cities.map(({ city }) => city)).to.deep.equal(['Agra', 'Mumbai', 'Pune']);
    await readStore.close();
  });

  it("opens the auditors' view on the current month with nights sold, else the latest before it, else the next after it", async () => {
    const cancelledInApril: Recorded[] = [
      { at: '2026-03-01T09:00:00.000Z', type: 'BookingPlaced', data: booking('E', 'h2', 'r20', ['2026-04-10', '2026-04-11'], 1, 6000, 0) },
      {
        at: '2026-03-02T09:00:00.000Z',
        type: 'BookingCancelled',
        data: { bookingID: 'E', customerId: 'c1', cancelledAt: '2026-03-02T09:00:00.000Z', chargeAmount: 0, refundAmount: 0 },
      },
    ];
    const readStore = await given([...history, ...cancelledInApril]);
    const queries = occupancyQueries(readStore);
    // A, B and D sell nights from 30 Jan to 1 Feb; C (20–22 Jan) and E (April) were cancelled
    expect(await queries.openingMonth('2026-01-05')).to.deep.equal({ month: '2026-01', current: '2026-01', withBookings: true });
    expect(await queries.openingMonth('2026-02-28')).to.deep.equal({ month: '2026-02', current: '2026-02', withBookings: true });
    expect(await queries.openingMonth('2026-06-10')).to.deep.equal({ month: '2026-02', current: '2026-06', withBookings: true });
    expect(await queries.openingMonth('2025-12-31')).to.deep.equal({ month: '2026-01', current: '2025-12', withBookings: true });
    await readStore.close();

    // placed out of the order of their nights; Q (February) cancelled
    const lastAndNext = await given([
      ...history.filter((event) => !event.type.startsWith('Booking')),
      { at: '2026-01-02T09:00:00.000Z', type: 'BookingPlaced', data: booking('R', 'h2', 'r20', ['2026-06-07'], 1, 3000, 0) },
      { at: '2026-01-03T09:00:00.000Z', type: 'BookingPlaced', data: booking('S', 'h2', 'r20', ['2026-04-01', '2026-04-02'], 1, 6000, 0) },
      { at: '2026-01-04T09:00:00.000Z', type: 'BookingPlaced', data: booking('Q', 'h2', 'r20', ['2026-02-20'], 1, 3000, 0) },
      {
        at: '2026-01-05T09:00:00.000Z',
        type: 'BookingCancelled',
        data: { bookingID: 'Q', customerId: 'c1', cancelledAt: '2026-01-05T09:00:00.000Z', chargeAmount: 0, refundAmount: 0 },
      },
      { at: '2026-01-06T09:00:00.000Z', type: 'BookingPlaced', data: booking('P', 'h2', 'r20', ['2026-07-05'], 1, 3000, 0) },
    ]);
    expect(await occupancyQueries(lastAndNext).openingMonth('2026-08-10'), 'the latest before').to.deep.equal({
      month: '2026-07',
      current: '2026-08',
      withBookings: true,
    });
    expect(await occupancyQueries(lastAndNext).openingMonth('2026-03-10'), 'the next after').to.deep.equal({
      month: '2026-04',
      current: '2026-03',
      withBookings: true,
    });
    await lastAndNext.close();

    const noBookings = await given(history.filter((event) => !event.type.startsWith('Booking')));
    expect(await occupancyQueries(noBookings).openingMonth('2026-03-15')).to.deep.equal({ month: '2026-03', current: '2026-03', withBookings: false });
    await noBookings.close();
  });

  it('changes nothing when a guest is erased (it holds no personal data)', async () => {
    const erased = await given([
      ...history,
      { at: '2026-02-02T00:00:00.000Z', type: 'PersonalDataErased', data: { accountId: 'c1', role: 'customer', subject: 'customer-c1' } },
    ]);
    const plain = await given(history);
    expect(await occupancyQueries(erased).ofCities('2026-01')).to.deep.equal(await occupancyQueries(plain).ofCities('2026-01'));
    await Promise.all([erased.close(), plain.close()]);
  });
});
