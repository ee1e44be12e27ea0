/**
 * Room use cases. One listing per hotel, room type and standard: a reservation stream
 * per listing key, taken before the room stream is written (and moved on an update that
 * changes type or standard).
 */
import { createHash, randomUUID } from 'node:crypto';
import type { EventStore } from '@stays/event-store';
import { messages, streams, type CreateRoomRequest, type RoomType, type UpdateRoomRequest } from '@stays/contracts';
import { handle, load, type CommandMetadata } from '../handle.ts';
import { releaseKey, reserveKey } from '../reservations.ts';
import type { Positioned } from '../accounts/service.ts';
import { loadHotel, type HotelDeps } from '../hotels/service.ts';
import * as decide from './decide.ts';
import { roomAggregate, type RoomState } from './room.ts';

const ABANDONED_RESERVATION_MS = 5 * 60 * 1000;

/** The reservation stream of a listing key: which room is the hotel's listing of this type and standard. */
export const listingStream = (hotelId: string, roomType: RoomType, roomStandard: string): string =>
  streams.roomListing(hotelId, createHash('sha256').update(`${roomType}|${roomStandard.trim().toLowerCase()}`).digest('hex'));

export const loadRoom = async (store: EventStore, roomId: string): Promise<RoomState> =>
  (await load(store, streams.room(roomId), roomAggregate)).state;

async function reserveListing(deps: HotelDeps, hotelId: string, roomType: RoomType, roomStandard: string, roomId: string, metadata: CommandMetadata) {
  await reserveKey(deps.store, listingStream(hotelId, roomType, roomStandard), roomId, messages.server.roomListingExists(roomType, roomStandard), metadata,
    async (holder, reservedAt) => deps.now().getTime() - reservedAt.getTime() > ABANDONED_RESERVATION_MS && (await loadRoom(deps.store, holder)).status === 'new');
}

export async function addRoom(deps: HotelDeps, ownerId: string, input: CreateRoomRequest, imageURLs: readonly string[]): Promise<Positioned<{ roomId: string }>> {
  const { hotelID: hotelId, ...details } = input;
  const hotel = await loadHotel(deps.store, hotelId);
  decide.ownedHotel(hotel, ownerId); // 404 / 403 before reserving anything
  decide.withFlatRules({ ...details, imageURLs }); // 400
  const roomId = randomUUID();
  const metadata: CommandMetadata = { actor: ownerId };
  await reserveListing(deps, hotelId, details.roomType, details.roomStandard, roomId, metadata);
  try {
    const { position } = await handle(deps.store, streams.room(roomId), roomAggregate,
      (state) => decide.addRoom({ roomId, ownerId, details: { ...details, imageURLs } }, state, hotel), metadata);
    return { value: { roomId }, position };
  } catch (error) {
    await releaseKey(deps.store, listingStream(hotelId, details.roomType, details.roomStandard), roomId, metadata).catch(() => undefined);
    throw error;
  }
}

export async function updateRoom(
  deps: HotelDeps, ownerId: string, hotelId: string, roomId: string, input: UpdateRoomRequest, imageURLs: readonly string[] | undefined,
): Promise<Positioned<{ roomId: string }>> {
  const metadata: CommandMetadata = { actor: ownerId };
  const hotel = await loadHotel(deps.store, hotelId);
  const before = await loadRoom(deps.store, roomId);
  const changes = { ...input, ...(imageURLs !== undefined && { imageURLs }) };
  decide.updateRoom({ ownerId, hotelId, changes }, before, hotel); // 404/403/400 before touching listings
  if (before.status !== 'listed') throw new Error('unreachable: decide refuses unknown rooms');
  const oldKey = { type: before.details.roomType, standard: before.details.roomStandard };
  const newKey = { type: input.roomType ?? oldKey.type, standard: input.roomStandard ?? oldKey.standard };
  const keyMoves = listingStream(hotelId, newKey.type, newKey.standard) !== listingStream(hotelId, oldKey.type, oldKey.standard);
  if (keyMoves) await reserveListing(deps, hotelId, newKey.type, newKey.standard, roomId, metadata);
  try {
    const { position } = await handle(deps.store, streams.room(roomId), roomAggregate,
      (state) => decide.updateRoom({ ownerId, hotelId, changes }, state, hotel), metadata);
    if (keyMoves) await releaseKey(deps.store, listingStream(hotelId, oldKey.type, oldKey.standard), roomId, metadata);
    return { value: { roomId }, position };
  } catch (error) {
    if (keyMoves) await releaseKey(deps.store, listingStream(hotelId, newKey.type, newKey.standard), roomId, metadata).catch(() => undefined);
    throw error;
  }
}
