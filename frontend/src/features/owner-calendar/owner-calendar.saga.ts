/**
 * Owner calendar sagas: the calendar read is a takeLatest worker; close and reopen run one
 * at a time (a blocking take/call loop), and each success reads the calendar again so it
 * shows what is stored.
 */
import { calendarSyncMessages, closureMessages, type CalendarSyncView, type RoomCalendar } from '@stays/contracts';
import { call, delay, put, take, takeLatest, all } from 'redux-saga/effects';
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

function* loadSync(api: OwnerCalendarApi, action: Of<'ownerCalendar/syncRequested'>) {
  const controller = new AbortController();
  try {
    const view = (yield call(api.sync, action.payload.hotelId, action.payload.roomId, controller.signal)) as CalendarSyncView;
    yield put(ownerCalendarActions.syncLoaded({ view }));
  } catch {
    yield put(ownerCalendarActions.syncFailed());
  } finally {
    yield* abortIfCancelled(controller);
  }
}

/** How often, and how many times, the screen looks again for a feed just added to be read. */
const FIRST_READ_POLL_MS = 1500;
const FIRST_READ_POLLS = 20;

type SyncChange = Of<'ownerCalendar/feedAddSubmitted'> | Of<'ownerCalendar/feedRemoveSubmitted'> | Of<'ownerCalendar/exportRenewSubmitted'>;

function* changeSync(api: OwnerCalendarApi, action: SyncChange) {
  const { hotelId, roomId } = action.payload;
  try {
    let answer: { message: string };
    if (action.type === 'ownerCalendar/feedAddSubmitted')
      answer = (yield call(api.addFeed, hotelId, { roomID: roomId, url: action.payload.url })) as { message: string };
    else if (action.type === 'ownerCalendar/feedRemoveSubmitted')
      answer = (yield call(api.removeFeed, hotelId, { roomID: roomId, feedID: action.payload.feedID })) as { message: string };
    else answer = (yield call(api.renewExport, hotelId, { roomID: roomId })) as { message: string };
    yield put(ownerCalendarActions.syncChanged({ message: answer.message }));
    yield put(ownerCalendarActions.syncRequested({ hotelId, roomId }));
    if (action.type === 'ownerCalendar/exportRenewSubmitted') return;
    // the other site's calendar is read in the background: look again until each feed was read, then show its nights
    for (let poll = 0; poll < FIRST_READ_POLLS; poll++) {
      yield delay(FIRST_READ_POLL_MS);
      const view = (yield call(api.sync, hotelId, roomId)) as CalendarSyncView;
      yield put(ownerCalendarActions.syncLoaded({ view }));
      if (view.feeds.every((feed) => feed.lastSync !== null)) break;
    }
    yield put(ownerCalendarActions.requested({ hotelId, roomId }));
  } catch (error) {
    yield put(ownerCalendarActions.syncChangeFailed({ message: errorText(error, calendarSyncMessages.changeFailed) }));
  }
}

export function* ownerCalendarSaga(api: OwnerCalendarApi) {
  yield all([
    takeLatest('ownerCalendar/requested', load, api),
    takeLatest('ownerCalendar/syncRequested', loadSync, api),
    takeLatest(['ownerCalendar/feedAddSubmitted', 'ownerCalendar/feedRemoveSubmitted', 'ownerCalendar/exportRenewSubmitted'], changeSync, api),
    call(function* changeLoop() {
      while (true) {
        const action = (yield take(['ownerCalendar/closeSubmitted', 'ownerCalendar/reopenSubmitted'])) as
          Of<'ownerCalendar/closeSubmitted'> | Of<'ownerCalendar/reopenSubmitted'>;
        yield call(change, api, action);
      }
    }),
  ]);
}
