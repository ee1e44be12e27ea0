/**
 * Calendar sync over HTTP, against a local server publishing feeds shaped as Airbnb and
 * Booking.com publish theirs: the export feed at its secret link (read back by ical.js and by
 * an independent RFC 5545 reader), a new link killing the old one, other sites' blocks closing
 * nights, a cancellation reopening them, 304s changing nothing, a block colliding with a
 * booking made here (recorded, the booking intact), a malformed feed, a feed too large and a
 * slow server (errors recorded, nothing changed), a removed feed's nights reopened, and a
 * private address refused without CALENDAR_ALLOW_PRIVATE_URLS.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import ICAL from 'ical.js';
import { addDays, calendarSyncMessages, indiaToday, type CalendarSyncView, type RoomCalendar } from '@stays/contracts';
import { ApiClient } from '../../../standalone/test/support/http-client.ts';
import { hotelForm, pngImages, roomForm } from '../../../standalone/test/support/fixtures.ts';
import { hotelWithRoom } from '../../../standalone/test/support/stays.ts';
import { signedInCustomer, signedInOwner, type SignedIn } from '../../../standalone/test/support/accounts.ts';
import { newContact, verifyContact } from '../../../standalone/test/support/booking.ts';
import { isoDate, propertyOf, readCalendar } from '../../../standalone/test/support/rfc5545-reader.ts';
import { API, startTestSystem, type TestSystem } from '../../../standalone/test/support/test-system.ts';

const today = indiaToday(new Date());
const day = (days: number) => addDays(today, days);
const icsDate = (night: string) => night.replaceAll('-', '');

/** Airbnb's export: PRODID of Airbnb, reservations "Reserved" with a description, blocks "Airbnb (Not available)". */
const airbnbFeed = (events: { from: string; to: string; uid: string; summary: string }[]) =>
  [
    'BEGIN:VCALENDAR',
    'PRODID;X-RICAL-TZSOURCE=TZINFO:-//Airbnb Inc//Hosting Calendar 0.8.8//EN',
    'CALSCALE:GREGORIAN',
    'VERSION:2.0',
    ...events.flatMap(({ from, to, uid, summary }) => [
      'BEGIN:VEVENT',
      `DTEND;VALUE=DATE:${icsDate(to)}`,
      `DTSTART;VALUE=DATE:${icsDate(from)}`,
      `UID:${uid}`,
      ...(summary === 'Reserved'
        ? ['DESCRIPTION:Reservation URL: https://www.airbnb.com/hosting/reservations/details/HMABCDEF12\\nPhone Number (Last 4 Digits): 1234']
        : []),
      `SUMMARY:${summary}`,
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
    '',
  ].join('\r\n');

/** Booking.com's export: "CLOSED - Not available" events with a DTSTAMP, LF line ends as some of its exports have. */
const bookingComFeed = (events: { from: string; to: string; uid: string }[]) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//admin.booking.com//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...events.flatMap(({ from, to, uid }) => [
      'BEGIN:VEVENT',
      `DTSTART;VALUE=DATE:${icsDate(from)}`,
      `DTEND;VALUE=DATE:${icsDate(to)}`,
      `UID:${uid}`,
      'SUMMARY:CLOSED - Not available',
      'DTSTAMP:20261127T060000Z',
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
    '',
  ].join('\n');

/** The other sites: feeds by path, ETag and Last-Modified honoured, and the hostile ones. */
class OtherSites {
  readonly feeds = new Map<string, string>();
  readonly requests: { path: string; ifNoneMatch?: string; ifModifiedSince?: string }[] = [];
  private readonly server = http.createServer((request, response) => this.answer(request, response));
  private readonly lastModified = new Date(Date.UTC(2026, 10, 1)).toUTCString();

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private answer(request: http.IncomingMessage, response: http.ServerResponse) {
    const path = request.url ?? '/';
    const ifNoneMatch = request.headers['if-none-match'];
    const ifModifiedSince = request.headers['if-modified-since'];
    this.requests.push({ path, ...(ifNoneMatch !== undefined && { ifNoneMatch }), ...(ifModifiedSince !== undefined && { ifModifiedSince }) });
    if (path === '/slow.ics') {
      response.writeHead(200, { 'content-type': 'text/calendar' });
      response.write('BEGIN:VCALENDAR\r\n');
      return; // and never ends
    }
    if (path === '/huge.ics') {
      response.writeHead(200, { 'content-type': 'text/calendar' });
      const line = `X-FILLER:${'x'.repeat(1000)}\r\n`;
      response.write('BEGIN:VCALENDAR\r\n');
      let sent = 0;
      const more = () => {
        while (sent < 200 && response.write(line)) sent += 1;
        if (sent < 200) response.once('drain', more);
        else response.end('END:VCALENDAR\r\n');
      };
      more();
      return;
    }
    if (path === '/loop.ics') {
      response.writeHead(301, { location: '/loop.ics' }).end();
      return;
    }
    if (path === '/moved.ics') {
      response.writeHead(302, { location: '/booking.ics' }).end();
      return;
    }
    const feed = this.feeds.get(path);
    if (feed === undefined) {
      response.writeHead(404).end();
      return;
    }
    const etag = `"${Buffer.from(feed).toString('base64').length}-${feed.length}-${feed.charCodeAt(feed.length - 20)}"`;
    if (path === '/airbnb.ics' && ifNoneMatch === etag) {
      response.writeHead(304, { etag }).end();
      return;
    }
    if (path === '/booking.ics' && ifModifiedSince === this.lastModified && !feed.includes('CHANGED')) {
      response.writeHead(304).end();
      return;
    }
    response.writeHead(200, {
      'content-type': 'text/calendar; charset=utf-8',
      ...(path === '/airbnb.ics' ? { etag } : { 'last-modified': this.lastModified }),
    });
    response.end(feed);
  }
}

describe('calendar sync over HTTP', function () {
  this.timeout(90_000);
  let stays: TestSystem;
  let api: ApiClient;
  let owner: SignedIn;
  let guest: SignedIn;
  let hotelId: string;
  let roomId: string;
  let sites: OtherSites;
  let sitesUrl: string;
  /** The booking made here, on the nights of day 10 and 11. */
  let booked: { bookingID: string };
  // the import's own clock, moved past the next fetch before each sweep
  let clock = Date.now();

  before(async () => {
    sites = new OtherSites();
    sitesUrl = await sites.start();
    stays = await startTestSystem({
      env: { CALENDAR_ALLOW_PRIVATE_URLS: '1' },
      overrides: { calendarImport: { now: () => new Date(clock), fetch: { timeoutMs: 1500, maxBytes: 64 * 1024 } } },
    });
    api = new ApiClient(stays.baseUrl);
    owner = await signedInOwner(api);
    guest = await signedInCustomer(api);
    ({ hotelId, roomId } = await hotelWithRoom(api, owner, { hotel: { hotelName: 'Hotel Two Calendars', city: 'Alibag' }, room: { totalUnits: '1' } }));
  });
  after(async () => {
    await stays.destroy();
    await sites.stop();
  });

  const feedUrlInRoomView = async (): Promise<string> => {
    const answer = await api.get(`/hotel/room/specific/room/hotel/${hotelId}/${roomId}`, { token: owner.token });
    expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
    return answer.body.data.calendarFeedURL as string;
  };
  const exportOf = async (url: string) => {
    const response = await fetch(url);
    return { status: response.status, type: response.headers.get('content-type'), cache: response.headers.get('cache-control'), text: await response.text() };
  };
  const syncView = async (): Promise<CalendarSyncView> => {
    const answer = await api.get(`/hotel/room/calendar/sync/${hotelId}/${roomId}`, { token: owner.token });
    expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
    return answer.body.data as CalendarSyncView;
  };
  const calendar = async (): Promise<RoomCalendar> =>
    (await api.get(`/hotel/room/calendar/${hotelId}/${roomId}`, { token: owner.token })).body.data as RoomCalendar;
  const closedNights = async () => (await calendar()).nights.filter((night) => night.closed > 0).map((night) => night.date);
  const bookedNights = async () => (await calendar()).nights.filter((night) => night.booked > 0).map((night) => night.date);
  const addFeed = async (path: string, base = sitesUrl, system = stays, token = owner.token) => {
    const answer = await new ApiClient(system.baseUrl).post(`/hotel/room/calendar/feeds/add/${hotelId}`, { roomID: roomId, url: `${base}${path}` }, { token });
    expect(answer.status, JSON.stringify(answer.body)).to.equal(201);
    return answer.body.data.feedID as string;
  };
  /** Moves the import's clock past the next fetch and waits until every due feed was read and recorded. */
  const sync = async (system = stays) => {
    clock += 16 * 60_000;
    await system.system.calendarImport.sweep();
    await system.system.runner.waitFor((await system.system.eventStore.headPosition()) ?? 0, 10_000);
  };
  const feedView = async (feedID: string) => (await syncView()).feeds.find((feed) => feed.feedID === feedID)!;
  async function book(dateOfCommencement: string, numberOfNights: number) {
    const contact = newContact();
    await verifyContact(api, stays.dataDir, guest.token, contact);
    const answer = await api.post(
      '/hotel/booking/book/hotel',
      { hotelID: hotelId, ...contact, roomType: 'Room', roomStandard: 'Deluxe', numberOfRooms: 1, numberOfGuests: 1, numberOfNights, dateOfCommencement },
      { token: guest.token },
    );
    expect(answer.status, JSON.stringify(answer.body)).to.equal(201);
    return answer.body.data;
  }

  it('serves the export feed at the secret link in the owner’s room view: one all-day event per booked or closed range, no guest data, read back by ical.js and by an RFC 5545 reader', async () => {
    booked = await book(day(10), 2);
    const closed = await api.post(
      `/hotel/room/close/nights/${hotelId}`,
      { roomID: roomId, from: day(40), to: day(41), units: 1, note: 'Painting' },
      { token: owner.token },
    );
    expect(closed.status, JSON.stringify(closed.body)).to.equal(201);
    const url = await feedUrlInRoomView();
    expect(url).to.match(new RegExp(`^${stays.baseUrl}${API}/calendar/${roomId}/[A-Za-z0-9_-]{27}\\.ics$`));

    const feed = await exportOf(url);
    expect(feed.status).to.equal(200);
    expect(feed.type).to.equal('text/calendar; charset=utf-8');
    expect(feed.cache).to.equal('private, max-age=300');
    expect(feed.text, 'no guest name, no owner note').not.to.match(/Asha|Rao|Painting/);

    // ical.js
    const parsed = new ICAL.Component(ICAL.parse(feed.text) as unknown[]);
    const events = parsed.getAllSubcomponents('vevent').map((event) => ({
      summary: event.getFirstPropertyValue('summary'),
      start: String(event.getFirstPropertyValue('dtstart')),
      end: String(event.getFirstPropertyValue('dtend')),
      uid: event.getFirstPropertyValue('uid'),
    }));
    expect(events.map(({ summary, start, end }) => ({ summary, start, end }))).to.deep.equal([
      { summary: 'Booked', start: day(10), end: day(12) },
      { summary: 'Closed', start: day(40), end: day(42) },
    ]);

    // the independent reader: CRLF, folding, DATE values, stable UIDs
    const { calendar: read, problems } = readCalendar(feed.text);
    expect(problems).to.deep.equal([]);
    expect(propertyOf(read, 'VERSION')?.value).to.equal('2.0');
    expect(propertyOf(read, 'PRODID')?.value).to.be.a('string').and.not.equal('');
    const vevents = read.components.filter((component) => component.name === 'VEVENT');
    expect(
      vevents.map((event) => [
        propertyOf(event, 'DTSTART')?.params.VALUE,
        isoDate(propertyOf(event, 'DTSTART')!.value),
        isoDate(propertyOf(event, 'DTEND')!.value),
      ]),
    ).to.deep.equal([
      ['DATE', day(10), day(12)],
      ['DATE', day(40), day(42)],
    ]);
    expect(vevents.every((event) => propertyOf(event, 'DTSTAMP') !== undefined)).to.equal(true);
    expect(vevents.map((event) => propertyOf(event, 'UID')?.value)).to.deep.equal(events.map((event) => event.uid));
    const again = readCalendar((await exportOf(url)).text).calendar.components.map((event) => propertyOf(event, 'UID')?.value);
    expect(again, 'the same UIDs at every fetch').to.deep.equal(events.map((event) => event.uid));
  });

  it('answers 404 for a wrong token, and a new link kills the old one', async () => {
    const old = await feedUrlInRoomView();
    expect((await exportOf(old.replace(/[A-Za-z0-9_-]{27}\.ics$/, `${'A'.repeat(27)}.ics`))).status).to.equal(404);
    expect((await exportOf(old.replace(/\.ics$/, ''))).status).to.equal(404);
    const stranger = await signedInOwner(api, 'Someone Else');
    expect((await api.post(`/hotel/room/calendar/export/renew/${hotelId}`, { roomID: roomId }, { token: stranger.token })).status).to.equal(403);
    expect((await api.get(`/hotel/room/calendar/sync/${hotelId}/${roomId}`, { token: stranger.token })).status).to.equal(403);

    const renewed = await api.post(`/hotel/room/calendar/export/renew/${hotelId}`, { roomID: roomId }, { token: owner.token });
    expect(renewed.status, JSON.stringify(renewed.body)).to.equal(200);
    expect(renewed.body.message).to.equal(calendarSyncMessages.exportRenewed);
    const fresh = renewed.body.data.calendarFeedURL as string;
    expect(fresh).not.to.equal(old);
    expect((await exportOf(old)).status).to.equal(404);
    expect((await exportOf(fresh)).status).to.equal(200);
    expect(await feedUrlInRoomView()).to.equal(fresh);
    expect((await syncView()).calendarFeedURL).to.equal(fresh);
  });

  it('closes the nights an Airbnb feed blocks, changes nothing on a 304, and reopens what a cancellation removes', async () => {
    sites.feeds.set(
      '/airbnb.ics',
      airbnbFeed([
        { from: day(20), to: day(23), uid: '1418fb94e984-aaaa@airbnb.com', summary: 'Reserved' },
        { from: day(30), to: day(31), uid: '1418fb94e984-bbbb@airbnb.com', summary: 'Airbnb (Not available)' },
      ]),
    );
    const feedID = await addFeed('/airbnb.ics');
    await sync();
    expect(await closedNights()).to.deep.equal([day(20), day(21), day(22), day(30), day(40), day(41)]);
    const found = await calendar();
    expect(found.closures.filter((closure) => closure.source.kind === 'calendar').map((closure) => closure.source)).to.deep.include({
      kind: 'calendar',
      feedId: feedID,
      uid: '1418fb94e984-aaaa@airbnb.com',
    });
    expect((await feedView(feedID)).lastSync).to.deep.include({ result: 'ok', closed: 4, reopened: 0 });
    // the blocks are exported too, for the other sites
    expect((await exportOf(await feedUrlInRoomView())).text).to.include(`DTSTART;VALUE=DATE:${icsDate(day(20))}`);

    const head = await stays.system.eventStore.headPosition();
    await sync();
    const conditional = sites.requests.filter((request) => request.path === '/airbnb.ics');
    expect(conditional[conditional.length - 1]!.ifNoneMatch, 'the ETag is sent back').to.be.a('string');
    expect(await stays.system.eventStore.headPosition(), 'a 304 within the hour appends nothing').to.equal(head);

    // the guest of the second event cancelled on Airbnb, the first shortened the stay by a night
    sites.feeds.set('/airbnb.ics', airbnbFeed([{ from: day(20), to: day(22), uid: '1418fb94e984-aaaa@airbnb.com', summary: 'Reserved' }]));
    await sync();
    expect(await closedNights()).to.deep.equal([day(20), day(21), day(40), day(41)]);
    expect((await feedView(feedID)).lastSync).to.deep.include({ result: 'ok', closed: 0, reopened: 2 });
    const headAfter = await stays.system.eventStore.headPosition();
    clock += 16 * 60_000;
    sites.feeds.set('/airbnb.ics', `${sites.feeds.get('/airbnb.ics')!}`.replace('VERSION:2.0', 'VERSION:2.0\r\nX-SAME:1'));
    await sync();
    const kinds = (await stays.system.eventStore.readAll({ after: headAfter ?? -1 })).map((record) => record.type);
    expect(
      kinds.filter((type) => type === 'NightsClosed' || type === 'NightsReopened'),
      'the same blocks again change nothing',
    ).to.deep.equal([]);
  });

  it('records a block colliding with a booking made here as a conflict, closes only the free nights, and keeps the booking', async () => {
    sites.feeds.set('/booking.ics', bookingComFeed([{ from: day(9), to: day(12), uid: '8e4c1f0e2b6a4d3c@booking.com' }]));
    const feedID = await addFeed('/moved.ics');
    await sync();
    const view = await feedView(feedID);
    expect(view.lastSync).to.deep.include({ result: 'ok', closed: 1 });
    expect(view.conflicts).to.deep.equal([{ uid: '8e4c1f0e2b6a4d3c@booking.com', from: day(9), to: day(11), nights: [day(10), day(11)] }]);
    expect(await bookedNights(), 'the booking made here stands').to.deep.equal([day(10), day(11)]);
    expect(await closedNights())
      .to.include(day(9))
      .and.not.include(day(10));
    const bookings = await api.get(`/hotel/owner/get/all/hotel/owner/bookings/${hotelId}`, { token: owner.token });
    expect(JSON.stringify(bookings.body.data)).not.to.match(/"status":"cancelled"/i);
    // while the conflict stands the feed is fetched whole (no If-Modified-Since), so a unit freed here is seen
    await sync();
    expect(sites.requests.filter((request) => request.path === '/booking.ics').pop()!.ifModifiedSince).to.equal(undefined);
    expect((await feedView(feedID)).conflicts).to.have.length(1);
    // the guest here cancels: the next fetch closes the nights and the conflict is gone
    const cancelled = await api.post(`/hotel/booking/cancel/${booked.bookingID}`, {}, { token: guest.token });
    expect(cancelled.status, JSON.stringify(cancelled.body)).to.equal(200);
    await sync();
    expect((await feedView(feedID)).conflicts).to.deep.equal([]);
    expect(await closedNights()).to.include.members([day(9), day(10), day(11)]);
    // and from then on the last answer's Last-Modified is sent back: a 304
    await sync();
    expect(sites.requests.filter((request) => request.path === '/booking.ics').pop()!.ifModifiedSince).to.be.a('string');
  });

  it('records a malformed feed, a feed too large and a slow server as errors, changing no night', async () => {
    const before = await closedNights();
    sites.feeds.set('/airbnb.ics', '<html><body>Sign in to see this calendar</body></html>');
    const broken = (await syncView()).feeds.find((feed) => feed.url.endsWith('/airbnb.ics'))!.feedID;
    const huge = await addFeed('/huge.ics');
    const slow = await addFeed('/slow.ics');
    const loop = await addFeed('/loop.ics');
    const started = Date.now();
    await sync();
    expect(Date.now() - started, 'the slow server is cut off at the time-out').to.be.below(15_000);
    expect((await feedView(broken)).lastSync).to.deep.include({ result: 'error' });
    expect((await feedView(broken)).lastSync!.error).to.match(/^This is not an iCalendar feed/);
    expect((await feedView(huge)).lastSync).to.deep.include({ result: 'error', error: calendarSyncMessages.fetchTooLarge(64 / 1024) });
    expect((await feedView(slow)).lastSync).to.deep.include({ result: 'error', error: calendarSyncMessages.fetchTimedOut(1.5) });
    expect((await feedView(loop)).lastSync).to.deep.include({ result: 'error', error: calendarSyncMessages.fetchTooManyRedirects(3) });
    expect(sites.requests.filter((request) => request.path === '/loop.ics').length, 'the first request and 3 redirects, per fetch').to.be.at.most(8);
    expect(await closedNights(), 'nothing changed').to.deep.equal(before);
  });

  it("reopens a removed feed's nights", async () => {
    const airbnb = (await syncView()).feeds.find((feed) => feed.url.endsWith('/airbnb.ics'))!.feedID;
    const removed = await api.post(`/hotel/room/calendar/feeds/remove/${hotelId}`, { roomID: roomId, feedID: airbnb }, { token: owner.token });
    expect(removed.status, JSON.stringify(removed.body)).to.equal(200);
    await sync();
    expect(await closedNights()).not.to.include(day(20));
    expect((await syncView()).feeds.map((feed) => feed.feedID)).not.to.include(airbnb);
    const again = await api.post(`/hotel/room/calendar/feeds/remove/${hotelId}`, { roomID: roomId, feedID: airbnb }, { token: owner.token });
    expect(again.status).to.equal(404);
  });

  it('refuses a feed URL that is not http(s)', async () => {
    const answer = await api.post(`/hotel/room/calendar/feeds/add/${hotelId}`, { roomID: roomId, url: 'file:///etc/passwd' }, { token: owner.token });
    expect(answer.status).to.equal(400);
    expect(answer.body.message).to.include(calendarSyncMessages.urlNotHttp);
  });

  it('refuses to fetch a private address without CALENDAR_ALLOW_PRIVATE_URLS', async () => {
    const strict = await startTestSystem({ overrides: { calendarImport: { now: () => new Date(clock) } } });
    try {
      const strictApi = new ApiClient(strict.baseUrl);
      const strictOwner = await signedInOwner(strictApi);
      const strictHotel = (
        await strictApi.multipart(
          'POST',
          '/hotel/data/create/hotel',
          hotelForm({ hotelName: 'Hotel Careful', city: 'Pune' }),
          { imageURLs: await pngImages(5) },
          { token: strictOwner.token },
        )
      ).body.data._id;
      const strictRoom = (
        await strictApi.multipart('POST', '/hotel/room/create/room', roomForm(strictHotel), { imageURLs: await pngImages(1) }, { token: strictOwner.token })
      ).body.data._id;
      const requestsBefore = sites.requests.length;
      for (const url of [
        `${sitesUrl}/airbnb.ics`,
        `http://localhost:${new URL(sitesUrl).port}/airbnb.ics`,
        `http://[::ffff:127.0.0.1]:${new URL(sitesUrl).port}/airbnb.ics`,
      ]) {
        const added = await strictApi.post(`/hotel/room/calendar/feeds/add/${strictHotel}`, { roomID: strictRoom, url }, { token: strictOwner.token });
        expect(added.status, JSON.stringify(added.body)).to.equal(201);
      }
      await sync(strict);
      const view = (await strictApi.get(`/hotel/room/calendar/sync/${strictHotel}/${strictRoom}`, { token: strictOwner.token })).body.data as CalendarSyncView;
      expect(view.feeds.map((feed) => feed.lastSync?.result)).to.deep.equal(['error', 'error', 'error']);
      for (const feed of view.feeds) expect(feed.lastSync!.error).to.match(/is a private or local address/);
      expect(sites.requests.length, 'no request reached the private server').to.equal(requestsBefore);
    } finally {
      await strict.destroy();
    }
  });
});
