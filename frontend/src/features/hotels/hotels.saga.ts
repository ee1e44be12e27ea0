/** Hotel reads: each a takeLatest worker whose request is aborted when superseded. */
import { messages, type ListingAvailability } from '@stays/contracts';
import { all, call, put, takeLatest } from 'redux-saga/effects';
import { abortIfCancelled } from '../../lib/abortable.ts';
import { errorText, refusalOf, statusOf } from '../../lib/errors.ts';
import type { Hotel, Room } from '../../lib/models.ts';
import type { HotelsApi } from './api/hotels-api.ts';
import { hotelsActions, type HotelsAction } from './hotels.slice.ts';

type Of<T extends HotelsAction['type']> = Extract<HotelsAction, { type: T }>;

function* loadList(api: HotelsApi) {
  const controller = new AbortController();
  try {
    const hotels = (yield call(api.allHotels, controller.signal)) as Hotel[];
    yield put(hotelsActions.listLoaded({ hotels }));
  } catch (error) {
    yield put(hotelsActions.listFailed({ message: errorText(error, messages.ui.somethingWentWrong) }));
  } finally {
    yield* abortIfCancelled(controller);
  }
}

function* loadDetail(api: HotelsApi, action: Of<'hotels/detailRequested'>) {
  const controller = new AbortController();
  const { hotelId } = action.payload;
  try {
    const hotel = (yield call(api.hotel, hotelId, controller.signal)) as Hotel;
    yield put(hotelsActions.detailLoaded({ hotel }));
  } catch (error) {
    yield put(hotelsActions.detailFailed({ hotelId, notFound: statusOf(error) === 404 }));
  } finally {
    yield* abortIfCancelled(controller);
  }
}

function* loadRooms(api: HotelsApi, action: Of<'hotels/roomsRequested'>) {
  const controller = new AbortController();
  const { hotelId } = action.payload;
  try {
    const rooms = (yield call(api.rooms, hotelId, controller.signal)) as Room[];
    yield put(hotelsActions.roomsLoaded({ hotelId, rooms }));
  } catch (error) {
    yield put(hotelsActions.roomsFailed({ hotelId, notFound: statusOf(error) === 404 }));
  } finally {
    yield* abortIfCancelled(controller);
  }
}

/** A newer stay cancels the running check (takeLatest) and aborts its request. */
function* loadAvailability(api: HotelsApi, action: Of<'hotels/availabilityRequested'>) {
  const controller = new AbortController();
  const { hotelId, stay } = action.payload;
  try {
    const listings = (yield call(api.availability, hotelId, stay, controller.signal)) as ListingAvailability[];
    yield put(hotelsActions.availabilityLoaded({ hotelId, stay, listings }));
  } catch (error) {
    yield put(hotelsActions.availabilityFailed({ hotelId, stay, refusal: refusalOf(error) }));
  } finally {
    yield* abortIfCancelled(controller);
  }
}

export function* hotelsSaga(api: HotelsApi) {
  yield all([
    takeLatest('hotels/listRequested', loadList, api),
    takeLatest('hotels/detailRequested', loadDetail, api),
    takeLatest('hotels/roomsRequested', loadRooms, api),
    takeLatest('hotels/availabilityRequested', loadAvailability, api),
  ]);
}
