/** The owner's rooms: the room list of a hotel, the room being edited, and the add/update submit. */
import type { LoadStatus, Room } from '../../lib/models.ts';
import { normalise } from '../../lib/models.ts';
import type { RoomDraft, RoomFormMode } from './room-draft.ts';

export type SubmitStatus = 'idle' | 'saving' | 'saved' | 'failed';

export interface OwnerRoomsState {
  readonly list: {
    readonly hotelId: string | null;
    readonly byId: Record<string, Room>;
    readonly ids: readonly string[];
    readonly status: LoadStatus;
    readonly error: string | null;
  };
  readonly room: { readonly roomId: string | null; readonly status: LoadStatus; readonly data: Room | null; readonly error: string | null };
  readonly submit: { readonly status: SubmitStatus; readonly mode: RoomFormMode | null; readonly error: string | null; readonly message: string | null };
}

const initialOwnerRoomsState: OwnerRoomsState = {
  list: { hotelId: null, byId: {}, ids: [], status: 'idle', error: null },
  room: { roomId: null, status: 'idle', data: null, error: null },
  submit: { status: 'idle', mode: null, error: null, message: null },
};

export type RoomSubmit =
  | { readonly mode: 'create'; readonly hotelId: string; readonly draft: RoomDraft }
  | { readonly mode: 'update'; readonly hotelId: string; readonly roomId: string; readonly draft: RoomDraft };

export const ownerRoomsActions = {
  listRequested: (payload: { hotelId: string }) => ({ type: 'ownerRooms/listRequested' as const, payload }),
  listLoaded: (payload: { hotelId: string; rooms: Room[] }) => ({ type: 'ownerRooms/listLoaded' as const, payload }),
  listFailed: (payload: { hotelId: string; message: string }) => ({ type: 'ownerRooms/listFailed' as const, payload }),
  roomRequested: (payload: { hotelId: string; roomId: string }) => ({ type: 'ownerRooms/roomRequested' as const, payload }),
  roomLoaded: (payload: { room: Room }) => ({ type: 'ownerRooms/roomLoaded' as const, payload }),
  roomFailed: (payload: { roomId: string; message: string }) => ({ type: 'ownerRooms/roomFailed' as const, payload }),
  submitted: (payload: RoomSubmit) => ({ type: 'ownerRooms/submitted' as const, payload }),
  saved: (payload: { mode: RoomFormMode; hotelId: string; roomId: string; message: string }) => ({ type: 'ownerRooms/saved' as const, payload }),
  saveFailed: (payload: { message: string }) => ({ type: 'ownerRooms/saveFailed' as const, payload }),
  formOpened: () => ({ type: 'ownerRooms/formOpened' as const }),
};

/** Session events (by type, features do not import each other): the owner's data is dropped. */
type SessionEnded = { readonly type: 'session/signedOut' | 'session/deleted' | 'session/expired' | 'session/signedIn' };

export type OwnerRoomsAction = ReturnType<(typeof ownerRoomsActions)[keyof typeof ownerRoomsActions]>;

export function ownerRoomsReducer(state: OwnerRoomsState = initialOwnerRoomsState, action: { type: string }): OwnerRoomsState {
  const a = action as OwnerRoomsAction | SessionEnded;
  switch (a.type) {
    case 'ownerRooms/listRequested': {
      const same = state.list.hotelId === a.payload.hotelId;
      return {
        ...state,
        list: { hotelId: a.payload.hotelId, byId: same ? state.list.byId : {}, ids: same ? state.list.ids : [], status: 'loading', error: null },
      };
    }
    case 'ownerRooms/listLoaded':
      return { ...state, list: { hotelId: a.payload.hotelId, ...normalise(a.payload.rooms), status: 'succeeded', error: null } };
    case 'ownerRooms/listFailed':
      return { ...state, list: { hotelId: a.payload.hotelId, byId: {}, ids: [], status: 'failed', error: a.payload.message } };
    case 'ownerRooms/roomRequested':
      return {
        ...state,
        room: { roomId: a.payload.roomId, status: 'loading', data: state.room.roomId === a.payload.roomId ? state.room.data : null, error: null },
      };
    case 'ownerRooms/roomLoaded':
      return { ...state, room: { roomId: a.payload.room._id, status: 'succeeded', data: a.payload.room, error: null } };
    case 'ownerRooms/roomFailed':
      return { ...state, room: { roomId: a.payload.roomId, status: 'failed', data: null, error: a.payload.message } };
    case 'ownerRooms/submitted':
      return { ...state, submit: { status: 'saving', mode: a.payload.mode, error: null, message: null } };
    case 'ownerRooms/saved':
      return { ...state, submit: { status: 'saved', mode: a.payload.mode, error: null, message: a.payload.message } };
    case 'ownerRooms/saveFailed':
      return { ...state, submit: { ...state.submit, status: 'failed', error: a.payload.message, message: null } };
    case 'ownerRooms/formOpened':
      return { ...state, submit: initialOwnerRoomsState.submit };
    case 'session/signedOut':
    case 'session/deleted':
    case 'session/expired':
    case 'session/signedIn':
      return initialOwnerRoomsState;
    default:
      return state;
  }
}
