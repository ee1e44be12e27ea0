/** A new search cancels the running one (takeLatest) and aborts its request. */
import { messages } from '@stays/contracts';
import { call, put, takeLatest } from 'redux-saga/effects';
import { abortIfCancelled } from '../../lib/abortable.ts';
import { errorText } from '../../lib/errors.ts';
import type { Hotel } from '../../lib/models.ts';
import type { SearchApi } from './api/search-api.ts';
import { usesRoomSearch } from './search-query.ts';
import { searchActions, type SearchAction } from './search.slice.ts';

function* runSearch(api: SearchApi, action: Extract<SearchAction, { type: 'search/requested' }>) {
  const controller = new AbortController();
  const { query } = action.payload;
  try {
    const hotels = (yield call(usesRoomSearch(query) ? api.searchRooms : api.searchHotels, query, controller.signal)) as Hotel[];
    yield put(searchActions.succeeded({ hotels }));
  } catch (error) {
    yield put(searchActions.failed({ message: errorText(error, messages.ui.somethingWentWrong) }));
  } finally {
    yield* abortIfCancelled(controller);
  }
}

export function* searchSaga(api: SearchApi) {
  yield takeLatest('search/requested', runSearch, api);
}
