/**
 * Pure hotel decisions. Nearby places get ids here (from the injected generator) and the
 * hotel's `range` (average place distance) is computed here, never taken from the client.
 */
import {
  NEARBY_PLACE_KINDS, limits, messages, type HotelDetails, type HotelEvent, type NearbyPlace, type NearbyPlaces,
  type NearbyPlaceInput, type TransportFacility, type TransportInput,
} from '@stays/contracts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '@stays/service-kit';
import type { HotelState } from './hotel.ts';

export type PlaceListsInput = {
  readonly restaurants?: readonly NearbyPlaceInput[];
  readonly cinemaHalls?: readonly NearbyPlaceInput[];
  readonly famousTouristPlaces?: readonly NearbyPlaceInput[];
  readonly transportationFacilities?: readonly TransportInput[];
};

export type HotelFieldsInput = Omit<HotelDetails, keyof NearbyPlaces | 'range' | 'imageURLs'>;

export interface CreateHotel {
  readonly hotelId: string;
  readonly ownerId: string;
  readonly fields: HotelFieldsInput;
  readonly places: PlaceListsInput;
  readonly imageURLs: readonly string[];
}

export function createHotel(command: CreateHotel, state: HotelState, newId: () => string): HotelEvent[] {
  if (state.status !== 'new') throw new ConflictError(messages.server.hotelExists);
  const places: NearbyPlaces = { restaurants: [], cinemaHalls: [], famousTouristPlaces: [], transportationFacilities: [], ...placeLists(command.places, {}, newId) };
  const details: HotelDetails = { ...command.fields, ...places, imageURLs: [...command.imageURLs], range: averageDistance(places) };
  return [{ type: 'HotelCreated', data: { hotelId: command.hotelId, ownerId: command.ownerId, ...details } }];
}

export interface UpdateHotel {
  readonly ownerId: string;
  readonly fields: Partial<HotelFieldsInput>;
  readonly places: PlaceListsInput;
  /** New images replace the old ones; undefined keeps them. */
  readonly imageURLs?: readonly string[];
}

export function updateHotel(command: UpdateHotel, state: HotelState, newId: () => string): HotelEvent[] {
  if (state.status !== 'listed') throw new NotFoundError(messages.server.hotelNotFound);
  if (state.ownerId !== command.ownerId) throw new ForbiddenError(messages.server.notYourHotel);
  const before = state.details;
  const places = placeLists(command.places, before, newId, limits.placeDistanceKm.minOnUpdate);
  const after: HotelDetails = {
    ...before,
    ...command.fields,
    ...places,
    ...(command.imageURLs !== undefined && { imageURLs: [...command.imageURLs] }),
  };
  const withRange: HotelDetails = { ...after, range: averageDistance(after) };
  const changedFields = (Object.keys(withRange) as (keyof HotelDetails)[]).filter((key) => JSON.stringify(withRange[key]) !== JSON.stringify(before[key]));
  if (changedFields.length === 0) return [];
  return [{ type: 'HotelUpdated', data: { hotelId: state.hotelId, ownerId: state.ownerId, ...withRange, changedFields } }];
}

/**
 * The place lists sent, each replacing the stored list whole. A sent place is a stored
 * place of the same list when it keeps that place's id, or else when it equals one not
 * yet claimed: same name (trimmed, any case), same distance and, if it names one, same
 * transport type. The spec's web client resends every stored place that way, without
 * ids or types. Any other place is new, gets an id, and on update must be at least
 * `minDistanceForNew` km away (the update form's rule).
 */
function placeLists(input: PlaceListsInput, existing: Partial<NearbyPlaces>, newId: () => string, minDistanceForNew = 0): Partial<NearbyPlaces> {
  const lists: Partial<Record<keyof NearbyPlaces, TransportFacility[] | NearbyPlace[]>> = {};
  for (const kind of NEARBY_PLACE_KINDS) {
    const sent: readonly SentPlace[] | undefined = input[kind];
    if (sent === undefined) continue;
    const unclaimed = new Map<string, StoredPlace>((existing[kind] ?? []).map((place) => [place._id, place]));
    const claim = (stored: StoredPlace | undefined): StoredPlace | undefined => {
      if (stored !== undefined) unclaimed.delete(stored._id);
      return stored;
    };
    // places keeping an id claim their place first, so an equal place sent before them cannot take it
    const byId = sent.map((place) => (place._id === undefined ? undefined : claim(unclaimed.get(place._id))));
    lists[kind] = sent.map((place, index) => {
      const kept = byId[index];
      if (kept !== undefined) return { ...kept, ...definedFields(place), _id: kept._id };
      const same = claim([...unclaimed.values()].find((stored) => isSamePlace(place, stored)));
      if (same !== undefined) return same;
      if (place.distance < minDistanceForNew) {
        throw new ValidationError(`${kind}.${index}.distance`, `must be at least ${minDistanceForNew} km for a new place`);
      }
      const { _id: _unknownId, ...fields } = place;
      return { ...fields, ...(kind === 'transportationFacilities' && { type: place.type ?? '' }), _id: newId() };
    }) as TransportFacility[] | NearbyPlace[];
  }
  return lists as Partial<NearbyPlaces>;
}

type SentPlace = NearbyPlaceInput & { readonly type?: string };
type StoredPlace = NearbyPlace & { readonly type?: string };

const sameText = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function isSamePlace(sent: SentPlace, stored: StoredPlace): boolean {
  return sameText(sent.name, stored.name) && sent.distance === stored.distance
    && (sent.type === undefined || sent.type.trim() === '' || sameText(sent.type, stored.type ?? ''));
}

const definedFields = <T extends object>(value: T): Partial<T> =>
  Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as Partial<T>;

/** Average distance of all nearby places in km, rounded to 0.1 (0 without places). */
export function averageDistance(places: Partial<NearbyPlaces>): number {
  const distances = NEARBY_PLACE_KINDS.flatMap((kind) => (places[kind] ?? []).map((place) => place.distance));
  if (distances.length === 0) return 0;
  return Math.round((distances.reduce((sum, d) => sum + d, 0) / distances.length) * 10) / 10;
}

/** Takes the hotel off the listings when its owner's account is deleted; a hotel already delisted stays so. */
export function delistHotel(command: { ownerId: string; now: Date }, state: HotelState): HotelEvent[] {
  if (state.status !== 'listed') return [];
  if (state.ownerId !== command.ownerId) throw new ForbiddenError(messages.server.notYourHotel);
  return [{ type: 'HotelDelisted', data: { hotelId: state.hotelId, ownerId: state.ownerId, reason: 'owner-deleted', delistedAt: command.now.toISOString() } }];
}
