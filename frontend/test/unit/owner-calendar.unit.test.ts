/**
 * The owner calendar's saga against a real store (the feature installed as its screen
 * installs it) with the API provided: the calendar loads; a close is sent once, its outcome
 * said in words and the calendar read again; a refusal shows the server's message. And the
 * nights grouped month by month, Monday first.
 */
import { expect } from 'chai';
import { calendarSyncMessages, closureMessages, type CalendarSyncView, type RoomCalendar } from '@stays/contracts';
import type { OwnerCalendarApi } from '../../src/features/owner-calendar/api/owner-calendar-api.ts';
import { monthsOf, nightName } from '../../src/features/owner-calendar/calendar-months.ts';
import { installOwnerCalendar, type WithOwnerCalendar } from '../../src/features/owner-calendar/install.ts';
import { ownerCalendarActions } from '../../src/features/owner-calendar/owner-calendar.slice.ts';
import { httpError, stubApis, testStore, until } from './support.ts';

const nightsFrom = (first: string, count: number, closed = 0) =>
  Array.from({ length: count }, (_, index) => {
    const date = new Date(Date.parse(`${first}T00:00:00Z`) + index * 86_400_000).toISOString().slice(0, 10);
    return { date, booked: 0, closed, free: 3 - closed };
  });
const calendar = (closed = 0): RoomCalendar => ({ roomID: 'r1', totalUnits: 3, nights: nightsFrom('2026-11-27', 40, closed), closures: [] });

function storeWith(api: Partial<OwnerCalendarApi>) {
  const store = testStore(stubApis());
  const unexpected = () => Promise.reject(new Error('unexpected call'));
  installOwnerCalendar(store, {
    calendar: unexpected,
    close: unexpected,
    reopen: unexpected,
    sync: unexpected,
    addFeed: unexpected,
    removeFeed: unexpected,
    renewExport: unexpected,
    ...api,
  });
  const state = () => (store.getState() as WithOwnerCalendar).ownerCalendar!;
  return { store, state };
}

describe('owner calendar saga', () => {
  it('adds another site’s calendar once, says so, looks again until it was read, then reads the calendar again', async () => {
    const feed = { feedID: 'CF-1', url: 'https://www.airbnb.com/calendar/ical/1.ics', addedAt: '2026-11-27T06:00:00.000Z', conflicts: [] };
    const unread: CalendarSyncView = { roomID: 'r1', calendarFeedURL: 'https://stays.example/x.ics', feeds: [{ ...feed, lastSync: null }] };
    const read: CalendarSyncView = { ...unread, feeds: [{ ...feed, lastSync: { at: '2026-11-27T06:00:01.000Z', result: 'ok', closed: 3, reopened: 0 } }] };
    const views = [unread, unread, read];
    const added: unknown[] = [];
    let calendarReads = 0;
    const { store, state } = storeWith({
      sync: async () => views.shift() ?? read,
      addFeed: async (hotelID, body) => {
        added.push({ hotelID, ...body });
        return { message: calendarSyncMessages.feedAdded };
      },
      calendar: async () => {
        calendarReads += 1;
        return calendar(1);
      },
    });
    store.dispatch(ownerCalendarActions.feedAddSubmitted({ hotelId: 'h1', roomId: 'r1', url: feed.url }));
    await until(store, () => state().sync.change.status === 'saved');
    expect(state().sync.change.message).to.equal(calendarSyncMessages.feedAdded);
    expect(added).to.deep.equal([{ hotelID: 'h1', roomID: 'r1', url: feed.url }]);
    await until(store, () => calendarReads === 1, 10_000);
    expect(state().sync.view?.feeds[0]?.lastSync).to.deep.include({ result: 'ok', closed: 3 });
  });

  it('loads the calendar, closes nights once, says so and reads the calendar again', async () => {
    const reads: RoomCalendar[] = [calendar(), calendar(2)];
    const sent: unknown[] = [];
    const { store, state } = storeWith({
      calendar: async () => reads.shift()!,
      close: async (hotelID, form) => {
        sent.push({ hotelID, ...form });
        return { data: { closureID: 'CL-1', nights: ['2026-12-10'], units: 2 }, message: closureMessages.nightsClosed };
      },
    });
    store.dispatch(ownerCalendarActions.requested({ hotelId: 'h1', roomId: 'r1' }));
    await until(store, () => state().status === 'succeeded');
    expect(state().calendar!.nights[0]).to.deep.equal({ date: '2026-11-27', booked: 0, closed: 0, free: 3 });

    store.dispatch(ownerCalendarActions.closeSubmitted({ hotelId: 'h1', form: { roomID: 'r1', from: '2026-12-10', to: '2026-12-11', units: 2 } }));
    await until(store, () => state().change.status === 'saved' && state().calendar!.nights[0]!.closed === 2);
    expect(sent).to.deep.equal([{ hotelID: 'h1', roomID: 'r1', from: '2026-12-10', to: '2026-12-11', units: 2 }]);
    expect(state().change.message).to.equal('2 units closed from 2026-12-10 to 2026-12-11.');
  });

  it("shows the server's refusal in its words", async () => {
    const refusal = closureMessages.notEnoughFree('2026-12-10', 1, 2);
    const { store, state } = storeWith({ close: () => Promise.reject(httpError(409, { success: false, message: refusal, statusCode: 409 })) });
    store.dispatch(ownerCalendarActions.closeSubmitted({ hotelId: 'h1', form: { roomID: 'r1', from: '2026-12-10', to: '2026-12-10', units: 2 } }));
    await until(store, () => state().change.status === 'failed');
    expect(state().change.message).to.equal(refusal);
  });
});

describe('owner calendar months', () => {
  it('groups the nights by month, each after blanks for the weekdays before its first night (Monday first)', () => {
    const months = monthsOf(nightsFrom('2026-11-27', 40));
    expect(months.map(({ month, leadingBlanks, nights }) => [month, leadingBlanks, nights.length])).to.deep.equal([
      ['2026-11', 4, 4], // 27 November 2026 is a Friday
      ['2026-12', 1, 31], // 1 December 2026 is a Tuesday
      ['2027-01', 4, 5],
    ]);
    expect(months[1]!.title).to.equal('December 2026');
    expect(nightName('2026-12-25')).to.equal('Friday, 25 December 2026');
  });
});
