/**
 * Hotel use cases. One hotel per owner is a reservation stream `ownerhotel-{ownerId}`
 * taken before the hotel stream is created; a failure in between frees it again.
 */
import { randomUUID } from 'node:crypto';
import type { EventStore } from '@stays/event-store';
import { messages, streams, type CreateHotelRequest, type UpdateHotelRequest } from '@stays/contracts';
import { handle, load, type CommandMetadata } from '../handle.ts';
import { holderOf, releaseKey, reserveKey } from '../reservations.ts';
import type { Positioned } from '../accounts/service.ts';
import * as decide from './decide.ts';
import { hotelAggregate, type HotelState } from './hotel.ts';

/** A create that died between reserving the owner's hotel slot and creating the hotel frees it after this long. */
const ABANDONED_RESERVATION_MS = 5 * 60 * 1000;

export interface HotelDeps {
  readonly store: EventStore;
  readonly now: () => Date;
}

export const loadHotel = async (store: EventStore, hotelId: string): Promise<HotelState> =>
  (await load(store, streams.hotel(hotelId), hotelAggregate)).state;

/** The owner's hotel id, if the owner has one. */
export const hotelIdOfOwner = (store: EventStore, ownerId: string): Promise<string | null> => holderOf(store, streams.ownerHotel(ownerId));

const splitHotelRequest = <T extends Partial<CreateHotelRequest>>(input: T) => {
  const { restaurants, cinemaHalls, famousTouristPlaces, transportationFacilities, range: _range, ...fields } = input;
  const places = {
    ...(restaurants !== undefined && { restaurants }),
    ...(cinemaHalls !== undefined && { cinemaHalls }),
    ...(famousTouristPlaces !== undefined && { famousTouristPlaces }),
    ...(transportationFacilities !== undefined && { transportationFacilities }),
  };
  return { fields, places };
};

export async function createHotel(deps: HotelDeps, ownerId: string, input: CreateHotelRequest, imageURLs: readonly string[]): Promise<Positioned<{ hotelId: string }>> {
  const hotelId = randomUUID();
  const metadata: CommandMetadata = { actor: ownerId };
  const slot = streams.ownerHotel(ownerId);
  await reserveKey(deps.store, slot, hotelId, messages.server.hotelExists, metadata, async (holder, reservedAt) =>
    deps.now().getTime() - reservedAt.getTime() > ABANDONED_RESERVATION_MS && (await loadHotel(deps.store, holder)).status === 'new');
  try {
    const { fields, places } = splitHotelRequest(input);
    const { position } = await handle(deps.store, streams.hotel(hotelId), hotelAggregate,
      (state) => decide.createHotel({ hotelId, ownerId, fields: fields as decide.HotelFieldsInput, places, imageURLs }, state, randomUUID), metadata);
    return { value: { hotelId }, position };
  } catch (error) {
    await releaseKey(deps.store, slot, hotelId, metadata).catch(() => undefined);
    throw error;
  }
}

export async function updateHotel(
  deps: HotelDeps, ownerId: string, hotelId: string, input: UpdateHotelRequest, imageURLs: readonly string[] | undefined,
): Promise<Positioned<{ hotelId: string }>> {
  const { fields, places } = splitHotelRequest(input);
  const { position } = await handle(deps.store, streams.hotel(hotelId), hotelAggregate,
    (state) => decide.updateHotel({ ownerId, fields, places, ...(imageURLs !== undefined && { imageURLs }) }, state, randomUUID),
    { actor: ownerId });
  return { value: { hotelId }, position };
}

/** Delists the owner's hotel, if they have one (their account is being deleted). */
export async function delistOwnersHotel(deps: HotelDeps, ownerId: string): Promise<Positioned<null>> {
  const hotelId = await hotelIdOfOwner(deps.store, ownerId);
  if (hotelId === null) return { value: null, position: null };
  const { position } = await handle(deps.store, streams.hotel(hotelId), hotelAggregate,
    (state) => decide.delistHotel({ ownerId, now: deps.now() }, state), { actor: ownerId });
  return { value: null, position };
}
