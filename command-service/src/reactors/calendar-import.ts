/**
 * Reads other sites' calendar feeds on a schedule and closes (and reopens) the nights they
 * block, as events of ours (calendar-sync/handler.ts syncFeed). It follows the log for the
 * feeds owners add and remove; each feed is pending work that is due again `intervalMs`
 * after its last fetch, and stays pending (with the ETag and Last-Modified its last answer
 * carried) until it is removed. A removed feed's nights are reopened once.
 */
import { syncFeed } from '../calendar-sync/handler.ts';
import { defaultFetchFeedOptions, type FeedValidators, type FetchFeedOptions } from '../calendar-sync/fetch-feed.ts';
import { defineReactor, type Reactor, type ReactorDeps } from './reactor.ts';

export interface CalendarImportDeps extends ReactorDeps {
  readonly now?: () => Date;
  /** How often each feed is fetched. Default 15 minutes (CALENDAR_SYNC_MINUTES). */
  readonly intervalMs?: number;
  /** How often due feeds are looked for. Default a minute, or the interval when shorter. */
  readonly checkEveryMs?: number;
  readonly fetch?: Partial<FetchFeedOptions>;
}

interface PendingFeed {
  readonly roomId: string;
  readonly hotelId: string;
  /** null once the feed is removed: its nights are to be reopened. */
  readonly url: string | null;
  /** When it is next fetched (ms). */
  readonly dueAt: number;
  readonly validators: FeedValidators;
}

export function calendarImportReactor(deps: CalendarImportDeps): Reactor {
  const now = deps.now ?? (() => new Date());
  const intervalMs = deps.intervalMs ?? 15 * 60_000;
  const fetchOptions = { ...defaultFetchFeedOptions, ...deps.fetch };
  const storeDeps = { store: deps.store, now };

  return defineReactor<PendingFeed>(
    {
      name: 'calendar-import',
      version: 1,
      on: {
        CalendarFeedAdded: ({ feedId, roomId, hotelId, url }, pending, { recordedAt }) =>
          pending.set(feedId, { roomId, hotelId, url, dueAt: Date.parse(recordedAt), validators: {} }),
        CalendarFeedRemoved: ({ feedId }, pending) => {
          const feed = pending.get(feedId);
          if (feed !== undefined) pending.set(feedId, { ...feed, url: null, dueAt: 0 });
        },
      },
      work: async (feedId, feed) => {
        if (feed === undefined) return;
        const { roomId, hotelId, url, validators } = feed;
        if (url === null) {
          await syncFeed(storeDeps, { feedId, roomId, hotelId, url: '', validators }, fetchOptions, []);
          return;
        }
        const next = await syncFeed(storeDeps, { feedId, roomId, hotelId, url, validators }, fetchOptions);
        return { keep: { ...feed, validators: next, dueAt: now().getTime() + intervalMs } };
      },
      lanes: 2,
      describeFailure: (feedId, error) => `could not sync calendar feed ${feedId} yet: ${String(error)}`,
      due: { isDue: ({ dueAt }) => now().getTime() >= dueAt, everyMs: deps.checkEveryMs ?? Math.min(60_000, intervalMs) },
    },
    deps,
  );
}
