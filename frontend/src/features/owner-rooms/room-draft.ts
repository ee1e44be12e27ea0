/**
 * The room form's draft (spec sections 3 and 5) and its multipart request, checked with
 * the contracts' room request schemas. DOM-free.
 */
import { checkRequest, createRoomRequest, limits, maxGuestsOf, messages, updateRoomRequest, type BedType, type RoomType } from '@stays/contracts';
import type { Room } from '../../lib/models.ts';

const ui = messages.ui;

export type RoomFormMode = 'create' | 'update';

export interface RoomDraft {
  readonly roomStandard: string;
  /** One space-joined text, e.g. "Free WiFi AC TV". */
  readonly amenities: string;
  readonly size: string;
  readonly roomType: RoomType;
  readonly pricePerNight: string;
  readonly bedType: BedType;
  /** Flat only. */
  readonly numberOfRooms: number;
  /** Flat only. */
  readonly hasKitchen: boolean;
  readonly furnished: boolean;
  /** How many identical units of this listing the hotel has (beyond the spec). */
  readonly totalUnits: string;
  /** Guests one unit sleeps, 1 to 20; empty: what the beds sleep (`maxGuestsOf`). */
  readonly maxGuests: string;
  /** Newly chosen images (accepted by Upload). */
  readonly images: readonly File[];
}

export const emptyRoomDraft = (): RoomDraft => ({
  roomStandard: '',
  amenities: '',
  size: '',
  roomType: 'Room',
  pricePerNight: '',
  bedType: 'Double',
  numberOfRooms: limits.minRoomsGuestsNights,
  hasKitchen: false,
  furnished: false,
  totalUnits: '1',
  maxGuests: '',
  images: [],
});

/** The room's guests per unit as the form shows it; empty when beyond what an owner may set (a large flat's bed default), so an update leaves it as it is. */
function guestsPerUnitText(room: Room): string {
  const guests = maxGuestsOf(room);
  return guests >= limits.maxGuestsPerUnit.min && guests <= limits.maxGuestsPerUnit.max ? String(guests) : '';
}

export function draftFromRoom(room: Room): RoomDraft {
  return {
    roomStandard: room.roomStandard,
    amenities: room.amenities.join(' '),
    size: String(room.size),
    roomType: room.roomType,
    pricePerNight: String(room.pricePerNight),
    bedType: room.bedType,
    numberOfRooms: room.numberOfRooms,
    hasKitchen: room.hasKitchen,
    furnished: room.furnished,
    totalUnits: String(room.totalUnits ?? 1),
    maxGuests: guestsPerUnitText(room),
    images: [],
  };
}

/** Upload (spec section 5): none, or more than 2. */
export function roomImageCountError(count: number): string | null {
  if (count < limits.roomImages.min) return ui.uploadImages;
  if (count > limits.roomImages.max) return ui.uploadAtMostTwo;
  return null;
}

/** The multipart body (fields, `hotelID` on add, images as `imageURLs`) or the first rule the draft breaks. */
export function roomFormData(draft: RoomDraft, mode: RoomFormMode, hotelID: string): { form: FormData } | { error: string } {
  const isFlat = draft.roomType === 'Flat';
  const body: Record<string, string> = {
    roomStandard: draft.roomStandard.trim(),
    amenities: draft.amenities.trim(),
    size: draft.size.trim(),
    roomType: draft.roomType,
    pricePerNight: draft.pricePerNight.trim(),
    bedType: draft.bedType,
    furnished: String(draft.furnished),
    totalUnits: draft.totalUnits.trim(),
    // Left empty: not sent, so the server takes what the beds sleep.
    ...(draft.maxGuests.trim() !== '' && { maxGuests: draft.maxGuests.trim() }),
    // Number of rooms and a kitchen apply to a Flat only.
    ...(isFlat && { numberOfRooms: String(draft.numberOfRooms), hasKitchen: String(draft.hasKitchen) }),
  };
  if (mode === 'create') body['hotelID'] = hotelID;
  const checked = checkRequest(mode === 'create' ? createRoomRequest : updateRoomRequest, body);
  if (!checked.success) return { error: checked.message };
  if (mode === 'create' || draft.images.length > 0) {
    const error = roomImageCountError(draft.images.length);
    if (error !== null) return { error };
  }
  const form = new FormData();
  for (const [name, value] of Object.entries(body)) if (value !== '' || mode === 'create') form.append(name, value);
  for (const image of draft.images) form.append('imageURLs', image, image.name);
  return { form };
}
