/**
 * Hotels as the home and hotel pages read them: every hotel by id, the home list, the
 * opened hotel's status (with a not-found state for 404) and its rooms.
 */
import type { ListingAvailability, Stay } from '@stays/contracts';
import type { Hotel, LoadStatus, Room } from '../../lib/models.ts';
import { normalise } from '../../lib/models.ts';
import { stayKey } from '../../lib/stay.ts';

export type DetailStatus = LoadStatus | 'notFound';

export interface HotelsState {
  readonly byId: Record<string, Hotel>;
  readonly list: { readonly ids: readonly string[]; readonly status: LoadStatus; readonly error: string | null };
  readonly detail: { readonly hotelId: string | null; readonly status: DetailStatus };
  readonly rooms: { readonly hotelId: string | null; readonly byId: Record<string, Room>; readonly ids: readonly string[]; readonly status: DetailStatus };
  /** The opened hotel's listings for the stay asked last (`stayKey`), by room id. */
  readonly availability: {
    readonly hotelId: string | null;
    readonly stay: string | null;
    readonly byRoomId: Record<string, ListingAvailability>;
    readonly status: LoadStatus;
    /** The server's reason when it refused the check (400), else null. */
    readonly refusal: string | null;
  };
}

const initialHotelsState: HotelsState = {
  byId: {},
  list: { ids: [], status: 'idle', error: null },
  detail: { hotelId: null, status: 'idle' },
  rooms: { hotelId: null, byId: {}, ids: [], status: 'idle' },
  availability: { hotelId: null, stay: null, byRoomId: {}, status: 'idle', refusal: null },
};

export const hotelsActions = {
  listRequested: () => ({ type: 'hotels/listRequested' as const }),
  listLoaded: (payload: { hotels: Hotel[] }) => ({ type: 'hotels/listLoaded' as const, payload }),
  listFailed: (payload: { message: string }) => ({ type: 'hotels/listFailed' as const, payload }),
  detailRequested: (payload: { hotelId: string }) => ({ type: 'hotels/detailRequested' as const, payload }),
  detailLoaded: (payload: { hotel: Hotel }) => ({ type: 'hotels/detailLoaded' as const, payload }),
  detailFailed: (payload: { hotelId: string; notFound: boolean }) => ({ type: 'hotels/detailFailed' as const, payload }),
  roomsRequested: (payload: { hotelId: string }) => ({ type: 'hotels/roomsRequested' as const, payload }),
  roomsLoaded: (payload: { hotelId: string; rooms: Room[] }) => ({ type: 'hotels/roomsLoaded' as const, payload }),
  roomsFailed: (payload: { hotelId: string; notFound: boolean }) => ({ type: 'hotels/roomsFailed' as const, payload }),
  /** The hotel page's stay changed (or the page opened, or asked again): what is free for it. */
  availabilityRequested: (payload: { hotelId: string; stay: Stay }) => ({ type: 'hotels/availabilityRequested' as const, payload }),
  availabilityLoaded: (payload: { hotelId: string; stay: Stay; listings: ListingAvailability[] }) => ({ type: 'hotels/availabilityLoaded' as const, payload }),
  availabilityFailed: (payload: { hotelId: string; stay: Stay; refusal: string | null }) => ({ type: 'hotels/availabilityFailed' as const, payload }),
};

export type HotelsAction = ReturnType<(typeof hotelsActions)[keyof typeof hotelsActions]>;

export function hotelsReducer(state: HotelsState = initialHotelsState, action: { type: string }): HotelsState {
  const a = action as HotelsAction;
  switch (a.type) {
    case 'hotels/listRequested':
      return { ...state, list: { ...state.list, status: 'loading', error: null } };
    case 'hotels/listLoaded': {
      const { byId, ids } = normalise(a.payload.hotels);
      return { ...state, byId: { ...state.byId, ...byId }, list: { ids, status: 'succeeded', error: null } };
    }
    case 'hotels/listFailed':
      return { ...state, list: { ids: [], status: 'failed', error: a.payload.message } };
    case 'hotels/detailRequested':
      return { ...state, detail: { hotelId: a.payload.hotelId, status: 'loading' } };
    case 'hotels/detailLoaded':
      return { ...state, byId: { ...state.byId, [a.payload.hotel._id]: a.payload.hotel }, detail: { hotelId: a.payload.hotel._id, status: 'succeeded' } };
    case 'hotels/detailFailed':
      return { ...state, detail: { hotelId: a.payload.hotelId, status: a.payload.notFound ? 'notFound' : 'failed' } };
    case 'hotels/roomsRequested':
      return {
        ...state,
        rooms: {
          hotelId: a.payload.hotelId,
          byId: state.rooms.hotelId === a.payload.hotelId ? state.rooms.byId : {},
          ids: state.rooms.hotelId === a.payload.hotelId ? state.rooms.ids : [],
          status: 'loading',
        },
      };
    case 'hotels/roomsLoaded': {
      const { byId, ids } = normalise(a.payload.rooms);
      return { ...state, rooms: { hotelId: a.payload.hotelId, byId, ids, status: 'succeeded' } };
    }
    case 'hotels/roomsFailed':
      return { ...state, rooms: { hotelId: a.payload.hotelId, byId: {}, ids: [], status: a.payload.notFound ? 'notFound' : 'failed' } };
    case 'hotels/availabilityRequested': {
      const same = state.availability.hotelId === a.payload.hotelId && state.availability.stay === stayKey(a.payload.stay);
      // Another stay's answer is not shown while this one loads (it would say the wrong thing).
      return {
        ...state,
        availability: {
          hotelId: a.payload.hotelId,
          stay: stayKey(a.payload.stay),
          byRoomId: same ? state.availability.byRoomId : {},
          status: 'loading',
          refusal: null,
        },
      };
    }
    case 'hotels/availabilityLoaded': {
      const byRoomId: Record<string, ListingAvailability> = {};
      for (const listing of a.payload.listings) byRoomId[listing.roomID] = listing;
      return { ...state, availability: { hotelId: a.payload.hotelId, stay: stayKey(a.payload.stay), byRoomId, status: 'succeeded', refusal: null } };
    }
    case 'hotels/availabilityFailed':
      return {
        ...state,
        availability: { hotelId: a.payload.hotelId, stay: stayKey(a.payload.stay), byRoomId: {}, status: 'failed', refusal: a.payload.refusal },
      };
    default:
      return state;
  }
}
