/** Loading hotels, and the unique key that keeps one hotel per owner (`ownerhotel-{ownerId}`). */
import type { EventStore } from '@stays/event-store';
import { streams } from '@stays/contracts';
import { load } from '../handle.ts';
import { uniqueKeyHolder } from '../unique-keys.ts';
import { hotelAggregate, type HotelState } from './hotel.ts';

export const loadHotel = async (store: EventStore, hotelId: string): Promise<HotelState> => (await load(store, streams.hotel(hotelId), hotelAggregate)).state;

/** The owner's hotel id, if the owner has one. */
export const hotelIdOfOwner = (store: EventStore, ownerId: string): Promise<string | null> => uniqueKeyHolder(store, streams.ownerHotel(ownerId));
