/**
 * The occupancy and revenue read model over HTTP on a whole system: a hotel whose two
 * listings are added today (mid-month, unless today is the 1st), bookings across the end
 * of next month, one cancelled, one paid; the owner's and the auditors' figures are exact
 * to the unit and the rupee. Dates follow today's date in India, so the expected figures
 * are worked out from it (and the file starts only when the day has minutes to spare).
 */
import { expect } from 'chai';
import { addDays, type CityOccupancy, type SuccessEnvelope, type OccupancyOfMonth, type OccupancyOpeningMonth, type OwnerOccupancy } from '@stays/contracts';
import { ApiClient } from '../../standalone/test/support/http-client.ts';
import { hotelForm, pngImages, roomForm } from '../../standalone/test/support/fixtures.ts';
import { signedInCustomer, signedInOwner, type SignedIn } from '../../standalone/test/support/accounts.ts';
import { newContact, verifyContact } from '../../standalone/test/support/booking.ts';
import { MIDNIGHT_MARGIN_MS, indiaDayClearOfMidnight } from '../../standalone/test/support/india-day.ts';
import { startTestSystem, type TestSystem } from '../../standalone/test/support/test-system.ts';

const AUDITOR = { email: 'occupancy.auditor@example.in', password: 'ledger-keeper-2024' };

/** The first day of the month `months` after the month of a YYYY-MM-DD date. */
const monthStart = (day: string, months: number): string =>
  new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1 + months, 1)).toISOString().slice(0, 10);
const daysInMonth = (day: string): number => Number(addDays(monthStart(day, 1), -1).slice(8, 10));

