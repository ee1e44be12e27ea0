import { createSelector } from 'reselect';
import type { RoomType, Stay } from '@stays/contracts';
import { verdictOf, type RoomVerdict } from '../../lib/room-verdict.ts';
import { stayKey, stayOfKey } from '../../lib/stay.ts';
import type { Hotel } from '../../lib/models.ts';
import type { HotelsState } from './hotels.slice.ts';
import { matchingSuggestions, suggestionCatalogue } from '../search/suggestions.ts';

interface WithHotels {
  readonly hotels: HotelsState;
}

const selectById = (state: WithHotels) => state.hotels.byId;
export const selectHotelList = (state: WithHotels) => state.hotels.list;
export const selectHotelDetail = (state: WithHotels) => state.hotels.detail;
const selectRoomsState = (state: WithHotels) => state.hotels.rooms;

const selectAllHotels = createSelector([selectById, (state: WithHotels) => state.hotels.list.ids], (byId, ids) =>
  ids.map((id) => byId[id]).filter((hotel): hotel is Hotel => hotel !== undefined),
);

/** Home search suggestions (spec section 7), grouped into cities, hotels and places. */
export const selectSuggestions = createSelector([selectAllHotels], suggestionCatalogue);

/** The suggestion groups matching the typed text; none for an empty text. */
export const selectMatchingSuggestions = (state: WithHotels, typed: string) => matchingSuggestions(selectSuggestions(state), typed);

/** Every photo of every hotel, for the home slider. */
export const selectSliderImages = createSelector([selectAllHotels], (hotels) =>
  hotels.flatMap((hotel) => hotel.imageURLs.map((url) => ({ url, hotelId: hotel._id, hotelName: hotel.hotelName }))),
);

export const selectRooms = createSelector([selectRoomsState], (rooms) => rooms.ids.map((id) => rooms.byId[id]!));

/** The standards offered for a room type: the rooms of that type (spec section 4). */
export const selectRoomsOfType = createSelector([selectRooms, (_: WithHotels, type: RoomType | null) => type], (rooms, type) =>
  type === null ? [] : rooms.filter((room) => room.roomType === type),
);

const selectAvailability = (state: WithHotels) => state.hotels.availability;

/**
 * Each room of the opened hotel's verdict for the stay (checking, available with 'Only N
 * left', too many guests, sold out with the nearest check-in); an answer for another hotel
 * or stay counts as none yet.
 */
export const selectRoomVerdicts = createSelector(
  [selectRooms, selectAvailability, (_: WithHotels, hotelId: string) => hotelId, (_: WithHotels, _hotelId: string, stay: Stay) => stayKey(stay)],
  (rooms, availability, hotelId, key): Record<string, RoomVerdict> => {
    const stay = stayOfKey(key);
    const current = availability.hotelId === hotelId && availability.stay === key;
    const status = current ? availability.status : 'loading';
    return Object.fromEntries(
      rooms.map((room) => [room._id, verdictOf(current ? availability.byRoomId[room._id] : undefined, stay, status, current ? availability.refusal : null)]),
    );
  },
);
