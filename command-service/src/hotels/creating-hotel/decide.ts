/**
 * Creating a hotel: a new hotel stream (one hotel per owner is the `ownerhotel-{ownerId}`
 * unique key the handler takes first); nearby places get ids and the hotel its `range`.
 */
import { messages, type HotelDetails, type HotelEvent, type NearbyPlaces } from '@stays/contracts';
import { Conflict } from '../../domain-errors.ts';
import type { HotelState } from '../hotel.ts';
import { averageDistance, placeLists, type HotelFieldsInput, type PlaceListsInput } from '../nearby-places.ts';

export interface CreateHotel {
  readonly hotelId: string;
  readonly ownerId: string;
  readonly fields: HotelFieldsInput;
  readonly places: PlaceListsInput;
  readonly imageURLs: readonly string[];
  /** Ids for new nearby places. */
  readonly newPlaceId: () => string;
}

export function createHotel(command: CreateHotel, state: HotelState): HotelEvent[] {
  if (state.status !== 'new') throw new Conflict(messages.server.hotelExists);
  const places: NearbyPlaces = {
    restaurants: [],
    cinemaHalls: [],
    famousTouristPlaces: [],
    transportationFacilities: [],
    ...placeLists(command.places, {}, command.newPlaceId),
  };
  const details: HotelDetails = { ...command.fields, ...places, imageURLs: [...command.imageURLs], range: averageDistance(places) };
  return [{ type: 'HotelCreated', data: { hotelId: command.hotelId, ownerId: command.ownerId, ...details } }];
}

/** An owner who has a hotel cannot create another (asked before any image is stored). */
export function refuseSecondHotel(ownersHotelId: string | null): void {
  if (ownersHotelId !== null) throw new Conflict(messages.server.hotelExists);
}
