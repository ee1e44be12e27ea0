/**
 * Hotel and room requests (spec section 5). The existing web client sends multipart, so
 * every value may arrive as text: numbers as numeric text, booleans as 'true' or absent,
 * amenities as one text, nearby places as JSON text. Normalise, then validate.
 */
import { z } from 'zod';
import { BED_TYPES, ROOM_TYPES, limits, splitRoomAmenities } from '../rules.ts';
import { validation } from '../messages.ts';
import { blankToUndefined, choice, flag, jsonText, multiLineText, numberFrom, optional, plainText, requiredText, textIssue, textList } from './fields.ts';
import { formLabels } from './request-check.ts';

/** Update forms send every field; an emptied one means "not changed". */
const withoutBlankFields = (value: unknown): unknown =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value).filter(([, field]) => blankToUndefined(field) !== undefined))
    : value;

const placeFields = {
  /** Present on places the hotel already has (update form); new places have none. */
  _id: plainText(64).optional(),
  name: requiredText(100),
  distance: numberFrom(0, limits.placeDistanceKm.max),
};
export const nearbyPlaceInput = z.object(placeFields);
/**
 * A transport facility has a type ('Railway Station'), a name, or both. The spec's web
 * client sends only a name (its form has no type); a resent stored place keeps its type.
 */
export const transportInput = z
  .object({ ...placeFields, name: plainText(100).default(''), type: plainText(60).optional() })
  .refine((place) => place.name !== '' || (place.type ?? '') !== '', { path: ['type'], message: validation.placeWithoutName });
export type NearbyPlaceInput = z.infer<typeof nearbyPlaceInput>;
export type TransportInput = z.infer<typeof transportInput>;

const placeList = <T extends z.ZodType>(item: T) => z.preprocess(jsonText, z.array(item, { error: validation.placeList }).max(50, validation.atMostPlaces(50)));

const text = (min: number, max: number) => requiredText(max, min);
const time = z
  .string({ error: textIssue })
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, validation.time);
const pinCode = z.preprocess(
  (value) => (typeof value === 'number' ? String(value) : value),
  z
    .string({ error: (issue) => (issue.input === undefined ? validation.required : validation.digitsBetween(3, 10)) })
    .trim()
    .regex(/^\d{3,10}$/, validation.digitsBetween(3, 10))
    .transform(Number),
);
const phoneNumber = z.preprocess(
  (value) => (typeof value === 'number' ? String(value) : value),
  z
    .string({ error: (issue) => (issue.input === undefined ? validation.required : validation.digits(limits.phoneDigits)) })
    .trim()
    .regex(/^\d+$/, validation.digits(limits.phoneDigits))
    .length(limits.phoneDigits, validation.digits(limits.phoneDigits)),
);

const hotelFields = {
  hotelName: text(limits.hotelName.min, limits.hotelName.max),
  description: multiLineText(limits.description.max, limits.description.min),
  address: text(limits.address.min, limits.address.max),
  country: requiredText(60),
  city: requiredText(60),
  pinCode,
  phoneNumber,
  amenities: textList(/,/, 40, 30).pipe(z.array(z.string()).min(1, validation.required)),
  startingPrice: numberFrom(0, 10_000_000, true),
  checkInTime: time,
  checkOutTime: time,
};

const placeFieldsOptional = {
  restaurants: placeList(nearbyPlaceInput).optional(),
  cinemaHalls: placeList(nearbyPlaceInput).optional(),
  famousTouristPlaces: placeList(nearbyPlaceInput).optional(),
  transportationFacilities: placeList(transportInput).optional(),
};

/** POST /hotel/data/create/hotel (images come as files under `imageURLs`). */
export const createHotelRequest = z.object({
  ...hotelFields,
  state: optional(requiredText(60)),
  ...placeFieldsOptional,
  /** Sent by the client (average place distance); recomputed on the server. */
  range: z.unknown().optional(),
});
export type CreateHotelRequest = z.infer<typeof createHotelRequest>;

/** PATCH /hotel/data/update/hotel/{hotelID}: every field optional, same rules. */
export const updateHotelRequest = z.preprocess(
  withoutBlankFields,
  z
    .object(hotelFields)
    .partial()
    .extend({
      state: optional(requiredText(60)),
      ...placeFieldsOptional,
      range: z.unknown().optional(),
    }),
);
export type UpdateHotelRequest = z.infer<typeof updateHotelRequest>;

const roomFields = {
  roomType: choice(ROOM_TYPES, { apartment: 'Flat' }),
  roomStandard: requiredText(40),
  size: numberFrom(0, 100_000),
  bedType: choice(BED_TYPES),
  amenities: z.preprocess(splitRoomAmenities, textList(/,/, 40, 30)),
  pricePerNight: numberFrom(0, 10_000_000, true),
  numberOfRooms: numberFrom(limits.minRoomsGuestsNights, 50, true).optional(),
  hasKitchen: flag,
  furnished: flag,
  totalUnits: numberFrom(1, 500, true).optional(),
  /** Guests one unit sleeps; left out, the bed's guests (times the bedrooms of a Flat). */
  maxGuests: numberFrom(limits.maxGuestsPerUnit.min, limits.maxGuestsPerUnit.max, true).optional(),
};

/** POST /hotel/room/create/room (images come as files under `imageURLs`). */
export const createRoomRequest = z
  .object({ hotelID: requiredText(64), ...roomFields, amenities: roomFields.amenities.default([]) })
  .register(formLabels, validation.roomLabels);
export type CreateRoomRequest = z.infer<typeof createRoomRequest>;

/** PATCH /hotel/room/update/room/{hotelID}/{roomID}: every field optional, same rules. */
export const updateRoomRequest = z.preprocess(withoutBlankFields, z.object(roomFields).partial()).register(formLabels, validation.roomLabels);
export type UpdateRoomRequest = z.infer<typeof updateRoomRequest>;
