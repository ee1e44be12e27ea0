/**
 * Deciding on a listing's feeds (add, remove, a new export link), what a fetch leaves in the
 * log, and feeds read into blocks.
 */
import { expect } from 'chai';
import { calendarSyncLimits, calendarSyncMessages, messages, type CalendarFeedSynced, type CalendarSyncEvent } from '@stays/contracts';
import { Conflict, Forbidden, NotFound } from '../../src/domain-errors.ts';
import { calendarSyncAggregate } from '../../src/calendar-sync/calendar-sync.ts';
import { addFeed, recordSync, removeFeed, renewExport } from '../../src/calendar-sync/decide.ts';
import { feedBlocks } from '../../src/calendar-sync/feed-blocks.ts';
import { FeedFetchProblem } from '../../src/calendar-sync/fetch-feed.ts';
import { hotelAggregate } from '../../src/hotels/hotel.ts';
import { roomAggregate } from '../../src/rooms/room.ts';
import { hotelCreated, roomAdded } from '../support/events.ts';

const listing = {
  hotel: hotelAggregate.evolve(hotelAggregate.initialState(), hotelCreated as never),
  room: roomAggregate.evolve(roomAggregate.initialState(), roomAdded('Room') as never),
};
const syncOf = (events: CalendarSyncEvent[]) => events.reduce(calendarSyncAggregate.evolve, calendarSyncAggregate.initialState());
const added = (feedId: string, url: string): CalendarSyncEvent => ({ type: 'CalendarFeedAdded', data: { feedId, roomId: 'r1', hotelId: 'h1', url } });
const owner = { ownerId: 'o1', hotelId: 'h1', roomId: 'r1' };
const fetched = (overrides: Partial<CalendarFeedSynced['data']> = {}): CalendarFeedSynced['data'] => ({
  feedId: 'F1',
  roomId: 'r1',
  at: '2026-11-27T06:00:00.000Z',
  result: 'ok',
  closed: 0,
  reopened: 0,
  conflicts: [],
  ...overrides,
});

describe('deciding on calendar feeds', () => {
  it('adds a feed for the hotel’s owner, refuses the same URL twice and another owner', () => {
    expect(addFeed({ ...owner, feedId: 'F1', url: 'https://a.example/x.ics' }, listing, syncOf([]))).to.deep.equal([added('F1', 'https://a.example/x.ics')]);
    expect(() => addFeed({ ...owner, feedId: 'F2', url: 'https://a.example/x.ics' }, listing, syncOf([added('F1', 'https://a.example/x.ics')]))).to.throw(
      Conflict,
      calendarSyncMessages.feedAlreadyAdded,
    );
    expect(() => addFeed({ ...owner, ownerId: 'o2', feedId: 'F1', url: 'https://a.example/x.ics' }, listing, syncOf([]))).to.throw(
      Forbidden,
      messages.server.notYourHotel,
    );
    expect(() => addFeed({ ...owner, roomId: 'r9', feedId: 'F1', url: 'https://a.example/x.ics' }, listing, syncOf([]))).to.throw(NotFound);
  });

  it('refuses a room that is not listed, or not the command’s room of the command’s hotel, as not found', () => {
    const unlisted = { ...listing, room: roomAggregate.initialState() };
    for (const [command, states] of [
      [{ ...owner, hotelId: 'h2' }, listing],
      [{ ...owner, roomId: 'r9' }, listing],
      [owner, unlisted],
    ] as const) {
      expect(() => addFeed({ ...command, feedId: 'F1', url: 'https://a.example/x.ics' }, states, syncOf([])), JSON.stringify(command)).to.throw(
        NotFound,
        messages.server.roomNotFound,
      );
      expect(() => renewExport(command, states, syncOf([])), JSON.stringify(command)).to.throw(NotFound, messages.server.roomNotFound);
    }
  });

  it('adds feeds of other URLs up to the limit, and refuses one more', () => {
    const feeds = Array.from({ length: calendarSyncLimits.maxFeeds - 1 }, (_, i) => added(`F${i}`, `https://a.example/${i}.ics`));
    const last = addFeed({ ...owner, feedId: 'F-last', url: 'https://b.example/x.ics' }, listing, syncOf(feeds));
    expect(last).to.deep.equal([added('F-last', 'https://b.example/x.ics')]);
    expect(() => addFeed({ ...owner, feedId: 'F-more', url: 'https://c.example/x.ics' }, listing, syncOf([...feeds, ...last]))).to.throw(
      Conflict,
      calendarSyncMessages.tooManyFeeds(calendarSyncLimits.maxFeeds),
    );
  });

  it('removes a feed it reads, and refuses one it does not', () => {
    expect(removeFeed({ ...owner, feedId: 'F1' }, listing, syncOf([added('F1', 'u')]))).to.deep.equal([
      { type: 'CalendarFeedRemoved', data: { feedId: 'F1', roomId: 'r1' } },
    ]);
    expect(() => removeFeed({ ...owner, feedId: 'F1' }, listing, syncOf([]))).to.throw(NotFound, calendarSyncMessages.feedNotFound);
  });

  it('makes each new export link a new version', () => {
    const first = renewExport(owner, listing, syncOf([]));
    expect(first).to.deep.equal([{ type: 'CalendarExportRenewed', data: { roomId: 'r1', hotelId: 'h1', version: 1 } }]);
    expect(renewExport(owner, listing, syncOf(first))[0]!.data).to.deep.include({ version: 2 });
  });
});

