/**
 * The hotel aggregate (stream `hotel-{id}`): state and evolve. A delisted hotel keeps its
 * details for the bookings made before. Its events are typed in contracts (`HotelEvent`);
 * the decisions on it live in the use case folders beside this file.
 */
import { hotelEventTypes, messages, TERMS_BEFORE_POLICIES, type CancellationPolicy, type HotelDetails, type HotelEvent } from '@stays/contracts';
import { Forbidden, NotFound } from '../domain-errors.ts';

export type HotelState =
  | { readonly status: 'new' }
  | {
      readonly status: 'listed' | 'delisted';
      readonly hotelId: string;
      readonly ownerId: string;
      readonly details: HotelDetails;
      /** The policy bookings are made under now (TERMS_BEFORE_POLICIES until the owner sets one). */
      readonly cancellationPolicy: CancellationPolicy;
    };

const initialHotelState = (): HotelState => ({ status: 'new' });

function evolveHotel(state: HotelState, event: HotelEvent): HotelState {
  switch (event.type) {
    case 'HotelCreated':
    case 'HotelUpdated': {
      const { hotelId, ownerId, ...rest } = event.data;
      const { changedFields: _changed, ...details } = rest as typeof rest & { changedFields?: unknown };
      const cancellationPolicy = state.status === 'new' ? TERMS_BEFORE_POLICIES : state.cancellationPolicy;
      return { status: 'listed', hotelId, ownerId, details: details as HotelDetails, cancellationPolicy };
    }
    case 'HotelDelisted':
      return state.status === 'new' ? state : { ...state, status: 'delisted' };
    case 'CancellationPolicySet':
      return state.status === 'new' ? state : { ...state, cancellationPolicy: event.data.policy };
    // Stryker disable next-line ConditionalExpression,BlockStatement: unreachable, the type checker proves the switch covers every event
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

export const hotelAggregate = { initialState: initialHotelState, evolve: evolveHotel, eventTypes: hotelEventTypes };

/** The hotel, if it is listed (not found otherwise) and belongs to `ownerId` (forbidden otherwise). */
export function ownedHotel(state: HotelState, ownerId: string): Extract<HotelState, { status: 'listed' | 'delisted' }> {
  if (state.status !== 'listed') throw new NotFound(messages.server.hotelNotFound);
  if (state.ownerId !== ownerId) throw new Forbidden(messages.server.notYourHotel);
  return state;
}
