import { expect } from 'chai';
import { addDays, indiaToday, type AuditBookingAsOf, type AuditEntry } from '@stays/contracts';
import { loadConfig } from '@stays/service-kit';
import {
  DEMO_AUDITOR_EMAIL,
  DEMO_PASSWORD,
  FIRST_STAY_DAYS_AGO,
  SeedingClock,
  demoHistoryGuests,
  demoHistoryPlan,
  demoHistoryStart,
  demoHotels,
  seedDemoOnFirstStart,
  type DemoHistoryPlan,
} from '../src/demo/index.ts';
import { ApiClient } from './support/http-client.ts';
import { auditLogCaughtUp } from './support/audit-log.ts';
import { readLogFile } from './support/log-file.ts';
import { startTestSystem, type TestSystem } from './support/test-system.ts';

interface AuditPage {
  readonly items: { bookingID: string; status: string; dateOfCommencement: string }[];
  readonly total: number;
}

/** YYYY-MM of the month `offset` months from the one of `date`. */
const monthFrom = (date: string, offset: number) => {
  const [year, month] = date.split('-').map(Number) as [number, number];
  const shifted = new Date(Date.UTC(year, month - 1 + offset, 1));
  return shifted.toISOString().slice(0, 7);
};
const lastDayOf = (month: string) => addDays(`${monthFrom(`${month}-01`, 1)}-01`, -1);
const indiaNoon = (date: string) => new Date(`${date}T12:00:00+05:30`).toISOString();

