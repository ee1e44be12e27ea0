/**
 * Owner room sagas: list and room reads are takeLatest workers; add/update is a blocking
 * take/call loop. After an update the room is read again so the form shows what is stored.
 */
import { messages } from '@stays/contracts';
import { all, call, put, take, takeLatest } from 'redux-saga/effects';
import { abortIfCancelled } from '../../lib/abortable.ts';
import { errorText } from '../../lib/errors.ts';
import { UnsuccessfulAnswer } from '../../lib/envelope.ts';
import type { Room } from '../../lib/models.ts';
import type { OwnerRoomsApi } from './api/owner-rooms-api.ts';
import { ownerRoomsActions, type OwnerRoomsAction } from './owner-rooms.slice.ts';
import { roomFormData } from './room-draft.ts';

type Of<T extends OwnerRoomsAction['type']> = Extract<OwnerRoomsAction, { type: T }>;

function* loadList(api: OwnerRoomsApi, action: Of<'ownerRooms/listRequested'>) {
  const controller = new AbortController();
  const { hotelId } = action.payload;
  try {
    const rooms = (yield call(api.rooms, hotelId, controller.signal)) as Room[];
    yield put(ownerRoomsActions.listLoaded({ hotelId, rooms }));
  } catch {
    yield put(ownerRoomsActions.listFailed({ hotelId, message: messages.ui.errorWhileLoadingData }));
  } finally {
    yield* abortIfCancelled(controller);
  }
}

/** 'Error fetching room data'; when the server answered success: false, its message. */
function roomErrorText(error: unknown): string {
  const body = (error as { response?: { data?: { success?: unknown; message?: unknown } } }).response?.data;
  if (!(error instanceof UnsuccessfulAnswer) && body?.success === false && typeof body.message === 'string' && body.message !== '') return body.message;
  return messages.ui.errorFetchingRoomData;
}

function* loadRoom(api: OwnerRoomsApi, action: Of<'ownerRooms/roomRequested'>) {
  const controller = new AbortController();
  const { hotelId, roomId } = action.payload;
  try {
    const room = (yield call(api.room, hotelId, roomId, controller.signal)) as Room;
    yield put(ownerRoomsActions.roomLoaded({ room }));
  } catch (error) {
    yield put(ownerRoomsActions.roomFailed({ roomId, message: roomErrorText(error) }));
  } finally {
    yield* abortIfCancelled(controller);
  }
}

function* submit(api: OwnerRoomsApi, action: Of<'ownerRooms/submitted'>) {
  const request = action.payload;
  const built = roomFormData(request.draft, request.mode, request.hotelId);
  if ('error' in built) {
    yield put(ownerRoomsActions.saveFailed({ message: built.error }));
    return;
  }
  try {
    if (request.mode === 'create') {
      const { data, message } = (yield call(api.createRoom, built.form)) as Awaited<ReturnType<OwnerRoomsApi['createRoom']>>;
      yield put(ownerRoomsActions.saved({ mode: 'create', hotelId: request.hotelId, roomId: data._id, message }));
    } else {
      const { message } = (yield call(api.updateRoom, request.hotelId, request.roomId, built.form)) as Awaited<ReturnType<OwnerRoomsApi['updateRoom']>>;
      yield put(ownerRoomsActions.saved({ mode: 'update', hotelId: request.hotelId, roomId: request.roomId, message }));
      yield put(ownerRoomsActions.roomRequested({ hotelId: request.hotelId, roomId: request.roomId }));
    }
  } catch (error) {
    yield put(ownerRoomsActions.saveFailed({ message: errorText(error, messages.ui.updateHotelFailed) }));
  }
}

export function* ownerRoomsSaga(api: OwnerRoomsApi) {
  yield all([
    takeLatest('ownerRooms/listRequested', loadList, api),
    takeLatest('ownerRooms/roomRequested', loadRoom, api),
    call(function* submitLoop() {
      while (true) yield call(submit, api, (yield take('ownerRooms/submitted')) as Of<'ownerRooms/submitted'>);
    }),
  ]);
}
