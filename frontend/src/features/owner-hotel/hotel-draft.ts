/**
 * The hotel form's draft (spec section 5) and how it becomes the multipart request: the
 * image count rule, the nearby-place rules, and the contracts' request schemas for every
 * field, so the client checks exactly what the server checks. DOM-free.
 */
import { NEARBY_PLACE_KINDS, checkRequest, createHotelRequest, limits, messages, updateHotelRequest, type NearbyPlaceKind } from '@stays/contracts';
import type { Hotel } from '../../lib/models.ts';

const ui = messages.ui;

export type HotelFormMode = 'create' | 'update';

export interface PlaceDraft {
  /** Set on places the hotel already has. */
  readonly _id?: string;
  readonly name: string;
  readonly distance: number;
  /** Transportation facilities only. */
  readonly type?: string;
}

export type PlacesDraft = Record<NearbyPlaceKind, readonly PlaceDraft[]>;

export const TEXT_FIELDS = [
  'hotelName',
  'description',
  'address',
  'country',
  'state',
  'city',
  'pinCode',
  'phoneNumber',
  'amenities',
  'startingPrice',
  'checkInTime',
  'checkOutTime',
] as const;
export type HotelTextField = (typeof TEXT_FIELDS)[number];

export interface HotelDraft {
  readonly fields: Record<HotelTextField, string>;
  readonly places: PlacesDraft;
  /** Newly chosen images (accepted by UPLOAD IMAGES). */
  readonly images: readonly File[];
  /** Current images the owner removed locally (update form). */
  readonly removedImages: readonly string[];
}

const emptyPlaces = (): PlacesDraft => ({ restaurants: [], cinemaHalls: [], famousTouristPlaces: [], transportationFacilities: [] });

export const emptyHotelDraft = (): HotelDraft => ({
  fields: Object.fromEntries(TEXT_FIELDS.map((field) => [field, ''])) as Record<HotelTextField, string>,
  places: emptyPlaces(),
  images: [],
  removedImages: [],
});

/** The update form starts from the stored hotel. */
export function draftFromHotel(hotel: Hotel): HotelDraft {
  return {
    fields: {
      hotelName: hotel.hotelName,
      description: hotel.description,
      address: hotel.address,
      country: hotel.country,
      state: hotel.state ?? '',
      city: hotel.city,
      pinCode: String(hotel.pinCode),
      phoneNumber: hotel.phoneNumber,
      amenities: hotel.amenities.join(', '),
      startingPrice: String(hotel.startingPrice),
      checkInTime: hotel.checkInTime,
      checkOutTime: hotel.checkOutTime,
    },
    places: {
      restaurants: hotel.restaurants.map(({ _id, name, distance }) => ({ _id, name, distance })),
      cinemaHalls: hotel.cinemaHalls.map(({ _id, name, distance }) => ({ _id, name, distance })),
      famousTouristPlaces: hotel.famousTouristPlaces.map(({ _id, name, distance }) => ({ _id, name, distance })),
      transportationFacilities: hotel.transportationFacilities.map(({ _id, name, distance, type }) => ({ _id, name, distance, type })),
    },
    images: [],
    removedImages: [],
  };
}

/** 'UPLOAD IMAGES' (spec section 5): none, fewer than 5, more than 10. */
export function hotelImageCountError(count: number): string | null {
  if (count === 0) return ui.uploadImages;
  if (count < limits.hotelImages.min) return ui.uploadMoreThanFive;
  if (count > limits.hotelImages.max) return ui.uploadMaximumTen;
  return null;
}

/** A nearby place about to be added: named (transport: typed), at most 30 km, on update at least 5 km. */
export function placeDraftError(kind: NearbyPlaceKind, place: PlaceDraft, mode: HotelFormMode): string | null {
  if (kind === 'transportationFacilities' && (place.type ?? '').trim() === '') return ui.placeTypeRequired;
  if (kind !== 'transportationFacilities' && place.name.trim() === '') return ui.placeNameRequired;
  if (!Number.isFinite(place.distance) || place.distance > limits.placeDistanceKm.max) return ui.placeDistanceMax(limits.placeDistanceKm.max);
  if (place.distance < 0) return ui.placeDistanceMax(limits.placeDistanceKm.max);
  if (mode === 'update' && place._id === undefined && place.distance < limits.placeDistanceKm.minOnUpdate)
    return ui.placeDistanceMinOnUpdate(limits.placeDistanceKm.minOnUpdate);
  return null;
}

/** Average distance of every place, sent as `range` (the server recomputes it). */
const averageDistance = (places: PlacesDraft): number => {
  const all = NEARBY_PLACE_KINDS.flatMap((kind) => places[kind].map((place) => place.distance));
  return all.length === 0 ? 0 : all.reduce((sum, km) => sum + km, 0) / all.length;
};

const placeJson = (kind: NearbyPlaceKind, places: readonly PlaceDraft[]) =>
  JSON.stringify(
    places.map((place) => ({
      ...(place._id !== undefined && { _id: place._id }),
      name: place.name,
      distance: place.distance,
      ...(kind === 'transportationFacilities' && { type: place.type ?? '' }),
    })),
  );

/**
 * The multipart body (fields as text, every place list as JSON text, images as repeated
 * `imageURLs`, `range`) or the first rule the draft breaks, in the server's wording.
 */
export function hotelFormData(draft: HotelDraft, mode: HotelFormMode): { form: FormData } | { error: string } {
  const body: Record<string, string> = {};
  for (const field of TEXT_FIELDS) {
    const value = draft.fields[field].trim();
    if (value !== '' || mode === 'create') body[field] = value;
  }
  if (body['state'] === '') delete body['state'];
  for (const kind of NEARBY_PLACE_KINDS) body[kind] = placeJson(kind, draft.places[kind]);
  body['range'] = String(Math.round(averageDistance(draft.places) * 10) / 10);

  const checked = checkRequest(mode === 'create' ? createHotelRequest : updateHotelRequest, body);
  if (!checked.success) return { error: checked.message };
  for (const kind of NEARBY_PLACE_KINDS) {
    for (const place of draft.places[kind]) {
      const error = placeDraftError(kind, place, mode);
      if (error !== null) return { error };
    }
  }
  if (mode === 'create' || draft.images.length > 0) {
    const error = hotelImageCountError(draft.images.length);
    if (error !== null) return { error };
  } else if (draft.removedImages.length > 0) {
    return { error: ui.removedImagesNeedNew };
  }

  const form = new FormData();
  for (const [name, value] of Object.entries(body)) form.append(name, value);
  for (const image of draft.images) form.append('imageURLs', image, image.name);
  return { form };
}
