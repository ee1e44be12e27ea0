/**
 * The dashboard's sagas. Reads are `takeLatest` (a newer search cancels the older request);
 * the sign-in is a blocking take/call loop; verification runs after each history load and
 * checks again, a few times, what it could not check yet (events newer than the latest
 * signed tree head, or no head at all); the export streams until done or until stopped.
 */
import { auditMessages, messages, type AuditEntry, type NotaryPublicKey, type SignedTreeHead } from '@stays/contracts';
import { buffers, channel, type Channel, type Task } from 'redux-saga';
import { all, call, cancel, fork, put, race, select, take, takeLatest } from 'redux-saga/effects';
import { abortIfCancelled } from '../../lib/abortable.ts';
import { errorText } from '../../lib/errors.ts';
import { tokenStorage } from '../../lib/persist.ts';
import type { AuditApi, ExportProgress } from './api/audit-api.ts';
import { auditActions, type AuditAction, type AuditState, type VerdictState } from './audit.slice.ts';
import { auditorStorage } from './auditor-storage.ts';
import { verifyRecord } from './verify.ts';

type Of<T extends AuditAction['type']> = Extract<AuditAction, { type: T }>;

/** How long to wait before checking again events newer than the signed head (the notary signs at least every 10 s), and how often. */
export const PENDING_RECHECK_MS = 4000;
const PENDING_RECHECKS = 8;
/** The pause in typing after which hotels are suggested for the name typed. */
const SUGGEST_AFTER_MS = 200;

/** A pause (redux-saga's `delay` would put its helper into the first download, beside the effects the app already loads). */
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** `yield*`-able call with a typed result. */
function* callApi<T>(fn: () => Promise<T>): Generator<unknown, T, T> {
  return (yield call(fn)) as T;
}

function* signIn(api: AuditApi, action: Of<'audit/signInRequested'>) {
  try {
    const { data, message } = yield* callApi(() => api.signIn(action.payload));
    // One token per browser: a guest's or owner's session here ends (its own saga drops its token first).
    yield put({ type: 'session/expired' });
    const auditor = { _id: data.user._id, name: data.user.name, email: data.user.email };
    yield call(tokenStorage.set, data.accessToken);
    yield call(auditorStorage.save, auditor, data.accessToken);
    yield put(auditActions.signedIn({ auditor, message }));
  } catch (error) {
    yield put(auditActions.signInFailed({ message: errorText(error, messages.ui.loginFailed) }));
  }
}

/** The token is dropped here whatever the server answers: a sign-out the server missed still ends this browser's session. */
function* signOut(api: AuditApi) {
  try {
    yield call(api.signOut);
  } catch {
    // an expired token or no answer: nothing left to end on the server that this browser could end
  }
  yield call(tokenStorage.clear);
  yield call(auditorStorage.clear);
  yield put(auditActions.signedOut());
}

/** A `takeLatest` worker around one read: success or failure action, request aborted when superseded. */
function read<A, T>(
  load: (action: A, signal: AbortSignal) => Promise<T>,
  loaded: (result: T, action: A) => { type: string },
  failed: (message: string) => { type: string },
) {
  return function* worker(action: A) {
    const controller = new AbortController();
    try {
      const result = yield* callApi(() => load(action, controller.signal));
      yield put(loaded(result, action));
    } catch (error) {
      yield put(failed(errorText(error, messages.ui.errorWhileLoadingData)));
    } finally {
      yield* abortIfCancelled(controller);
    }
  };
}

type EntriesOf = (state: { audit: AuditState }) => readonly AuditEntry[];
const historyEntries: EntriesOf = (state) => state.audit.history.result ?? [];
const logEntries: EntriesOf = (state) => state.audit.log.result?.items ?? [];

function* verdictOf(api: AuditApi, entry: AuditEntry, publicKey: NotaryPublicKey, head: SignedTreeHead) {
  let verdict: VerdictState;
  if (entry.leafIndex >= head.treeSize) {
    verdict = { verified: false, reason: 'pending' };
  } else {
    try {
      const proof = yield* callApi(() => api.inclusionProof(entry.leafIndex, head.treeSize));
      verdict = yield* callApi(() => verifyRecord({ record: entry.record, leafIndex: entry.leafIndex, proof, head, publicKey }));
    } catch {
      verdict = { verified: false, reason: 'unavailable' };
    }
  }
  yield put(auditActions.verdictFound({ leafIndex: entry.leafIndex, verdict }));
  return verdict;
}

/**
 * Checks each event shown (the loaded history, or the log browser's page) against the
 * latest signed tree head; true when another look may change the outcome: some events were
 * newer than the head, or there was no head to fetch (the notary signs its first one once
 * it has caught up with the log).
 */
function* verifyOnce(api: AuditApi, entriesOf: EntriesOf) {
  const entries = (yield select(entriesOf)) as readonly AuditEntry[];
  if (entries.length === 0) return false;
  yield put(auditActions.verdictsChecking({ leafIndexes: entries.map((entry) => entry.leafIndex) }));
  let publicKey: NotaryPublicKey;
  let head: SignedTreeHead;
  try {
    [publicKey, head] = (yield all([call(api.publicKey), call(api.treeHead)])) as [NotaryPublicKey, SignedTreeHead];
  } catch {
    for (const entry of entries) yield put(auditActions.verdictFound({ leafIndex: entry.leafIndex, verdict: { verified: false, reason: 'unavailable' } }));
    return true;
  }
  const verdicts = (yield all(entries.map((entry) => call(verdictOf, api, entry, publicKey, head)))) as VerdictState[];
  return verdicts.some((verdict) => verdict.verified === false && verdict.reason === 'pending');
}

