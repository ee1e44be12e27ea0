/**
 * Updating a hotel: only its owner, only while listed. Sent fields replace stored ones,
 * each sent place list replaces its list (stored places matched, new ones at least 5 km
 * away), new images replace the old. `HotelUpdated` carries the whole resulting hotel and
 * the fields that changed; an update that changes nothing records nothing.
 */
import { limits, type HotelDetails, type HotelEvent } from '@stays/contracts';
import { ownedHotel, type HotelState } from '../hotel.ts';
import { averageDistance, placeLists, type HotelFieldsInput, type PlaceListsInput } from '../nearby-places.ts';

export interface UpdateHotel {
  readonly ownerId: string;
  readonly fields: Partial<HotelFieldsInput>;
  readonly places: PlaceListsInput;
  /** New images replace the old ones; undefined keeps them. */
  readonly imageURLs?: readonly string[];
  /** Ids for new nearby places. */
  readonly newPlaceId: () => string;
}

export function updateHotel(command: UpdateHotel, state: HotelState): HotelEvent[] {
  const hotel = ownedHotel(state, command.ownerId);
  const before = hotel.details;
  const places = placeLists(command.places, before, command.newPlaceId, limits.placeDistanceKm.minOnUpdate);
  const after: HotelDetails = {
    ...before,
    ...command.fields,
    ...places,
    ...(command.imageURLs !== undefined && { imageURLs: [...command.imageURLs] }),
  };
  const withRange: HotelDetails = { ...after, range: averageDistance(after) };
  const changedFields = (Object.keys(withRange) as (keyof HotelDetails)[]).filter((key) => JSON.stringify(withRange[key]) !== JSON.stringify(before[key]));
  if (changedFields.length === 0) return [];
  return [{ type: 'HotelUpdated', data: { hotelId: hotel.hotelId, ownerId: hotel.ownerId, ...withRange, changedFields } }];
}
