import { createSelector } from 'reselect';
import type { OwnerRoomsState } from './owner-rooms.slice.ts';

interface WithOwnerRooms {
  readonly ownerRooms: OwnerRoomsState;
}

export const selectOwnerRoomList = (state: WithOwnerRooms) => state.ownerRooms.list;
export const selectOwnerRooms = createSelector([selectOwnerRoomList], (list) => list.ids.map((id) => list.byId[id]!));
export const selectOwnerRoom = (state: WithOwnerRooms) => state.ownerRooms.room;
export const selectRoomSubmit = (state: WithOwnerRooms) => state.ownerRooms.submit;
/** The green text of the room update form: set once an update is saved. */
export const selectRoomUpdated = createSelector([selectRoomSubmit], (submit) => submit.status === 'saved' && submit.mode === 'update');