describe('recording a fetch of a feed', () => {
  const synced = (data: CalendarFeedSynced['data']): CalendarSyncEvent => ({ type: 'CalendarFeedSynced', data });

  it('records the first fetch, a change of nights, of result, of error or of conflicts', () => {
    const last = syncOf([added('F1', 'u'), synced(fetched())]);
    expect(recordSync(fetched(), syncOf([added('F1', 'u')]))).to.deep.equal([synced(fetched())]);
    const later = { at: '2026-11-27T06:15:00.000Z' };
    expect(recordSync(fetched({ ...later, closed: 1, reopened: 1 }), last), 'one night closed, another reopened').to.deep.equal([
      synced(fetched({ ...later, closed: 1, reopened: 1 })),
    ]);
    expect(recordSync(fetched({ ...later, result: 'error' }), last), 'a failure after an ok fetch').to.have.length(1);
    const failed = syncOf([added('F1', 'u'), synced(fetched({ result: 'error', error: 'x' }))]);
    expect(recordSync(fetched({ ...later, result: 'error', error: 'y' }), failed), 'another error').to.have.length(1);
    expect(recordSync(fetched({ ...later, result: 'error', error: 'x' }), failed), 'the same error again').to.deep.equal([]);
    const failedSilently = syncOf([added('F1', 'u'), synced(fetched({ result: 'error' }))]);
    expect(recordSync(fetched(later), failedSilently), 'an ok fetch after a failure').to.have.length(1);
    expect(recordSync(fetched({ ...later, result: 'not-modified' }), failedSilently), 'a 304 after a failure').to.have.length(1);
    expect(recordSync(fetched({ at: '2026-11-27T06:15:00.000Z', closed: 2 }), last)).to.have.length(1);
    expect(recordSync(fetched({ at: '2026-11-27T06:15:00.000Z', result: 'error', error: 'x' }), last)).to.have.length(1);
    expect(
      recordSync(fetched({ at: '2026-11-27T06:15:00.000Z', conflicts: [{ uid: 'u', from: '2026-12-01', to: '2026-12-01', nights: ['2026-12-01'] }] }), last),
    ).to.have.length(1);
  });

  it('records an unchanged fetch (a 304, or the same feed) at most hourly, and nothing for a removed feed', () => {
    const last = syncOf([added('F1', 'u'), synced(fetched())]);
    expect(recordSync(fetched({ at: '2026-11-27T06:15:00.000Z', result: 'not-modified' }), last)).to.deep.equal([]);
    expect(recordSync(fetched({ at: '2026-11-27T06:45:00.000Z' }), last)).to.deep.equal([]);
    expect(recordSync(fetched({ at: '2026-11-27T07:00:00.000Z' }), last)).to.have.length(1);
    expect(recordSync(fetched(), syncOf([added('F1', 'u'), { type: 'CalendarFeedRemoved', data: { feedId: 'F1', roomId: 'r1' } }]))).to.deep.equal([]);
  });
});

