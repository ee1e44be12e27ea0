import { expect } from 'chai';
import { addDays, indiaToday, limits, unitsBooked } from '@stays/contracts';
import { DEMO_GUEST_MOST_HELD, MOST_HELD_PER_GUEST, SeedingClock, demoHistoryPlan, demoHistoryStart, demoHotels, planDemoHistory } from '../src/demo/index.ts';

const NOW = new Date('2026-11-27T05:30:00Z');
const DAY_MS = 24 * 3600_000;

describe('the demo history plan', () => {
  const plan = demoHistoryPlan(NOW);
  const today = indiaToday(NOW);

  it('is the same story every time, relative to the day it is seeded', () => {
    expect(demoHistoryPlan(NOW)).to.deep.equal(plan);
    const later = demoHistoryPlan(new Date(NOW.getTime() + 7 * DAY_MS));
    expect(later.bookings.map((booking) => addDays(booking.checkIn, -7))).to.deep.equal(plan.bookings.map((booking) => booking.checkIn));
  });

  it('holds a few hundred stays from six months back to two months ahead, some cancelled, most past ones paid', () => {
    expect(plan.bookings.length).to.be.within(200, 400);
    const checkIns = plan.bookings.map((booking) => booking.checkIn).sort();
    expect(checkIns[0]! <= addDays(today, -170)).to.equal(true);
    expect(checkIns.at(-1)! >= addDays(today, 45)).to.equal(true);
    expect(checkIns.at(-1)! <= addDays(today, 61)).to.equal(true);
    const past = plan.bookings.filter((booking) => addDays(booking.checkIn, booking.nights) < today && booking.cancelledAt === null);
    expect(past.filter((booking) => booking.paidAt !== null).length / past.length).to.be.above(0.75);
    expect(plan.bookings.filter((booking) => booking.cancelledAt !== null).length).to.be.above(15);
    expect(new Set(plan.bookings.map((booking) => booking.guest)).size).to.equal(9);
    expect(new Set(plan.bookings.map((booking) => booking.hotel)).size).to.equal(12);
  });

  it('plays in time order, from its start to before now', () => {
    const times = plan.actions.map((action) => action.at.getTime());
    expect(times).to.deep.equal([...times].sort((a, b) => a - b));
    expect(plan.startsAt).to.deep.equal(demoHistoryStart(NOW));
    expect(times[0]).to.be.above(plan.startsAt.getTime() + DAY_MS);
    expect(times.at(-1)).to.be.below(NOW.getTime());
    expect(plan.actions.filter((action) => action.kind === 'place')).to.have.length(plan.bookings.length);
  });

  it('keeps every booking rule: booked before the stay, cancelled before it and unpaid, paid after booking', () => {
    for (const booking of plan.bookings) {
      const listing = demoHotels[booking.hotel]!.listings[booking.listing]!;
      expect(indiaToday(booking.bookedAt) < booking.checkIn, `${booking.checkIn} booked ${booking.bookedAt.toISOString()}`).to.equal(true);
      expect(booking.nights).to.be.within(1, limits.maxNightsPerBooking);
      expect(booking.rooms).to.be.within(1, limits.maxRoomsPerBooking);
      expect(booking.guests).to.be.at.least(1);
      if (listing.roomType === 'Flat') expect(booking.rooms).to.equal(1);
      if (booking.cancelledAt) {
        expect(booking.paidAt).to.equal(null);
        expect(booking.cancelledAt > booking.bookedAt).to.equal(true);
        expect(indiaToday(booking.cancelledAt) < booking.checkIn).to.equal(true);
      }
      if (booking.paidAt) expect(booking.paidAt > booking.bookedAt).to.equal(true);
    }
  });

  it('never takes more units than a listing has, and sells some nights out, some of them in the coming weeks', () => {
    // a crowded plan too, where listings fill up
    const crowded = planDemoHistory({ now: NOW, hotels: demoHotels.slice(0, 2), guests: 9, phonesPerGuest: 3, bookings: 400 });
    for (const booking of crowded.bookings) {
      const listing = demoHotels[booking.hotel]!.listings[booking.listing]!;
      for (let night = 0; night < booking.nights; night++) {
        const units = crowded.bookings
          .filter((other) => other.hotel === booking.hotel && other.listing === booking.listing)
          .filter((other) => other.checkIn <= addDays(booking.checkIn, night) && addDays(other.checkIn, other.nights) > addDays(booking.checkIn, night))
          .reduce((sum, other) => sum + unitsBooked(listing.roomType, other.rooms), 0);
        expect(units).to.be.at.most(listing.totalUnits);
      }
    }
    const taken = new Map<string, number>();
    for (const booking of plan.bookings) {
      const listing = demoHotels[booking.hotel]!.listings[booking.listing]!;
      for (let night = 0; night < booking.nights; night++) {
        const key = `${booking.hotel}/${booking.listing}/${addDays(booking.checkIn, night)}`;
        taken.set(key, (taken.get(key) ?? 0) + unitsBooked(listing.roomType, booking.rooms));
        expect(taken.get(key), key).to.be.at.most(listing.totalUnits);
      }
    }
    for (const night of plan.soldOut) {
      expect(taken.get(`${night.hotel}/${night.listing}/${night.night}`)).to.equal(demoHotels[night.hotel]!.listings[night.listing]!.totalUnits);
    }
    expect(plan.soldOut.filter((night) => night.night > today).length).to.be.at.least(4);
    expect(plan.soldOut.filter((night) => night.night < today).length).to.be.at.least(2);
  });

  it("never sends two codes to one guest's phone within twice the wait between codes, also when the day's bookings crowd into the hours before now", () => {
    // 10:55 in India: the day's bookings fall between 07:00 and an hour before now; the plan once put two of one phone 27.6 s apart here
    for (const now of [NOW, new Date('2026-11-28T05:25:55Z')]) {
      const placed = demoHistoryPlan(now).bookings;
      for (const [index, booking] of placed.entries()) {
        for (const other of placed.slice(index + 1)) {
          if (other.guest !== booking.guest || other.phone !== booking.phone) continue;
          const apart = Math.abs(other.bookedAt.getTime() - booking.bookedAt.getTime());
          expect(apart, `${now.toISOString()}: guest ${booking.guest}, phone ${booking.phone}, ${booking.bookedAt.toISOString()}`).to.be.at.least(
            2 * limits.otpResendSeconds * 1000,
          );
        }
      }
    }
  });

  it('never has a guest hold more than their share of stays not over yet', () => {
    for (const placed of plan.bookings) {
      const day = indiaToday(placed.bookedAt);
      const held = plan.bookings.filter(
        (other) => other.guest === placed.guest && other.bookedAt <= placed.bookedAt && addDays(other.checkIn, other.nights - 1) >= day,
      );
      expect(held.length).to.be.at.most(placed.guest === 0 ? DEMO_GUEST_MOST_HELD : MOST_HELD_PER_GUEST);
    }
    // guest@stays.demo, whom people try the product as, has room for bookings of their own, and a past too
    const demoGuests = plan.bookings.filter((booking) => booking.guest === 0);
    expect(demoGuests.filter((booking) => addDays(booking.checkIn, booking.nights - 1) >= today)).to.have.length.at.most(DEMO_GUEST_MOST_HELD);
    expect(demoGuests.length).to.be.above(5);
    expect(MOST_HELD_PER_GUEST).to.be.below(limits.upcomingBookingsPerGuest);
  });
});