describe('the demo seeded with a past, as npm start seeds an empty data directory', function () {
  this.timeout(300_000);
  let stays: TestSystem;
  let api: ApiClient;
  let auditor: string;
  let plan: DemoHistoryPlan;
  const lines: string[] = [];
  let seededAt: Date;

  before(async () => {
    seededAt = new Date();
    const clock = new SeedingClock(demoHistoryStart(seededAt));
    stays = await startTestSystem({ overrides: { seedingClock: clock } });
    const config = loadConfig({ DATA_DIR: stays.dataDir, PORT: '0', PUBLIC_URL: stays.baseUrl });
    await seedDemoOnFirstStart(stays.system, config, clock, (line) => lines.push(line));
    plan = demoHistoryPlan(seededAt);
    api = new ApiClient(stays.baseUrl);
    await auditLogCaughtUp(stays.system, 60_000);
    const login = await api.post('/audit/login', { email: DEMO_AUDITOR_EMAIL, password: DEMO_PASSWORD });
    expect(login.status, JSON.stringify(login.body)).to.equal(200);
    auditor = login.body.data.accessToken;
  });
  after(async () => stays?.destroy());

  const bookings = async (query: string): Promise<AuditPage> => {
    const response = await api.get(`/audit/bookings?${query}`, { token: auditor });
    expect(response.status, JSON.stringify(response.body)).to.equal(200);
    return response.body.data;
  };
  const signIn = async (path: string, email: string) => {
    const response = await api.post(path, { email, password: DEMO_PASSWORD });
    expect(response.status, JSON.stringify(response.body)).to.equal(200);
    return { token: response.body.data.accessToken as string, id: response.body.data.user._id as string };
  };

  it('says what it seeded and how long it took', () => {
    const summary = lines.find((line) => line.includes('bookings of'));
    expect(summary).to.match(
      /^demo: \d+ bookings of 9 guests over the last six months and the next two \(\d+ paid, \d+ cancelled, \d+ nights sold out\); guests guest1..guest8@stays.demo; the whole demo seeded in [\d.]+ s$/,
    );
    expect(lines.at(-1)).to.equal(`demo: auditor ${DEMO_AUDITOR_EMAIL}, password ${DEMO_PASSWORD}`);
  });

  it('writes the log in time order, from about seven months ago to now, and hands back real time', async () => {
    const records = (await readLogFile(stays.dataDir)).map((record) => JSON.parse(record.payload.toString('utf8')) as { recordedAt: string; type: string });
    const times = records.map((record) => Date.parse(record.recordedAt));
    for (let i = 1; i < times.length; i++) expect(times[i], `record ${i} (${records[i]!.type})`).to.be.at.least(times[i - 1]!);
    // the first record is the demo's first moment, some seven months back
    expect(times[0]! - demoHistoryStart(seededAt).getTime()).to.be.within(0, 60_000);
    expect(times[0]! - seededAt.getTime()).to.be.below(-200 * 24 * 3600_000);
    expect(times.at(-1)).to.be.at.most(Date.now());
    // the auditor's sign-in above came after the seed, at real time
    expect(records.at(-1)!.type).to.not.equal('BookingPlaced');
    const placed = records.filter((record) => record.type === 'BookingPlaced').length;
    expect(placed).to.equal(plan.bookings.length).and.to.be.within(200, 400);
  });

  it('holds bookings of every status, with stays in each month of the last six and the next two', async () => {
    const all = await bookings('page=1');
    const byStatus = Object.fromEntries(
      await Promise.all(['upcoming', 'completed', 'cancelled'].map(async (status) => [status, (await bookings(`status=${status}`)).total])),
    );
    expect(byStatus.upcoming + byStatus.completed + byStatus.cancelled).to.equal(all.total);
    expect(all.total).to.equal(plan.bookings.length);
    // as the seed reports them: a payment or cancellation a rule refuses is left out, and said so
    const [, cancelled] = /(\d+) cancelled/.exec(lines.find((line) => line.includes('bookings of'))!)!;
    expect(byStatus.cancelled).to.equal(Number(cancelled)).and.to.be.above(10);
    expect(lines.filter((line) => line.startsWith('demo: left out'))).to.have.length.below(plan.bookings.length / 20);
    expect(byStatus.upcoming).to.be.above(20);
    expect(byStatus.completed).to.be.above(100);
    const today = indiaToday(new Date());
    // from the month holding a week of the earliest stays (182 days back: late in the month, that
    // month may hold a day of them or none) to two months ahead; the first and the last in part
    const first = addDays(today, -FIRST_STAY_DAYS_AGO + 7).slice(0, 7);
    const last = monthFrom(today, 2);
    for (let month = first; month <= last; month = monthFrom(`${month}-01`, 1)) {
      const page = await bookings(`from=${encodeURIComponent(indiaNoon(`${month}-01`))}&to=${encodeURIComponent(indiaNoon(lastDayOf(month)))}`);
      expect(page.total, `stays starting in ${month}`).to.be.above(month === first || month === last ? 0 : 10);
    }
  });

  it('fills the occupancy of past months, paid revenue included', async () => {
    const today = indiaToday(new Date());
    for (let offset = -5; offset <= 0; offset++) {
      const month = monthFrom(today, offset);
      const response = await api.get(`/audit/occupancy?month=${month}`, { token: auditor });
      expect(response.status, JSON.stringify(response.body)).to.equal(200);
      const cities: { nightsSold: number; unitsAvailable: number; revenuePaid: number }[] = response.body.data.cities;
      expect(
        cities.reduce((sum, city) => sum + city.nightsSold, 0),
        month,
      ).to.be.above(0);
      expect(
        cities.reduce((sum, city) => sum + city.unitsAvailable, 0),
        month,
      ).to.be.above(0);
      if (offset < 0)
        expect(
          cities.reduce((sum, city) => sum + city.revenuePaid, 0),
          month,
        ).to.be.above(0);
    }
  });

  it("gives the guests their bookings and the owners their hotel's", async () => {
    for (const email of ['guest@stays.demo', demoHistoryGuests[0]!.email, demoHistoryGuests.at(-1)!.email]) {
      const guest = await signIn('/user/login', email);
      const list = await api.get(`/user/get/all/bookings/${guest.id}`, { token: guest.token });
      expect(list.status, JSON.stringify(list.body)).to.equal(200);
      expect(list.body.data, email).to.have.length.above(3);
    }
    const owner = await signIn('/hotel/owner/login', 'owner1@stays.demo');
    const hotelID = (await api.get('/hotel/owner/get/hotel/id', { token: owner.token })).body.data as string;
    const list = await api.get(`/hotel/owner/get/all/hotel/owner/bookings/${hotelID}`, { token: owner.token });
    expect(list.status, JSON.stringify(list.body)).to.equal(200);
    expect(list.body.data).to.have.length.above(5);
  });

  it('sells some rooms out on nights of the coming weeks', async () => {
    const today = indiaToday(new Date());
    const coming = plan.soldOut.filter((night) => night.night > today);
    expect(coming).to.have.length.at.least(2);
    const hotels: { _id: string; hotelName: string }[] = (await api.get('/hotel/data/get/all/hotels')).body.data;
    for (const night of coming) {
      const hotel = demoHotels[night.hotel]!;
      const hotelID = hotels.find((candidate) => candidate.hotelName === hotel.hotelName)!._id;
      const response = await api.get(`/hotel/room/availability/${hotelID}?checkIn=${night.night}&nights=1`);
      expect(response.status, JSON.stringify(response.body)).to.equal(200);
      const listing = (response.body.data as { roomStandard: string; roomType: string; minFree: number }[]).find(
        (candidate) => candidate.roomStandard === hotel.listings[night.listing]!.roomStandard && candidate.roomType === hotel.listings[night.listing]!.roomType,
      );
      expect(listing?.minFree, `${hotel.hotelName} on ${night.night}`).to.equal(0);
    }
  });

  it("tells each sampled booking's story in time order, decided before its stay, and every as-of agrees with it", async () => {
    const sample = [
      ...(await bookings('status=completed')).items.slice(0, 2),
      ...(await bookings('status=cancelled')).items.slice(0, 2),
      ...(await bookings('status=upcoming')).items.slice(0, 2),
    ];
    expect(sample).to.have.length(6);
    for (const { bookingID, status, dateOfCommencement } of sample) {
      const history = await api.get(`/audit/bookings/${bookingID}/history`, { token: auditor });
      expect(history.status, JSON.stringify(history.body)).to.equal(200);
      const own = (history.body.data.entries as AuditEntry[]).filter((entry) => entry.record.streamId === `booking-${bookingID}`);
      const times = own.map((entry) => Date.parse(entry.record.recordedAt));
      expect(times, bookingID).to.deep.equal([...times].sort((a, b) => a - b));
      expect(own[0]!.record.type).to.equal('BookingPlaced');
      // placed no later than the day before the stay, India time
      expect(indiaToday(new Date(times[0]!)) < dateOfCommencement, `${bookingID} placed before ${dateOfCommencement}`).to.equal(true);
      const asOf = async (time: string): Promise<AuditBookingAsOf> => {
        const response = await api.get(`/audit/bookings/${bookingID}?asOf=${encodeURIComponent(time)}`, { token: auditor });
        expect(response.status, JSON.stringify(response.body)).to.equal(200);
        return response.body.data;
      };
      expect((await asOf(new Date(times[0]! - 1).toISOString())).state).to.equal(null);
      for (const entry of own) {
        const at = await asOf(entry.record.recordedAt);
        const last = own.filter((other) => Date.parse(other.record.recordedAt) <= Date.parse(entry.record.recordedAt)).at(-1)!;
        expect(at.stoppedAt, `${bookingID} as of ${entry.record.type}`).to.deep.include({ leafIndex: last.leafIndex, type: last.record.type });
      }
      const now = (await asOf(new Date().toISOString())).state as { status: string; paid: boolean; invoice: unknown };
      expect(now.status, bookingID).to.equal(status === 'cancelled' ? 'cancelled' : 'placed');
      expect(now.invoice, `${bookingID} has its invoice`).to.not.equal(null);
      if (own.some((entry) => entry.record.type === 'BookingPaymentReceived')) expect(now.paid).to.equal(true);
    }
  });
});
