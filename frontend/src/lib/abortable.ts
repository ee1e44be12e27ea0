/**
 * For `takeLatest` workers: an AbortController whose signal goes to the request and which
 * is aborted in `finally` when the saga was cancelled (a newer request superseded it).
 */
import { cancelled } from 'redux-saga/effects';

export function* abortIfCancelled(controller: AbortController) {
  if ((yield cancelled()) as boolean) controller.abort();
}