function* verifyEntries(api: AuditApi, recheckMs: number, entriesOf: EntriesOf) {
  for (let round = 0; round <= PENDING_RECHECKS; round++) {
    if (!((yield call(verifyOnce, api, entriesOf)) as boolean)) return;
    yield call(sleep, recheckMs);
  }
}

function* relayProgress(progress: Channel<ExportProgress>) {
  while (true) yield put(auditActions.exportProgressed((yield take(progress)) as ExportProgress));
}

function* runExport(api: AuditApi, action: Of<'audit/exportRequested'>, controller: AbortController) {
  const progress = channel<ExportProgress>(buffers.sliding(1));
  const relay = (yield fork(relayProgress, progress)) as Task;
  try {
    const { events, file } = yield* callApi(() => api.exportLog(action.payload.query, controller.signal, (piece) => progress.put(piece)));
    yield cancel(relay);
    yield call(api.saveFile, file, action.payload.fileName);
    yield put(auditActions.exported({ events, fileName: action.payload.fileName }));
  } catch (error) {
    yield cancel(relay);
    yield put(auditActions.exportFailed({ message: errorText(error, auditMessages.exportFailed) }));
  } finally {
    progress.close();
  }
}

/** `recheckMs`: the pause before checking again what could not be verified yet (tests shorten it). */
export function* auditSaga(api: AuditApi, recheckMs = PENDING_RECHECK_MS) {
  yield all([
    call(function* signInLoop() {
      while (true) yield call(signIn, api, (yield take('audit/signInRequested')) as Of<'audit/signInRequested'>);
    }),
    call(function* signOutLoop() {
      while (true) {
        yield take('audit/signOutRequested');
        yield call(signOut, api);
      }
    }),
    call(function* sessionEndedLoop() {
      while (true) {
        yield take(['session/signedIn', 'session/expired']);
        yield call(auditorStorage.clear);
      }
    }),
    takeLatest(
      'audit/bookingsRequested',
      read(
        (action: Of<'audit/bookingsRequested'>, signal) => api.bookings(action.payload.query, signal),
        (page) => auditActions.bookingsLoaded({ page }),
        (message) => auditActions.bookingsFailed({ message }),
      ),
    ),
    takeLatest(
      'audit/historyRequested',
      read(
        (action: Of<'audit/historyRequested'>, signal) => api.history(action.payload.bookingID, signal),
        (history, action) => auditActions.historyLoaded({ bookingID: action.payload.bookingID, entries: history.entries }),
        (message) => auditActions.historyFailed({ message }),
      ),
    ),
    takeLatest(['audit/historyLoaded', 'audit/verifyRequested', 'audit/historyRequested'], function* verifyLatest(action: { type: string }) {
      // a new history request only cancels the checks of the previous booking
      if (action.type !== 'audit/historyRequested') yield call(verifyEntries, api, recheckMs, historyEntries);
    }),
    takeLatest(['audit/logLoaded', 'audit/logRequested'], function* verifyLogPage(action: { type: string }) {
      // a new page request cancels the checks of the page before
      if (action.type === 'audit/logLoaded') yield call(verifyEntries, api, recheckMs, logEntries);
    }),
    takeLatest('audit/hotelSuggestionsRequested', function* suggestHotels(action: Of<'audit/hotelSuggestionsRequested'>) {
      const name = action.payload.name.trim();
      if (name.length < 2) return;
      // typing on cancels this wait, so only a pause in typing asks the server
      yield call(sleep, SUGGEST_AFTER_MS);
      const controller = new AbortController();
      try {
        const items = yield* callApi(() => api.hotels(name, controller.signal));
        yield put(auditActions.hotelSuggestionsLoaded({ name: action.payload.name, items }));
      } catch {
        // no suggestions: the name is still searched as typed
      } finally {
        yield* abortIfCancelled(controller);
      }
    }),
    takeLatest(
      'audit/asOfRequested',
      read(
        (action: Of<'audit/asOfRequested'>, signal) => api.asOf(action.payload.bookingID, action.payload.at, signal),
        (result) => auditActions.asOfLoaded({ result }),
        (message) => auditActions.asOfFailed({ message }),
      ),
    ),
    takeLatest(
      'audit/logRequested',
      read(
        (action: Of<'audit/logRequested'>, signal) => api.records(action.payload.query, signal),
        (page) => auditActions.logLoaded({ page }),
        (message) => auditActions.logFailed({ message }),
      ),
    ),
    takeLatest(
      'audit/readModelsRequested',
      read(
        (_action: Of<'audit/readModelsRequested'>, signal) => api.readModels(signal),
        (result) => auditActions.readModelsLoaded({ result }),
        (message) => auditActions.readModelsFailed({ message }),
      ),
    ),
    takeLatest(
      'audit/documentsRequested',
      read(
        (action: Of<'audit/documentsRequested'>, signal) => api.readModelDocuments(action.payload.model, action.payload.query, signal),
        (result) => auditActions.documentsLoaded({ result }),
        (message) => auditActions.documentsFailed({ message }),
      ),
    ),
    call(function* exportLoop() {
      while (true) {
        const action = (yield take('audit/exportRequested')) as Of<'audit/exportRequested'>;
        const controller = new AbortController();
        const { stop } = (yield race({ done: call(runExport, api, action, controller), stop: take('audit/exportStopRequested') })) as { stop?: unknown };
        if (stop !== undefined) {
          controller.abort();
          yield put(auditActions.exportStopped());
        }
      }
    }),
  ]);
}
