/**
 * The calendar sync aggregate of a listing (stream `calendarsync-{roomId}`): its export
 * link's version, the other sites' feeds it reads, and what was last recorded of each feed's
 * fetches (so an unchanged result is not recorded again at every fetch).
 */
import { calendarSyncEventTypes, type CalendarFeedSynced, type CalendarSyncEvent } from '@stays/contracts';

export interface SyncedFeed {
  readonly url: string;
  /** The last CalendarFeedSynced of the feed. */
  readonly lastRecorded: CalendarFeedSynced['data'] | null;
}

export interface CalendarSyncState {
  readonly hotelId: string | null;
  /** 0 until the owner first makes a new link. */
  readonly exportVersion: number;
  readonly feeds: ReadonlyMap<string, SyncedFeed>;
}

const initialCalendarSyncState = (): CalendarSyncState => ({ hotelId: null, exportVersion: 0, feeds: new Map() });

function evolveCalendarSync(state: CalendarSyncState, event: CalendarSyncEvent): CalendarSyncState {
  switch (event.type) {
    case 'CalendarExportRenewed':
      return { ...state, hotelId: event.data.hotelId, exportVersion: event.data.version };
    case 'CalendarFeedAdded':
      return { ...state, hotelId: event.data.hotelId, feeds: new Map(state.feeds).set(event.data.feedId, { url: event.data.url, lastRecorded: null }) };
    case 'CalendarFeedRemoved': {
      const feeds = new Map(state.feeds);
      feeds.delete(event.data.feedId);
      return { ...state, feeds };
    }
    case 'CalendarFeedSynced': {
      const feed = state.feeds.get(event.data.feedId);
      if (feed === undefined) return state;
      return { ...state, feeds: new Map(state.feeds).set(event.data.feedId, { ...feed, lastRecorded: event.data }) };
    }
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

export const calendarSyncAggregate = { initialState: initialCalendarSyncState, evolve: evolveCalendarSync, eventTypes: calendarSyncEventTypes };
