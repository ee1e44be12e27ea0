import { createSelector } from 'reselect';
import type { RoomType } from '@stays/contracts';
import type { Hotel } from '../../lib/models.ts';
import type { HotelsState } from './hotels.slice.ts';

interface WithHotels {
  readonly hotels: HotelsState;
}

const selectById = (state: WithHotels) => state.hotels.byId;
export const selectHotelList = (state: WithHotels) => state.hotels.list;
export const selectHotelDetail = (state: WithHotels) => state.hotels.detail;
const selectRoomsState = (state: WithHotels) => state.hotels.rooms;

const selectAllHotels = createSelector([selectById, (state: WithHotels) => state.hotels.list.ids], (byId, ids) =>
  ids.map((id) => byId[id]).filter((hotel): hotel is Hotel => hotel !== undefined));

/**
 * Home search suggestions (spec section 7): hotel name, the first two address parts,
 * city, state, country, restaurant names, tourist place names, transport types and
 * cinema names of every hotel; empty items dropped, each text once.
 */
export const selectSuggestions = createSelector([selectAllHotels], (hotels) => {
  const texts = hotels.flatMap((hotel) => [
    hotel.hotelName,
    ...hotel.address.split(',').slice(0, 2),
    hotel.city,
    hotel.state ?? '',
    hotel.country,
    ...hotel.restaurants.map((place) => place.name),
    ...hotel.famousTouristPlaces.map((place) => place.name),
    ...hotel.transportationFacilities.map((place) => place.type),
    ...hotel.cinemaHalls.map((place) => place.name),
  ]);
  const seen = new Set<string>();
  const suggestions: string[] = [];
  for (const raw of texts) {
    const text = raw.trim();
    const key = text.toLowerCase();
    if (text === '' || seen.has(key)) continue;
    seen.add(key);
    suggestions.push(text);
  }
  return suggestions;
});

/** Suggestions containing the typed text (case-insensitive); none for an empty text. */
export const selectMatchingSuggestions = createSelector([selectSuggestions, (_: WithHotels, typed: string) => typed.trim().toLowerCase()], (all, typed) =>
  typed === '' ? [] : all.filter((text) => text.toLowerCase().includes(typed)));

/** Every photo of every hotel, for the home slider. */
export const selectSliderImages = createSelector([selectAllHotels], (hotels) =>
  hotels.flatMap((hotel) => hotel.imageURLs.map((url) => ({ url, hotelId: hotel._id, hotelName: hotel.hotelName }))));

export const selectRooms = createSelector([selectRoomsState], (rooms) => rooms.ids.map((id) => rooms.byId[id]!));

/** The standards offered for a room type: the rooms of that type (spec section 4). */
export const selectRoomsOfType = createSelector([selectRooms, (_: WithHotels, type: RoomType | null) => type], (rooms, type) =>
  type === null ? [] : rooms.filter((room) => room.roomType === type));
