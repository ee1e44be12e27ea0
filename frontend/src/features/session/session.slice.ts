/**
 * The session (spec sections 3 and 4): who is signed in, the last session error, a
 * loading flag and the selected room. `currentUser`, `error`, `loading` and
 * `selectedRoom` are persisted; `notice` (the outcome a form shows) is not.
 */
import type { OwnerRegisterRequest, OwnerUpdateRequest, Role, SessionUser } from '@stays/contracts';

export type SessionForm = 'signIn' | 'signUp' | 'update' | 'delete' | 'signOut';

export interface SessionNotice {
  readonly form: SessionForm;
  readonly ok: boolean;
  readonly text: string;
}

/** The download of the caller's copy of their data: its own flag and error, apart from the profile form's. */
export interface DataExportState {
  readonly status: 'idle' | 'loading' | 'saved' | 'failed';
  readonly error: string | null;
}

export interface SessionState {
  readonly currentUser: SessionUser | null;
  readonly error: string | null;
  readonly loading: boolean;
  readonly selectedRoom: string | null;
  readonly notice: SessionNotice | null;
  readonly dataExport: DataExportState;
}

const initialSessionState: SessionState = {
  currentUser: null,
  error: null,
  loading: false,
  selectedRoom: null,
  notice: null,
  dataExport: { status: 'idle', error: null },
};

export type SignUpInput = { role: 'customer'; form: FormData } | { role: 'hotel-owner'; body: OwnerRegisterRequest };

export const sessionActions = {
  signInRequested: (payload: { role: Role; email: string; password: string }) => ({ type: 'session/signInRequested' as const, payload }),
  googleSignInRequested: (payload: { role: Role; credential: string }) => ({ type: 'session/googleSignInRequested' as const, payload }),
  signedIn: (payload: { user: SessionUser; message: string }) => ({ type: 'session/signedIn' as const, payload }),
  signInFailed: (payload: { message: string }) => ({ type: 'session/signInFailed' as const, payload }),
  signUpRequested: (payload: SignUpInput) => ({ type: 'session/signUpRequested' as const, payload }),
  signedUp: (payload: { message: string }) => ({ type: 'session/signedUp' as const, payload }),
  signUpFailed: (payload: { message: string }) => ({ type: 'session/signUpFailed' as const, payload }),
  updateRequested: (payload: { form: FormData }) => ({ type: 'session/updateRequested' as const, payload }),
  /** The owner profile's UPDATE (JSON, each field only if filled). */
  ownerUpdateRequested: (payload: { body: OwnerUpdateRequest }) => ({ type: 'session/ownerUpdateRequested' as const, payload }),
  updated: (payload: { user: SessionUser; message: string }) => ({ type: 'session/updated' as const, payload }),
  updateFailed: (payload: { message: string }) => ({ type: 'session/updateFailed' as const, payload }),
  deleteRequested: () => ({ type: 'session/deleteRequested' as const }),
  /** The account is gone: the server's word on it is shown on the sign-in page the guard leads to. */
  deleted: (payload: { message: string }) => ({ type: 'session/deleted' as const, payload }),
  deleteFailed: (payload: { message: string }) => ({ type: 'session/deleteFailed' as const, payload }),
  signOutRequested: () => ({ type: 'session/signOutRequested' as const }),
  signedOut: () => ({ type: 'session/signedOut' as const }),
  signOutFailed: (payload: { message: string }) => ({ type: 'session/signOutFailed' as const, payload }),
  /** The API answered 401: the token is no longer good. */
  expired: () => ({ type: 'session/expired' as const }),
  roomSelected: (payload: { roomId: string | null }) => ({ type: 'session/roomSelected' as const, payload }),
  dataExportRequested: () => ({ type: 'session/dataExportRequested' as const }),
  dataExported: (payload: { filename: string }) => ({ type: 'session/dataExported' as const, payload }),
  dataExportFailed: (payload: { message: string }) => ({ type: 'session/dataExportFailed' as const, payload }),
  noticeCleared: () => ({ type: 'session/noticeCleared' as const }),
};

export type SessionAction = ReturnType<(typeof sessionActions)[keyof typeof sessionActions]>;

const started = (state: SessionState, form: SessionForm): SessionState => ({
  ...state,
  loading: true,
  error: null,
  notice: state.notice?.form === form ? null : state.notice,
});
const failed = (state: SessionState, form: SessionForm, text: string): SessionState => ({
  ...state,
  loading: false,
  error: text,
  notice: { form, ok: false, text },
});
const signedOut = (form: SessionForm | null, text = ''): SessionState => ({
  ...initialSessionState,
  notice: form === null ? null : { form, ok: true, text },
});

export function sessionReducer(state: SessionState = initialSessionState, action: { type: string }): SessionState {
  const a = action as SessionAction;
  switch (a.type) {
    case 'session/signInRequested':
    case 'session/googleSignInRequested':
      return started(state, 'signIn');
    case 'session/signedIn':
      return { ...state, loading: false, error: null, currentUser: a.payload.user, notice: { form: 'signIn', ok: true, text: a.payload.message } };
    case 'session/signInFailed':
      return failed(state, 'signIn', a.payload.message);
    case 'session/signUpRequested':
      return started(state, 'signUp');
    case 'session/signedUp':
      return { ...state, loading: false, notice: { form: 'signUp', ok: true, text: a.payload.message } };
    case 'session/signUpFailed':
      return { ...state, loading: false, notice: { form: 'signUp', ok: false, text: a.payload.message } };
    case 'session/updateRequested':
    case 'session/ownerUpdateRequested':
      return started(state, 'update');
    case 'session/updated':
      return { ...state, loading: false, error: null, currentUser: a.payload.user, notice: { form: 'update', ok: true, text: a.payload.message } };
    case 'session/updateFailed':
      return failed(state, 'update', a.payload.message);
    case 'session/deleteRequested':
      return started(state, 'delete');
    case 'session/deleted':
      return signedOut('delete', a.payload.message);
    case 'session/deleteFailed':
      return failed(state, 'delete', a.payload.message);
    case 'session/signOutRequested':
      return started(state, 'signOut');
    case 'session/signedOut':
      return signedOut('signOut');
    case 'session/signOutFailed':
      return failed(state, 'signOut', a.payload.message);
    case 'session/expired':
      return signedOut(null);
    case 'session/roomSelected':
      return { ...state, selectedRoom: a.payload.roomId };
    case 'session/dataExportRequested':
      return { ...state, dataExport: { status: 'loading', error: null } };
    case 'session/dataExported':
      return { ...state, dataExport: { status: 'saved', error: null } };
    case 'session/dataExportFailed':
      return { ...state, dataExport: { status: 'failed', error: a.payload.message } };
    case 'session/noticeCleared':
      return { ...state, notice: null };
    default:
      return state;
  }
}

/** What is written to storage: the spec's four fields, never a half-finished request. */
export const persistedSession = (state: SessionState) => ({
  currentUser: state.currentUser,
  error: state.error,
  loading: false,
  selectedRoom: state.selectedRoom,
});

/** A persisted session back into state (unknown extra fields are dropped). */
export function restoredSession(saved: Partial<SessionState> | undefined): SessionState {
  if (saved === undefined) return initialSessionState;
  return {
    ...initialSessionState,
    currentUser: saved.currentUser ?? null,
    error: saved.error ?? null,
    selectedRoom: saved.selectedRoom ?? null,
  };
}
