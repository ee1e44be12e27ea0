/**
 * Nearby places, shared by creating and updating a hotel: the place lists a request
 * carries, how sent places are matched to stored ones (they get ids here, from the
 * command's generator), and the hotel's `range`, computed here, never taken from the client.
 */
import {
  NEARBY_PLACE_KINDS,
  messages,
  type CreateHotelRequest,
  type HotelDetails,
  type NearbyPlace,
  type NearbyPlaces,
  type NearbyPlaceInput,
  type TransportFacility,
  type TransportInput,
} from '@stays/contracts';
import { InvalidInput } from '../domain-errors.ts';

export type PlaceListsInput = {
  readonly restaurants?: readonly NearbyPlaceInput[];
  readonly cinemaHalls?: readonly NearbyPlaceInput[];
  readonly famousTouristPlaces?: readonly NearbyPlaceInput[];
  readonly transportationFacilities?: readonly TransportInput[];
};

/** The hotel's own fields, as sent (places, range and images are the server's). */
export type HotelFieldsInput = Omit<HotelDetails, keyof NearbyPlaces | 'range' | 'imageURLs'>;

/** A hotel request split into its own fields and the place lists it sends (a sent `range` is ignored). */
export const splitHotelRequest = <T extends Partial<CreateHotelRequest>>(input: T) => {
  const { restaurants, cinemaHalls, famousTouristPlaces, transportationFacilities, range: _range, ...fields } = input;
  const places: PlaceListsInput = {
    ...(restaurants !== undefined && { restaurants }),
    ...(cinemaHalls !== undefined && { cinemaHalls }),
    ...(famousTouristPlaces !== undefined && { famousTouristPlaces }),
    ...(transportationFacilities !== undefined && { transportationFacilities }),
  };
  return { fields, places };
};

/**
 * The place lists sent, each replacing the stored list whole. A sent place is a stored
 * place of the same list when it keeps that place's id, or else when it equals one not
 * yet claimed: same name (trimmed, any case), same distance and, if it names one, same
 * transport type. The spec's web client resends every stored place that way, without
 * ids or types. Any other place is new, gets an id, and on update must be at least
 * `minDistanceForNew` km away (the update form's rule).
 */
export function placeLists(input: PlaceListsInput, existing: Partial<NearbyPlaces>, newId: () => string, minDistanceForNew = 0): Partial<NearbyPlaces> {
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
        throw new InvalidInput(`${kind}.${index}.distance`, messages.validation.newPlaceAtLeastKm(minDistanceForNew));
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
  return (
    sameText(sent.name, stored.name) &&
    sent.distance === stored.distance &&
    (sent.type === undefined || sent.type.trim() === '' || sameText(sent.type, stored.type ?? ''))
  );
}

const definedFields = <T extends object>(value: T): Partial<T> =>
  Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as Partial<T>;

/** Average distance of all nearby places in km, rounded to 0.1 (0 without places). */
export function averageDistance(places: Partial<NearbyPlaces>): number {
  const distances = NEARBY_PLACE_KINDS.flatMap((kind) => (places[kind] ?? []).map((place) => place.distance));
  if (distances.length === 0) return 0;
  return Math.round((distances.reduce((sum, d) => sum + d, 0) / distances.length) * 10) / 10;
}
