/**
 * Calendar sync requests and answers: the owner adds and removes other sites' feeds of a
 * listing and renews its export link; GET hotel/room/calendar/sync/{hotelID}/{roomID}
 * answers the link and each feed with its last fetch.
 */
import { z } from 'zod';
import { calendarSyncMessages } from '../calendar-sync-messages.ts';
import type { CalendarConflict } from '../events/calendar-sync.ts';
import { formLabels } from './request-check.ts';
import { requiredText } from './fields.ts';

export const calendarSyncLimits = {
  /** Feeds one listing may read: enough for every site an owner lists on. */
  maxFeeds: 10,
  urlMax: 2000,
} as const;

const feedUrl = requiredText(calendarSyncLimits.urlMax).refine((url) => {
  try {
    const parsed = new URL(url);
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname !== '';
  } catch {
    return false;
  }
}, calendarSyncMessages.urlNotHttp);

export const addCalendarFeedRequest = z.object({ roomID: requiredText(64), url: feedUrl }).register(formLabels, calendarSyncMessages.labels);
export type AddCalendarFeedRequest = z.infer<typeof addCalendarFeedRequest>;

export const removeCalendarFeedRequest = z.object({ roomID: requiredText(64), feedID: requiredText(64) }).register(formLabels, calendarSyncMessages.labels);
export type RemoveCalendarFeedRequest = z.infer<typeof removeCalendarFeedRequest>;

export const renewCalendarExportRequest = z.object({ roomID: requiredText(64) }).register(formLabels, calendarSyncMessages.labels);
export type RenewCalendarExportRequest = z.infer<typeof renewCalendarExportRequest>;

/** A feed's last fetch as recorded. */
export interface CalendarFeedSync {
  readonly at: string;
  readonly result: 'ok' | 'not-modified' | 'error';
  readonly error?: string;
  readonly closed: number;
  readonly reopened: number;
}

export interface CalendarFeedView {
  readonly feedID: string;
  readonly url: string;
  readonly addedAt: string;
  readonly lastSync: CalendarFeedSync | null;
  readonly conflicts: readonly CalendarConflict[];
}

/** GET hotel/room/calendar/sync/{hotelID}/{roomID}: the listing's export link and its imported feeds. */
export interface CalendarSyncView {
  readonly roomID: string;
  readonly calendarFeedURL: string;
  readonly feeds: readonly CalendarFeedView[];
}