describe('the seeding clock', () => {
  it('reads real time until the composition starts it on an empty log, then runs from the start, only forward, and goes back to real time', async () => {
    const start = new Date(Date.now() - 200 * DAY_MS);
    const clock = new SeedingClock(start);
    expect(clock.seeding).to.equal(false);
    expect(Math.abs(clock.now().getTime() - Date.now())).to.be.below(1000);
    clock.startOnEmptyLog();
    expect(clock.seeding).to.equal(true);
    expect(clock.now().getTime() - start.getTime()).to.be.within(0, 1000);
    clock.advanceTo(new Date(start.getTime() + DAY_MS));
    const advanced = clock.now().getTime();
    expect(advanced - start.getTime()).to.be.within(DAY_MS, DAY_MS + 1000);
    clock.advanceTo(start); // a time already passed: stays
    expect(clock.now().getTime()).to.be.at.least(advanced);
    expect(() => clock.startOnEmptyLog()).to.throw(/started already/);
    clock.backToRealTime();
    expect(clock.seeding).to.equal(false);
    expect(Math.abs(clock.now().getTime() - Date.now())).to.be.below(1000);
  });

  it('refuses to hand back real time while the past runs ahead of it', () => {
    const clock = new SeedingClock(new Date(Date.now() - DAY_MS));
    clock.startOnEmptyLog();
    clock.advanceTo(new Date(Date.now() + DAY_MS));
    expect(() => clock.backToRealTime()).to.throw(/ran past real time/);
  });
});
