/**
 * Loading rooms, and the unique key that keeps one listing per hotel, room type and
 * standard (`roomlisting-{hotelId}-{sha256(type|standard)}`): it names the room holding
 * the listing, which is how a booking finds its room.
 */
import { createHash } from 'node:crypto';
import type { EventStore } from '@stays/event-store';
import { messages, streams, type RoomType } from '@stays/contracts';
import type { StoreDeps } from '../command-context.ts';
import { load, type CommandMetadata } from '../handle.ts';
import { releaseUniqueKey, reserveUniqueKey } from '../unique-keys.ts';
import { roomAggregate, type RoomState } from './room.ts';

/** The unique-key stream of a listing key: which room is the hotel's listing of this type and standard. */
export const listingStream = (hotelId: string, roomType: RoomType, roomStandard: string): string =>
  streams.roomListing(hotelId, createHash('sha256').update(`${roomType}|${roomStandard.trim().toLowerCase()}`).digest('hex'));

export const loadRoom = async (store: EventStore, roomId: string): Promise<RoomState> => (await load(store, streams.room(roomId), roomAggregate)).state;

export interface ListingKey {
  readonly hotelId: string;
  readonly type: RoomType;
  readonly standard: string;
}

/** Takes the listing key for `roomId`, or refuses (the hotel lists this type and standard already). */
export async function reserveListing(deps: StoreDeps, key: ListingKey, roomId: string, metadata: CommandMetadata): Promise<void> {
  await reserveUniqueKey(
    deps.store,
    listingStream(key.hotelId, key.type, key.standard),
    roomId,
    messages.server.roomListingExists(key.type, key.standard),
    metadata,
    { now: deps.now(), recordedNothing: async (holder) => (await loadRoom(deps.store, holder)).status === 'new' },
  );
}

export async function releaseListing(store: EventStore, key: ListingKey, roomId: string, metadata: CommandMetadata): Promise<void> {
  await releaseUniqueKey(store, listingStream(key.hotelId, key.type, key.standard), roomId, metadata);
}
