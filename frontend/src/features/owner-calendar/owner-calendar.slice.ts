/**
 * The owner's calendar of one listing: the nights and closures as last read, and the one
 * change (close or reopen) in flight with its outcome. The form's draft stays in the component.
 */
import type { CalendarSyncView, RoomCalendar } from '@stays/contracts';
import type { LoadStatus } from '../../lib/models.ts';
import type { CloseNightsForm } from './api/owner-calendar-api.ts';

export type ChangeStatus = 'idle' | 'saving' | 'saved' | 'failed';

export interface OwnerCalendarState {
  /** `{hotelId}/{roomId}` of the calendar shown. */
  readonly key: string | null;
  readonly status: LoadStatus;
  readonly calendar: RoomCalendar | null;
  readonly change: { readonly status: ChangeStatus; readonly kind: 'close' | 'reopen' | null; readonly message: string | null };
  /** Calendar sync with other sites, as last read for the same listing, and its one change in flight. */
  readonly sync: {
    readonly status: LoadStatus;
    readonly view: CalendarSyncView | null;
    readonly change: { readonly status: ChangeStatus; readonly message: string | null };
  };
}

export const initialOwnerCalendarState: OwnerCalendarState = {
  key: null,
  status: 'idle',
  calendar: null,
  change: { status: 'idle', kind: null, message: null },
  sync: { status: 'idle', view: null, change: { status: 'idle', message: null } },
};

export const calendarKey = (hotelId: string, roomId: string) => `${hotelId}/${roomId}`;

export const ownerCalendarActions = {
  requested: (payload: { hotelId: string; roomId: string }) => ({ type: 'ownerCalendar/requested' as const, payload }),
  loaded: (payload: { key: string; calendar: RoomCalendar }) => ({ type: 'ownerCalendar/loaded' as const, payload }),
  failed: (payload: { key: string }) => ({ type: 'ownerCalendar/failed' as const, payload }),
  closeSubmitted: (payload: { hotelId: string; form: CloseNightsForm }) => ({ type: 'ownerCalendar/closeSubmitted' as const, payload }),
  reopenSubmitted: (payload: { hotelId: string; roomId: string; closureID: string; range: string }) => ({
    type: 'ownerCalendar/reopenSubmitted' as const,
    payload,
  }),
  changed: (payload: { kind: 'close' | 'reopen'; message: string }) => ({ type: 'ownerCalendar/changed' as const, payload }),
  changeFailed: (payload: { kind: 'close' | 'reopen'; message: string }) => ({ type: 'ownerCalendar/changeFailed' as const, payload }),
  syncRequested: (payload: { hotelId: string; roomId: string }) => ({ type: 'ownerCalendar/syncRequested' as const, payload }),
  syncLoaded: (payload: { view: CalendarSyncView }) => ({ type: 'ownerCalendar/syncLoaded' as const, payload }),
  syncFailed: () => ({ type: 'ownerCalendar/syncFailed' as const }),
  feedAddSubmitted: (payload: { hotelId: string; roomId: string; url: string }) => ({ type: 'ownerCalendar/feedAddSubmitted' as const, payload }),
  feedRemoveSubmitted: (payload: { hotelId: string; roomId: string; feedID: string }) => ({ type: 'ownerCalendar/feedRemoveSubmitted' as const, payload }),
  exportRenewSubmitted: (payload: { hotelId: string; roomId: string }) => ({ type: 'ownerCalendar/exportRenewSubmitted' as const, payload }),
  syncChanged: (payload: { message: string }) => ({ type: 'ownerCalendar/syncChanged' as const, payload }),
  syncChangeFailed: (payload: { message: string }) => ({ type: 'ownerCalendar/syncChangeFailed' as const, payload }),
};

export type OwnerCalendarAction = ReturnType<(typeof ownerCalendarActions)[keyof typeof ownerCalendarActions]>;

/** Session events (by type, features do not import each other): the owner's data is dropped. */
type SessionEnded = { readonly type: 'session/signedOut' | 'session/deleted' | 'session/expired' | 'session/signedIn' };

export function ownerCalendarReducer(state: OwnerCalendarState = initialOwnerCalendarState, action: { type: string }): OwnerCalendarState {
  const a = action as OwnerCalendarAction | SessionEnded;
  switch (a.type) {
    case 'ownerCalendar/requested': {
      const key = calendarKey(a.payload.hotelId, a.payload.roomId);
      return { ...state, key, status: 'loading', calendar: key === state.key ? state.calendar : null };
    }
    case 'ownerCalendar/loaded':
      return a.payload.key === state.key ? { ...state, status: 'succeeded', calendar: a.payload.calendar } : state;
    case 'ownerCalendar/failed':
      return a.payload.key === state.key ? { ...state, status: 'failed' } : state;
    case 'ownerCalendar/closeSubmitted':
      return { ...state, change: { status: 'saving', kind: 'close', message: null } };
    case 'ownerCalendar/reopenSubmitted':
      return { ...state, change: { status: 'saving', kind: 'reopen', message: null } };
    case 'ownerCalendar/changed':
      return { ...state, change: { status: 'saved', kind: a.payload.kind, message: a.payload.message } };
    case 'ownerCalendar/changeFailed':
      return { ...state, change: { status: 'failed', kind: a.payload.kind, message: a.payload.message } };
    case 'ownerCalendar/syncRequested':
      return { ...state, sync: { ...state.sync, status: 'loading', view: state.sync.view?.roomID === a.payload.roomId ? state.sync.view : null } };
    case 'ownerCalendar/syncLoaded':
      return { ...state, sync: { ...state.sync, status: 'succeeded', view: a.payload.view } };
    case 'ownerCalendar/syncFailed':
      return { ...state, sync: { ...state.sync, status: 'failed' } };
    case 'ownerCalendar/feedAddSubmitted':
    case 'ownerCalendar/feedRemoveSubmitted':
    case 'ownerCalendar/exportRenewSubmitted':
      return { ...state, sync: { ...state.sync, change: { status: 'saving', message: null } } };
    case 'ownerCalendar/syncChanged':
      return { ...state, sync: { ...state.sync, change: { status: 'saved', message: a.payload.message } } };
    case 'ownerCalendar/syncChangeFailed':
      return { ...state, sync: { ...state.sync, change: { status: 'failed', message: a.payload.message } } };
    case 'session/signedOut':
    case 'session/deleted':
    case 'session/expired':
    case 'session/signedIn':
      return initialOwnerCalendarState;
    default:
      return state;
  }
}
