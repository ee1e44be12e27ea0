import { expect } from 'chai';
import type { DomainEvent } from '@stays/contracts';
import { liveReadModels } from '../src/index.ts';
import { calendarSyncCollections as collections, calendarSyncReadModel } from '../src/read-models/calendar-sync.ts';
import { projectEvents, projectInto, recordedAt } from './support/project-events.ts';

const added = (feedId: string, roomId = 'r1'): DomainEvent => ({
  type: 'CalendarFeedAdded',
  data: { feedId, roomId, hotelId: 'h1', url: `https://other.example/${feedId}.ics` },
});
const conflict = { uid: 'u1', from: '2026-12-30', to: '2026-12-31', nights: ['2026-12-30'] };

describe('calendar sync read model: events in, documents out', () => {
  it("keeps each listing's export version and each feed with its last sync and conflicts, and drops a removed feed", async () => {
    const documents = await projectEvents(calendarSyncReadModel, [
      { type: 'CalendarExportRenewed', data: { roomId: 'r1', hotelId: 'h1', version: 1 } },
      { type: 'CalendarExportRenewed', data: { roomId: 'r2', hotelId: 'h1', version: 1 } },
      { type: 'CalendarExportRenewed', data: { roomId: 'r1', hotelId: 'h1', version: 2 } },
      added('f1'),
      added('f2'),
      added('f3'),
      {
        type: 'CalendarFeedSynced',
        data: { feedId: 'f2', roomId: 'r1', at: '2026-11-22T10:00:00.000Z', result: 'ok', closed: 2, reopened: 1, conflicts: [conflict] },
      },
      {
        type: 'CalendarFeedSynced',
        data: { feedId: 'f3', roomId: 'r1', at: '2026-11-22T10:05:00.000Z', result: 'error', error: 'HTTP 404', closed: 0, reopened: 0, conflicts: [] },
      },
      { type: 'CalendarFeedRemoved', data: { feedId: 'f1', roomId: 'r1' } },
    ]);
    expect(documents[collections.listings]).to.deep.equal([
      { _id: 'r1', hotelId: 'h1', exportVersion: 2 },
      { _id: 'r2', hotelId: 'h1', exportVersion: 1 },
    ]);
    expect(documents[collections.feeds]).to.deep.equal([
      {
        _id: 'f2',
        roomId: 'r1',
        url: 'https://other.example/f2.ics',
        addedAt: recordedAt(5),
        lastSync: { at: '2026-11-22T10:00:00.000Z', result: 'ok', closed: 2, reopened: 1 },
        conflicts: [conflict],
      },
      {
        _id: 'f3',
        roomId: 'r1',
        url: 'https://other.example/f3.ics',
        addedAt: recordedAt(6),
        lastSync: { at: '2026-11-22T10:05:00.000Z', result: 'error', error: 'HTTP 404', closed: 0, reopened: 0 },
        conflicts: [],
      },
    ]);
  });

  it("answers a listing's export version (0 before any) and its feeds oldest first", async () => {
    const readStore = await projectInto(calendarSyncReadModel, [
      added('f-b'),
      added('f-a'),
      added('f-other', 'r2'),
      { type: 'CalendarExportRenewed', data: { roomId: 'r1', hotelId: 'h1', version: 3 } },
    ]);
    const queries = calendarSyncReadModel.queries(liveReadModels(readStore).store(calendarSyncReadModel));
    expect(await queries.exportVersionOf('r1')).to.equal(3);
    expect(await queries.exportVersionOf('r9')).to.equal(0);
    expect(await queries.feedsOf('r1')).to.deep.equal([
      { feedID: 'f-b', url: 'https://other.example/f-b.ics', addedAt: recordedAt(1), lastSync: null, conflicts: [] },
      { feedID: 'f-a', url: 'https://other.example/f-a.ics', addedAt: recordedAt(2), lastSync: null, conflicts: [] },
    ]);
    expect(calendarSyncReadModel.collections).to.deep.equal({ [collections.listings]: [], [collections.feeds]: [{ keys: { roomId: 1, addedAt: 1 } }] });
    await readStore.close();
  });

  it('removes only the feed a removal names, whichever place it holds', async () => {
    const documents = await projectEvents(calendarSyncReadModel, [
      added('f1'),
      added('f2'),
      added('f3'),
      { type: 'CalendarFeedRemoved', data: { feedId: 'f2', roomId: 'r1' } },
    ]);
    expect(documents[collections.feeds]!.map((feed) => feed._id)).to.deep.equal(['f1', 'f3']);
  });
});