describe('occupancy and revenue over HTTP', function () {
  this.timeout(90_000);
  let stays: TestSystem;
  let api: ApiClient;
  let owner: SignedIn;
  let hotelId: string;
  let auditorToken: string;
  let today: string;
  // E: the last day of next month. A takes E−1, E, E+1; B takes E, E+1, E+2; C (cancelled) E−5, E−4
  let nextMonth: string;
  let monthAfter: string;
  let lastOfNextMonth: string;

  async function book(form: Record<string, unknown>): Promise<{ guest: SignedIn; bookingID: string }> {
    const guest = await signedInCustomer(api);
    const contact = newContact();
    await verifyContact(api, stays.dataDir, guest.token, contact);
    const placed = await api.post(
      '/hotel/booking/book/hotel',
      {
        hotelID: hotelId,
        customerID: guest.id,
        ...contact,
        numberOfGuests: 1,
        dateOfBooking: today,
        totalAmount: 1,
        ...form,
      },
      { token: guest.token },
    );
    expect(placed.status, JSON.stringify(placed.body)).to.equal(201);
    return { guest, bookingID: placed.body.data.bookingID };
  }

  /** What the guest pays for a booking, as the owner's booking list shows it. */
  async function payableOf(bookingID: string): Promise<number> {
    const list = await api.get(`/hotel/owner/get/all/hotel/owner/bookings/${hotelId}`, { token: owner.token });
    const booking = (list.body.data as { bookingID: string; totalAmount: number; discountAmount: number }[]).find((item) => item.bookingID === bookingID)!;
    return booking.totalAmount - booking.discountAmount;
  }

  async function caughtUp(): Promise<void> {
    const head = await stays.system.eventStore.headPosition();
    expect(await stays.system.runner.waitFor(head ?? 0, 10_000)).to.equal(true);
  }

  before(async function () {
    this.timeout(90_000 + MIDNIGHT_MARGIN_MS);
    today = await indiaDayClearOfMidnight();
    nextMonth = monthStart(today, 1);
    monthAfter = monthStart(today, 2);
    lastOfNextMonth = addDays(monthAfter, -1);
    stays = await startTestSystem({ env: { BOOTSTRAP_AUDITOR_EMAIL: AUDITOR.email, BOOTSTRAP_AUDITOR_PASSWORD: AUDITOR.password } });
    api = new ApiClient(stays.baseUrl);
    owner = await signedInOwner(api);
    const hotel = await api.multipart(
      'POST',
      '/hotel/data/create/hotel',
      hotelForm({ city: 'Pune' }),
      { imageURLs: await pngImages(5) },
      { token: owner.token },
    );
    expect(hotel.status, JSON.stringify(hotel.body)).to.equal(201);
    hotelId = hotel.body.data._id;
    const room = await api.multipart(
      'POST',
      '/hotel/room/create/room',
      roomForm(hotelId, { totalUnits: '4', pricePerNight: '4500' }),
      { imageURLs: await pngImages(1) },
      { token: owner.token },
    );
    expect(room.status, JSON.stringify(room.body)).to.equal(201);
    const flat = await api.multipart(
      'POST',
      '/hotel/room/create/room',
      roomForm(hotelId, {
        roomType: 'Flat',
        roomStandard: 'Family',
        pricePerNight: '7001',
        numberOfRooms: '2',
        hasKitchen: 'true',
        totalUnits: '2',
      }),
      { imageURLs: await pngImages(1) },
      { token: owner.token },
    );
    expect(flat.status, JSON.stringify(flat.body)).to.equal(201);

    // A: 2 rooms × 3 nights × ₹4,500 = ₹27,000 less 20 % = ₹21,600, ₹7,200 a night; paid
    const a = await book({ roomType: 'Room', roomStandard: 'Deluxe', numberOfRooms: 2, numberOfNights: 3, dateOfCommencement: addDays(lastOfNextMonth, -1) });
    expect(await payableOf(a.bookingID)).to.equal(21_600);
    expect((await api.post(`/hotel/owner/booking/paid/${a.bookingID}`, {}, { token: owner.token })).status).to.equal(200);
    // B: the flat × 3 nights × ₹7,001 = ₹21,003 less ₹4,201 = ₹16,802: ₹5,601, ₹5,601, ₹5,600; unpaid
    const b = await book({ roomType: 'Flat', roomStandard: 'Family', numberOfRooms: 1, numberOfNights: 3, dateOfCommencement: lastOfNextMonth });
    expect(await payableOf(b.bookingID)).to.equal(16_802);
    // C: cancelled, counts nowhere
    const c = await book({ roomType: 'Room', roomStandard: 'Deluxe', numberOfRooms: 1, numberOfNights: 2, dateOfCommencement: addDays(lastOfNextMonth, -5) });
    expect((await api.post(`/hotel/booking/cancel/${c.bookingID}`, {}, { token: c.guest.token })).status).to.equal(200);

    const signedIn = await api.post('/audit/login', AUDITOR);
    expect(signedIn.status, JSON.stringify(signedIn.body)).to.equal(200);
    auditorToken = signedIn.body.data.accessToken;
    await caughtUp();
  });
  after(async () => stays?.destroy());

  it("gives the owner their hotel by month: the listings from today on, the bookings' nights and revenue on each side of the month end", async () => {
    const response = await api.get<SuccessEnvelope<OwnerOccupancy>>('/hotel/owner/occupancy', { token: owner.token });
    expect(response.status, JSON.stringify(response.body)).to.equal(200);
    expect(response.headers.get('cache-control')).to.equal('private, no-store');
    const answer = response.body.data;
    expect(answer).to.include({ hotelID: hotelId, today });
    const byMonth = new Map<string, OccupancyOfMonth>(answer.months.map((month) => [month.month, month]));
    expect(answer.months[0]!.month).to.equal(monthStart(today, -11).slice(0, 7));
    expect(answer.months.at(-1)!.month).to.equal(addDays(today, 89).slice(0, 7));

    // 4 + 2 units a day from today
    const remainingDays = daysInMonth(today) - Number(today.slice(8, 10)) + 1;
    expect(byMonth.get(today.slice(0, 7))).to.deep.equal({
      month: today.slice(0, 7),
      nightsSold: 0,
      unitsAvailable: 6 * remainingDays,
      occupancyPercent: 0,
      revenuePaid: 0,
      revenueUnpaid: 0,
    });
    expect(byMonth.get(monthStart(today, -1).slice(0, 7))).to.include({ nightsSold: 0, unitsAvailable: 0, occupancyPercent: null });
    // next month: A 2 units × 2 nights + B 1; A ₹7,200 × 2 paid, B ₹5,601 unpaid
    const available = 6 * daysInMonth(nextMonth);
    expect(byMonth.get(nextMonth.slice(0, 7))).to.deep.equal({
      month: nextMonth.slice(0, 7),
      nightsSold: 5,
      unitsAvailable: available,
      occupancyPercent: Math.round((5 * 1000) / available) / 10,
      revenuePaid: 14_400,
      revenueUnpaid: 5_601,
    });
    // the month after: A 2 units × 1 night + B 2 nights; A ₹7,200 paid, B ₹5,601 + ₹5,600 unpaid
    const availableAfter = 6 * daysInMonth(monthAfter);
    expect(byMonth.get(monthAfter.slice(0, 7))).to.deep.equal({
      month: monthAfter.slice(0, 7),
      nightsSold: 4,
      unitsAvailable: availableAfter,
      occupancyPercent: Math.round((4 * 1000) / availableAfter) / 10,
      revenuePaid: 7_200,
      revenueUnpaid: 11_201,
    });

    expect(answer.days).to.have.length(90);
    expect(answer.days[0]!.date).to.equal(today);
    const byDay = new Map(answer.days.map((day) => [day.date, day]));
    expect(byDay.get(lastOfNextMonth)).to.deep.equal({
      date: lastOfNextMonth,
      nightsSold: 3,
      unitsAvailable: 6,
      occupancyPercent: 50,
      revenuePaid: 7_200,
      revenueUnpaid: 5_601,
    });
    expect(byDay.get(addDays(lastOfNextMonth, 2))).to.deep.equal({
      date: addDays(lastOfNextMonth, 2),
      nightsSold: 1,
      unitsAvailable: 6,
      occupancyPercent: 16.7,
      revenuePaid: 0,
      revenueUnpaid: 5_600,
    });
    // the cancelled booking's nights
    expect(byDay.get(addDays(lastOfNextMonth, -5))).to.include({ nightsSold: 0, revenuePaid: 0, revenueUnpaid: 0 });
  });

  it('gives auditors every city for a month, the current one by default', async () => {
    const response = await api.get<SuccessEnvelope<CityOccupancy>>(`/audit/occupancy?month=${monthAfter.slice(0, 7)}`, { token: auditorToken });
    expect(response.status, JSON.stringify(response.body)).to.equal(200);
    const available = 6 * daysInMonth(monthAfter);
    expect(response.body.data).to.deep.equal({
      month: monthAfter.slice(0, 7),
      cities: [
        {
          city: 'Pune',
          nightsSold: 4,
          unitsAvailable: available,
          occupancyPercent: Math.round((4 * 1000) / available) / 10,
          revenuePaid: 7_200,
          revenueUnpaid: 11_201,
        },
      ],
    });
    const current = await api.get<SuccessEnvelope<CityOccupancy>>('/audit/occupancy', { token: auditorToken });
    expect(current.body.data.month).to.equal(today.slice(0, 7));
    expect(current.body.data.cities.map((city) => city.city)).to.deep.equal(['Pune']);
    expect((await api.get<SuccessEnvelope<CityOccupancy>>('/audit/occupancy?month=1999-01', { token: auditorToken })).body.data).to.deep.equal({
      month: '1999-01',
      cities: [],
    });
  });

  it("opens the auditors' view on the next month with bookings when the current month has none", async () => {
    const response = await api.get<SuccessEnvelope<OccupancyOpeningMonth>>('/audit/occupancy/opening-month', { token: auditorToken });
    expect(response.status, JSON.stringify(response.body)).to.equal(200);
    // every night sold is in next month or the one after; today's month has none
    expect(response.body.data).to.deep.equal({ month: nextMonth.slice(0, 7), current: today.slice(0, 7), withBookings: true });
    expect((await api.get('/audit/occupancy/opening-month')).status).to.equal(401);
    expect((await api.get('/audit/occupancy/opening-month', { token: owner.token })).status).to.equal(403);
  });

  it('refuses a month that is not YYYY-MM, other roles and owners without a hotel, in the one envelope', async () => {
    const bad = await api.get('/audit/occupancy?month=2026-13', { token: auditorToken });
    expect(bad.status).to.equal(400);
    expect(bad.body).to.include({ success: false, statusCode: 400 });
    expect(bad.body.message).to.be.a('string').and.match(/month/);
    expect((await api.get('/audit/occupancy')).status).to.equal(401);
    expect((await api.get('/audit/occupancy', { token: owner.token })).status).to.equal(403);
    expect((await api.get('/hotel/owner/occupancy', { token: auditorToken })).status).to.equal(403);
    const newcomer = await signedInOwner(api, 'Neha Joshi');
    const none = await api.get('/hotel/owner/occupancy', { token: newcomer.token });
    expect(none.status).to.equal(404);
    expect(none.body).to.deep.equal({ success: false, message: 'No hotel yet', statusCode: 404 });
  });
});
