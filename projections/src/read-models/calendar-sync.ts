/**
 * The calendar sync read model: per listing, the version of its secret export link (the
 * owner's room view and the calendar screen show the link made from it) and the other sites'
 * feeds it reads, each with its last recorded fetch and the conflicts that fetch found.
 * No personal data: URLs of other sites' feeds and dates.
 */
import type { CalendarConflict, CalendarFeedSync, CalendarFeedView } from '@stays/contracts';
import { defineReadModel, type ReadModelStore } from '../read-model.ts';

export const calendarSyncCollections = { listings: 'listings', feeds: 'feeds' } as const;
const collections = calendarSyncCollections;

export type CalendarSyncListingDocument = { readonly _id: string; readonly hotelId: string; readonly exportVersion: number };

export type CalendarSyncFeedDocument = {
  readonly _id: string;
  readonly roomId: string;
  readonly url: string;
  readonly addedAt: string;
  readonly lastSync: CalendarFeedSync | null;
  readonly conflicts: readonly CalendarConflict[];
};

export const calendarSyncReadModel = defineReadModel({
  name: 'calendar-sync',
  version: 1,
  personalFields: 'none',
  collections: {
    [collections.listings]: [],
    [collections.feeds]: [{ keys: { roomId: 1, addedAt: 1 } }],
  },
  queries: calendarSyncQueries,
  on: {
    CalendarExportRenewed: ({ roomId, hotelId, version }) => [
      {
        collection: collections.listings,
        operation: { updateOne: { filter: { _id: roomId }, update: { $set: { hotelId, exportVersion: version } }, upsert: true } },
      },
    ],
    CalendarFeedAdded: ({ feedId, roomId, url }, { recordedAt }) => [
      {
        collection: collections.feeds,
        operation: {
          updateOne: { filter: { _id: feedId }, update: { $set: { roomId, url, addedAt: recordedAt, lastSync: null, conflicts: [] } }, upsert: true },
        },
      },
    ],
    CalendarFeedRemoved: ({ feedId }) => [{ collection: collections.feeds, operation: { deleteOne: { filter: { _id: feedId } } } }],
    CalendarFeedSynced: ({ feedId, at, result, error, closed, reopened, conflicts }) => [
      {
        collection: collections.feeds,
        operation: {
          updateOne: {
            filter: { _id: feedId },
            update: { $set: { lastSync: { at, result, ...(error !== undefined && { error }), closed, reopened }, conflicts } },
          },
        },
      },
    ],
  },
});

export type CalendarSyncQueries = ReturnType<typeof calendarSyncQueries>;

export function calendarSyncQueries(store: ReadModelStore) {
  const listings = store.collection<CalendarSyncListingDocument>(collections.listings);
  const feeds = store.collection<CalendarSyncFeedDocument>(collections.feeds);
  return {
    /** The version of the listing's export link: 0 until its owner first makes a new one. */
    async exportVersionOf(roomId: string): Promise<number> {
      return (await listings.findOne({ _id: roomId }))?.exportVersion ?? 0;
    },
    /** The listing's feeds, oldest first. */
    async feedsOf(roomId: string): Promise<CalendarFeedView[]> {
      const found = await feeds.find({ roomId }, { sort: { addedAt: 1, _id: 1 } });
      return found.map(({ _id, url, addedAt, lastSync, conflicts }) => ({ feedID: _id, url, addedAt, lastSync, conflicts }));
    },
  };
}
