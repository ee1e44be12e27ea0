/** The owner's calendar of a listing (bearer), and closing and reopening its nights. */
import { pathOf, routes, type CalendarSyncView, type Envelope, type RoomCalendar } from '@stays/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { successful } from '../../../lib/envelope.ts';

/** A closure as the form sends it: the first and last night (both closed), the units, an optional note. */
export interface CloseNightsForm {
  readonly roomID: string;
  readonly from: string;
  readonly to: string;
  readonly units: number;
  readonly note?: string;
}

export interface OwnerCalendarApi {
  calendar(hotelID: string, roomID: string, signal?: AbortSignal): Promise<RoomCalendar>;
  close(hotelID: string, form: CloseNightsForm): Promise<{ data: { closureID: string; nights: readonly string[]; units: number }; message: string }>;
  reopen(hotelID: string, body: { roomID: string; closureID: string }): Promise<{ data: { nights: readonly string[] }; message: string }>;
  /** Calendar sync with other sites: the export link and the feeds read. */
  sync(hotelID: string, roomID: string, signal?: AbortSignal): Promise<CalendarSyncView>;
  addFeed(hotelID: string, body: { roomID: string; url: string }): Promise<{ message: string }>;
  removeFeed(hotelID: string, body: { roomID: string; feedID: string }): Promise<{ message: string }>;
  renewExport(hotelID: string, body: { roomID: string }): Promise<{ message: string }>;
}

export const ownerCalendarApi: OwnerCalendarApi = {
  calendar: async (hotelID, roomID, signal) =>
    successful(await apiClient.get<Envelope<RoomCalendar>>(pathOf(routes.roomCalendar, { hotelID, roomID }), { signal, bearer: true })).data,
  close: async (hotelID, form) =>
    successful(await apiClient.post<Envelope<{ closureID: string; nights: string[]; units: number }>>(pathOf(routes.closeNights, { hotelID }), form)),
  reopen: async (hotelID, body) => successful(await apiClient.post<Envelope<{ nights: readonly string[] }>>(pathOf(routes.reopenNights, { hotelID }), body)),
  sync: async (hotelID, roomID, signal) =>
    successful(await apiClient.get<Envelope<CalendarSyncView>>(pathOf(routes.calendarSync, { hotelID, roomID }), { signal, bearer: true })).data,
  addFeed: async (hotelID, body) => successful(await apiClient.post<Envelope<unknown>>(pathOf(routes.addCalendarFeed, { hotelID }), body)),
  removeFeed: async (hotelID, body) => successful(await apiClient.post<Envelope<unknown>>(pathOf(routes.removeCalendarFeed, { hotelID }), body)),
  renewExport: async (hotelID, body) => successful(await apiClient.post<Envelope<unknown>>(pathOf(routes.renewCalendarExport, { hotelID }), body)),
};
