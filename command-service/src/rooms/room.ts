/**
 * The room aggregate (stream `room-{id}`): one listing of a hotel, with its units. Its
 * events are typed in contracts (`RoomEvent`); the decisions on it live in the use case
 * folders beside this file.
 */
import { roomEventTypes, type RoomDetails, type RoomEvent } from '@stays/contracts';

export type RoomState =
  | { readonly status: 'new' }
  | { readonly status: 'listed'; readonly roomId: string; readonly hotelId: string; readonly ownerId: string; readonly details: RoomDetails };

const initialRoomState = (): RoomState => ({ status: 'new' });

function evolveRoom(state: RoomState, event: RoomEvent): RoomState {
  switch (event.type) {
    case 'RoomAdded': {
      const { roomId, hotelId, ownerId, hotelName: _hotelName, ...details } = event.data;
      return { status: 'listed', roomId, hotelId, ownerId, details };
    }
    case 'RoomUpdated': {
      const { roomId, hotelId, ownerId, changedFields: _changed, ...details } = event.data;
      return { status: 'listed', roomId, hotelId, ownerId, details };
    }
    // Stryker disable next-line ConditionalExpression,BlockStatement: unreachable, the type checker proves the switch covers every event
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

export const roomAggregate = { initialState: initialRoomState, evolve: evolveRoom, eventTypes: roomEventTypes };
