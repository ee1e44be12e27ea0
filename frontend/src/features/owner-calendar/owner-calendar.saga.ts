/**
 * Owner calendar sagas: the calendar read is a takeLatest worker; close and reopen run one
 * at a time (a blocking take/call loop), and each success reads the calendar again so it
 * shows what is stored.
 */
import { closureMessages, type RoomCalendar } from '@stays/contracts';
import { call, put, take, takeLatest, all } from 'redux-saga/effects';
import { abortIfCancelled } from '../../lib/abortable.ts';
import { errorText } from '../../lib/errors.ts';
import type { OwnerCalendarApi } from './api/owner-calendar-api.ts';
import { calendarKey, ownerCalendarActions, type OwnerCalendarAction } from './owner-calendar.slice.ts';

type Of<T extends OwnerCalendarAction['type']> = Extract<OwnerCalendarAction, { type: T }>;

function* load(api: OwnerCalendarApi, action: Of<'ownerCalendar/requested'>) {
  const controller = new AbortController();
  const { hotelId, roomId } = action.payload;
  const key = calendarKey(hotelId, roomId);
  try {
    const calendar = (yield call(api.calendar, hotelId, roomId, controller.signal)) as RoomCalendar;
    yield put(ownerCalendarActions.loaded({ key, calendar }));
  } catch {
    yield put(ownerCalendarActions.failed({ key }));
  } finally {
    yield* abortIfCancelled(controller);
  }
}

function* change(api: OwnerCalendarApi, action: Of<'ownerCalendar/closeSubmitted'> | Of<'ownerCalendar/reopenSubmitted'>) {
  const kind = action.type === 'ownerCalendar/closeSubmitted' ? 'close' : 'reopen';
  try {
    if (action.type === 'ownerCalendar/closeSubmitted') {
      const { hotelId, form } = action.payload;
      yield call(api.close, hotelId, form);
      yield put(ownerCalendarActions.changed({ kind, message: closureMessages.closedRange(form.from, form.to, form.units) }));
      yield put(ownerCalendarActions.requested({ hotelId, roomId: form.roomID }));
    } else {
      const { hotelId, roomId, closureID, range } = action.payload;
      yield call(api.reopen, hotelId, { roomID: roomId, closureID });
      yield put(ownerCalendarActions.changed({ kind, message: closureMessages.reopened(range) }));
      yield put(ownerCalendarActions.requested({ hotelId, roomId }));
    }
  } catch (error) {
    yield put(ownerCalendarActions.changeFailed({ kind, message: errorText(error, closureMessages.changeFailed) }));
  }
}

export function* ownerCalendarSaga(api: OwnerCalendarApi) {
  yield all([
    takeLatest('ownerCalendar/requested', load, api),
    call(function* changeLoop() {
      while (true) {
        const action = (yield take(['ownerCalendar/closeSubmitted', 'ownerCalendar/reopenSubmitted'])) as
          Of<'ownerCalendar/closeSubmitted'> | Of<'ownerCalendar/reopenSubmitted'>;
        yield call(change, api, action);
      }
    }),
  ]);
}
