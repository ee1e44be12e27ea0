/**
 * Session sagas. Submits (sign in, sign up, update, delete, sign out, the data download)
 * are blocking take/call loops: while one runs, a second click's action is not taken, so
 * nothing is submitted twice.
 */
import { messages, type Role } from '@stays/contracts';
import { all, call, put, select, take } from 'redux-saga/effects';
import { errorText } from '../../lib/errors.ts';
import { tokenStorage } from '../../lib/persist.ts';
import type { SessionApi } from './api/session-api.ts';
import { sessionActions, type SessionAction, type SessionState } from './session.slice.ts';

type Of<T extends SessionAction['type']> = Extract<SessionAction, { type: T }>;

function* signIn(api: SessionApi, action: Of<'session/signInRequested'> | Of<'session/googleSignInRequested'>) {
  try {
    const { data, message } =
      action.type === 'session/signInRequested'
        ? yield* callApi(() => api.signIn(action.payload.role, { email: action.payload.email, password: action.payload.password }))
        : yield* callApi(() => api.googleSignIn(action.payload.role, action.payload.credential));
    yield call(tokenStorage.set, data.accessToken);
    yield put(sessionActions.signedIn({ user: data.user, message }));
  } catch (error) {
    yield put(sessionActions.signInFailed({ message: errorText(error, messages.ui.loginFailed) }));
  }
}

function* signUp(api: SessionApi, action: Of<'session/signUpRequested'>) {
  const input = action.payload;
  try {
    const { message } =
      input.role === 'customer' ? yield* callApi(() => api.registerCustomer(input.form)) : yield* callApi(() => api.registerOwner(input.body));
    yield put(sessionActions.signedUp({ message }));
  } catch (error) {
    const fallback = input.role === 'customer' ? messages.ui.customerSignUpFailed : messages.ui.ownerSignUpFailed;
    yield put(sessionActions.signUpFailed({ message: errorText(error, fallback) }));
  }
}

function* update(api: SessionApi, action: Of<'session/updateRequested'> | Of<'session/ownerUpdateRequested'>) {
  try {
    const { data, message } =
      action.type === 'session/updateRequested'
        ? yield* callApi(() => api.updateCustomer(action.payload.form))
        : yield* callApi(() => api.updateOwner(action.payload.body));
    yield put(sessionActions.updated({ user: data, message }));
  } catch (error) {
    yield put(sessionActions.updateFailed({ message: errorText(error, messages.ui.updateFailed) }));
  }
}

function* remove(api: SessionApi, role: Role) {
  try {
    const { message } = yield* callApi(() => api.deleteAccount(role));
    yield call(tokenStorage.clear);
    yield put(sessionActions.deleted({ message }));
  } catch (error) {
    yield put(sessionActions.deleteFailed({ message: errorText(error, messages.ui.deleteFailed) }));
  }
}

function* downloadMyData(api: SessionApi, role: Role) {
  try {
    const { filename } = yield* callApi(() => api.downloadMyData(role));
    yield put(sessionActions.dataExported({ filename }));
  } catch (error) {
    yield put(sessionActions.dataExportFailed({ message: errorText(error, messages.ui.downloadMyDataFailed) }));
  }
}

function* signOut(api: SessionApi, role: Role) {
  try {
    yield* callApi(() => api.signOut(role));
    yield call(tokenStorage.clear);
    yield put(sessionActions.signedOut());
  } catch (error) {
    yield put(sessionActions.signOutFailed({ message: errorText(error, messages.ui.loginFailed) }));
  }
}

/** `yield*`-able call with a typed result. */
function* callApi<T>(fn: () => Promise<T>): Generator<unknown, T, T> {
  return (yield call(fn)) as T;
}

function* roleNow() {
  const role = (yield select((state: { session: SessionState }) => state.session.currentUser?.role)) as Role | undefined;
  return role ?? 'customer';
}

export function* sessionSaga(api: SessionApi) {
  yield all([
    call(function* signInLoop() {
      while (true) {
        const action = (yield take(['session/signInRequested', 'session/googleSignInRequested'])) as
          Of<'session/signInRequested'> | Of<'session/googleSignInRequested'>;
        yield call(signIn, api, action);
      }
    }),
    call(function* signUpLoop() {
      while (true) {
        const action = (yield take('session/signUpRequested')) as Of<'session/signUpRequested'>;
        yield call(signUp, api, action);
      }
    }),
    call(function* updateLoop() {
      while (true) {
        const action = (yield take(['session/updateRequested', 'session/ownerUpdateRequested'])) as
          Of<'session/updateRequested'> | Of<'session/ownerUpdateRequested'>;
        yield call(update, api, action);
      }
    }),
    call(function* deleteLoop() {
      while (true) {
        yield take('session/deleteRequested');
        yield call(remove, api, (yield* roleNow()) as Role);
      }
    }),
    call(function* signOutLoop() {
      while (true) {
        yield take('session/signOutRequested');
        yield call(signOut, api, (yield* roleNow()) as Role);
      }
    }),
    call(function* dataExportLoop() {
      while (true) {
        yield take('session/dataExportRequested');
        yield call(downloadMyData, api, (yield* roleNow()) as Role);
      }
    }),
    call(function* expiredLoop() {
      while (true) {
        yield take('session/expired');
        yield call(tokenStorage.clear);
      }
    }),
  ]);
}
