/**
 * A listing's export feed as written, read back by the RFC 5545 reader of the tests (no
 * ical.js): the calendar's own properties, one all-day event per run of consecutive nights a
 * booking or a closure holds from the first night asked for, in order of their first night,
 * with UIDs that stay the same from fetch to fetch and nothing about guests.
 */
import { expect } from 'chai';
import type { InventoryEvent } from '@stays/contracts';
import { inventoryAggregate } from '../../src/booking/inventory.ts';
import { EXPORT_PRODID, exportFeed, runsOf } from '../../src/calendar-sync/export-feed.ts';
import { isoDate, propertyOf, readCalendar, type Component } from '../../../standalone/test/support/rfc5545-reader.ts';

const inventoryOf = (events: InventoryEvent[]) => events.reduce(inventoryAggregate.evolve, inventoryAggregate.initialState());
const reserved = (bookingID: string, nights: string[]): InventoryEvent => ({ type: 'UnitsReserved', data: { bookingID, roomId: 'r1', nights, units: 1 } });
const closed = (closureId: string, nights: string[]): InventoryEvent => ({
  type: 'NightsClosed',
  data: { closureId, roomId: 'r1', hotelId: 'h1', nights, units: 1, source: { kind: 'owner' }, note: 'Painting' },
});
const NOW = new Date('2026-11-29T10:15:30.000Z');

/** Each event's UID, SUMMARY, first night and the day after its last, as the reader reads them. */
const eventsOf = (calendar: Component) =>
  calendar.components
    .filter((component) => component.name === 'VEVENT')
    .map((event) => ({
      uid: propertyOf(event, 'UID')?.value,
      summary: propertyOf(event, 'SUMMARY')?.value,
      start: isoDate(propertyOf(event, 'DTSTART')!.value),
      end: isoDate(propertyOf(event, 'DTEND')!.value),
    }));

describe('the export feed of a listing', () => {
  it('writes the calendar’s own properties, each line as RFC 5545 wants it', () => {
    const text = exportFeed(inventoryOf([]), 'r1', '2026-11-29', NOW);
    const { calendar, problems } = readCalendar(text);
    expect(problems).to.deep.equal([]);
    expect(calendar.name).to.equal('VCALENDAR');
    expect(calendar.properties.map(({ name, value }) => [name, value])).to.deep.equal([
      ['PRODID', EXPORT_PRODID],
      ['VERSION', '2.0'],
      ['CALSCALE', 'GREGORIAN'],
      ['METHOD', 'PUBLISH'],
      ['X-WR-CALNAME', 'Stays listing r1'],
    ]);
    expect(EXPORT_PRODID).to.equal('-//Stays//Calendar sync 1.0//EN');
    expect(calendar.components).to.deep.equal([]);
  });

  it('writes one all-day event per run of held nights from the first night asked for, in order, with stable UIDs and no guest data', () => {
    const inventory = inventoryOf([
      closed('CL-1', ['2026-12-10', '2026-12-11']),
      reserved('BK-2', ['2026-12-24', '2026-12-25', '2026-12-27']),
      reserved('BK-1', ['2026-11-27', '2026-11-28', '2026-11-29', '2026-11-30']),
      closed('CL-0', ['2026-12-24']),
    ]);
    const text = exportFeed(inventory, 'r1', '2026-11-29', NOW);
    const { calendar, problems } = readCalendar(text);
    expect(problems).to.deep.equal([]);
    expect(eventsOf(calendar)).to.deep.equal([
      { uid: 'booking-BK-1-2026-11-29@stays.calendar', summary: 'Booked', start: '2026-11-29', end: '2026-12-01' },
      { uid: 'closure-CL-1-2026-12-10@stays.calendar', summary: 'Closed', start: '2026-12-10', end: '2026-12-12' },
      { uid: 'booking-BK-2-2026-12-24@stays.calendar', summary: 'Booked', start: '2026-12-24', end: '2026-12-26' },
      { uid: 'closure-CL-0-2026-12-24@stays.calendar', summary: 'Closed', start: '2026-12-24', end: '2026-12-25' },
      { uid: 'booking-BK-2-2026-12-27@stays.calendar', summary: 'Booked', start: '2026-12-27', end: '2026-12-28' },
    ]);
    const events = calendar.components;
    expect(events.every((event) => propertyOf(event, 'DTSTART')!.params.VALUE === 'DATE' && propertyOf(event, 'DTEND')!.params.VALUE === 'DATE')).to.equal(
      true,
    );
    expect(events.every((event) => propertyOf(event, 'TRANSP')?.value === 'OPAQUE')).to.equal(true);
    expect(events.every((event) => propertyOf(event, 'DTSTAMP')?.value === '20261129T101530Z')).to.equal(true);
    expect(text, 'no owner note').not.to.include('Painting');
    expect(exportFeed(inventory, 'r1', '2026-11-29', new Date('2026-11-30T00:00:00Z')).replaceAll('20261130T000000Z', '20261129T101530Z')).to.equal(text);
  });

  it('cuts nights into runs of consecutive ones, whatever their order, across months and years', () => {
    expect(runsOf([])).to.deep.equal([]);
    expect(runsOf(['2026-12-31', '2026-12-24', '2027-01-01', '2026-12-25', '2026-12-27'])).to.deep.equal([
      ['2026-12-24', '2026-12-25'],
      ['2026-12-27'],
      ['2026-12-31', '2027-01-01'],
    ]);
  });
});
