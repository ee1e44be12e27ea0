/**
 * Owner hotel sagas: reads are takeLatest workers aborted when superseded; the add/update
 * submit is a blocking take/call loop, so a double click submits once.
 */
import { messages } from '@stays/contracts';
import { all, call, put, take, takeLatest } from 'redux-saga/effects';
import { abortIfCancelled } from '../../lib/abortable.ts';
import { errorText, statusOf } from '../../lib/errors.ts';
import type { Hotel } from '../../lib/models.ts';
import type { OwnerHotelApi } from './api/owner-hotel-api.ts';
import { hotelFormData } from './hotel-draft.ts';
import { policyFromDraft } from './policy-draft.ts';
import { ownerHotelActions, type OwnerHotelAction } from './owner-hotel.slice.ts';

type Of<T extends OwnerHotelAction['type']> = Extract<OwnerHotelAction, { type: T }>;

function* loadOwnHotel(api: OwnerHotelApi) {
  const controller = new AbortController();
  try {
    const hotelId = (yield call(api.ownerHotelId, controller.signal)) as string | null;
    yield put(ownerHotelActions.ownHotelLoaded({ hotelId: hotelId ?? null }));
  } catch {
    yield put(ownerHotelActions.ownHotelFailed());
  } finally {
    yield* abortIfCancelled(controller);
  }
}

function* loadHotel(api: OwnerHotelApi, action: Of<'ownerHotel/hotelRequested'>) {
  const controller = new AbortController();
  const { hotelId } = action.payload;
  try {
    const hotel = (yield call(api.hotel, hotelId, controller.signal)) as Hotel;
    yield put(ownerHotelActions.hotelLoaded({ hotel }));
  } catch (error) {
    yield put(ownerHotelActions.hotelFailed({ hotelId, notFound: statusOf(error) === 404 }));
  } finally {
    yield* abortIfCancelled(controller);
  }
}

function* submit(api: OwnerHotelApi, action: Of<'ownerHotel/submitted'>) {
  const request = action.payload;
  const built = hotelFormData(request.draft, request.mode);
  if ('error' in built) {
    yield put(ownerHotelActions.saveFailed({ message: built.error }));
    return;
  }
  try {
    const { data, message } =
      request.mode === 'create'
        ? ((yield call(api.createHotel, built.form)) as Awaited<ReturnType<OwnerHotelApi['createHotel']>>)
        : ((yield call(api.updateHotel, request.hotelId, built.form)) as Awaited<ReturnType<OwnerHotelApi['updateHotel']>>);
    yield put(ownerHotelActions.saved({ hotelId: data._id, message, mode: request.mode }));
  } catch (error) {
    yield put(ownerHotelActions.saveFailed({ message: errorText(error, messages.ui.updateHotelFailed) }));
  }
}

function* submitPolicy(api: OwnerHotelApi, action: Of<'ownerHotel/policySubmitted'>) {
  const { hotelId, draft } = action.payload;
  const built = policyFromDraft(draft);
  if ('error' in built) {
    yield put(ownerHotelActions.policyFailed({ message: built.error }));
    return;
  }
  try {
    const { message } = (yield call(api.setCancellationPolicy, hotelId, built.policy)) as Awaited<ReturnType<OwnerHotelApi['setCancellationPolicy']>>;
    yield put(ownerHotelActions.policySaved({ hotelId, policy: built.policy, message }));
  } catch (error) {
    yield put(ownerHotelActions.policyFailed({ message: errorText(error, messages.cancellationPolicy.saveFailed) }));
  }
}

export function* ownerHotelSaga(api: OwnerHotelApi) {
  yield all([
    takeLatest('ownerHotel/ownHotelRequested', loadOwnHotel, api),
    takeLatest('ownerHotel/hotelRequested', loadHotel, api),
    call(function* submitLoop() {
      while (true) yield call(submit, api, (yield take('ownerHotel/submitted')) as Of<'ownerHotel/submitted'>);
    }),
    call(function* policyLoop() {
      while (true) yield call(submitPolicy, api, (yield take('ownerHotel/policySubmitted')) as Of<'ownerHotel/policySubmitted'>);
    }),
  ]);
}