describe('reading a feed into blocks', () => {
  const feed = (...lines: string[]) => ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//x//EN', ...lines, 'END:VCALENDAR', ''].join('\r\n');

  it('reads all-day events with the end exclusive, timed events to the day they end, and skips cancelled ones', () => {
    const blocks = feedBlocks(
      feed(
        'BEGIN:VEVENT',
        'DTSTART;VALUE=DATE:20261224',
        'DTEND;VALUE=DATE:20261227',
        'UID:a@airbnb.com',
        'SUMMARY:Reserved',
        'END:VEVENT',
        'BEGIN:VEVENT',
        'DTSTART:20261230T140000Z',
        'DTEND:20270101T100000Z',
        'UID:b',
        'END:VEVENT',
        'BEGIN:VEVENT',
        'DTSTART;VALUE=DATE:20261210',
        'UID:c',
        'END:VEVENT',
        'BEGIN:VEVENT',
        'DTSTART;VALUE=DATE:20261211',
        'DTEND;VALUE=DATE:20261212',
        'STATUS:CANCELLED',
        'UID:d',
        'END:VEVENT',
      ),
    );
    expect(blocks).to.deep.equal([
      { uid: 'a@airbnb.com', nights: ['2026-12-24', '2026-12-25', '2026-12-26'] },
      { uid: 'b', nights: ['2026-12-30', '2026-12-31'] },
      { uid: 'c', nights: ['2026-12-10'] },
    ]);
  });

  const event = (...lines: string[]) => ['BEGIN:VEVENT', ...lines, 'END:VEVENT'];

  it('reads an event of any status but a cancelled one, in any case', () => {
    const blocks = feedBlocks(
      feed(
        ...event('DTSTART;VALUE=DATE:20261201', 'STATUS:CONFIRMED', 'UID:confirmed'),
        ...event('DTSTART;VALUE=DATE:20261202', 'STATUS:TENTATIVE', 'UID:tentative'),
        ...event('DTSTART;VALUE=DATE:20261203', 'STATUS:Cancelled', 'UID:cancelled'),
      ),
    );
    expect(blocks.map((block) => block.uid)).to.deep.equal(['confirmed', 'tentative']);
  });

  it('reads events only: an event without a start, a to-do or a time zone blocks nothing', () => {
    const blocks = feedBlocks(
      feed(
        'BEGIN:VTIMEZONE',
        'TZID:Asia/Kolkata',
        'BEGIN:STANDARD',
        'DTSTART:19451015T000000',
        'TZOFFSETFROM:+0630',
        'TZOFFSETTO:+0530',
        'END:STANDARD',
        'END:VTIMEZONE',
        'BEGIN:VTODO',
        'DTSTART;VALUE=DATE:20261205',
        'DUE;VALUE=DATE:20261206',
        'UID:todo',
        'END:VTODO',
        ...event('DTEND;VALUE=DATE:20261208', 'UID:no-start'),
        ...event('DTSTART;VALUE=DATE:20261209', 'UID:kept'),
      ),
    );
    expect(blocks).to.deep.equal([{ uid: 'kept', nights: ['2026-12-09'] }]);
  });

  it('names an event without a UID, or with an empty one, by its dates', () => {
    const blocks = feedBlocks(feed(...event('DTSTART;VALUE=DATE:20261201', 'DTEND;VALUE=DATE:20261203'), ...event('DTSTART;VALUE=DATE:20261210', 'UID:')));
    expect(blocks).to.deep.equal([
      { uid: 'no-uid:2026-12-01/2026-12-03', nights: ['2026-12-01', '2026-12-02'] },
      { uid: 'no-uid:2026-12-10/2026-12-11', nights: ['2026-12-10'] },
    ]);
  });

  it('makes events of one UID (a recurring event and its changed instances) one block, its nights in order once', () => {
    const blocks = feedBlocks(
      feed(
        ...event('DTSTART;VALUE=DATE:20261220', 'DTEND;VALUE=DATE:20261222', 'UID:same'),
        ...event('DTSTART;VALUE=DATE:20261205', 'DTEND;VALUE=DATE:20261207', 'RECURRENCE-ID;VALUE=DATE:20261205', 'UID:same'),
        ...event('DTSTART;VALUE=DATE:20261221', 'UID:same'),
      ),
    );
    expect(blocks).to.deep.equal([{ uid: 'same', nights: ['2026-12-05', '2026-12-06', '2026-12-20', '2026-12-21'] }]);
  });

  it('reads at most 800 nights of one event', () => {
    const [block] = feedBlocks(feed(...event('DTSTART;VALUE=DATE:20261201', 'DTEND;VALUE=DATE:20291201', 'UID:long')));
    expect(block!.nights).to.have.length(800);
    expect([block!.nights[0], block!.nights[799]]).to.deep.equal(['2026-12-01', '2029-02-07']);
  });

  it('writes a date of a year before 1000 with four digits', () => {
    expect(feedBlocks(feed(...event('DTSTART;VALUE=DATE:09991231', 'UID:old')))).to.deep.equal([{ uid: 'old', nights: ['0999-12-31'] }]);
  });

  it('says which line it could not read, cut to 200 characters', () => {
    const line = `X${'y'.repeat(400)}`;
    const refusal = (() => {
      try {
        feedBlocks(`BEGIN:VCALENDAR\r\n${line}\r\nEND:VCALENDAR\r\n`);
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).to.be.instanceOf(FeedFetchProblem);
    expect((refusal as Error).message).to.equal(calendarSyncMessages.notACalendar(`invalid line (no token ";" or ":") "${line}"`.slice(0, 200)));
  });

  it('refuses what is not an iCalendar feed', () => {
    expect(() => feedBlocks('<html>Sign in</html>')).to.throw(FeedFetchProblem, /^This is not an iCalendar feed/);
    expect(() => feedBlocks('BEGIN:VCARD\r\nEND:VCARD\r\n')).to.throw(FeedFetchProblem, /VCARD/);
    expect(() => feedBlocks('BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\n')).to.throw(FeedFetchProblem);
  });
});
